/**
 * Which comments, reviews and labels are for the agent, decided from the event payload alone, before
 * the trigger check: a comment that is not a command, an edit, an approval, a label other than
 * `trigger-label` end the run green at once, so a workflow needs no `if:` to keep the agent quiet
 * and a stranger's remark never fails a run.
 */
import { withoutHidden, type Removed } from '../text/hidden.js';
import { quote } from '../text/quote.js';
import { parseCommand } from './command.js';
import type { ConversationEvent, ConversationEventName } from '../event/conversation.js';
import type { ConversationSettings } from './settings.js';

/** A comment, review or label the run takes up, with what it asks. */
export interface Conversation {
  readonly event: ConversationEvent;
  /**
   * The text after the command (a comment, a `commented` review), or a `changes_requested`
   * review's body; '' for a bare command or an empty review, and for a label (the issue is the request).
   */
  readonly instruction: string;
  /** What GitHub does not show, removed from the comment or review the instruction comes from. */
  readonly hidden?: Removed;
}

export type ConversationScreen =
  | { readonly kind: 'skip'; readonly reason: string }
  | { readonly kind: 'take'; readonly conversation: Conversation }
  /** Not a conversation (an `issues` event other than a label): the run follows its inputs as before. */
  | { readonly kind: 'inputs' };

/** `issues` runs that start a job on the issue without a prompt. */
const LABEL_ACTIONS = ['labeled'];

function quoteName(command: string): string {
  return `'${command}'`;
}

/**
 * The instruction of a comment or review that is for the agent, from its text as GitHub shows it
 * (withoutHidden): whether it is a command is read on the text as written, so a command hidden in
 * an HTML comment is none, and the words after it lose what a reader does not see.
 */
function instructionOf(body: string, command: string, asCommand: boolean): { readonly instruction: string; readonly hidden: Removed } {
  const visible = withoutHidden(body);
  const parsed = parseCommand(visible.text, command);
  const instruction = parsed.kind === 'command' ? parsed.instruction : asCommand ? '' : visible.text.trim();
  return { instruction, hidden: visible.removed };
}

/** `'issue_comment' edited`: the event as GitHub names it, for a skip reason. */
function eventText(name: string, action: string): string {
  return action === '' ? `'${name}'` : `'${name}' ${action}`;
}

/** A label event is for the agent only when it adds `trigger-label`; any other label was added for people. */
function screenLabel(event: ConversationEvent & { kind: 'issue' }, triggerLabel: string, happened: string): ConversationScreen {
  if (event.label?.toLowerCase() === triggerLabel.toLowerCase()) return { kind: 'take', conversation: { event, instruction: '' } };
  const added = event.label === undefined ? 'the event names no label, so not' : `the label ${quote(event.label)} is not`;
  return { kind: 'skip', reason: `${added} the 'trigger-label' '${triggerLabel}' (${happened})` };
}

/** `event`: the run's conversation, read from the payload of the conversation event `name`. */
export function screenConversation(
  settings: ConversationSettings,
  name: ConversationEventName,
  event: ConversationEvent | 'unreadable',
): ConversationScreen {
  const { command } = settings;
  if (event === 'unreadable') {
    if (name === 'issues') return { kind: 'inputs' };
    return { kind: 'skip', reason: `the '${name}' event's payload names no comment or review with an id, on an issue or pull request` };
  }
  const happened = eventText(name, event.action);
  switch (event.kind) {
    case 'issue':
      return LABEL_ACTIONS.includes(event.action) ? screenLabel(event, settings.triggerLabel, happened) : { kind: 'inputs' };
    case 'comment': {
      // An edit or a deletion never sends an instruction again: fixing a typo must not repeat a request.
      if (event.action !== 'created') return { kind: 'skip', reason: `only new comments are read, and this one was not (${happened})` };
      const parsed = parseCommand(event.comment.body, command);
      if (parsed.kind === 'none') return { kind: 'skip', reason: `the comment does not start with ${quoteName(command)} (${happened})` };
      return { kind: 'take', conversation: { event, ...instructionOf(event.comment.body, command, true) } };
    }
    case 'review': {
      if (event.action !== 'submitted')
        return { kind: 'skip', reason: `only submitted reviews are read, and this one was not (${happened})` };
      const { state, body } = event.review;
      const parsed = parseCommand(body, command);
      if (state === 'changes_requested')
        return { kind: 'take', conversation: { event, ...instructionOf(body, command, parsed.kind === 'command') } };
      if (state === 'commented' && parsed.kind === 'command')
        return { kind: 'take', conversation: { event, ...instructionOf(body, command, true) } };
      if (state === 'commented') {
        return { kind: 'skip', reason: `the review neither requests changes nor starts with ${quoteName(command)} (${happened})` };
      }
      const what =
        state === 'approved' ? 'approves the pull request' : state === 'dismissed' ? 'was dismissed' : 'asks nothing of the agent';
      return { kind: 'skip', reason: `the review ${what} (${happened})` };
    }
  }
}
