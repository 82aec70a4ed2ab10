// @ts-check
// Renders the measurements as Markdown: bench/results.md and the console get the same text.
import { section, table } from './lib/markdown.js';
import { round } from './lib/stats.js';

/**
 * @typedef {import('./startup.js').StartupRow} StartupRow
 * @typedef {import('./polling.js').PollRow} PollRow
 * @typedef {import('./analytics.js').AnalyticsResult} AnalyticsResult
 * @typedef {import('./bundle.js').BundleFile} BundleFile
 */

/** Start-up target: the action on Node 24 within this factor of the minimal fetch script. */
export const STARTUP_TARGET = 1.5;

/** @param {number} value */
const ms = (value) => `${round(value)} ms`;
/** @param {number} value */
const times = (value) => `${round(value, 2)}×`;
/** @param {number} bytes */
const kib = (bytes) => `${round(bytes / 1024, 1)} KiB`;

/**
 * @param {readonly StartupRow[]} rows
 * @param {string} node
 * @param {StartupRow['kind']} kind
 */
const find = (rows, node, kind) => rows.find((row) => row.node === node && row.kind === kind);

/**
 * @param {readonly StartupRow[]} rows
 * @param {number} runs
 * @param {readonly {bucket: string, ms: number}[]} profile
 * @param {string} profileNode
 */
export function renderStartup(rows, runs, profile, profileNode) {
  const curl = rows.find((row) => row.kind === 'curl');
  const body = rows.map((row) => {
    const e0 = find(rows, row.node, 'e0');
    const fetch = find(rows, row.node, 'fetch');
    const requests = row.postsPerRun === undefined ? '—' : `${round(row.postsPerRun, 1)} / ${round(row.getsPerRun ?? Number.NaN, 1)}`;
    return [
      row.name,
      row.node,
      ms(row.wall.median),
      `${round(row.wall.p25)}–${round(row.wall.p75)}`,
      e0 && row.kind !== 'curl' ? times(row.wall.median / e0.wall.median) : '—',
      fetch && row.kind !== 'curl' ? times(row.wall.median / fetch.wall.median) : '—',
      row.perRoundRatio === undefined
        ? '—'
        : `${times(row.perRoundRatio.median)} (${round(row.perRoundRatio.p25, 2)}–${round(row.perRoundRatio.p75, 2)})`,
      curl ? times(row.wall.median / curl.wall.median) : '—',
      row.toRequestMs === undefined ? '—' : ms(row.toRequestMs),
      row.afterRequestMs === undefined ? '—' : ms(row.afterRequestMs),
      requests,
    ];
  });
  const failures = rows.flatMap((row) => row.failures.map((failure) => `- ${row.node} ${row.name}: ${failure}`));
  const total = profile.reduce((sum, entry) => sum + entry.ms, 0);
  return section('1. Start-up: a job that is complete when created', [
    `Wall time from spawn to exit, median of ${runs} runs after one warm-up round; the contenders take turns, round after round. The emulator runs in its own process. "→ POST" is spawn to the request reaching the emulator, "POST →" from there to exit. (b) is \`bench/contenders/fetch-post.js\`, (c) \`bench/contenders/curl-post.sh\`. "× (b)" divides the medians; "per round" is the median of each round's ratio to (b) on the same Node, which load that drifts over the rounds moves less.`,
    table(
      [
        'Contender',
        'Node',
        'Median',
        'IQR (ms)',
        '× `node -e 0`',
        '× (b) fetch',
        '× (b), per round (IQR)',
        '× (c) curl',
        '→ POST',
        'POST →',
        'POST / GET per run',
      ],
      body,
    ),
    ...(failures.length > 0 ? [`Failed runs (not counted):\n${failures.join('\n')}`] : []),
    `Where the action's start-up goes (${profileNode}, \`--cpu-prof\`, median of the profiled runs; profiling adds a little):`,
    table(
      ['Bucket', 'ms', 'share'],
      profile.map((entry) => [entry.bucket, round(entry.ms, 1), `${round((100 * entry.ms) / total)} %`]),
    ),
  ]);
}

/**
 * @param {readonly PollRow[]} rows
 * @param {number} scale
 * @param {readonly number[]} phases real seconds added to each job length
 */
export function renderPolling(rows, scale, phases) {
  const body = rows.map((row) => [
    row.lengthSeconds >= 60 ? `${row.lengthSeconds / 60} min` : `${row.lengthSeconds} s`,
    row.client,
    row.settings,
    round(row.gets, 1),
    round(row.posts, 1),
    `${round(row.meanLag, 1)} s`,
    `${round(row.maxLag, 1)} s`,
    String(row.runs),
  ]);
  const failures = rows.flatMap((row) => row.failures.map((failure) => `- ${row.lengthSeconds} s, ${row.client}: ${failure}`));
  return section('2. Polling economy', [
    `Every duration divided by ${scale} (job length, poll intervals, the loop's period); lags are scaled back to real seconds. Each length is run at ${phases.length} phase${phases.length === 1 ? '' : 's'} (job length + ${phases.join(', ')} s), so that the loop's fixed period is not met only at a lucky point; GETs and lags are means over the phases, the max lag the worst phase. Detection lag: from the job's end, by the emulator's clock, to the client's exit. Note the lag includes ~${scale}× the few ms each client takes to exit after the answer.`,
    table(['Job', 'Client', 'Settings (real)', 'GETs', 'POSTs', 'Mean lag', 'Max lag', 'Runs'], body, [
      'l',
      'l',
      'l',
      'r',
      'r',
      'r',
      'r',
      'r',
    ]),
    ...(failures.length > 0 ? [`Failed runs (not counted):\n${failures.join('\n')}`] : []),
  ]);
}

/** @param {AnalyticsResult} result */
export function renderAnalytics(result) {
  const status = { ok: '', failed: '**The analytics benchmark reported a problem** (see its output).', missing: '' }[result.status];
  return section('3. Analytics export', [
    result.status === 'missing'
      ? result.report
      : `Output of \`node bench/analytics-export.js\` (the analytics engineer's benchmark), ${round(result.wallMs / 1000, 1)} s. ${status}`,
    ...(result.status === 'missing' ? [] : ['```text\n' + result.report + '\n```']),
  ]);
}

/** @param {readonly BundleFile[]} files */
export function renderBundle(files) {
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  return section('4. Bundle', [
    table(
      ['File', 'Size', 'gzip', 'Contains'],
      [
        ...files.map((file) => [`dist/${file.name}`, kib(file.bytes), kib(file.gzipBytes), file.contains.join('; ') || '—']),
        ['**total**', kib(total), '', ''],
      ],
      ['l', 'r', 'r', 'l'],
    ),
    "`dist/index.js` is parsed on every run; `octokit-class-*.js` is Octokit, imported on the first GitHub call, so a run that never calls GitHub does not parse it; `chunk-*.js` holds esbuild's module helpers, which both share. What the bundle leaves out of its dependencies, and why: `scripts/lib/bundle-shape.js`.",
  ]);
}

/**
 * @param {{startup?: readonly StartupRow[], polling?: readonly PollRow[], analytics?: AnalyticsResult}} results
 */
export function renderTargets({ startup, polling, analytics }) {
  /** @type {string[][]} */
  const rows = [];
  const nodes = [...new Set((startup ?? []).map((row) => row.node))].filter((node) => node !== '—');
  const newest = nodes.at(-1);
  if (startup !== undefined && newest !== undefined) {
    const action = find(startup, newest, 'action');
    const fetch = find(startup, newest, 'fetch');
    if (action && fetch) {
      const ratio = action.perRoundRatio?.median ?? action.wall.median / fetch.wall.median;
      rows.push([
        `Start-up on ${newest} ≤ ${STARTUP_TARGET}× the minimal fetch script`,
        `${times(ratio)}, median of ${action.perRoundRatio?.runs ?? 0} rounds' ratios (${ms(action.wall.median)} vs ${ms(fetch.wall.median)})`,
        ratio <= STARTUP_TARGET ? 'met' : '**missed**',
      ]);
    }
    const actions = startup.filter((row) => row.kind === 'action');
    const oneRequest = actions.every((row) => row.postsPerRun === 1 && row.getsPerRun === 0);
    rows.push([
      'One POST per job (start-up runs)',
      actions
        .map((row) => `${row.node}: ${round(row.postsPerRun ?? Number.NaN, 2)} POST, ${round(row.getsPerRun ?? Number.NaN, 2)} GET`)
        .join('; '),
      oneRequest ? 'met' : '**missed**',
    ]);
  }
  if (polling !== undefined) {
    const lengths = [...new Set(polling.map((row) => row.lengthSeconds))];
    const cells = lengths.map((length) => {
      const curl = polling.find((row) => row.lengthSeconds === length && row.key === 'curl');
      const tuned = polling.find((row) => row.lengthSeconds === length && row.key === 'matched');
      const extra = curl !== undefined && tuned !== undefined && tuned.posts === 1 ? tuned.gets - curl.gets : Number.POSITIVE_INFINITY;
      return { length, curl, tuned, extra };
    });
    const worst = Math.max(...cells.map((cell) => cell.extra));
    rows.push([
      'Polls no more than a fixed-10 s curl loop for the same lag (action with poll-interval = max-poll-interval = 10s)',
      cells
        .map(
          ({ length, curl, tuned }) =>
            `${length} s: ${round(tuned?.gets ?? Number.NaN, 1)} vs ${round(curl?.gets ?? Number.NaN, 1)} GETs, lag ${round(tuned?.meanLag ?? Number.NaN, 1)} vs ${round(curl?.meanLag ?? Number.NaN, 1)} s`,
        )
        .join('; '),
      worst <= 0 ? 'met' : worst <= 0.5 ? `met within noise (+${round(worst, 2)} GET at most)` : '**missed**',
    ]);
  }
  if (analytics !== undefined) {
    rows.push([
      'Analytics: ceil(pages / 250) requests',
      analytics.status === 'missing'
        ? 'not measured (bench/analytics-export.js missing)'
        : 'checked by bench/analytics-export.js (it fails on any other count)',
      { ok: 'met', failed: '**missed**', missing: 'n/a' }[analytics.status],
    ]);
  }
  return section('Targets', [table(['Target', 'Measured', 'Result'], rows, ['l', 'l', 'l'])]);
}
