// @ts-check
// Agent jobs and their state machine. Each create/message starts a "run" that snapshots the job
// scenario, so a job keeps its script even if the scenario changes mid-poll; how bodies are
// presented (extraFields, malformed) follows the scenario current at response time instead.
import { randomBytes } from 'node:crypto';

/** @typedef {import('./scenario.js').JobScenario} JobScenario */

/**
 * @typedef {object} JobRun
 * @property {number} startedAtMs
 * @property {string[]} statuses successive GET statuses (used when completeAfterMs is null)
 * @property {number|null} completeAfterMs
 * @property {string} finalStatus
 * @property {number} pollCount GETs answered 200 since the run started
 * @property {number} notFoundPollsLeft
 */

/**
 * @typedef {object} JobRecord
 * @property {string} id
 * @property {string} projectId
 * @property {number} sequence 1-based creation order; numbers the default PR link and branch
 * @property {string[]} prompts the create prompt followed by each follow-up message
 * @property {number} createdAtMs
 * @property {string} model
 * @property {string} repository
 * @property {string|null} ref
 * @property {string|null} prLink the link shown once the job is completed
 * @property {number|null} archivedAtMs set when the job is first seen archived
 * @property {JobRun} run
 */

const DEFAULT_REPOSITORY = 'https://github.com/acme/docs';

/**
 * @param {JobScenario} scenario
 * @param {number} now
 * @param {number} notFoundPolls
 * @returns {JobRun}
 */
function startRun(scenario, now, notFoundPolls) {
  const finalStatus = scenario.finalStatus ?? 'completed';
  return {
    startedAtMs: now,
    statuses: scenario.statuses?.length ? [...scenario.statuses] : ['active', finalStatus],
    completeAfterMs: scenario.completeAfterMs ?? null,
    finalStatus,
    pollCount: 0,
    notFoundPollsLeft: notFoundPolls,
  };
}

/** @param {number} ms */
const isoTime = (ms) => new Date(ms).toISOString();

export class JobStore {
  /** @type {Map<string, JobRecord>} keyed by job id (ids are unique across projects) */
  jobs = new Map();
  createdCount = 0;
  #sequence = 0;
  #clock;

  /** @param {() => number} clock */
  constructor(clock) {
    this.#clock = clock;
  }

  /**
   * @param {string} projectId
   * @param {string} prompt
   * @param {JobScenario} scenario
   * @returns {JobRecord}
   */
  create(projectId, prompt, scenario) {
    const now = this.#clock();
    const sequence = ++this.#sequence;
    // A random suffix keeps ids unique across emulator instances, so a client cache can't mix them up.
    const id = `job_${sequence}_${randomBytes(6).toString('hex')}`;
    /** @type {JobRecord} */
    const record = {
      id,
      projectId,
      sequence,
      prompts: [prompt],
      createdAtMs: now,
      model: scenario.model ?? 'sonnet',
      repository: scenario.repository ?? DEFAULT_REPOSITORY,
      ref: scenario.ref === undefined ? `mintlify/agent-${sequence}` : scenario.ref,
      prLink: scenario.prLink === undefined ? `${DEFAULT_REPOSITORY}/pull/${sequence}` : scenario.prLink,
      archivedAtMs: null,
      run: startRun(scenario, now, scenario.notFoundPolls ?? 0),
    };
    this.jobs.set(id, record);
    this.createdCount += 1;
    return record;
  }

  /**
   * Jobs belong to a project: another project's id is not found.
   * @param {string} projectId
   * @param {string} id
   */
  find(projectId, id) {
    const record = this.jobs.get(id);
    return record && record.projectId === projectId ? record : undefined;
  }

  /**
   * Answers one GET: null while the job still plays "not found yet", else the job body.
   * @param {JobRecord} record
   * @returns {Record<string, unknown>|null}
   */
  poll(record) {
    const run = record.run;
    if (run.notFoundPollsLeft > 0) {
      run.notFoundPollsLeft -= 1;
      return null;
    }
    const now = this.#clock();
    const status =
      run.completeAfterMs === null
        ? (run.statuses[Math.min(run.pollCount, run.statuses.length - 1)] ?? run.finalStatus)
        : now - run.startedAtMs >= run.completeAfterMs
          ? run.finalStatus
          : 'active';
    run.pollCount += 1;
    return this.#body(record, status);
  }

  /**
   * A follow-up message makes the job active again and replays the scenario from the start.
   * @param {JobRecord} record
   * @param {string} prompt
   * @param {JobScenario} scenario
   */
  message(record, prompt, scenario) {
    record.prompts.push(prompt);
    record.archivedAtMs = null;
    if (scenario.prLink !== undefined) record.prLink = scenario.prLink;
    // notFoundPolls models a freshly created job only, not a message.
    record.run = startRun(scenario, this.#clock(), 0);
  }

  /**
   * The body returned by create/message.
   * @param {JobRecord} record
   * @param {JobScenario} scenario
   */
  accepted(record, scenario) {
    return this.#body(record, scenario.createStatus ?? 'active');
  }

  clear() {
    this.jobs.clear();
    this.createdCount = 0;
  }

  /**
   * @param {JobRecord} record
   * @param {string} status
   * @returns {Record<string, unknown>}
   */
  #body(record, status) {
    if (status === 'archived' && record.archivedAtMs === null) record.archivedAtMs = this.#clock();
    return {
      id: record.id,
      status,
      source: { repository: record.repository, ref: record.ref },
      model: record.model,
      // The API documents prLink as null while active; the emulator shows it on completed jobs only.
      prLink: status === 'completed' ? record.prLink : null,
      createdAt: isoTime(record.createdAtMs),
      archivedAt: status === 'archived' && record.archivedAtMs !== null ? isoTime(record.archivedAtMs) : null,
    };
  }
}

/**
 * Applies the scenario's presentation quirks to a job body.
 * @param {Record<string, unknown>} job
 * @param {JobScenario} scenario
 * @returns {unknown}
 */
export function presentJob(job, scenario) {
  // Known fields win over extraFields so that extras can't break the state machine by accident.
  const body = { ...scenario.extraFields, ...job };
  switch (scenario.malformed) {
    case 'missing-id':
      delete body.id;
      return body;
    case 'missing-status':
      delete body.status;
      return body;
    case 'status-number':
      return { ...body, status: 1 };
    case 'not-object':
      // An array passes a naive `typeof body === 'object'` check, which is what this tests.
      return [body];
    default:
      return body;
  }
}
