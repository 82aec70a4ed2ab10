/**
 * What the conversation kinds share when they screen the payload: a remark not for the agent, an
 * edit, an approval end the run green before the trigger check, so a stranger's remark never fails a run.
 */
import { withoutHidden, type Removed } from '../text/hidden.js';
import { parseCommand } from './command.js';
import type { ConversationEvent } from '../event/conversation.js';

export interface Conversation<Event extends ConversationEvent = ConversationEvent> {
  readonly event: Event;
  /** '' for a bare command, an empty review, and a label (the issue is the request). */
  readonly instruction: string;
  /** What GitHub does not show, removed from the comment or review. */
  readonly hidden?: Removed;
}

export function quoteName(command: string): string {
  return `'${command}'`;
}

/**
 * From the text as GitHub shows it: a command hidden in an HTML comment is none, and the words after
 * a command lose what a reader does not see.
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

export function unreadableReason(name: string): string {
  return `the '${name}' event's payload names no comment or review with an id, on an issue or pull request`;
}
