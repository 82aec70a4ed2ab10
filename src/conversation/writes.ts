/**
 * What a run writes for a conversation, each a courtesy that never fails the step: the answer to a
 * bare command, the `eyes` reaction on the command comment, the record of a review or command sent,
 * and the comment on the agent's pull request. Each takes the run's GitHub access and writes nothing
 * when there is none; the comment on the agent's pull request goes through the docs repository's handle.
 */
import { describeCommentFailure } from '../comment/failure.js';
import { githubCommentsApi, type CommentsApi } from '../comment/github-api.js';
import { recordedEntries, recordedLine, rerunMayRepeat, sentName, withRecorded, type SentEntry } from '../comment/review-record.js';
import * as log from '../log.js';
import type { RunEvent } from '../event/run-event.js';
import type { DocsRepository } from '../github/docs-repository.js';
import type { RepositoryHandle, UsableRepository } from '../github/repository.js';
import type { Thread } from '../event/payload.js';
import type { JobResult } from '../job/outcome.js';
import type { CommandComment } from '../event/conversation.js';
import { markAgentPullRequest } from './pull-request.js';
import { reactToCommand } from './reaction.js';
import { replyToBareCommand } from './reply.js';
import type { ThreadJob } from './thread-job.js';

export interface ConversationWrites {
  readonly event: RunEvent;
  readonly github: RepositoryHandle;
  /** Where the agent's pull request is: the workflow's repository (`github-token`), or the docs repository (`docs-token`). */
  readonly docs: DocsRepository;
  readonly command: string;
  /** `comment` is true: the run answers a bare command in the thread and comments on the agent's pull request. */
  readonly writesComments: boolean;
}

function commentsOn(github: UsableRepository, thread: Thread): CommentsApi {
  return githubCommentsApi(github.client, { ...github.repository, number: thread.number }, (message) => log.debug(message));
}

/** A bare command: the note in the tracking comment, or a warning saying what to write. */
export async function answerBareCommand(writes: ConversationWrites, tracking: ThreadJob | undefined): Promise<void> {
  const { event, github } = writes;
  const target = event.thread;
  const thread =
    writes.writesComments && github.ok && target !== undefined
      ? { comments: commentsOn(github, target), target, token: github.token }
      : undefined;
  await replyToBareCommand({ command: writes.command, tracking, thread });
}

/** The reaction, started without holding up the job; the promise never rejects. */
export function reactToCommandComment(writes: ConversationWrites, comment: CommandComment): Promise<void> {
  const { event, github } = writes;
  const target = event.thread;
  if (!github.ok || target === undefined) return Promise.resolve();
  return reactToCommand({ github, comment, target });
}

/**
 * The review or command (with its writer) in the thread's tracking comment once the service
 * accepted its follow-up, for a run that writes no job comment of its own (with one, the comment
 * session records it). Never rejects: a refusal is one warning saying a re-run may send it again.
 */
export async function recordSent(writes: ConversationWrites, tracking: ThreadJob, sent: SentEntry): Promise<void> {
  const { event, github } = writes;
  const target = event.thread;
  if (!github.ok || target === undefined) return;
  const comments = commentsOn(github, target);
  const { body } = tracking.comment;
  try {
    await comments.update(tracking.comment.id, withRecorded(body, [...recordedEntries(body), sent]));
    log.info(recordedLine(sent));
  } catch (error) {
    const failure = describeCommentFailure(error, `record ${sentName(sent)} in the job's comment`, target, github.token);
    log.warning(`${failure.message} ${rerunMayRepeat(sent)}`);
  }
}

/** After the job phase: the comment on the pull request of a job that completed with one (`comment: true` only). */
export async function markPullRequestOf(writes: ConversationWrites, result: JobResult | undefined): Promise<void> {
  const prLink = result?.job?.prLink;
  if (result === undefined || result.outcome !== 'completed' || prLink === undefined) return;
  if (!writes.writesComments) return;
  await markAgentPullRequest({
    docs: writes.docs,
    event: writes.event,
    jobId: result.jobId,
    prLink,
    command: writes.command,
    commentTarget: writes.event.thread,
  });
}
