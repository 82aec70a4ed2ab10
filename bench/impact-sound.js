// @ts-check
// Are the impact verdicts sound? Simulated sites like real ones (600 pages, pull requests of 1–5
// pages, a median of 37 votes a page in four weeks: the seeded model of
// __tests__/helpers/impact-simulator.ts), reports of 25 pull requests merged over 8 weeks, judged
// by the action's own statistics (src/impact, bundled with the build's options). Prints, over `reports` reports a
// condition: the share of reports with at least one false label when nothing changed (with and
// without a site-wide trend, shifting traffic, pages picked by down votes), the bias under a
// trend, the coverage of the 95 % intervals, the power at +20 points for a page with 300 votes a
// window, and the votes a page needs for a change of N points.
//   node bench/impact-sound.js [reports]
import { fileURLToPath } from 'node:url';
import { bundleEntry } from './lib/bundle-entry.js';
import { section, table } from './lib/markdown.js';

/** @typedef {typeof import('./lib/impact-sound-entry.js')} Engine */
/** @typedef {import('../__tests__/helpers/impact-simulator.js').Conditions} Conditions */
/** @typedef {ReturnType<Engine['measurePulls']>[number]} Judged */

const SETTINGS = { windowDays: 28, minVotes: 20 };
const SEEDS = { falseLabels: 10_000, coverage: 20_000, power: 30_000 };

/** @param {Judged} pull */
const labelled = (pull) => pull.verdict === 'improved' || pull.verdict === 'worse';
/** @param {Judged} pull */
const complete = (pull) => pull.look === pull.looks && pull.effect !== undefined;

/**
 * One report judged on its end date and, with `earlier`, on each of that many weekly reports before it.
 * @param {Engine} engine @param {number} seed @param {Conditions} conditions @param {number} [earlier]
 */
function judge(engine, seed, conditions, earlier = 0) {
  const report = engine.simulateReport(seed, conditions);
  const truth = new Map(report.pulls.map((pull) => [pull.number, pull.trueEffect]));
  const at = (/** @type {number} */ end) =>
    engine.measurePulls({
      weeks: report.weeks,
      pulls: report.pulls.filter((pull) => Date.parse(pull.mergedAt) < end * 86_400_000),
      settings: SETTINGS,
      end,
    });
  const pulls = at(report.end);
  const before = Array.from({ length: earlier }, (_, i) => at(report.end - 7 * (i + 1)));
  return { pulls, before, truth };
}

/**
 * The false labels of `reports` reports under `conditions` where nothing changes.
 * @param {Engine} engine @param {Conditions} conditions @param {number} reports @param {number} seed
 */
function falseLabels(engine, conditions, reports, seed) {
  let withFalse = 0;
  let withFrozen = 0;
  let pulls = 0;
  let judged = 0;
  let errorSum = 0;
  let errors = 0;
  for (let r = 0; r < reports; r++) {
    const { pulls: now, before } = judge(engine, seed + r, conditions, 4);
    if (now.some(labelled)) withFalse++;
    if (now.some(labelled) || before.some((report) => report.some(labelled))) withFrozen++;
    pulls += now.length;
    judged += now.filter((pull) => pull.verdict === 'no clear change' || labelled(pull)).length;
    for (const pull of now.filter(complete)) {
      errorSum += pull.effect?.points ?? 0;
      errors++;
    }
  }
  return { share: withFalse / reports, frozen: withFrozen / reports, judged: judged / pulls, bias: errorSum / errors };
}

/** @param {Engine} engine @param {number} reports */
function coverage(engine, reports) {
  let covered = 0;
  let counted = 0;
  for (let r = 0; r < reports; r++) {
    const { pulls, truth } = judge(engine, SEEDS.coverage + r, { effect: (index) => (index % 21) - 10 });
    // Every interval shown with a verdict: at the look it was called at, or at the window's end.
    for (const pull of pulls.filter((item) => item.verdict !== 'measuring' && item.effect !== undefined)) {
      const want = truth.get(pull.number) ?? Number.NaN;
      counted++;
      if ((pull.effect?.low ?? Infinity) <= want && want <= (pull.effect?.high ?? -Infinity)) covered++;
    }
  }
  return { share: covered / counted, counted };
}

/** @param {Engine} engine @param {number} reports */
function power(engine, reports) {
  let found = 0;
  for (let r = 0; r < reports; r++) {
    const { pulls } = judge(engine, SEEDS.power + r, { loudPage: 300 });
    if (pulls.find((pull) => pull.number === 1000)?.verdict === 'improved') found++;
  }
  return found / reports;
}

/**
 * Votes a page needs in each window for its pull request to be called 80 % of the time after a
 * change of `points`, at helpful share 75 %: alone in its report, and as the one change among 25.
 * The site's spread between pages (3 points a week, read over four-week windows) is added.
 * @param {Engine} engine @param {number} points
 */
function votesNeeded(engine, points) {
  const fractions = engine.informationFractions(4);
  const spread = (2 * 0.03 ** 2) / 4;
  /** @param {number} level */
  const need = (level) => {
    const c = engine.boundaries(fractions, level)[3] ?? Number.NaN;
    const room = (points / 100 / (c + engine.normalQuantile(0.8))) ** 2 - spread;
    return room <= 0 ? Infinity : Math.ceil((2 * 0.75 * 0.25) / room);
  };
  return { alone: need(0.05), amongMany: need(0.05 / 25) };
}

/** @param {number} reports */
export async function benchImpactSound(reports) {
  const { bundle, remove } = await bundleEntry('bench/lib/impact-sound-entry.ts');
  const engine = /** @type {Engine} */ (bundle);
  try {
    /** @type {[string, Conditions][]} */
    const conditions = [
      ['no change', {}],
      ['a site-wide trend of +1 point a week', { trend: 1 }],
      ['traffic shifting (one page of each ×3 after its merge, the site +50 %)', { trafficShift: true }],
      ['pages picked by their down votes the week before', { picked: true }],
      ['all three', { trend: 1, trafficShift: true, picked: true }],
      ['the answer cut to the 100 pages with most votes', { cutAnswer: true }],
    ];
    const rows = conditions.map(([name, condition], index) => ({
      name,
      ...falseLabels(engine, condition, reports, SEEDS.falseLabels + 1000 * index),
    }));
    return {
      reports,
      rows,
      coverage: coverage(engine, reports),
      power: power(engine, reports),
      votes: [5, 10, 20, 30].map((points) => ({ points, ...votesNeeded(engine, points) })),
      site: engine.SITE,
    };
  } finally {
    remove();
  }
}

/** @param {number} count */
const votes = (count) => (Number.isFinite(count) ? count.toLocaleString('en-US') : 'out of reach on one page');

/** @param {number} value */
const percent = (value) => `${(value * 100).toFixed(1)} %`;

/** @param {Awaited<ReturnType<typeof benchImpactSound>>} result */
export function renderImpactSound(result) {
  const trend = result.rows.find((row) => row.name.includes('trend'));
  return section('Impact verdicts on simulated sites', [
    `${result.reports} reports a condition, each of 25 pull requests (1–5 pages) merged over 8 weeks on a site of ${result.site.pages} pages ` +
      `(a median of ${result.site.medianVotes} votes a page in four weeks); default settings (28-day windows, 20 votes).`,
    table(
      [
        'Nothing changed, and …',
        'Reports with a false label',
        '… counting labels of the 4 reports before',
        'Pull requests judged',
        'Mean change (points)',
      ],
      result.rows.map((row) => [row.name, percent(row.share), percent(row.frozen), percent(row.judged), row.bias.toFixed(2)]),
      ['l', 'r', 'r', 'r', 'r'],
    ),
    table(
      ['Goal', 'Measured'],
      [
        ['Reports of 25 pull requests with a false label, no change: at most 6 %', result.rows.map((row) => percent(row.share)).join(', ')],
        ['Bias under a trend: below 0.5 points', `${trend?.bias.toFixed(2)} points`],
        [
          '95 % intervals shown with a verdict cover the truth (changes of −10 to +10): 93–97 %',
          `${percent(result.coverage.share)} of ${result.coverage.counted}`,
        ],
        ['+20 points on a page with 300 votes a window (among 24 without change): at least 80 % called improved', percent(result.power)],
      ],
      ['l', 'r'],
    ),
    table(
      ['Change (points)', 'Votes a window, alone in its report', 'Votes a window, the one change among 25'],
      result.votes.map((row) => [`±${row.points}`, votes(row.alone), votes(row.amongMany)]),
      ['r', 'r', 'r'],
    ),
    'A page varies from week to week beyond its votes (3 points here): below a few points no number of votes on one page tells a change ' +
      'from that variation; more pages in the pull request average it out.',
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const reports = Number(process.argv[2] ?? '400');
  process.stdout.write(`${renderImpactSound(await benchImpactSound(reports))}\n`);
}
