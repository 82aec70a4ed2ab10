/**
 * What the conversation kinds (a label, a command, a review) share when they decide from the event
 * payload alone, before the trigger check, whether a comment, review or label is for the agent: a
 * remark that is not, an edit, an approval end the run green at once, so a workflow needs no `if:`
 * to keep the agent quiet and a stranger's remark never fails a run.
 */
import { withoutHidden, type Removed } from '../text/hidden.js';
import { parseCommand } from './command.js';
import type { ConversationEvent } from '../event/conversation.js';

/** A comment, review or label the run takes up, with what it asks. */
export interface Conversation<Event extends ConversationEvent = ConversationEvent> {
  readonly event: Event;
  /**
   * The text after the command (a comment, a `commented` review), or a `changes_requested`
   * review's body; '' for a bare command or an empty review, and for a label (the issue is the request).
   */
  readonly instruction: string;
  /** What GitHub does not show, removed from the comment or review the instruction comes from. */
  readonly hidden?: Removed;
}

export function quoteName(command: string): string {
  return `'${command}'`;
}

/**
 * The instruction of a comment or review that is for the agent, from its text as GitHub shows it:
 * whether it is a command is read on the text as written, so a command hidden in an HTML comment is
 * none, and the words after it lose what a reader does not see.
 */
export function instructionOf(
  body: string,
  command: string,
  asCommand: boolean,
): { readonly instruction: string; readonly hidden: Removed } {
  const visible = withoutHidden(body);
  const parsed = parseCommand(visible.text, command);
  const instruction = parsed.kind !== 'none' ? parsed.instruction : asCommand ? '' : visible.text.trim();
  return { instruction, hidden: visible.removed };
}

/** `'issue_comment' edited`: the event as GitHub names it, for a skip reason. */
export function eventText(name: string, action: string): string {
  return action === '' ? `'${name}'` : `'${name}' ${action}`;
}

/** A payload without the comment or review the event always carries. */
export function unreadableReason(name: string): string {
  return `the '${name}' event's payload names no comment or review with an id, on an issue or pull request`;
}
