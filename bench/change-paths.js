// @ts-check
// `change-paths` matching at its worst: 100 patterns of 500 characters like `*a*a*a…b` (every star
// stays alive on a run of `a`, the case that makes a backtracking matcher take exponential time)
// against paths of 4 KB, as filterKeeps runs them for each changed file of a skip decision. Prints,
// per path, the median time of one file against the 100 patterns, the words the automaton visited
// (bounded by pattern length × path length, see src/change/glob.ts) and the bound itself.
// It loads the matcher from src/ through Node's type stripping (Node 22.18 or newer).
//   node bench/change-paths.js [runs]
import { fileURLToPath } from 'node:url';
import { section, table } from './lib/markdown.js';
import { median } from './lib/stats.js';

const GLOB = new URL('../src/change/glob.ts', import.meta.url).href;
const PATTERNS = 100;
const PATH_CHARS = 4096;

/**
 * @typedef {object} PathsRow
 * @property {string} path what the path is
 * @property {boolean} kept
 * @property {number} ms median time of one path against the 100 patterns
 * @property {number} words automaton words visited for that path
 * @property {number} bound (2 × path characters + 1) × ⌈(pattern characters + 1) / 32⌉, summed over the patterns
 */

/**
 * @param {number} runs
 * @returns {Promise<PathsRow[]>}
 */
export async function benchChangePaths(runs) {
  // The source, not the bundle: the import's path is a URL, so its type is given here.
  /** @type {typeof import('../src/change/glob.js')} */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- typed by the annotation above
  const glob = await import(GLOB);
  const texts = Array.from({ length: PATTERNS }, (_, i) => `${'*a'.repeat(249 - (i % 3))}*b`);
  const patterns = texts.map((text) => {
    const parsed = glob.parsePattern(text);
    if ('problem' in parsed) throw new Error(parsed.problem);
    return parsed;
  });
  const filter = { patterns };
  const paths = [
    ['4,096 × a (no match: every star alive to the end)', 'a'.repeat(PATH_CHARS)],
    ['4,095 × a, then b (matches every pattern)', `${'a'.repeat(PATH_CHARS - 1)}b`],
    ['1,365 × ab/, then a (folders: each star dies at a /)', `${'ab/'.repeat(Math.floor(PATH_CHARS / 3))}a`],
  ];
  return paths.map(([name = '', path = '']) => {
    const work = { words: 0 };
    const kept = glob.filterKeeps(filter, path, work);
    /** @type {number[]} */
    const times = [];
    for (let round = 0; round < runs; round++) {
      const start = performance.now();
      glob.filterKeeps(filter, path);
      times.push(performance.now() - start);
    }
    const bound = texts.reduce((sum, text) => sum + (2 * path.length + 1) * Math.ceil((text.length + 1) / 32), 0);
    return { path: name, kept, ms: median(times), words: work.words, bound };
  });
}

/**
 * @param {readonly PathsRow[]} rows
 * @param {number} runs
 */
export function renderChangePaths(rows, runs) {
  return section('6. change-paths at its worst', [
    `${PATTERNS} patterns of 500 characters like \`*a*a*a…b\` against one ${PATH_CHARS}-character path, in process ` +
      `(\`node bench/change-paths.js\`), median of ${runs} runs. "Words" are the automaton's 32-bit words visited; the bound is ` +
      '(2 × path characters + 1) × ⌈(pattern characters + 1) / 32⌉ summed over the patterns.',
    table(
      ['path', 'kept', 'time for 100 patterns', 'words', 'bound'],
      rows.map((row) => [
        row.path,
        row.kept ? 'yes' : 'no',
        `${row.ms.toFixed(1)} ms`,
        row.words.toLocaleString('en'),
        row.bound.toLocaleString('en'),
      ]),
      ['l', 'l', 'r', 'r', 'r'],
    ),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.argv[2] ?? '10');
  process.stdout.write(`${renderChangePaths(await benchChangePaths(runs), runs)}\n`);
}
