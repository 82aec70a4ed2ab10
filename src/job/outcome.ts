/** How a job phase ended, in the words `fail-on` uses. */
import type { FailOutcome, JobRequest } from './settings.js';
import type { Job, JobStatus } from '../service/types.js';

/** `started`: `wait: false`, the job was left running. */
export type JobOutcome = FailOutcome | 'completed' | 'started';

export interface JobResult {
  readonly request: JobRequest;
  readonly jobId: string;
  /** Last job seen: from the create/message answer or the latest poll. */
  readonly job?: Job;
  readonly status: JobStatus;
  readonly outcome: JobOutcome;
  readonly polls: number;
  readonly elapsedMs: number;
  /** With outcome `timeout`: why waiting stopped before the timeout ran out, when it did. */
  readonly timeoutReason?: string;
  /** With outcome `timeout`: the wait the service asked for (Retry-After) that reached past the timeout. */
  readonly retryAfterMs?: number;
}

export function outcomeOf(status: JobStatus, prLink: string | undefined, timedOut: boolean): JobOutcome {
  if (timedOut) return 'timeout';
  switch (status) {
    case 'completed':
      return prLink === undefined ? 'no-pr' : 'completed';
    case 'failed':
      return 'failed';
    case 'archived':
      return 'archived';
    default:
      return 'started';
  }
}

/** Whether `fail-on` turns this outcome into a failed step. */
export function failsStep(outcome: JobOutcome, failOn: ReadonlySet<FailOutcome>): boolean {
  return outcome !== 'completed' && outcome !== 'started' && failOn.has(outcome);
}

/** `https://github.com/o/r/pull/12` → `12`. */
export function prNumberOf(prLink: string | undefined): string | undefined {
  if (prLink === undefined) return undefined;
  return /\/pull\/(\d+)(?:[/?#]|$)/.exec(prLink)?.[1];
}

/** The sentence that explains a failing outcome; also names how to resume after a timeout. */
export function outcomeMessage(result: JobResult, timeoutText: string): string {
  const id = result.jobId;
  switch (result.outcome) {
    case 'timeout': {
      const when =
        result.timeoutReason === undefined
          ? `when the timeout (${timeoutText}) ran out`
          : `when waiting stopped before the timeout (${timeoutText}) ran out: ${result.timeoutReason.replace(/\.$/, '')}`;
      return `Job ${id} was still '${result.status}' ${when}. To keep waiting, run the action again with job-id: ${id} and no prompt.`;
    }
    case 'failed':
      return `Job ${id} failed.`;
    case 'archived':
      return `Job ${id} was archived before it finished.`;
    case 'no-pr':
      return `Job ${id} completed without a pull request (the agent changed no files).`;
    default:
      return `Job ${id} ended as '${result.status}'.`;
  }
}
