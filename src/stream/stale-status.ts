/**
 * A `pending` status that its run never ended: the runner killed the run before it could say what
 * became of the job (a cancellation's own `error` status is best effort). The run that takes those
 * commits over replaces it, so no commit shows "working" for good. Only the push's `before` is
 * looked at, and only when the change starts further back (the runs after the last documented
 * commit did not finish): one request then, none on an ordinary push.
 */
import type { StreamReads } from './continuation.js';
import { readDocsStatus } from './docs-status.js';

export interface StaleStatus {
  /** The commit whose own status is still pending. */
  readonly sha: string;
  /** The job that status names. */
  readonly jobId: string;
}

/** `sha` (the previous push's head) when its newest own status is still pending; undefined otherwise, or when it cannot be read. */
export async function stalePending(reads: StreamReads, sha: string): Promise<StaleStatus | undefined> {
  const read = await readDocsStatus(reads.github, reads.repository, sha, reads.status);
  return read.kind === 'found' && read.state === 'pending' ? { sha, jobId: read.jobId } : undefined;
}
