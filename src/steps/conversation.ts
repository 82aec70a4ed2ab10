/**
 * What a run writes for a conversation: the `eyes` reaction on the command comment, the answer to a
 * bare command, the `rocket` and the record of what was sent once the service accepted it, the
 * comment on the agent's pull request. Each is a courtesy: a refusal is one warning, never a failed step.
 */
import * as log from '../log.js';
import { githubCommentsApi, type CommentsApi } from '../comment/github-api.js';
import type { CommentSession } from '../comment/session.js';
import { AgentPullRequest } from '../conversation/pull-request.js';
import { reactToCommand } from '../conversation/reaction.js';
import { recordSent } from '../conversation/record.js';
import { replyToBareCommand } from '../conversation/reply.js';
import type { Thread } from '../event/payload.js';
import { failureText } from '../github/failure.js';
import type { UsableRepository } from '../github/repository.js';
import type { RunContext, RunPlan, Skip } from '../plan/plan.js';
import type { Settings } from '../settings.js';
import { addRocketReaction } from '../stream/reactions.js';

function commentsOn(github: UsableRepository, thread: Thread): CommentsApi {
  return githubCommentsApi(github.client, { ...github.repository, number: thread.number }, (message) => log.debug(message));
}

/** The commenter sees at once that the command was heard; the job does not wait for it. Never rejects. */
export function startReaction(plan: RunPlan, context: RunContext): Promise<void> {
  const { github } = context;
  const target = context.event.thread;
  if (plan.reactTo === undefined || !github.ok || target === undefined) return Promise.resolve();
  return reactToCommand({ github, comment: plan.reactTo, target });
}

/** A bare command: the note in the thread's tracking comment (`comment: true`), or a warning saying what to write. */
export async function answerBareCommandOf(settings: Settings, skip: Skip, context: Pick<RunContext, 'event' | 'github'>): Promise<void> {
  if (skip.reply === undefined) return;
  const { github } = context;
  const target = context.event.thread;
  const thread =
    settings.comment !== undefined && github.ok && target !== undefined
      ? { comments: commentsOn(github, target), target, token: github.token }
      : undefined;
  await replyToBareCommand({ command: settings.conversation.command, tracking: skip.reply.tracking, thread });
}

/**
 * The `rocket` on the command comment once the service accepted what it asked (`accepted`): the
 * commenter sees the agent has it (a re-run reads the tracking comment's record, not the reaction).
 * Never rejects for GitHub's failures, which are one warning.
 */
export async function rocketOnceAccepted(plan: RunPlan, context: RunContext, accepted: Promise<string | undefined>): Promise<void> {
  const { github } = context;
  const comment = plan.rocketOn;
  if (comment === undefined || !github.ok || (await accepted) === undefined) return;
  const written = await addRocketReaction(github.client, github.repository, comment);
  if (written.kind === 'added') return log.info(`Reacted with 'rocket' to the command comment ${comment.id}: the agent has it.`);
  const why = failureText(written, 'allows');
  log.warning(
    `The 'rocket' reaction could not be added to the command comment ${comment.id} (${why}); the agent has the command all the same.`,
  );
}

/**
 * The review's or command's id in the thread's tracking comment once the service accepted its
 * follow-up (`accepted`). The job's comment session, when the run has one, writes it into the
 * comment it keeps; otherwise it is written here. Never rejects.
 */
export async function recordOnceAccepted(
  plan: RunPlan,
  context: RunContext,
  comment: CommentSession | undefined,
  accepted: Promise<string | undefined>,
): Promise<void> {
  const { recordSent: sent, threadJob } = plan;
  const { github } = context;
  const target = context.event.thread;
  if (sent === undefined || threadJob === undefined || comment !== undefined || !github.ok || target === undefined) return;
  if ((await accepted) === undefined) return;
  await recordSent({ comments: commentsOn(github, target), target, token: github.token }, threadJob, sent);
}

/** The comment on the agent's pull request (`comment: true` only), written after the job through the docs repository's handle. */
export function openAgentPullRequest(settings: Settings, context: RunContext): AgentPullRequest | undefined {
  if (settings.comment === undefined) return undefined;
  return new AgentPullRequest({ docs: context.docs, event: context.event, command: settings.conversation.command });
}
