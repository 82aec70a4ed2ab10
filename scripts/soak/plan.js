// @ts-check
// The random part of the soak: one run's mode, inputs, job script and fault schedule, drawn from a
// seeded generator so that `--seed N` replays the same runs in any order or concurrency.

/**
 * @typedef {import('../../emulator/scenario.js').Fault} Fault
 * @typedef {import('../../emulator/scenario.js').JobScenario} JobScenario
 * @typedef {'create'|'create-nowait'|'message'|'wait'|'analytics'} Mode
 */

/**
 * @typedef {object} RunPlan
 * @property {number} index
 * @property {Mode} mode
 * @property {string} failOn the input as written
 * @property {Set<string>} failOutcomes outcomes that fail the step
 * @property {JobScenario & {statuses: string[]}} job
 * @property {Fault[]} faults
 * @property {{pageCount: number, pageSize: number, totals: {human: number, ai: number, total: number}}} visitors for analytics runs
 */

export const FAIL_OUTCOMES = ['failed', 'archived', 'no-pr', 'timeout'];
export const UNKNOWN_STATUSES = ['queued', 'paused', 'Completed'];
export const TERMINAL = ['completed', 'failed', 'archived'];

/** Inputs shared by every run; short so that a run takes a second or a few. */
export const TIMING = { pollInterval: '100ms', maxPollInterval: '300ms', timeoutMs: 4000, requestTimeoutMs: 1000 };

/**
 * mulberry32: small, fast, and good enough to spread schedules.
 * @param {number} seed
 * @returns {() => number} in [0, 1)
 */
export function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A run's own seed from the soak seed and the run index.
 * @param {number} seed
 * @param {number} index
 */
export function runSeed(seed, index) {
  return (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(index + 1, 0xc2b2ae35)) >>> 0;
}

/**
 * @template T
 * @param {() => number} random
 * @param {ReadonlyArray<readonly [T, number]>} weighted
 * @returns {T}
 */
function pick(random, weighted) {
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of weighted) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = weighted[weighted.length - 1];
  if (last === undefined) throw new Error('pick: nothing to pick from');
  return last[0];
}

/**
 * @param {() => number} random
 * @param {number} min
 * @param {number} max inclusive
 */
function between(random, min, max) {
  return min + Math.floor(random() * (max - min + 1));
}

/** @param {() => number} random */
function planStatuses(random) {
  const length = between(random, 0, 4);
  /** @type {string[]} */
  const statuses = [];
  for (let i = 0; i < length; i++) {
    statuses.push(
      pick(random, [
        ['active', 4],
        [UNKNOWN_STATUSES[between(random, 0, UNKNOWN_STATUSES.length - 1)] ?? 'queued', 1],
      ]),
    );
  }
  // The last status repeats forever: a non-terminal one makes the run time out.
  statuses.push(
    pick(random, [
      ['completed', 5],
      ['failed', 1.5],
      ['archived', 1],
      ['active', 1.5],
      ['paused', 0.5],
    ]),
  );
  return statuses;
}

/** Failures that leave it unknown whether the service acted on a POST. */
const AMBIGUOUS_KINDS = ['status-5xx', 'reset', 'hang', 'truncate', 'html', 'empty'];

/**
 * @param {() => number} random
 * @param {'create'|'message'|'get'|'visitors'} endpoint
 * @returns {Fault}
 */
function planFault(random, endpoint) {
  const isPost = endpoint === 'create' || endpoint === 'message';
  const kind = pick(random, [
    ['status-429', 3],
    ['status-5xx', 3],
    ['reset', 2],
    ['hang', 1],
    ['truncate', 2],
    ['html', 1.5],
    ['empty', 1],
    ['delay', 1],
    ['status-404', endpoint === 'get' ? 1 : 0],
  ]);
  // A create is made once unless refused, so its faults mostly hit the first attempt.
  const skip = isPost
    ? pick(random, [
        [0, 5],
        [1, 1],
      ])
    : between(random, 0, 4);
  const times = pick(random, [
    [1, 6],
    [2, 3],
    [between(random, 3, 7), 1.5],
  ]);
  /** @type {Fault} */
  let fault;
  switch (kind) {
    case 'status-429': {
      const retryAfter = pick(random, [
        [undefined, 1],
        ['0', 1],
        ['1', 1],
      ]);
      fault = { endpoint, kind: 'status', status: 429, ...(retryAfter === undefined ? {} : { retryAfter }) };
      break;
    }
    case 'status-5xx':
      fault = {
        endpoint,
        kind: 'status',
        status: pick(random, [
          [500, 1],
          [502, 1],
          [503, 1],
          [504, 1],
        ]),
      };
      break;
    case 'status-404':
      fault = { endpoint, kind: 'status', status: 404 };
      break;
    case 'html':
      fault = {
        endpoint,
        kind: 'html',
        status: pick(random, [
          [502, 1],
          [200, 1],
        ]),
      };
      break;
    case 'delay':
      fault = { endpoint, kind: 'delay', delayMs: between(random, 20, 300) };
      break;
    default:
      fault = { endpoint, kind: /** @type {'reset'|'hang'|'truncate'|'empty'} */ (kind) };
  }
  // Acting first, then failing, is the case a retried POST would turn into a second job.
  const afterAction = isPost && AMBIGUOUS_KINDS.includes(kind) && random() < 0.5;
  return { ...fault, skip, times, ...(afterAction ? { afterAction } : {}) };
}

/**
 * @param {number} seed
 * @param {number} index
 * @returns {RunPlan}
 */
export function planRun(seed, index) {
  const random = generator(runSeed(seed, index));
  /** @type {Mode} */
  const mode = pick(random, [
    ['create', 50],
    ['create-nowait', 8],
    ['message', 18],
    ['wait', 14],
    ['analytics', 10],
  ]);
  const failOutcomes = new Set(random() < 0.15 ? [] : FAIL_OUTCOMES.filter(() => random() < 0.5));
  const failOn = failOutcomes.size === 0 ? 'none' : [...failOutcomes].join(',');
  const statuses = planStatuses(random);
  const prLink = random() < 0.25 ? null : `https://github.com/acme/docs/pull/${between(random, 1, 9999)}`;
  const createStatus = pick(random, [
    [undefined, 18],
    ['queued', 1],
    ['completed', 1],
  ]);
  const notFoundPolls =
    mode === 'create'
      ? pick(random, [
          [0, 7],
          [1, 1],
          [2, 1],
          [between(random, 3, 4), 1],
        ])
      : 0;
  /** @type {RunPlan['job']} */
  const job = {
    statuses,
    prLink,
    ...(createStatus === undefined ? {} : { createStatus }),
    ...(notFoundPolls > 0 ? { notFoundPolls } : {}),
  };

  const human = between(random, 0, 50_000);
  const ai = between(random, 0, 20_000);
  const visitors = {
    pageCount: between(random, 0, 600),
    pageSize: pick(random, [
      [100, 1],
      [250, 2],
    ]),
    // `total` is deduplicated across human and AI: deliberately not their sum.
    totals: { human, ai, total: Math.max(human, ai) + between(random, 0, Math.min(human, ai)) },
  };

  const post = mode === 'message' ? 'message' : mode === 'create' || mode === 'create-nowait' ? 'create' : undefined;
  const faultCount = pick(random, [
    [0, 15],
    [1, 35],
    [2, 25],
    [3, 15],
    [4, 10],
  ]);
  /** @type {Fault[]} */
  const faults = [];
  for (let i = 0; i < faultCount; i++) {
    if (mode === 'analytics') {
      faults.push(planFault(random, 'visitors'));
      continue;
    }
    const onPost = post !== undefined && (mode === 'create-nowait' || random() < 0.35);
    faults.push(planFault(random, onPost && post !== undefined ? post : 'get'));
  }
  return { index, mode, failOn, failOutcomes, job, faults, visitors };
}
