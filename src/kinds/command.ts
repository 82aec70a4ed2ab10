/**
 * A command in a new comment on an issue or pull request (`/docs-agent Also add a Python example`):
 * a follow-up to the thread's job, or a new job with the thread quoted as data.
 */
import type { ConversationEvent } from '../event/conversation.js';
import { parseCommand } from '../conversation/command.js';
import { followUpRequest, instructionText, type FollowUp } from '../conversation/resolve.js';
import { eventText, instructionOf, quoteName, unreadableReason, type Conversation } from '../conversation/screen.js';
import type { ConversationSettings } from '../conversation/settings.js';
import type { UsableRepository } from '../github/repository.js';
import { secretsOf } from '../inputs/run.js';
import type { Settings } from '../settings.js';
import { conversationGitHub, planFollowUp, readsConversation } from '../plan/conversation.js';
import { taken, type Skip, type TriggerKind } from '../plan/plan.js';

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
    const resolved = await followUpRequest(commandFollowUp(settings, conversation, conversationGitHub(context), context.event.serverUrl));
    return planFollowUp(settings, resolved, { kind: 'command', id: conversation.event.comment.id }, context);
  },
};

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
