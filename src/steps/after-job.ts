/**
 * The GitHub writes that wait for the job's result: the reactions started before it are awaited, the
 * commit status shows the result, the agent's pull request gets its comment, and the job's comment
 * shows the result (`comment-url`).
 */
import type { CommentSession } from '../comment/session.js';
import type { AgentPullRequest } from '../conversation/pull-request.js';
import { setOutput } from '../outputs.js';
import type { SettledRun } from './settle.js';
import type { StatusWriter } from './status.js';

export interface JobWrites {
  /** The `eyes` reaction, started before the job; never rejects. */
  readonly reaction: Promise<void>;
  readonly comment: Pick<CommentSession, 'finished'> | undefined;
  /** The `docs-agent` commit status of a change run. */
  readonly status: Pick<StatusWriter, 'finished'> | undefined;
  /** The `rocket` on the command comment, once the service accepted it; never rejects. */
  readonly rocket: Promise<void>;
  /** The review's or command's id in the thread's tracking comment (without a job comment of the run's own); never rejects. */
  readonly sentRecord: Promise<void>;
  /** The comment on the agent's pull request (`comment: true`). */
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
