/**
 * action.yml is the contract with workflow authors: every input the code reads and every output it
 * sets must be declared there (and nothing else), with a description and the code's default; and
 * the reference's tables (docs/inputs.md) must be the ones rendered from it.
 */
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { markers, renderTable, scalarText, sectionOf, SECTIONS, updateTables } from '../../../scripts/reference-tables.js';
import { isRecord } from '../../../src/is-record.js';
import { OUTPUT_NAMES } from '../../../src/outputs.js';
import { INPUT_DEFAULTS } from '../../../src/settings.js';

const actionText = readFileSync('action.yml', 'utf8');
const action: unknown = parse(actionText);

function section(name: 'inputs' | 'outputs' | 'runs'): Record<string, unknown> {
  const value = isRecord(action) ? action[name] : undefined;
  if (!isRecord(value)) throw new Error(`action.yml has no '${name}' map`);
  return value;
}

function field(spec: unknown, name: string): unknown {
  return isRecord(spec) ? spec[name] : undefined;
}

const declaredInputs = Object.keys(section('inputs')).sort();
const declaredOutputs = Object.keys(section('outputs')).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const sources = sourceFiles('src').map((path) => ({ path, text: readFileSync(path, 'utf8') }));

/**
 * Literal names passed to an InputReader's methods (`inputs.bool('wait')`) anywhere in src/, and to
 * the few readers that take the reader and a name (`readDate(inputs, 'analytics-from')`).
 */
function namesReadBy(readers: readonly string[], withHelpers = true): string[] {
  const method = new RegExp(`\\binputs\\s*\\.\\s*(?:${readers.join('|')})\\(\\s*'([a-z][a-z0-9-]*)'`, 'g');
  const helper = /\breadDate\(\s*inputs,\s*'([a-z][a-z0-9-]*)'/g;
  const names = sources.flatMap(({ text }) =>
    [...text.matchAll(method), ...(withHelpers ? text.matchAll(helper) : [])].map((match) => match[1] ?? ''),
  );
  return [...new Set(names)].sort();
}

const READERS = ['raw', 'text', 'required', 'secret', 'bool', 'duration', 'integer'];
const inputsRead = namesReadBy(READERS);

/** Literal names passed to setOutput anywhere in src/. */
const outputsSet = [
  ...new Set(sources.flatMap(({ text }) => [...text.matchAll(/\bsetOutput\(\s*'([a-z][a-z0-9-]*)'/g)].map((match) => match[1] ?? ''))),
].sort();

describe('inputs', () => {
  test('the extraction finds the readers (guards the regex itself)', () => {
    expect(inputsRead).toEqual(expect.arrayContaining(['api-key', 'prompt', 'analytics-from', 'poll-interval', 'comment']));
  });

  test('every input the code reads is declared, and every declared input is read', () => {
    expect(inputsRead).toEqual(declaredInputs);
  });

  test('INPUT_DEFAULTS names exactly the declared inputs', () => {
    expect(Object.keys(INPUT_DEFAULTS).sort()).toEqual(declaredInputs);
  });

  test('only src/settings.ts reads inputs from the runner', () => {
    const readers = sources
      .filter(({ text }) => /\bget(?:Boolean|Multiline)?Input\(|process\.env(?:\.|\[\s*['"`])INPUT_/.test(text))
      .map(({ path }) => path);
    expect(readers).toEqual([join('src', 'settings.ts')]);
  });

  test.each(declaredInputs)('%s has a description', (name) => {
    const description = field(section('inputs')[name], 'description');
    expect(typeof description === 'string' && description.trim().length > 0).toBe(true);
  });

  test.each(declaredInputs)("%s: action.yml's default equals INPUT_DEFAULTS", (name) => {
    const declared = field(section('inputs')[name], 'default');
    const known = Object.entries(INPUT_DEFAULTS).find(([key]) => key === name)?.[1];
    expect(scalarText(declared) ?? '').toBe(known);
  });

  test('required: true marks exactly the inputs that required() reads and that have no default', () => {
    const requiredInYaml = declaredInputs.filter((name) => field(section('inputs')[name], 'required') === true);
    const requiredInCode = namesReadBy(['required'], false).filter((name) =>
      Object.entries(INPUT_DEFAULTS).some(([key, value]) => key === name && value === ''),
    );
    expect(requiredInYaml).toEqual(requiredInCode);
  });

  test('api-key and project-id are not required: a run that ends skipped needs neither (serviceAccessOf refuses them for the others)', () => {
    for (const name of ['api-key', 'project-id']) expect(field(section('inputs')[name], 'required')).toBe(false);
  });
});

describe('outputs', () => {
  test('OUTPUT_NAMES are exactly the declared outputs', () => {
    expect([...OUTPUT_NAMES].sort()).toEqual(declaredOutputs);
  });

  test('every output set in src/ is declared, and every declared output is set somewhere', () => {
    expect(outputsSet).toEqual(declaredOutputs);
  });

  test("only src/log.ts calls core's logging functions, so every line is made log-safe once", () => {
    const loggers = sources
      .filter(({ text }) => /\bcore\.(?:debug|info|notice|warning|error|group|startGroup|setFailed)\(/.test(text))
      .map(({ path }) => path);
    expect(loggers).toEqual([join('src', 'log.ts')]);
  });

  test('only src/outputs.ts calls core.setOutput', () => {
    const writers = sources.filter(({ text }) => /\bcore\.setOutput\(/.test(text)).map(({ path }) => path);
    expect(writers).toEqual([join('src', 'outputs.ts')]);
  });

  test.each(declaredOutputs)('%s has a description', (name) => {
    const description = field(section('outputs')[name], 'description');
    expect(typeof description === 'string' && description.trim().length > 0).toBe(true);
  });
});

test('runs the bundle on node24', () => {
  expect(section('runs')).toEqual({ using: 'node24', main: 'dist/index.js' });
});

describe('the inputs and outputs tables of docs/inputs.md', () => {
  const readme = readFileSync('docs/inputs.md', 'utf8');

  test.each(SECTIONS)('docs/inputs.md has the %s markers', (name) => {
    expect(sectionOf(readme, name)).toBeDefined();
  });

  test.each(SECTIONS)('the %s table is the one rendered from action.yml', (name) => {
    expect(sectionOf(readme, name)).toBe(`\n${renderTable(actionText, name)}\n`);
  });

  test('the rendering lists every input with required and default, escaping pipes', () => {
    const table = renderTable(actionText, 'inputs');
    expect(table.split('\n')).toHaveLength(declaredInputs.length + 2);
    expect(table).toContain('| `api-key` | Mintlify admin API key');
    expect(table).toMatch(/\| `poll-interval` \| .* \| no \| `5s` \|/);
    const piped = renderTable('inputs:\n  a:\n    description: "x | y\\nz"\n    default: "|"\noutputs: {}\n', 'inputs');
    expect(piped).toContain('| `a` | x \\| y z | no | `\\|` |');
  });

  test('updateTables fails without markers', () => {
    expect(() => updateTables('# Title\n', actionText)).toThrow(markers('inputs').start);
  });

  test('the script rewrites a stale page, and --check tells stale from fresh', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reference-tables-'));
    const path = join(dir, 'README.md');
    writeFileSync(
      path,
      '# Action\n\n<!-- inputs:start -->\nold\n<!-- inputs:end -->\n\ntext\n\n<!-- outputs:start --><!-- outputs:end -->\n',
    );
    const script = (...args: string[]) =>
      spawnSync(process.execPath, ['scripts/reference-tables.js', '--file', path, ...args], { encoding: 'utf8' });
    const stale = script('--check');
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain('differ from action.yml');
    expect(script().status).toBe(0);
    const written = readFileSync(path, 'utf8');
    expect(written).toBe(updateTables(written, actionText));
    expect(written).toContain('\ntext\n');
    expect(script('--check').status).toBe(0);
  });
});
