/** A create or message on its way, as a cancelled run sees it: the service may act on a request whose answer never comes. */
import { AmbiguousRequestError, AuthError, DeadlineError, NetworkError, ServiceError } from '../errors.js';
import type { Job } from '../service/types.js';

export type RequestKind = 'create' | 'message';

/**
 * - `answered`: the service named the job (for a message: the job the message went to).
 * - `refused`: refused or never sent (4xx, 401/403, connection never made): the service did not act.
 * - `unclear`: the service may have acted (5xx, connection lost after sending, a wrong-shaped answer without an id, the unexpected).
 */
export type AnswerOutcome =
  { readonly kind: 'answered'; readonly jobId: string } | { readonly kind: 'refused' } | { readonly kind: 'unclear' };

/** What a failed create or message means for the job; `followedJobId` is the job a message went to. */
export function outcomeOfFailure(error: unknown, followedJobId: string | undefined): AnswerOutcome {
  // An id on the error means a 2xx answer of the wrong shape: the service did act.
  if (error instanceof AmbiguousRequestError) {
    return error.jobId === undefined ? { kind: 'unclear' } : { kind: 'answered', jobId: followedJobId ?? error.jobId };
  }
  // A POST is retried only while the service certainly did not act (429, connection never made), so
  // running out of retries or of time means the same; a POST's NetworkError is "not sent" for the same reason.
  if (error instanceof AuthError || error instanceof NetworkError || error instanceof DeadlineError) return { kind: 'refused' };
  if (error instanceof ServiceError && error.status !== undefined && error.status < 500) return { kind: 'refused' };
  return { kind: 'unclear' };
}

export class PendingRequest {
  /** Undefined while the answer has not come. */
  outcome: AnswerOutcome | undefined;
  /** Settles (never rejects) when the answer comes. */
  readonly settled: Promise<AnswerOutcome>;

  constructor(
    readonly kind: RequestKind,
    answer: Promise<Job>,
    /** For a message: the job it was sent to, the one this run follows whatever the answer says. */
    readonly followedJobId?: string,
  ) {
    this.settled = answer.then(
      (job): AnswerOutcome => ({ kind: 'answered', jobId: followedJobId ?? job.id }),
      (error: unknown) => outcomeOfFailure(error, followedJobId),
    );
    void this.settled.then((outcome) => {
      this.outcome = outcome;
    });
  }
}
