/**
 * The plan's second stage, with GitHub (see plan.ts): a review counts only on the agent's pull
 * request, who triggered the run must be allowed to start the agent, and then the conversation or
 * the change is read to make the job's request.
 */
import { resolveChange } from '../change/resolve.js';
import { resolveConversation, reviewedThreadJob } from '../conversation/resolve.js';
import type { Conversation } from '../conversation/screen.js';
import type { ThreadJob } from '../conversation/thread-job.js';
import { ConversationError, InputError } from '../errors.js';
import { checkTrigger } from '../gate/check.js';
import { secretsOf } from '../inputs/run.js';
import type { Settings } from '../settings.js';
import { changeBase } from '../stream/change-base.js';
import * as log from '../log.js';
import { statusCommitOf } from '../stream/continuation.js';
import type { Plan, RunContext, ScreenedRun, Skip } from './plan.js';
import { continuedRequest, documentedSkip, pathsSkipStatus, planContinuation, planSentRecord, planStaleStatus } from './stream.js';

/** The event is for the agent; `threadJob`: the reviewed pull request's job, found on the way. */
interface ForTheAgent {
  readonly kind: 'for-agent';
  readonly threadJob?: ThreadJob;
}

/**
 * Before the trigger check, reading GitHub without writing: a review counts only on a pull request
 * that carries the action's marker, so a stranger's review of any other pull request is skipped
 * green instead of failing the check. Without usable GitHub access nothing is read here: the
 * trigger check, or reading the conversation, says what is missing.
 */
async function screenReview(screened: ScreenedRun, context: RunContext): Promise<Skip | ForTheAgent> {
  if (screened.kind !== 'conversation' || screened.conversation.event.kind !== 'review' || !context.github.ok) return { kind: 'for-agent' };
  const { event } = screened.conversation;
  const threadJob = await reviewedThreadJob(context.github.client, context.event, event.thread);
  if (threadJob !== undefined) return { kind: 'for-agent', threadJob };
  return {
    kind: 'skip',
    reason: `the reviewed pull request has no comment of an agent job, so the review is not for the agent ('pull_request_review' ${event.action})`,
  };
}

/** The comment, review or label the run takes up, read from GitHub: a request, or a bare command's skip. */
async function resolveConversationRun(
  settings: Settings,
  conversation: Conversation,
  threadJob: ThreadJob | undefined,
  context: RunContext,
): Promise<Plan> {
  const { github } = context;
  if (!github.ok && github.reason === 'no-token') {
    throw new InputError('github-token', 'is empty, but the action needs it to read the comment, review or issue that started this run.');
  }
  if (!github.ok) throw new ConversationError(`${github.detail}, so the conversation cannot be read; nothing was sent to the agent.`);
  const resolved = await resolveConversation(conversation, {
    event: context.event,
    github: github.client,
    command: settings.conversation.command,
    secrets: secretsOf(settings.run),
    writesComment: settings.comment !== undefined,
    ...(threadJob && { threadJob }),
  });
  if (resolved.kind === 'bare')
    return { kind: 'skip', reason: resolved.reason, reply: { ...(resolved.tracking && { tracking: resolved.tracking }) } };
  const { event } = conversation;
  if (event.kind === 'review') return planSentRecord(settings, resolved, { kind: 'review', id: event.review.id }, context);
  return resolved.reactTo === undefined
    ? { kind: 'run', request: resolved.request, ...(resolved.threadJob && { threadJob: resolved.threadJob }) }
    : planSentRecord(settings, resolved, { kind: 'command', id: resolved.reactTo.id }, context);
}

/** A run that follows its inputs; one started for a change reads it, which may still skip the run or extend the prompt. */
async function resolveInputsRun(settings: Settings, screened: ScreenedRun & { kind: 'run' }, context: RunContext): Promise<Plan> {
  const { request, change } = screened;
  if (change === undefined || request?.kind !== 'create') return screened;
  const base = await changeBase(change, context);
  if (base.info !== undefined) log.info(base.info);
  if (base.notice !== undefined) log.notice(base.notice);
  if (base.documentedBy !== undefined) return documentedSkip(settings, base.source, base.documentedBy, context.event);
  const outcome = await resolveChange(settings.change, request.prompt, base.source, {
    event: context.event,
    github: context.github,
    clock: context.runtime.clock,
    secrets: secretsOf(settings.run),
  });
  if (outcome.kind === 'skip') {
    const skipStatus = pathsSkipStatus(settings, base.source, context.event);
    return { ...outcome, ...(skipStatus && { skipStatus }) };
  }
  const statusSha = settings.stream.commitStatus ? statusCommitOf(base.source, context.event) : undefined;
  const continuation = await planContinuation(settings, base.source, statusSha, context, base.lastSuccess);
  const prompt = continuedRequest(continuation, request.prompt, outcome.prompt);
  const staleStatus = continuation.kind === 'resume' ? undefined : await planStaleStatus(settings, base.source, context);
  return { kind: 'run', request: prompt, change: base.source, ...(statusSha && { statusSha }), ...(staleStatus && { staleStatus }) };
}

/** The second stage: the review's screen, the trigger check (before any request to the service), then the request. */
export async function resolveRun(settings: Settings, screened: ScreenedRun, context: RunContext): Promise<Plan> {
  const reviewed = await screenReview(screened, context);
  if (reviewed.kind === 'skip') return reviewed;
  // Who triggered the run may not be allowed to start the agent: checked before anything is read for it.
  await checkTrigger(settings.trigger, context.event, context.github);
  if (screened.kind === 'conversation') return resolveConversationRun(settings, screened.conversation, reviewed.threadJob, context);
  return resolveInputsRun(settings, screened, context);
}
