// @ts-check
// Fault soak: runs the built action (dist/index.js) many times, a few at once, each against its own
// emulator with a seeded random fault schedule, and checks on every run that nothing is lost:
// at most one job per run, no POST repeated after an ambiguous answer, the step always ends, the
// outputs match what the service last said, the key never shows, and the exit code follows fail-on.
//
//   npm run soak -- [--seed N] [--runs N] [--concurrency N] [--only INDEX] [--node PATH] [--max-seconds N]
//
// The same --seed replays the same schedules; --only INDEX replays one run and prints its details.
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startEmulator } from '../emulator/server.js';
import { HARD_LIMIT_MS, expectFailure, expectRun } from './soak/expect.js';
import { TERMINAL, TIMING, planRun } from './soak/plan.js';
import { BUNDLE, runStep } from './lib/runner-step.js';

/**
 * @typedef {import('../emulator/server.js').Emulator} Emulator
 * @typedef {import('../emulator/server.js').RequestLogEntry} Entry
 * @typedef {import('./soak/plan.js').RunPlan} RunPlan
 * @typedef {import('./soak/expect.js').Expectation} Expectation
 * @typedef {import('./lib/runner-step.js').StepRun} BundleRun
 */

/**
 * @typedef {object} RunReport
 * @property {RunPlan} plan
 * @property {Expectation} expected
 * @property {BundleRun} run
 * @property {string[]} violations
 * @property {string[]} log one line per request the emulator saw
 * @property {Record<string, number>} faults injected, by kind
 */

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string' },
    runs: { type: 'string', default: '240' },
    concurrency: { type: 'string', default: '4' },
    only: { type: 'string' },
    node: { type: 'string' },
    'max-seconds': { type: 'string', default: '300' },
  },
});

/**
 * @param {string|undefined} text
 * @param {string} name
 */
function wholeNumber(text, name) {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) {
    process.stderr.write(`soak: --${name} must be a whole number, got ${JSON.stringify(text)}\n`);
    process.exit(2);
  }
  return value;
}

const seed = args.seed === undefined ? randomInt(2 ** 31) : wholeNumber(args.seed, 'seed');
const runCount = wholeNumber(args.runs, 'runs');
const concurrency = Math.max(1, wholeNumber(args.concurrency, 'concurrency'));
const only = args.only === undefined ? undefined : wholeNumber(args.only, 'only');
const maxMs = wholeNumber(args['max-seconds'], 'max-seconds') * 1000;
const node = args.node ?? process.env['E2E_NODE'] ?? process.execPath;
/** The brief of the soak: enough runs to meet most fault combinations. */
const MIN_RUNS = 200;

if (!existsSync(BUNDLE)) {
  process.stderr.write('soak: dist/index.js is missing; run `npm run build` first.\n');
  process.exit(2);
}

/**
 * @param {Emulator} emulator
 * @param {string} projectId
 * @returns {Promise<string>} id of a job made outside the run, for message and wait runs
 */
async function createJobDirectly(emulator, projectId) {
  const response = await fetch(`${emulator.url}/v2/agent/${projectId}/job`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulator.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'soak: the job a follow-up or a wait refers to' }),
  });
  const body = /** @type {{id?: unknown}} */ (await response.json());
  if (response.status !== 201 || typeof body.id !== 'string') throw new Error(`soak: could not set up a job (HTTP ${response.status})`);
  return body.id;
}

/**
 * @param {RunPlan} plan
 * @param {string} projectId
 * @param {string|undefined} jobId
 * @param {Emulator} emulator
 */
function inputsFor(plan, projectId, jobId, emulator) {
  /** @type {Record<string, string>} */
  const inputs = {
    'api-key': emulator.apiKey,
    'project-id': projectId,
    'base-url': emulator.url,
    'poll-interval': TIMING.pollInterval,
    'max-poll-interval': TIMING.maxPollInterval,
    timeout: `${TIMING.timeoutMs}ms`,
    'request-timeout': `${TIMING.requestTimeoutMs}ms`,
    'fail-on': plan.failOn,
    wait: plan.mode === 'create-nowait' ? 'false' : 'true',
  };
  if (plan.mode === 'analytics') {
    inputs['analytics'] = 'true';
    inputs['analytics-days'] = '7';
    inputs['analytics-page-size'] = String(plan.visitors.pageSize);
  } else if (plan.mode !== 'wait') {
    inputs['prompt'] = `Soak run ${plan.index}: document the widgets endpoint`;
  }
  if (jobId !== undefined) inputs['job-id'] = jobId;
  return inputs;
}

/** @param {Entry} entry */
function describeEntry(entry) {
  const fault = entry.fault === undefined ? '' : ` [${entry.fault}]`;
  const acted = entry.jobCreated === true ? ' +acted' : '';
  return `${entry.endpoint} → ${String(entry.response ?? 'pending')}${fault}${acted}`;
}

/**
 * The planned fault that hit each request, found the way the emulator's FaultInjector picks it:
 * every fault counts every request to its endpoint, and the first one in its window applies.
 * @param {RunPlan} plan
 * @param {Entry[]} log
 * @returns {(import('../emulator/scenario.js').Fault|undefined)[]}
 */
function appliedFaults(plan, log) {
  const seen = plan.faults.map(() => 0);
  return log.map((entry) => {
    /** @type {import('../emulator/scenario.js').Fault|undefined} */
    let chosen;
    plan.faults.forEach((fault, i) => {
      if (fault.endpoint !== entry.endpoint && fault.endpoint !== 'any') return;
      const index = seen[i] ?? 0;
      seen[i] = index + 1;
      const skip = fault.skip ?? 0;
      if (!chosen && index >= skip && index - skip < (fault.times ?? 1)) chosen = fault;
    });
    return chosen;
  });
}

/**
 * Faults injected, by kind, plus the 404s the job script itself answered after a create.
 * @param {RunPlan} plan
 * @param {Entry[]} log
 * @returns {Record<string, number>}
 */
function faultsOf(plan, log) {
  /** @type {Record<string, number>} */
  const counts = {};
  const add = (/** @type {string} */ kind) => (counts[kind] = (counts[kind] ?? 0) + 1);
  const applied = appliedFaults(plan, log);
  log.forEach((entry, i) => {
    const fault = applied[i];
    if (fault === undefined) {
      if (entry.endpoint === 'get' && entry.response === 404) add('404 after create');
      return;
    }
    const after = fault.afterAction === true ? ' after action' : '';
    if (fault.kind === 'status') {
      const retryAfter =
        fault.status === 429 ? (fault.retryAfter === undefined ? ' no Retry-After' : ` Retry-After ${fault.retryAfter}`) : '';
      add(`${fault.status ?? 500}${retryAfter}${after}`);
    } else if (fault.kind === 'html') {
      add(`html ${fault.status ?? 502}${after}`);
    } else {
      add(`${fault.kind}${after}`);
    }
  });
  return counts;
}

/**
 * Everything a reader of the run sees: `::add-mask::` lines are consumed by the runner.
 * @param {BundleRun} run
 */
function visibleText(run) {
  const stdout = run.stdout
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n');
  return [stdout, run.stderr, run.summary, JSON.stringify(run.outputs)].join('\n');
}

/**
 * @param {RunPlan} plan
 * @param {Expectation} expected
 * @param {BundleRun} run
 * @param {Emulator} emulator
 * @param {string|undefined} jobId the job the run should report
 */
function checkRun(plan, expected, run, emulator, jobId) {
  const violations = [...expected.violations];
  if (run.killed) violations.push(`still running after ${HARD_LIMIT_MS}ms (timeout + request-timeout + margin): killed`);
  if (visibleText(run).includes(emulator.apiKey)) violations.push('the API key appears in the output, summary or outputs');
  const mustFail = expectFailure(plan, expected.outcome);
  if (!run.killed && run.exitCode !== (mustFail ? 1 : 0)) {
    violations.push(
      `exit code ${String(run.exitCode)}, expected ${mustFail ? 1 : 0} for outcome '${expected.outcome}' with fail-on '${plan.failOn}'`,
    );
  }
  const errors = run.stdout.split('\n').filter((line) => line.startsWith('::error'));
  if (!run.killed && errors.length !== (mustFail ? 1 : 0)) violations.push(`${errors.length} ::error:: lines`);
  const { outputs } = run;
  if (expected.outcome === 'report' || expected.outcome === 'partial-report') {
    // The totals of the first page, as the service sent them, never recomputed.
    const { totals, pageCount } = plan.visitors;
    const got = [outputs['visitors-total'], outputs['visitors-human'], outputs['visitors-ai']].join('/');
    if (got !== `${totals.total}/${totals.human}/${totals.ai}`)
      violations.push(`visitors outputs ${got}, expected ${totals.total}/${totals.human}/${totals.ai}`);
    if (expected.outcome === 'report' && outputs['analytics-pages'] !== String(pageCount)) {
      violations.push(`analytics-pages output '${String(outputs['analytics-pages'])}', expected '${pageCount}'`);
    }
  } else if (plan.mode === 'analytics') {
    if ((outputs['visitors-total'] ?? '') !== '') violations.push('visitors outputs written although the report failed');
  } else if (expected.outcome === 'error') {
    // The job may or may not be known; when a status was written it must be the last one seen.
    const status = outputs['status'] ?? '';
    if (status !== '' && status !== expected.status)
      violations.push(`status output '${status}' after an error, but the last status served was '${String(expected.status)}'`);
  } else {
    const status = expected.status ?? 'active';
    if (outputs['status'] !== status) violations.push(`status output '${String(outputs['status'])}', expected '${status}'`);
    if ((outputs['pr-link'] ?? '') !== expected.prLink)
      violations.push(`pr-link output '${String(outputs['pr-link'])}', expected '${expected.prLink}'`);
    if (jobId !== undefined && outputs['job-id'] !== jobId)
      violations.push(`job-id output '${String(outputs['job-id'])}', expected '${jobId}'`);
  }
  return violations;
}

/**
 * @param {Emulator} emulator
 * @param {number} index
 * @param {string} workRoot
 * @returns {Promise<RunReport>}
 */
async function soakOne(emulator, index, workRoot) {
  const plan = planRun(seed, index);
  const projectId = `proj_soak_${index}`;
  emulator.reset();
  /** @type {string|undefined} */
  let jobId;
  if (plan.mode === 'message' || plan.mode === 'wait') {
    emulator.setScenario({ job: plan.job });
    jobId = await createJobDirectly(emulator, projectId);
    // The live log is cleared in place; the job stays.
    emulator.requests.length = 0;
  }
  emulator.setScenario({
    job: plan.job,
    visitors: { pageCount: plan.visitors.pageCount, totals: plan.visitors.totals },
    faults: plan.faults,
  });
  const run = await runStep({
    node,
    workDir: join(workRoot, `run-${index}`),
    inputs: inputsFor(plan, projectId, jobId, emulator),
    killAfterMs: HARD_LIMIT_MS,
  });
  const log = [...emulator.requests];
  if (jobId === undefined) {
    const created = log.find((entry) => entry.endpoint === 'create' && entry.jobCreated === true);
    jobId = created === undefined ? undefined : [...emulator.jobs.keys()][0];
  }
  const expected = expectRun(plan, log);
  const violations = checkRun(plan, expected, run, emulator, jobId);
  return { plan, expected, run, violations, log: log.map(describeEntry), faults: faultsOf(plan, log) };
}

/** @param {RunReport} report */
function printDetails(report) {
  const { plan, expected, run } = report;
  const lines = [
    `--- run ${plan.index} (replay: npm run soak -- --seed ${seed} --only ${plan.index})`,
    `mode ${plan.mode}, fail-on ${plan.failOn}, job ${JSON.stringify(plan.job)}`,
    `faults ${JSON.stringify(plan.faults)}`,
    `requests: ${report.log.join(' | ') || '(none)'}`,
    `expected ${expected.outcome}, status ${String(expected.status)}, pr-link '${expected.prLink}'; served ${expected.served.join(' → ') || '(nothing)'}`,
    `exit ${String(run.exitCode)} in ${run.durationMs}ms${run.killed ? ' (killed)' : ''}, outputs ${JSON.stringify(run.outputs)}`,
    ...run.stdout
      .split('\n')
      .filter((line) => /^::(error|warning)/.test(line) || line.startsWith('Job ') || line.startsWith('Created'))
      .map((line) => `  ${line}`),
    ...report.violations.map((violation) => `VIOLATION: ${violation}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * @param {Record<string, number>} counts
 */
function formatCounts(counts) {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name}: ${count}`)
    .join(', ');
}

async function main() {
  const started = Date.now();
  const indices = only === undefined ? Array.from({ length: runCount }, (_, i) => i) : [only];
  const workers = Math.min(concurrency, indices.length);
  process.stdout.write(`soak: seed ${seed} (replay with --seed ${seed}), ${indices.length} runs, ${workers} at a time, node ${node}\n`);
  const emulators = await Promise.all(
    Array.from({ length: workers }, () => startEmulator({ apiKey: `mint_soak_${randomBytes(12).toString('hex')}` })),
  );
  const workRoot = mkdtempSync(join(tmpdir(), 'soak-'));
  /** @type {RunReport[]} */
  const reports = [];
  let next = 0;
  let outOfTime = false;
  try {
    await Promise.all(
      emulators.map(async (emulator) => {
        for (;;) {
          if (Date.now() - started > maxMs) {
            outOfTime = true;
            return;
          }
          const index = indices[next++];
          if (index === undefined) return;
          const report = await soakOne(emulator, index, workRoot);
          reports.push(report);
          if (report.violations.length > 0 || only !== undefined) printDetails(report);
          if (reports.length % 40 === 0) process.stdout.write(`soak: ${reports.length}/${indices.length} runs\n`);
        }
      }),
    );
  } finally {
    await Promise.all(emulators.map((emulator) => emulator.close()));
    rmSync(workRoot, { recursive: true, force: true });
  }

  /** @type {Record<string, number>} */
  const faults = {};
  /** @type {Record<string, number>} */
  const outcomes = {};
  /** @type {Record<string, number>} */
  const modes = {};
  let retries = 0;
  let unknownServed = 0;
  let longest = 0;
  for (const report of reports) {
    for (const [kind, count] of Object.entries(report.faults)) faults[kind] = (faults[kind] ?? 0) + count;
    outcomes[report.expected.outcome] = (outcomes[report.expected.outcome] ?? 0) + 1;
    modes[report.plan.mode] = (modes[report.plan.mode] ?? 0) + 1;
    retries += report.expected.retries;
    unknownServed += report.expected.served.filter((status) => status !== 'active' && !TERMINAL.includes(status)).length;
    longest = Math.max(longest, report.run.durationMs);
  }
  const violating = reports.filter((report) => report.violations.length > 0);
  const violations = violating.reduce((sum, report) => sum + report.violations.length, 0);
  const wall = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    [
      '',
      `soak summary (seed ${seed})`,
      `  runs: ${reports.length} (${formatCounts(modes)})`,
      `  faults injected: ${Object.values(faults).reduce((a, b) => a + b, 0)} (${formatCounts(faults)}); unknown statuses served: ${unknownServed}`,
      `  outcomes: ${formatCounts(outcomes)}`,
      `  retries: ${retries}`,
      `  longest run: ${longest}ms (limit ${HARD_LIMIT_MS}ms)`,
      `  violations: ${violations} in ${violating.length} runs`,
      `  wall time: ${wall}s`,
      '',
    ].join('\n'),
  );
  if (outOfTime) process.stdout.write(`soak: stopped after ${maxMs / 1000}s with ${reports.length} of ${indices.length} runs done.\n`);
  const tooFew = only === undefined && reports.length < Math.min(MIN_RUNS, runCount);
  if (tooFew) process.stdout.write(`soak: only ${reports.length} runs completed; at least ${Math.min(MIN_RUNS, runCount)} are needed.\n`);
  process.exitCode = violations > 0 || tooFew ? 1 : 0;
}

await main();
