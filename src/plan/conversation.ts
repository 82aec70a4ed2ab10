/**
 * What the conversation kinds (a label, a command, a review) share: when they read the event at
 * all, the repository they read it from, and a follow-up's plan.
 */
import type { SentEntry } from '../comment/review-record.js';
import type { ConversationRequest } from '../conversation/resolve.js';
import { ConversationError, InputError } from '../errors.js';
import type { UsableRepository } from '../github/repository.js';
import type { Settings } from '../settings.js';
import type { Plan, RunContext } from './plan.js';
import { planSentRecord } from './stream.js';

/**
 * The action reads a comment, review or label itself only in a run the workflow gave nothing else
 * to do: a prompt, a job id or an analytics report keep the run to its inputs, as in v1.
 */
export function readsConversation(settings: Settings): boolean {
  return settings.job.request === undefined && settings.analytics === undefined;
}

/** The workflow's repository, which the conversation is read from; throws when it cannot be. */
export function conversationGitHub(context: RunContext): UsableRepository {
  const { github } = context;
  if (github.ok) return github;
  if (github.reason === 'no-token')
    throw new InputError('github-token', 'is empty, but the action needs it to read the comment, review or issue that started this run.');
  throw new ConversationError(`${github.detail}, so the conversation cannot be read; nothing was sent to the agent.`);
}

/** A command's or review's plan: a bare one's skip (answered in the thread), or its request with the record of what was sent. */
export function planFollowUp(
  settings: Settings,
  resolved: ConversationRequest,
  sent: Pick<SentEntry, 'kind' | 'id'>,
  context: RunContext,
): Promise<Plan> | Plan {
  if (resolved.kind === 'bare')
    return { kind: 'skip', reason: resolved.reason, reply: { ...(resolved.tracking && { tracking: resolved.tracking }) } };
  return planSentRecord(settings, resolved, sent, context);
}
