/**
 * The conversation as the event payload tells it: which issue or pull request the run is about
 * (its title and description), and the comment or review that started the run. Pure: takes the
 * event's name and its parsed payload. Every field is untrusted and checked; the texts reach a
 * prompt only quoted as data (thread-prompt.ts), the instruction only after the trigger check.
 */
import { isRecord } from '../is-record.js';

/** The issue or pull request a conversation happens on. */
export interface Thread {
  readonly number: number;
  readonly kind: 'issue' | 'pull-request';
  /** As its author wrote them; '' when absent. Untrusted. */
  readonly title: string;
  readonly body: string;
}

/** Where a comment lives decides the endpoint of its reactions. */
export type CommentPlace = 'issue' | 'review';

export interface CommandComment {
  readonly id: number;
  readonly body: string;
  readonly place: CommentPlace;
}

export interface SubmittedReview {
  readonly id: number;
  readonly body: string;
  /** `approved`, `changes_requested`, `commented` or `dismissed`, in lower case. */
  readonly state: string;
}

export type ConversationEvent =
  /** `issue_comment` (on an issue or a pull request) or `pull_request_review_comment`. */
  | { readonly kind: 'comment'; readonly action: string; readonly thread: Thread; readonly comment: CommandComment }
  /** `pull_request_review`. */
  | { readonly kind: 'review'; readonly action: string; readonly thread: Thread; readonly review: SubmittedReview }
  /** `issues`; `label`: the name of the label a `labeled` event added, when the payload names one. Untrusted. */
  | { readonly kind: 'issue'; readonly action: string; readonly thread: Thread; readonly label?: string };

/** The events the action reads itself when no prompt is given. */
export const CONVERSATION_EVENTS = ['issues', 'issue_comment', 'pull_request_review_comment', 'pull_request_review'] as const;

export type ConversationEventName = (typeof CONVERSATION_EVENTS)[number];

export function isConversationEvent(name: string): name is ConversationEventName {
  return CONVERSATION_EVENTS.some((event) => event === name);
}

function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** GitHub sends `null` for an empty body. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function threadOf(value: unknown, kind: Thread['kind'] | 'from-payload'): Thread | undefined {
  if (!isRecord(value)) return undefined;
  const number = positiveInteger(value['number']);
  if (number === undefined) return undefined;
  // A comment on a pull request arrives as issue_comment with `issue.pull_request` set.
  const resolved = kind === 'from-payload' ? (isRecord(value['pull_request']) ? 'pull-request' : 'issue') : kind;
  return { number, kind: resolved, title: text(value['title']), body: text(value['body']) };
}

function commentOf(value: unknown, place: CommentPlace): CommandComment | undefined {
  if (!isRecord(value)) return undefined;
  const id = positiveInteger(value['id']);
  return id === undefined ? undefined : { id, body: text(value['body']), place };
}

function reviewOf(value: unknown): SubmittedReview | undefined {
  if (!isRecord(value)) return undefined;
  const id = positiveInteger(value['id']);
  const state = value['state'];
  if (id === undefined || typeof state !== 'string') return undefined;
  return { id, body: text(value['body']), state: state.toLowerCase() };
}

/**
 * The conversation of a conversation event; `unreadable` when the payload lacks what the event
 * always carries (its issue or pull request, the comment or review with an id).
 */
export function readConversationEvent(name: ConversationEventName, payload: unknown): ConversationEvent | 'unreadable' {
  if (!isRecord(payload)) return 'unreadable';
  const action = text(payload['action']);
  switch (name) {
    case 'issues': {
      const thread = threadOf(payload['issue'], 'issue');
      const label = isRecord(payload['label']) ? payload['label']['name'] : undefined;
      if (thread === undefined) return 'unreadable';
      return { kind: 'issue', action, thread, ...(typeof label === 'string' && label !== '' && { label }) };
    }
    case 'issue_comment': {
      const thread = threadOf(payload['issue'], 'from-payload');
      const comment = commentOf(payload['comment'], 'issue');
      return thread === undefined || comment === undefined ? 'unreadable' : { kind: 'comment', action, thread, comment };
    }
    case 'pull_request_review_comment': {
      const thread = threadOf(payload['pull_request'], 'pull-request');
      const comment = commentOf(payload['comment'], 'review');
      return thread === undefined || comment === undefined ? 'unreadable' : { kind: 'comment', action, thread, comment };
    }
    case 'pull_request_review': {
      const thread = threadOf(payload['pull_request'], 'pull-request');
      const review = reviewOf(payload['review']);
      return thread === undefined || review === undefined ? 'unreadable' : { kind: 'review', action, thread, review };
    }
  }
}
