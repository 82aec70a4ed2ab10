// @ts-check
/**
 * Renders the inputs and outputs tables of docs/inputs.md (the reference README links to) from
 * action.yml, so the two cannot drift.
 *
 *   node scripts/reference-tables.js           rewrite the tables between the markers
 *   node scripts/reference-tables.js --check   exit 1 when docs/inputs.md is stale
 *   --file <path> / --action <path>            other files (tests)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export const SECTIONS = /** @type {const} */ (['inputs', 'outputs']);

/**
 * @typedef {object} Entry
 * @property {string} name
 * @property {string} description
 * @property {boolean} required
 * @property {string | undefined} default
 */

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A YAML scalar as text (`true` → 'true'); undefined when absent or not a scalar.
 * @param {unknown} value
 * @returns {string | undefined}
 */
export function scalarText(value) {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/**
 * The inputs or outputs of action.yml, in file order.
 * @param {string} actionYaml
 * @param {'inputs' | 'outputs'} section
 * @returns {Entry[]}
 */
export function entriesOf(actionYaml, section) {
  /** @type {unknown} */
  const action = parse(actionYaml);
  const map = isRecord(action) ? action[section] : undefined;
  if (!isRecord(map)) throw new Error(`action.yml has no '${section}' map.`);
  return Object.entries(map).map(([name, spec]) => {
    const fields = isRecord(spec) ? spec : {};
    return {
      name,
      description: typeof fields['description'] === 'string' ? fields['description'] : '',
      required: fields['required'] === true,
      default: scalarText(fields['default']),
    };
  });
}

/** Text safe in a table cell: one line, pipes escaped. @param {string} text */
function cell(text) {
  return text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

/** A code span that survives any backticks inside. @param {string} text */
function code(text) {
  const fence = text.includes('`') ? '``' : '`';
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${cell(text)}${pad}${fence}`;
}

/**
 * @param {string} actionYaml
 * @param {'inputs' | 'outputs'} section
 */
export function renderTable(actionYaml, section) {
  const entries = entriesOf(actionYaml, section);
  if (section === 'inputs') {
    const rows = entries.map((entry) => {
      const fallback = entry.default === undefined || entry.default === '' ? '' : code(entry.default);
      return `| ${code(entry.name)} | ${cell(entry.description)} | ${entry.required ? 'yes' : 'no'} | ${fallback} |`;
    });
    return ['| Input | Description | Required | Default |', '|---|---|---|---|', ...rows].join('\n');
  }
  const rows = entries.map((entry) => `| ${code(entry.name)} | ${cell(entry.description)} |`);
  return ['| Output | Description |', '|---|---|', ...rows].join('\n');
}

/** @param {'inputs' | 'outputs'} section */
export function markers(section) {
  return { start: `<!-- ${section}:start -->`, end: `<!-- ${section}:end -->` };
}

/**
 * The text between one section's markers, or undefined when the markers are missing or out of order.
 * @param {string} readme
 * @param {'inputs' | 'outputs'} section
 */
export function sectionOf(readme, section) {
  const { start, end } = markers(section);
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from === -1 || to === -1 || to < from) return undefined;
  return readme.slice(from + start.length, to);
}

/**
 * The page with both tables rendered from action.yml. Throws when a marker pair is missing.
 * @param {string} page
 * @param {string} actionYaml
 */
export function updateTables(page, actionYaml) {
  let result = page;
  for (const section of SECTIONS) {
    const current = sectionOf(result, section);
    const { start, end } = markers(section);
    if (current === undefined) throw new Error(`The page lacks the markers ${start} and ${end} (in that order).`);
    result = result.replace(`${start}${current}${end}`, () => `${start}\n${renderTable(actionYaml, section)}\n${end}`);
  }
  return result;
}

/** @param {readonly string[]} args */
function main(args) {
  /** @param {string} flag @param {string} fallback */
  const option = (flag, fallback) => {
    const at = args.indexOf(flag);
    return at === -1 ? fallback : (args[at + 1] ?? fallback);
  };
  const pagePath = option('--file', join(ROOT, 'docs', 'inputs.md'));
  const actionPath = option('--action', join(ROOT, 'action.yml'));
  const page = readFileSync(pagePath, 'utf8');
  const updated = updateTables(page, readFileSync(actionPath, 'utf8'));
  if (args.includes('--check')) {
    if (updated !== page) {
      console.error(`${pagePath}: the inputs/outputs tables differ from action.yml; run 'node scripts/reference-tables.js'.`);
      process.exitCode = 1;
    }
    return;
  }
  if (updated !== page) writeFileSync(pagePath, updated);
  console.log(updated === page ? `${pagePath} is up to date.` : `${pagePath}: tables rewritten from ${actionPath}.`);
}

const invokedPath = process.argv[1];
if (invokedPath !== undefined && import.meta.url === pathToFileURL(invokedPath).href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
