/** What the conversation kinds (a label, a command, a review) share. */
import type { SentEntry } from '../comment/review-record.js';
import type { ConversationRequest } from '../conversation/resolve.js';
import { ConversationError, InputError } from '../errors.js';
import type { UsableRepository } from '../github/repository.js';
import type { Settings } from '../settings.js';
import type { Plan, RunContext } from './plan.js';
import { planSentRecord } from './stream.js';

/** A prompt, a job id or an analytics report keep the run to its inputs, as in v1. */
export function readsConversation(settings: Settings): boolean {
  return settings.job.request === undefined && settings.analytics === undefined;
}

export function conversationGitHub(context: RunContext): UsableRepository {
  const { github } = context;
  if (github.ok) return github;
  if (github.reason === 'no-token')
    throw new InputError('github-token', 'is empty, but the action needs it to read the comment, review or issue that started this run.');
  throw new ConversationError(`${github.detail}, so the conversation cannot be read; nothing was sent to the agent.`);
}

/** A bare command's skip is answered in the thread. */
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
