/**
 * The GitHub writes that wait for the job's result: the reaction started before it is awaited, the
 * agent's pull request gets its comment, and the job's comment shows the result (`comment-url`).
 */
import type { CommentSession } from '../comment/session.js';
import { setOutput } from '../outputs.js';
import type { RunContext } from '../plan/plan.js';
import type { Settings } from '../settings.js';
import { markAgentPullRequestOf } from './conversation.js';
import type { SettledRun } from './settle.js';

export interface JobWrites {
  /** The `eyes` reaction, started before the job; never rejects. */
  readonly reaction: Promise<void>;
  readonly comment: CommentSession | undefined;
}

export async function afterJob(settings: Settings, writes: JobWrites, settled: SettledRun, context: RunContext): Promise<void> {
  await writes.reaction;
  await markAgentPullRequestOf(settings, settled.jobResult, context);
  // After a failed create there is no job to report on, unless its answer named one; `finished` then writes nothing.
  if (writes.comment !== undefined) setOutput('comment-url', await writes.comment.finished(settled.jobResult, settled.unclearJobId));
}
