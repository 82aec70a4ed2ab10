/** The GitHub writes that wait for the job's result, the job's comment last (`comment-url`). */
import type { CommentSession } from '../comment/session.js';
import type { AgentPullRequest } from '../conversation/pull-request.js';
import { setOutput } from '../outputs.js';
import type { SettledRun } from './settle.js';
import type { StatusWriter } from './status.js';

export interface JobWrites {
  /** Each of these never rejects. */
  readonly reaction: Promise<void>;
  readonly comment: Pick<CommentSession, 'finished'> | undefined;
  readonly status: Pick<StatusWriter, 'finished'> | undefined;
  readonly rocket: Promise<void>;
  readonly sentRecord: Promise<void>;
  readonly pullRequest: Pick<AgentPullRequest, 'mark'> | undefined;
}

export async function afterJob(writes: JobWrites, settled: SettledRun): Promise<void> {
  await writes.reaction;
  await writes.rocket;
  await writes.sentRecord;
  await writes.status?.finished(settled);
  await writes.pullRequest?.mark(settled.jobResult);
  // After a failed create there is no job to report on, unless its answer named one; `finished` then writes nothing.
  if (writes.comment !== undefined) setOutput('comment-url', await writes.comment.finished(settled.jobResult, settled.unclearJobId));
}
