/** What a run writes for a conversation: each a courtesy, whose refusal is one warning, never a failed step. */
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

/** The job does not wait for it; never rejects. */
export function startReaction(plan: RunPlan, context: RunContext): Promise<void> {
  const { github } = context;
  const target = context.event.thread;
  if (plan.reactTo === undefined || !github.ok || target === undefined) return Promise.resolve();
  return reactToCommand({ github, comment: plan.reactTo, target });
}

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

/** The commenter sees the agent has it (a re-run reads the tracking comment's record, not the reaction). */
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

/** With a job comment of the run's own, its session records it instead. */
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

/** `comment: true` only. */
export function openAgentPullRequest(settings: Settings, context: RunContext): AgentPullRequest | undefined {
  if (settings.comment === undefined) return undefined;
  return new AgentPullRequest({ docs: context.docs, event: context.event, command: settings.conversation.command });
}
