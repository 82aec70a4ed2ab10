/**
 * A `pending` status its run never ended (the runner killed it; a cancellation's own `error` is best
 * effort): the run that takes its commits over replaces it, so no commit shows "working" for good.
 */
import type { StreamReads } from './continuation.js';
import { readDocsStatus } from './docs-status.js';

export interface StaleStatus {
  readonly sha: string;
  readonly jobId: string;
}

/** Undefined when the status is not pending, or cannot be read. */
export async function stalePending(reads: StreamReads, sha: string): Promise<StaleStatus | undefined> {
  const read = await readDocsStatus(reads.github, reads.repository, sha, reads.status);
  return read.kind === 'found' && read.state === 'pending' ? { sha, jobId: read.jobId } : undefined;
}
