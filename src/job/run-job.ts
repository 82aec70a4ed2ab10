/** The job phase: create, message or pick up a job; then, unless `wait: false`, poll until it ends. */
import * as log from '../log.js';
import { formatDuration } from '../inputs/duration.js';
import { JobWaitError, messageOf } from '../errors.js';
import { setOutput } from '../outputs.js';
import { NotFoundError, type MintlifyClient } from '../service/client.js';
import { isTerminal, type Job, type JobStatus } from '../service/types.js';
import type { JobRequest } from './settings.js';
import type { Timing } from '../runtime.js';
import { outcomeOf, type JobResult } from './outcome.js';
import { PendingRequest } from './pending.js';
import { pollUntilTerminal } from './poll.js';

export interface JobPhaseOptions extends Timing {
  readonly client: MintlifyClient;
  readonly projectId: string;
  readonly request: JobRequest;
  readonly wait: boolean;
  readonly pollIntervalMs: number;
  readonly maxPollIntervalMs: number;
  /** Called as soon as the job id is known, before any waiting (outputs, comment, cancel hint). */
  readonly onJobKnown: (job: Job | undefined, jobId: string) => Promise<void> | void;
  /** Called when a create or message request is sent, so that a cancelled run can wait for its answer. */
  readonly onRequestSent?: (request: PendingRequest) => void;
}

/**
 * The job as this run follows it: an answer that names another id (a message's answer, a poll)
 * does not switch the run to that job; it is warned about once and the id asked for is kept.
 */
function keepJobId(job: Job, jobId: string, warned: Set<string>, what: string): Job {
  if (job.id === jobId) return job;
  if (!warned.has(job.id)) {
    warned.add(job.id);
    log.warning(
      `The answer to ${what} names job ${job.id}, not job ${jobId}; this run keeps following job ${jobId}. Check both in the Mintlify dashboard.`,
    );
  }
  return { ...job, id: jobId };
}

async function startJob(options: JobPhaseOptions, warnedIds: Set<string>): Promise<Job | undefined> {
  const { client, projectId, request } = options;
  switch (request.kind) {
    case 'create':
      return log.group('Start agent job', async () => {
        const answer = client.createJob(projectId, request.prompt);
        options.onRequestSent?.(new PendingRequest('create', answer));
        const job = await answer;
        log.info(`Created job ${job.id} (status '${job.status}').`);
        return job;
      });
    case 'message':
      return log.group(`Send follow-up to job ${request.jobId}`, async () => {
        const answer = client.sendMessage(projectId, request.jobId, request.prompt);
        options.onRequestSent?.(new PendingRequest('message', answer, request.jobId));
        const job = keepJobId(await answer, request.jobId, warnedIds, 'the follow-up');
        log.info(`Sent follow-up to job ${job.id} (status '${job.status}').`);
        return job;
      });
    case 'wait':
      return undefined;
  }
}

export async function runJobPhase(options: JobPhaseOptions): Promise<JobResult> {
  const { clock, request } = options;
  const started = clock();
  const warnedIds = new Set<string>();
  const first = await startJob(options, warnedIds);
  const jobId = first?.id ?? (request.kind === 'wait' ? request.jobId : '');
  await options.onJobKnown(first, jobId);

  if (!options.wait) {
    const status: JobStatus = first?.status ?? 'active';
    return { request, jobId, ...(first && { job: first }), status, outcome: 'started', polls: 0, elapsedMs: clock() - started };
  }
  // A new job that is already over needs no poll. A follow-up's answer may still show the
  // previous run's terminal status, so messages are always polled.
  if (request.kind === 'create' && first !== undefined && isTerminal(first.status)) {
    return finish(request, first, false, 0, clock() - started);
  }

  const result = await log.group(`Wait for job ${jobId}`, () =>
    pollUntilTerminal({
      getJob: async () => keepJobId(await options.client.getJob(options.projectId, jobId), jobId, warnedIds, `get job ${jobId}`),
      clock,
      sleep: options.sleep,
      intervalMs: options.pollIntervalMs,
      maxIntervalMs: options.maxPollIntervalMs,
      deadline: options.deadline,
      waitFirst: first !== undefined,
      tolerateNotFound: first !== undefined,
      ...(first && { initialStatus: first.status }),
      onStatusChange: (job, previous) => {
        const from = previous === undefined ? '' : `${previous} → `;
        log.info(`Job ${job.id}: ${from}${job.status} (${formatDuration(clock() - started)})`);
        // Kept current, so that a poll that later fails or a cancelled step still reports the last status seen.
        setOutput('status', job.status);
      },
      onUnknownStatus: (status) =>
        log.warning(
          `Job ${jobId} reports status '${status}', which this action does not know; still waiting for completed, archived or failed.`,
        ),
      onNotFound: (count) => log.debug(`Job ${jobId} not visible yet (404 #${count}); retrying.`),
    }).catch((error: unknown) => {
      throw stoppedWaiting(error, jobId);
    }),
  );
  const job = result.job ?? first;
  const timeoutReason = {
    ...(result.timedOut && result.reason !== undefined && { timeoutReason: result.reason }),
    ...(result.timedOut && result.retryAfterMs !== undefined && { retryAfterMs: result.retryAfterMs }),
  };
  if (job === undefined) {
    // Only a user-given job-id can end here: the first poll did not finish before the timeout.
    return { request, jobId, status: 'active', outcome: 'timeout', polls: result.polls, elapsedMs: clock() - started, ...timeoutReason };
  }
  return { ...finish(request, job, result.timedOut, result.polls, clock() - started), ...timeoutReason };
}

/**
 * A poll that gave up leaves the job running on the service: the failure says how to pick it up,
 * as a timeout does. A 404 is left alone: its message already says to check the job id.
 */
function stoppedWaiting(error: unknown, jobId: string): unknown {
  if (error instanceof NotFoundError) return error;
  const message = messageOf(error).trimEnd();
  const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
  return new JobWaitError(
    `${sentence} Job ${jobId} may still be running; to wait for it again, run the action with job-id: ${jobId} and no prompt.`,
    { cause: error },
  );
}

function finish(request: JobRequest, job: Job, timedOut: boolean, polls: number, elapsedMs: number): JobResult {
  if (job.prLink !== undefined) log.notice(`Pull request for job ${job.id}: ${job.prLink}`);
  const outcome = outcomeOf(job.status, job.prLink, timedOut);
  return { request, jobId: job.id, job, status: job.status, outcome, polls, elapsedMs };
}
