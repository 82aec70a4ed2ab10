/**
 * A command in a new comment on an issue or pull request (`/docs-agent Also add a Python example`):
 * a follow-up to the thread's job, or a new job with the thread quoted as data.
 */
import type { ConversationEvent } from '../event/conversation.js';
import { pullRequestOf, type PullEvent } from '../event/change.js';
import { parseCommand } from '../conversation/command.js';
import { followUpRequest, instructionText, type ConversationRequest, type FollowUp } from '../conversation/resolve.js';
import { eventText, instructionOf, quoteName, unreadableReason, type Conversation } from '../conversation/screen.js';
import type { ConversationSettings } from '../conversation/settings.js';
import { adviseOnGitHubFailure, askFor } from '../github/failure.js';
import type { UsableRepository } from '../github/repository.js';
import { secretsOf } from '../inputs/run.js';
import * as log from '../log.js';
import type { Settings } from '../settings.js';
import { resolveChange } from '../plan/change.js';
import { conversationGitHub, planFollowUp, readsConversation } from '../plan/conversation.js';
import { taken, type RunContext, type Skip, type TriggerKind } from '../plan/plan.js';
import { pull } from './pull.js';

type Commanded = Conversation<Extract<ConversationEvent, { kind: 'comment' }>>;

const COMMENT_EVENTS: readonly string[] = ['issue_comment', 'pull_request_review_comment'];

export function screenCommand(
  settings: ConversationSettings,
  name: string,
  comment: ConversationEvent | 'unreadable',
): Commanded | Skip | undefined {
  if (!COMMENT_EVENTS.includes(name)) return undefined;
  if (comment === 'unreadable') return { kind: 'skip', reason: unreadableReason(name) };
  if (comment.kind !== 'comment') return undefined;
  const happened = eventText(name, comment.action);
  // An edit or a deletion never sends an instruction again: fixing a typo must not repeat a request.
  if (comment.action !== 'created') return { kind: 'skip', reason: `only new comments are read, and this one was not (${happened})` };
  if (parseCommand(comment.comment.body, settings.command).kind === 'none')
    return { kind: 'skip', reason: `the comment does not start with ${quoteName(settings.command)} (${happened})` };
  return { event: comment, ...instructionOf(comment.comment.body, settings.command, true) };
}

export const command: TriggerKind<Commanded> = {
  screen(settings, event) {
    if (!readsConversation(settings) || event.conversation === undefined) return undefined;
    const screened = screenCommand(settings.conversation, event.name, event.conversation);
    return screened === undefined || 'kind' in screened ? screened : taken(this, screened);
  },
  async resolve(settings, conversation, _request, context) {
    const github = conversationGitHub(context);
    const { thread } = conversation.event;
    const resolved = await followUpRequest(commandFollowUp(settings, conversation, github, context.event.serverUrl));
    const drafted = thread.kind === 'pull-request' ? await withPullChange(settings, resolved, thread.number, github, context) : resolved;
    return planFollowUp(settings, drafted, { kind: 'command', id: conversation.event.comment.id }, context);
  },
};

/**
 * A new job asked for on a pull request the docs check named pages on: its prompt carries the pull
 * request's change as well, as the change context gives a merged pull request's. When the change
 * cannot be read, or holds nothing worth a section, the draft is asked for with what the check recorded.
 */
async function withPullChange(
  settings: Settings,
  resolved: ConversationRequest,
  number: number,
  github: UsableRepository,
  context: RunContext,
): Promise<ConversationRequest> {
  if (resolved.kind !== 'request' || resolved.checked !== true || resolved.request.kind !== 'create') return resolved;
  const without = "The prompt carries what the docs check recorded, without the pull request's change";
  let source: PullEvent | undefined;
  try {
    source = pullRequestOf((await (await github.client.rest()).pulls.get({ ...github.repository, pull_number: number })).data);
  } catch (error) {
    const advice = adviseOnGitHubFailure(error, { fix: askFor('pull-requests: read', 'workflow'), secrets: [github.token] });
    log.warning(`Could not read pull request #${number}: ${advice.text}. ${without}.`);
    return resolved;
  }
  if (source === undefined) {
    log.warning(`GitHub's answer for pull request #${number} is not a pull request. ${without}.`);
    return resolved;
  }
  const outcome = await resolveChange(pull.change, settings, { source, instruction: resolved.request.prompt }, context);
  if (outcome.kind === 'skip') {
    log.info(`${without}: ${outcome.reason}`);
    return resolved;
  }
  return { ...resolved, request: { kind: 'create', prompt: outcome.prompt } };
}

/** Its words after the command word. */
export function commandFollowUp(settings: Settings, conversation: Commanded, github: UsableRepository, serverUrl: string): FollowUp {
  const { event } = conversation;
  return {
    github,
    thread: event.thread,
    serverUrl,
    instruction: instructionText(conversation.instruction),
    written: [['the comment', conversation.hidden]],
    bare: `the command '${settings.conversation.command}' has no instruction after it`,
    reactTo: event.comment,
    secrets: secretsOf(settings.run),
    writesComment: settings.comment !== undefined,
  };
}
