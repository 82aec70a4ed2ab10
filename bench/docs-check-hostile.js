// @ts-check
// The docs check's engine on hostile input, which a pull request controls (its patches, paths and
// title) or its docs folder does (pages, docs.json, OpenAPI specs): the time of each function that
// reads such text at 10 KB, 100 KB and 1 MB, and how it grows (×10 per step is linear, ×100 is the
// square). A size is skipped once the one before took over 3 s. The engine is bundled from src/ first.
//   node bench/docs-check-hostile.js [filter]
import { bundleEntry } from './lib/bundle-entry.js';
import { table } from './lib/markdown.js';

const SIZES = [10_000, 100_000, 1_000_000];
const { bundle, remove } = await bundleEntry('bench/lib/docs-check-hostile-entry.ts');
/** @typedef {typeof import('./lib/docs-check-hostile-entry.js')} Engine */
// The bundle is the build of the entry: its exports are the entry's.
const engine = /** @type {Engine} */ (bundle);

/** @param {string} unit @param {number} size */
const repeat = (unit, size) => unit.repeat(Math.max(1, Math.floor(size / unit.length)));
/** @param {string} path @param {readonly string[]} lines */
const file = (path, lines) => ({ path, status: 'modified', patch: `@@ -1,${lines.length} +1,${lines.length} @@\n${lines.join('\n')}` });
/** @param {number} count @param {(i: number) => string} line */
const lines = (count, line) => Array.from({ length: Math.max(1, Math.floor(count)) }, (_, i) => line(i));
/** @param {{ path: string, text: string }[]} pages @param {string} [config] */
const site = (pages, config = '{}') => engine.buildSite({ config: { name: 'docs.json', text: config }, files: pages, skipped: [] });
/** @type {import('../src/docs-check/types.js').ChangedName} */
const route = { name: 'GET /users/{id}', kind: 'http-route', status: 'removed', files: [] };

/** @type {ReadonlyArray<readonly [string, (size: number) => () => unknown]>} */
const CASES = [
  [
    'patch: lines of 10 characters',
    (n) => () =>
      engine.parsePatch(
        file(
          'a.py',
          lines(n / 10, (i) => `+line ${i}`),
        ).patch,
      ),
  ],
  ['patch: one line, no newline', (n) => () => engine.parsePatch(`@@ -1 +1 @@\n+${'a'.repeat(n)}`)],
  [
    'names: a hunk of renamed definitions',
    (n) => {
      const hunk = [...lines(n / 60, (i) => `-def old_fn_${i}(a): pass`), ...lines(n / 60, (i) => `+def new_fn_${i}(b, c): pass`)];
      return () => engine.changedNames([file('x.py', hunk)]);
    },
  ],
  [
    'names: a hunk of new environment variables',
    (n) => () =>
      engine.changedNames([
        file(
          'Dockerfile',
          lines(n / 20, (i) => `+ENV NEW_VAR_${i}=1`),
        ),
      ]),
  ],
  [
    'names: lines at the 1,000-character cap',
    (n) => () =>
      engine.changedNames([
        file(
          'a.ts',
          lines(n / 1000, () => `  a: ${' '.repeat(990)}(`),
        ),
      ]),
  ],
  ['path: app/ repeated, then x.ts', (n) => () => engine.routeOfPath(`${repeat('app/', n)}x.ts`)],
  ['title: a word, then (', (n) => () => engine.pullKind(`${'a'.repeat(n)}(`)],
  ['page: a route after :/a repeated', (n) => () => engine.lineMentions(`${repeat(':/a', n)}/users/1`, route)],
  ['page: one token of capitals', (n) => () => engine.buildIndex(site([{ path: 'a.mdx', text: 'A'.repeat(n) }]))],
  ['page: an import, then spaces', (n) => () => engine.includesOf({ path: 'p.mdx', text: `import A from './a.md'${' '.repeat(n)}x` })],
  ['page: frontmatter never closed', (n) => () => engine.readFrontmatter(`---\n${repeat('a: b\n', n)}`)],
  [
    'snippets: a chain of imports in a cycle',
    (n) => {
      const count = Math.floor(n / 50);
      const pages = lines(count, (i) => `import X from '/snippets/s${(i + 1) % count}.mdx'\n`).map((text, i) => ({
        path: `snippets/s${i}.mdx`,
        text,
      }));
      return () => engine.mapSnippets(pages);
    },
  ],
  ['docs.json: arrays nested', (n) => () => engine.readSiteConfig(`${'['.repeat(n / 2)}${']'.repeat(n / 2)}`)],
  [
    'OpenAPI YAML: 999-character key lines',
    (n) => () => engine.operationsOf(`openapi: 3.0.0\npaths:\n  /x:\n    get:\n${repeat(`      ${'a '.repeat(495)}x\n`, n)}`),
  ],
  [
    'JSON files of newlines (4,000 each)',
    (n) => {
      const specs = lines(n / 4000, (i) => String(i)).map((i) => ({ path: `s${i}.json`, text: '\n'.repeat(4000) }));
      return () => engine.docsFolderOf([{ path: 'docs.json', text: '{}' }, ...specs], [], 'docs');
    },
  ],
];

const filter = process.argv[2];
const rows = [];
try {
  for (const [name, make] of CASES) {
    if (filter !== undefined && !name.includes(filter)) continue;
    const cells = [name];
    let last = 0;
    for (const size of SIZES) {
      if (last > 3000) {
        cells.push('—');
        continue;
      }
      const run = make(size);
      const started = process.hrtime.bigint();
      run();
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      cells.push(`${ms.toFixed(1)}${last > 0 ? ` (×${(ms / last).toFixed(0)})` : ''}`);
      last = ms;
    }
    rows.push(cells);
  }
  process.stdout.write(
    `${table(['input', '10 KB, ms', '100 KB, ms', '1 MB, ms'], rows)}\n\nOne run each, Node ${process.versions.node}.\n`,
  );
} finally {
  remove();
}
