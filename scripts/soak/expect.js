// @ts-check
// What a run should have ended with, derived only from the emulator's request log and the run's
// plan (never from the action's own words), and the invariants every run must keep.
import { TERMINAL, TIMING } from './plan.js';

/**
 * @typedef {import('../../emulator/server.js').RequestLogEntry} Entry
 * @typedef {import('./plan.js').RunPlan} RunPlan
 * @typedef {'completed'|'no-pr'|'failed'|'archived'|'timeout'|'started'|'error'|'report'|'partial-report'} Outcome
 */

/**
 * @typedef {object} Expectation
 * @property {Outcome} outcome
 * @property {string|undefined} status the last status a job body carried; undefined when none
 * @property {string} prLink the pr-link output the last body implies
 * @property {string[]} violations invariants the log itself breaks
 * @property {number} retries requests that repeated a failed one
 * @property {string[]} served statuses of the job bodies the client received, in order
 */

/** Attempts per request in the client (src/net/transport.ts MAX_ATTEMPTS). */
export const MAX_ATTEMPTS = 6;
/** 404s tolerated after a create or message (src/job/poll.ts TOLERATED_NOT_FOUND). */
const TOLERATED_NOT_FOUND = 3;

/**
 * The client got a whole, well-formed job body: a 2xx with no fault, or only a short delay.
 * @param {Entry} entry
 */
export function usable(entry) {
  return (entry.response === 200 || entry.response === 201) && (entry.fault === undefined || entry.fault === 'delay');
}

/**
 * The answer to this POST leaves it open whether the service acted: repeating it could act twice.
 * Only a 429 says for certain that nothing happened (a refused connection never reaches the log).
 * @param {Entry} entry
 */
function mayHaveActed(entry) {
  return entry.response !== 429;
}

/**
 * @param {RunPlan} plan
 * @param {readonly Entry[]} log
 * @returns {Expectation}
 */
export function expectRun(plan, log) {
  /** @type {string[]} */
  const violations = [];
  const posts = log.filter((entry) => entry.endpoint === 'create' || entry.endpoint === 'message');
  const gets = log.filter((entry) => entry.endpoint === 'get');
  const statuses = plan.job.statuses;
  const initial = plan.job.createStatus ?? 'active';
  let retries = 0;
  /** @type {string[]} */
  const served = [];

  // One accepted create or message per run, and no POST repeated after an answer that may mean it acted.
  const acted = posts.filter((entry) => entry.jobCreated === true).length;
  if (acted > 1) violations.push(`${acted} POSTs were acted on (jobCreated), at most 1 allowed`);
  posts.forEach((entry, i) => {
    if (i === 0) return;
    retries++;
    const previous = posts[i - 1];
    if (previous !== undefined && mayHaveActed(previous)) {
      violations.push(
        `POST #${i + 1} repeated POST #${i} after an ambiguous answer (${String(previous.response)}${previous.fault ? `, fault ${previous.fault}` : ''})`,
      );
    }
  });

  if (plan.mode === 'analytics') return expectReport(plan, log, violations, served);

  /** @type {string|undefined} */
  let status;
  if (plan.mode !== 'wait') {
    const accepted = posts.findIndex(usable);
    if (accepted === -1) return { outcome: 'error', status: undefined, prLink: '', violations, retries, served };
    if (accepted !== posts.length - 1) violations.push('a POST was sent after one that succeeded');
    status = initial;
    served.push(initial);
  }
  if (plan.mode === 'create-nowait') {
    if (gets.length > 0) violations.push('polled although wait is false');
    return { outcome: 'started', status, prLink: prLinkFor(plan, status), violations, retries, served };
  }

  // The k-th GET that reached the job store and was answered in full carries statuses[k] (the last repeats).
  let polled = 0;
  let notFound = 0;
  let failedInARow = 0;
  /** @type {Entry|undefined} */
  let lastUsable;
  for (const entry of gets) {
    // A failed attempt that did not end the run is always followed by its retry.
    if (failedInARow > 0) retries++;
    if (usable(entry)) {
      status = statuses[Math.min(polled, statuses.length - 1)] ?? 'active';
      polled++;
      served.push(status);
      failedInARow = 0;
      lastUsable = entry;
    } else if (entry.response === 404) {
      // A 404 ends one request; the poll loop tolerates a few after a create or message.
      notFound++;
      failedInARow = 0;
    } else {
      failedInARow++;
    }
  }

  const createdTerminal = plan.mode === 'create' && status !== undefined && TERMINAL.includes(status) && gets.length === 0;
  // A follow-up's answer may still show the previous run's terminal status: only a poll ends a message run.
  const terminalFromMessage = plan.mode === 'message' && lastUsable === undefined;
  if (status !== undefined && TERMINAL.includes(status) && !createdTerminal && !terminalFromMessage) {
    if (lastUsable !== gets[gets.length - 1]) violations.push('polled again after a terminal status');
    return { outcome: outcomeOfTerminal(plan, status), status, prLink: prLinkFor(plan, status), violations, retries, served };
  }
  if (createdTerminal && status !== undefined) {
    return { outcome: outcomeOfTerminal(plan, status), status, prLink: prLinkFor(plan, status), violations, retries, served };
  }

  const tolerated = plan.mode === 'wait' ? 0 : TOLERATED_NOT_FOUND;
  const outcome = notFound > tolerated || failedInARow >= MAX_ATTEMPTS ? 'error' : 'timeout';
  return { outcome, status, prLink: prLinkFor(plan, status), violations, retries, served };
}

/**
 * An analytics-only run: each page is a GET retried up to MAX_ATTEMPTS times; a page that cannot be
 * had fails the step, and the timeout (between two pages, or during a page's retries) ends the report
 * early but keeps it.
 * @param {RunPlan} plan
 * @param {readonly Entry[]} log
 * @param {string[]} violations
 * @param {string[]} served
 * @returns {Expectation}
 */
function expectReport(plan, log, violations, served) {
  const pages = log.filter((entry) => entry.endpoint === 'visitors');
  const needed = Math.max(1, Math.ceil(plan.visitors.pageCount / plan.visitors.pageSize));
  let received = 0;
  let failedInARow = 0;
  let retries = 0;
  for (const entry of pages) {
    if (failedInARow > 0) retries++;
    if (usable(entry)) {
      received++;
      failedInARow = 0;
    } else {
      failedInARow++;
    }
  }
  if (received > needed) violations.push(`${received} pages fetched, the report has ${needed}`);
  const last = pages[pages.length - 1];
  const endedOnPage = last !== undefined && usable(last);
  // A later page whose retries were neither used up nor refused for good can only have been cut
  // short by the deadline: the pages received are kept (src/analytics/paginate.ts).
  const refused =
    last !== undefined &&
    typeof last.response === 'number' &&
    last.response >= 400 &&
    last.response < 500 &&
    last.response !== 429 &&
    last.response !== 408;
  const failed = received === 0 || failedInARow >= MAX_ATTEMPTS || refused;
  /** @type {Outcome} */
  const outcome = endedOnPage ? (received === needed ? 'report' : 'partial-report') : failed ? 'error' : 'partial-report';
  return { outcome, status: undefined, prLink: '', violations, retries, served };
}

/**
 * @param {RunPlan} plan
 * @param {string} status terminal
 * @returns {Outcome}
 */
function outcomeOfTerminal(plan, status) {
  if (status === 'completed') return plan.job.prLink ? 'completed' : 'no-pr';
  return status === 'failed' ? 'failed' : 'archived';
}

/**
 * The emulator shows prLink on completed jobs only.
 * @param {RunPlan} plan
 * @param {string|undefined} status
 */
function prLinkFor(plan, status) {
  return status === 'completed' ? (plan.job.prLink ?? '') : '';
}

/**
 * Whether the step must fail.
 * @param {RunPlan} plan
 * @param {Outcome} outcome
 */
export function expectFailure(plan, outcome) {
  if (outcome === 'report' || outcome === 'partial-report') return false;
  return outcome === 'error' || plan.failOutcomes.has(outcome);
}

/** No run may outlive its timeout by more than one request and a margin for start-up and exit. */
export const HARD_LIMIT_MS = TIMING.timeoutMs + TIMING.requestTimeoutMs + 3000;
