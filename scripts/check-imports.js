// @ts-check
// Keeps the folders of src/ free of import cycles, so that types and calls flow one way:
//   node scripts/check-imports.js          fails, naming the import that closes a loop (npm run lint)
//   node scripts/check-imports.js --map    prints the map of which unit imports which (CONTRIBUTING.md)
//   --root <dir>                           another tree (tests)
// A unit is a folder directly under src/ (`analytics/`) or a file directly in src/ (`main.ts`).
// Every import counts, `import type` too: a type that flows up is a dependency a reader follows.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * @typedef {object} Import
 * @property {string} from  the importing file, relative to the root (posix separators)
 * @property {string} to    the imported file, relative to the root
 */

/**
 * Every `.ts` file under `dir`, relative to `root`, with posix separators.
 * @param {string} root
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFiles(root, dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The relative specifiers a file imports: `import … from`, `export … from`, `import('…')`.
 * @param {string} text
 * @returns {string[]}
 */
export function specifiersOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const pattern = /\b(?:from\s*|import\s*\(\s*|import\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;
  return [...code.matchAll(pattern)].map((match) => match[2] ?? '');
}

/**
 * The unit of a file under src/: its top folder (`analytics/`) or its name (`main.ts`).
 * @param {string} path relative to the root, e.g. `src/analytics/settle.ts`
 * @returns {string}
 */
export function unitOf(path) {
  const parts = path.split('/').slice(1);
  return parts.length > 1 ? `${parts[0]}/` : (parts[0] ?? path);
}

/**
 * Every import between files of src/ (the bundle's sources import with `.js`, meaning the `.ts` file).
 * @param {string} root
 * @returns {Import[]}
 */
export function importsOf(root) {
  return sourceFiles(root, 'src').flatMap((from) =>
    specifiersOf(readFileSync(join(root, from), 'utf8')).map((specifier) => ({
      from,
      to: posix.normalize(posix.join(posix.dirname(from), specifier)).replace(/\.js$/, '.ts'),
    })),
  );
}

/**
 * Imports between units, one representative file import per pair.
 * @param {readonly Import[]} imports
 * @returns {Map<string, Map<string, Import>>}
 */
export function unitGraph(imports) {
  /** @type {Map<string, Map<string, Import>>} */
  const graph = new Map();
  for (const edge of imports) {
    const from = unitOf(edge.from);
    const to = unitOf(edge.to);
    if (!graph.has(from)) graph.set(from, new Map());
    if (!graph.has(to)) graph.set(to, new Map());
    if (from !== to && !graph.get(from)?.has(to)) graph.get(from)?.set(to, edge);
  }
  return graph;
}

/**
 * A loop of units, as the imports that make it, the last one closing it; undefined when there is none.
 * Depth-first from each unit in name order, so the same tree always names the same loop.
 * @param {Map<string, Map<string, Import>>} graph
 * @returns {Import[] | undefined}
 */
export function findCycle(graph) {
  /** @type {Map<string, 'open' | 'done'>} */
  const state = new Map();
  /** @type {Import[]} */
  const path = [];
  /** @param {string} unit @returns {Import[] | undefined} */
  const visit = (unit) => {
    state.set(unit, 'open');
    /** @type {[string, Import][]} */
    const targets = [...(graph.get(unit)?.entries() ?? [])];
    for (const [next, edge] of targets.sort(([a], [b]) => a.localeCompare(b))) {
      if (state.get(next) === 'open') {
        const start = path.findIndex((step) => unitOf(step.from) === next);
        return [...path.slice(start === -1 ? path.length : start), edge];
      }
      if (state.get(next) === 'done') continue;
      path.push(edge);
      const found = visit(next);
      if (found !== undefined) return found;
      path.pop();
    }
    state.set(unit, 'done');
    return undefined;
  };
  for (const unit of [...graph.keys()].sort()) {
    if (state.has(unit)) continue;
    const found = visit(unit);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The message for a loop: the units around it and the file import that closes it.
 * @param {readonly Import[]} cycle
 * @returns {string}
 */
export function describeCycle(cycle) {
  const closing = cycle[cycle.length - 1];
  const units = [...cycle.map((edge) => unitOf(edge.from)), unitOf(cycle[0]?.from ?? '')].join(' → ');
  const steps = cycle.map((edge) => `  ${edge.from} imports ${edge.to}`).join('\n');
  return `import cycle between units of src/: ${units}\n${steps}\nThe last import closes the loop: ${closing?.from} must not import ${closing?.to}. Move the shared code or type down to a unit both can import (see "How the code is layered" in CONTRIBUTING.md).`;
}

/**
 * The units from the top (imported by none) down: each unit's floor is one more than the highest
 * floor among what it imports, so every arrow points down. Requires a graph without cycles.
 * @param {Map<string, Map<string, Import>>} graph
 * @returns {string[]} one line per unit: `unit → what it imports`
 */
export function mapOf(graph) {
  /** @type {Map<string, number>} */
  const floors = new Map();
  /** @param {string} unit @returns {number} */
  const floor = (unit) => {
    const known = floors.get(unit);
    if (known !== undefined) return known;
    const below = [...(graph.get(unit)?.keys() ?? [])].map(floor);
    const value = below.length === 0 ? 0 : Math.max(...below) + 1;
    floors.set(unit, value);
    return value;
  };
  const units = [...graph.keys()].sort((a, b) => floor(b) - floor(a) || a.localeCompare(b));
  const width = Math.max(...units.map((unit) => unit.length));
  return units.map((unit) => {
    const imports = [...(graph.get(unit)?.keys() ?? [])].sort((a, b) => floor(b) - floor(a) || a.localeCompare(b));
    return `${unit.padEnd(width)}  → ${imports.length === 0 ? '(nothing)' : imports.join(' ')}`.trimEnd();
  });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf('--root');
  const root = rootAt === -1 ? process.cwd() : (args[rootAt + 1] ?? '.');
  const graph = unitGraph(importsOf(root));
  const cycle = findCycle(graph);
  if (cycle !== undefined) {
    process.stderr.write(`${describeCycle(cycle)}\n`);
    process.exitCode = 1;
  } else if (args.includes('--map')) {
    process.stdout.write(`${mapOf(graph).join('\n')}\n`);
  } else {
    const edges = [...graph.values()].reduce((sum, targets) => sum + targets.size, 0);
    process.stdout.write(
      `imports: ${graph.size} units of ${relative(process.cwd(), join(root, 'src')).split(sep).join('/') || 'src'}, ${edges} arrows between them, no cycle\n`,
    );
  }
}
