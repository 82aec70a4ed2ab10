/** The wait grows after each non-terminal poll, so a long job costs few requests while its end is noticed within one interval. */
import { DeadlineError } from '../errors.js';
import { NotFoundError } from '../service/client.js';
import { isTerminal, type Job, type JobStatus } from '../service/types.js';
import type { Timing } from '../runtime.js';

export const POLL_GROWTH = 1.5;
/** 404s tolerated right after a create or message, while the job may not be visible yet. */
export const TOLERATED_NOT_FOUND = 3;

/** `deadline`: no poll is made after it. */
export interface PollOptions extends Timing {
  readonly getJob: () => Promise<Job>;
  readonly intervalMs: number;
  readonly maxIntervalMs: number;
  /** Wait one interval before the first poll (the job was just created) instead of polling at once. */
  readonly waitFirst: boolean;
  /** Tolerate a few 404s: true right after create/message, false for a job-id given by the user. */
  readonly tolerateNotFound: boolean;
  /** Status seen before polling (from the create/message answer). */
  readonly initialStatus?: JobStatus;
  readonly onStatusChange: (job: Job, previous: JobStatus | undefined) => void;
  readonly onUnknownStatus: (status: string) => void;
  readonly onNotFound: (count: number) => void;
}

export type PollResult =
  | { readonly timedOut: false; readonly job: Job; readonly polls: number }
  | {
      readonly timedOut: true;
      readonly job?: Job;
      readonly polls: number;
      /** Why waiting stopped before the deadline, when it did: a retry that would have passed it. */
      readonly reason?: string;
      /** The wait the service asked for (Retry-After) that would have passed the deadline, when that is why. */
      readonly retryAfterMs?: number;
    };

const KNOWN_NON_TERMINAL: readonly string[] = ['active'];

export async function pollUntilTerminal(options: PollOptions): Promise<PollResult> {
  const { clock, sleep, deadline } = options;
  let interval = options.intervalMs;
  let previous = options.initialStatus;
  let lastJob: Job | undefined;
  let polls = 0;
  let notFound = 0;
  const warnedStatuses = new Set<string>();
  let waitBeforePoll = options.waitFirst;

  for (;;) {
    if (waitBeforePoll) {
      const remaining = deadline - clock();
      if (remaining <= 0) return { timedOut: true, polls, ...(lastJob && { job: lastJob }) };
      await sleep(Math.min(interval, remaining));
      interval = Math.min(options.maxIntervalMs, interval * POLL_GROWTH);
    }
    waitBeforePoll = true;
    polls++;
    let job: Job;
    try {
      job = await options.getJob();
    } catch (error) {
      if (error instanceof NotFoundError && options.tolerateNotFound && notFound < TOLERATED_NOT_FOUND) {
        notFound++;
        options.onNotFound(notFound);
        continue;
      }
      // Retries that run into the deadline end the wait like any other poll at the deadline: the job
      // is still running as far as anyone knows, and `fail-on: timeout` decides, not the timing of a 503.
      if (error instanceof DeadlineError) {
        const asked = error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs };
        return { timedOut: true, polls, reason: error.message, ...asked, ...(lastJob && { job: lastJob }) };
      }
      throw error;
    }
    lastJob = job;
    if (job.status !== previous) {
      options.onStatusChange(job, previous);
      previous = job.status;
    }
    if (isTerminal(job.status)) return { timedOut: false, job, polls };
    if (!KNOWN_NON_TERMINAL.includes(job.status) && !warnedStatuses.has(job.status)) {
      warnedStatuses.add(job.status);
      options.onUnknownStatus(job.status);
    }
    if (clock() >= deadline) return { timedOut: true, job, polls };
  }
}
