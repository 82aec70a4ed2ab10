// @ts-check
// The docs check's own work on a large site: reading a docs folder of 2,000 pages (about 6.5 KB
// each, as on the larger Mintlify sites replayed in bench/docs-check-replay.js: prose, code blocks,
// parameter fields, snippets, an OpenAPI spec of 300 operations), building the ranking index, and
// checking a pull request of 40 changed files against it, each run in a new Node process (cold, as
// in a job). Prints the median of `runs` for each phase, wall and CPU time, and the total (the budget
// is under one second). The engine is bundled from src/ with esbuild first (bench/lib/docs-check-entry.ts):
// the action does not call it yet.
//   node bench/docs-check.js [runs] [pages]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleEntry } from './lib/bundle-entry.js';
import { section, table } from './lib/markdown.js';
import { median } from './lib/stats.js';

const WORDS = (
  'agent workflow memory provider deploy server client request response token cache queue worker schedule event ' +
  'trigger webhook secret variable config setting option default value timeout retry limit batch stream export ' +
  'import search index vector embedding model prompt message thread user team project account billing usage ' +
  'log metric trace alert incident integration connector source destination table column query filter sort page'
).split(' ');
const PROSE = 'the a to of and in is for with on that you your can this be from by as are or it when'.split(' ');

/** A deterministic generator, so every run reads the same site. */
function generator(seed = 42) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  /** @template T @param {readonly T[]} list @returns {T} */
  const pick = (list) => /** @type {T} */ (list[Math.floor(next() * list.length)]);
  return { next, pick };
}

/** @param {ReturnType<typeof generator>} random */
function identifier(random) {
  const shape = random.next();
  const [a, b] = [random.pick(WORDS), random.pick(WORDS)];
  if (shape < 0.3) return `${a}_${b}_${Math.floor(random.next() * 40)}`;
  if (shape < 0.5) return `${a}${b.charAt(0).toUpperCase()}${b.slice(1)}${Math.floor(random.next() * 40)}`;
  if (shape < 0.65) return `${a.toUpperCase()}_${b.toUpperCase()}_${Math.floor(random.next() * 40)}`;
  if (shape < 0.8) return `--${a}-${b}-${Math.floor(random.next() * 40)}`;
  return `/v1/${a}s/{id}/${b}s`;
}

/** @param {ReturnType<typeof generator>} random @param {number} page */
function pageText(random, page) {
  const parts = [
    `---\ntitle: "${random.pick(WORDS)} ${random.pick(WORDS)} ${page}"\ndescription: "How to ${random.pick(WORDS)} a ${random.pick(WORDS)}"\n---\n`,
  ];
  if (page % 10 === 0) parts.push(`import Setup from '/snippets/setup-${page % 50}.mdx';\n\n<Setup />\n`);
  while (parts.join('').length < 6_500) {
    parts.push(`## ${random.pick(WORDS)} ${random.pick(WORDS)}\n`);
    const sentence = Array.from({ length: 60 }, () => (random.next() < 0.6 ? random.pick(PROSE) : random.pick(WORDS)));
    sentence.splice(20, 0, `\`${identifier(random)}\``);
    parts.push(`${sentence.join(' ')}.\n`);
    parts.push(
      '```python\n' +
        Array.from({ length: 6 }, () => `${identifier(random)} = client.${random.pick(WORDS)}("${random.pick(WORDS)}")`).join('\n') +
        '\n```\n',
    );
    parts.push(
      `<ParamField path="${identifier(random)}" type="string">\n  The ${random.pick(WORDS)} to ${random.pick(WORDS)}.\n</ParamField>\n`,
    );
  }
  return parts.join('\n');
}

/** Writes the site into a new temporary folder. @param {number} pages */
function writeSite(pages) {
  const root = mkdtempSync(join(tmpdir(), 'docs-check-bench-'));
  const random = generator();
  const write = (/** @type {string} */ path, /** @type {string} */ text) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const names = Array.from({ length: pages }, (_, page) => `${random.pick(WORDS)}s/${random.pick(WORDS)}-${page}`);
  names.forEach((name, page) => write(`${name}.mdx`, pageText(random, page)));
  for (let snippet = 0; snippet < 50; snippet++) write(`snippets/setup-${snippet}.mdx`, `Set \`${identifier(random)}\` first.\n`);
  const paths = Object.fromEntries(
    Array.from({ length: 100 }, (_, i) => [
      `/v1/${random.pick(WORDS)}s/${i}/{id}`,
      Object.fromEntries(
        ['get', 'post', 'delete'].map((method) => [
          method,
          { summary: `${method} ${random.pick(WORDS)}`, operationId: identifier(random) },
        ]),
      ),
    ]),
  );
  write('openapi.json', JSON.stringify({ openapi: '3.1.0', info: { title: 'API', version: '1' }, paths }));
  write(
    'docs.json',
    JSON.stringify({
      name: 'Bench',
      navigation: {
        tabs: [
          { tab: 'Docs', groups: [{ group: 'All', pages: names }] },
          { tab: 'API', openapi: 'openapi.json' },
        ],
      },
    }),
  );
  symlinkSync(tmpdir(), join(root, 'outside'));
  return root;
}

/** A pull request of 40 files, each with a patch that removes, renames and adds names. */
function pullRequest() {
  const random = generator(7);
  const files = Array.from({ length: 40 }, (_, i) => {
    const removed = Array.from({ length: 10 }, () => `-def ${identifier(random).replace(/\W/g, '_')}(config):`);
    const added = Array.from(
      { length: 10 },
      () => `+    value = os.environ.get("${random.pick(WORDS).toUpperCase()}_${random.pick(WORDS).toUpperCase()}")`,
    );
    return {
      path: `src/${random.pick(WORDS)}/${random.pick(WORDS)}_${i}.py`,
      status: 'modified',
      patch: ['@@ -1,30 +1,30 @@ class Service:', ...removed, ...added, ' return value'].join('\n'),
    };
  });
  return { title: 'Rework the agent memory provider', body: 'Moves the memory provider to the new queue and renames its settings.', files };
}

/**
 * One cold run in a new Node process, as the action runs once per job: reads the folder, builds the
 * index and checks the pull request; prints each phase's wall and CPU milliseconds as JSON.
 */
const RUN_ONCE = `
const [bundle, root, pullJson] = process.argv.slice(1);
const engine = await import(bundle);
const pull = JSON.parse(pullJson);
const cpu = () => { const used = process.cpuUsage(); return (used.user + used.system) / 1000; };
const marks = [[performance.now(), cpu()]];
const folder = engine.readDocsFolder(root);
if ('problem' in folder) throw new Error(root + ': ' + folder.problem);
marks.push([performance.now(), cpu()]);
const index = engine.buildIndex(engine.buildSite(folder));
marks.push([performance.now(), cpu()]);
const result = engine.checkDocs(index, { pull });
marks.push([performance.now(), cpu()]);
const phase = (i) => ({ wall: marks[i + 1][0] - marks[i][0], cpu: marks[i + 1][1] - marks[i][1] });
process.stdout.write(JSON.stringify({ read: phase(0), index: phase(1), check: phase(2), named: result.pages.length }));
`;

/** @typedef {{ wall: number, cpu: number }} Phase */

/** @param {number} runs @param {number} pages */
export async function benchDocsCheck(runs, pages) {
  const { bundlePath, remove } = await bundleEntry('bench/lib/docs-check-entry.ts');
  const root = writeSite(pages);
  const pull = JSON.stringify(pullRequest());
  try {
    /** @type {{ read: Phase, index: Phase, check: Phase, named: number }[]} */
    const results = [];
    for (let run = 0; run < runs; run++) {
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', RUN_ONCE, pathToFileURL(bundlePath).href, root, pull], {
        encoding: 'utf8',
      });
      /** @type {unknown} */
      const result = JSON.parse(out);
      // The child prints the object RUN_ONCE builds.
      results.push(/** @type {{ read: Phase, index: Phase, check: Phase, named: number }} */ (result));
    }
    /** @param {'read' | 'index' | 'check'} name @returns {Phase} */
    const phase = (name) => ({
      wall: median(results.map((result) => result[name].wall)),
      cpu: median(results.map((result) => result[name].cpu)),
    });
    const totals = results.map((result) => result.read.wall + result.index.wall + result.check.wall);
    return {
      runs,
      pages,
      named: results[0]?.named ?? 0,
      read: phase('read'),
      index: phase('index'),
      check: phase('check'),
      total: median(totals),
      load: loadavg()[0] ?? 0,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
    remove();
  }
}

/** @param {Awaited<ReturnType<typeof benchDocsCheck>>} result */
export function renderDocsCheck(result) {
  /** @param {Phase} phase */
  const cells = (phase) => [`${Math.round(phase.wall)} ms`, `${Math.round(phase.cpu)} ms`];
  return section('7. Docs check', [
    `A ${result.pages.toLocaleString('en-US')}-page docs folder (about 6.5 KB a page, 50 snippets, an OpenAPI spec of 300 operations) ` +
      `and a pull request of 40 changed files; each run a new Node process, as in a job (\`node bench/docs-check.js\`); median of ` +
      `${result.runs} runs, load average ${result.load.toFixed(1)} at the end. It named ${result.named} pages.`,
    table(
      ['Phase', 'Wall time', 'CPU time'],
      [
        ['Read the folder', ...cells(result.read)],
        ['Build the site and its index', ...cells(result.index)],
        ['Check the pull request', ...cells(result.check)],
        ['Total (budget: under 1,000 ms)', `${Math.round(result.total)} ms`, ''],
      ],
      ['l', 'r', 'r'],
    ),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.argv[2] ?? '5');
  const pages = Number(process.argv[3] ?? '2000');
  process.stdout.write(`${renderDocsCheck(await benchDocsCheck(runs, pages))}\n`);
}
