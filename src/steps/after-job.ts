/**
 * The GitHub writes that wait for the job's result: the reactions started before it are awaited, the
 * commit status shows the result, the agent's pull request gets its comment, and the job's comment
 * shows the result (`comment-url`).
 */
import type { CommentSession } from '../comment/session.js';
import { setOutput } from '../outputs.js';
import type { RunContext } from '../plan/plan.js';
import type { Settings } from '../settings.js';
import { markAgentPullRequestOf } from './conversation.js';
import type { SettledRun } from './settle.js';
import type { StatusWriter } from './status.js';

export interface JobWrites {
  /** The `eyes` reaction, started before the job; never rejects. */
  readonly reaction: Promise<void>;
  readonly comment: CommentSession | undefined;
  /** The `docs-agent` commit status of a change run. */
  readonly status: StatusWriter | undefined;
  /** The `rocket` on the command comment, once the service accepted it. */
  readonly rocket: () => Promise<void>;
  /** The review's or command's id in the thread's tracking comment, once the service accepted it (without a job comment of the run's own). */
  readonly sentRecord: () => Promise<void>;
}

export async function afterJob(settings: Settings, writes: JobWrites, settled: SettledRun, context: RunContext): Promise<void> {
  await writes.reaction;
  await writes.rocket();
  await writes.sentRecord();
  await writes.status?.finished(settled);
  await markAgentPullRequestOf(settings, settled.jobResult, context);
  // After a failed create there is no job to report on, unless its answer named one; `finished` then writes nothing.
  if (writes.comment !== undefined) setOutput('comment-url', await writes.comment.finished(settled.jobResult, settled.unclearJobId));
}
