// @ts-check
// Section 6, the impact report: what measuring 10 merged docs pull requests over 8 weeks costs on a
// 1,000-page site (the emulator's date-aware analytics, `daily.pageCount`), read through the fake
// GitHub: the GitHub requests (the closed pull requests list and one files request each), the
// analytics requests on the shared grid of weeks, and the time to build the report (median of
// `runs`). The engine is bundled from src/ first (bench/lib/impact-entry.ts, bench/lib/bundle-entry.js):
// the action's bundle does not export it.
//   node bench/impact.js [runs]
import { fileURLToPath } from 'node:url';
import { Agent } from 'undici';
import { addPull } from '../emulator/github/repository.js';
import { startFakeGitHub } from '../emulator/github/server.js';
import { parseScenario } from '../emulator/scenario.js';
import { startEmulator } from '../emulator/server.js';
import { bundleEntry } from './lib/bundle-entry.js';
import { section, table } from './lib/markdown.js';
import { median } from './lib/stats.js';

const TOKEN = 'ghs_benchImpactToken0123456789abcdef';
/** The report's end date; the 10 pull requests are merged over the 8 weeks before it. */
const END = '2026-03-02';
const PAGES = 1_000;
const PULLS = 10;

/** @param {number} day days before END @returns {string} */
const daysBefore = (day) => new Date(Date.parse(`${END}T00:00:00Z`) - day * 86_400_000).toISOString();

/** @typedef {typeof import('./lib/impact-entry.js')} Engine */

/** Bundles the engine into a temporary folder and imports it. @returns {Promise<{ engine: Engine, remove: () => void }>} */
async function loadEngine() {
  const { bundle, remove } = await bundleEntry('bench/lib/impact-entry.ts');
  // The bundle is the build of impact-entry.ts: its exports are the entry's.
  return { engine: /** @type {Engine} */ (bundle), remove };
}

/** The site: 1,000 generated pages; each pull request's page rated down less after its merge. */
function scenario() {
  const pages = Array.from({ length: PULLS }, (_, i) => ({
    path: `/guides/impact-${i}`,
    thumbsUp: 6,
    thumbsDown: 4,
    views: 80,
    changeOn: daysBefore(5 * i + 3).slice(0, 10),
    after: { thumbsUp: 8 + (i % 3), thumbsDown: 2 - (i % 3) / 2 },
    searches: [{ searchQuery: `impact ${i}`, hits: 5, ctr: 0.3, afterCtr: 0.5 }],
  }));
  return parseScenario({ daily: { pages, pageCount: PAGES - PULLS } });
}

/** @param {import('../emulator/github/server.js').FakeGitHub} github */
function pulls(github) {
  for (let i = 0; i < PULLS; i++) {
    addPull(github.repository, { number: 100 + i, mergedAt: daysBefore(5 * i + 3), files: [`guides/impact-${i}.mdx`, 'docs.json'] });
  }
  // Older merges the list reads past, and code-only ones.
  for (let i = 0; i < 30; i++) addPull(github.repository, { number: 200 + i, mergedAt: daysBefore(70 + i), files: ['src/app.ts'] });
}

/**
 * @param {Engine} engine the bundle of bench/lib/impact-entry.ts
 * @param {{ emulator: import('../emulator/server.js').Emulator, github: import('../emulator/github/server.js').FakeGitHub, dispatcher: Agent }} services
 */
async function measureOnce(engine, { emulator, github, dispatcher }) {
  const clock = () => Date.now();
  const common = {
    dispatcher,
    requestTimeoutMs: 10_000,
    clock,
    sleep: (/** @type {number} */ ms) => new Promise((done) => setTimeout(done, ms)),
    deadline: Date.now() + 600_000,
    random: Math.random,
  };
  const gh = new engine.GitHubClient({
    ...common,
    apiUrl: new URL(github.url),
    graphqlUrl: new URL(`${github.url}/graphql`),
    token: TOKEN,
    userAgent: 'bench/1.0',
    debug: () => {},
  });
  const client = new engine.MintlifyClient({
    ...common,
    baseUrl: new URL(emulator.url),
    apiKey: emulator.apiKey,
    userAgent: 'bench/1.0',
    retryBaseMs: 100,
    retryMaxMs: 1000,
    log: { debug: () => {}, warning: () => {} },
  });
  const budget = new engine.RequestBudget(100, []);
  const log = { debug: () => {}, info: () => {}, warning: () => {} };
  const started = performance.now();
  const end = engine.dayOf(END);
  const merged = await engine.readMergedPulls(gh, { repository: { owner: 'acme', repo: 'docs' }, end, settings: engine.IMPACT_DEFAULTS });
  if (merged.kind !== 'pulls') throw new Error(`bench/impact.js: GitHub answered ${merged.kind}: ${merged.detail}`);
  const options = { client, projectId: 'proj', budget, pageSize: 250, log, clock, deadline: Date.now() + 600_000 };
  const report = await engine.buildImpactReport(options, { merged, settings: engine.IMPACT_DEFAULTS, end });
  return { ms: performance.now() - started, report };
}

/** @param {number} runs */
export async function benchImpact(runs) {
  const { engine, remove } = await loadEngine();
  const emulator = await startEmulator({ scenario: scenario() });
  const github = await startFakeGitHub({ token: TOKEN });
  const dispatcher = new Agent();
  try {
    pulls(github);
    /** @type {number[]} */
    const times = [];
    let last;
    for (let run = 0; run < runs; run++) {
      last = await measureOnce(engine, { emulator, github, dispatcher });
      times.push(last.ms);
    }
    if (last === undefined) throw new Error('bench/impact.js: no run');
    const { costs, pulls: measured, totals, leftOut } = last.report;
    return { runs, ms: median(times), costs, pulls: measured.length, totals, leftOut };
  } finally {
    await dispatcher.close();
    await github.close();
    await emulator.close();
    remove();
  }
}

/** @param {Awaited<ReturnType<typeof benchImpact>>} result */
export function renderImpact(result) {
  const { costs } = result;
  return section('6. Impact report', [
    `${PULLS} docs pull requests merged over 8 weeks, 30 older ones, a ${PAGES.toLocaleString('en-US')}-page site; ` +
      `the default settings (28-day windows, read as 4 whole weeks on each side). Median of ${result.runs} runs.`,
    table(
      ['What', 'Value'],
      [
        ['Pull requests measured', String(result.pulls)],
        ['GitHub requests (list + files)', `${costs.githubRequests} (${costs.listRequests} + ${costs.filesRequests})`],
        ['Analytics requests', String(costs.analyticsRequests)],
        ['Time to build the report', `${Math.round(result.ms)} ms`],
        [
          'Verdicts',
          Object.entries(result.totals)
            .map(([verdict, count]) => `${verdict} ${count}`)
            .join(', '),
        ],
        ['Left out', result.leftOut.length === 0 ? 'nothing' : result.leftOut.join(' ')],
      ],
      ['l', 'r'],
    ),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.argv[2] ?? '5');
  process.stdout.write(`${renderImpact(await benchImpact(runs))}\n`);
}
