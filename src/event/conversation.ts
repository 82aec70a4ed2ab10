/** The comment, review or label that started the run, each field checked; its texts are untrusted. */
import { isRecord, positiveInteger } from '../is-record.js';
import { recordAt, text, type PayloadRecord, type Thread } from './payload.js';

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
  /** In lower case. */
  readonly state: string;
}

export type ConversationEvent =
  /** `issue_comment` (on an issue or a pull request) or `pull_request_review_comment`. */
  | { readonly kind: 'comment'; readonly action: string; readonly thread: Thread; readonly comment: CommandComment }
  /** `pull_request_review`. */
  | { readonly kind: 'review'; readonly action: string; readonly thread: Thread; readonly review: SubmittedReview }
  /** `issues`; `label`: the name of the label a `labeled` event added, when the payload names one. Untrusted. */
  | { readonly kind: 'issue'; readonly action: string; readonly thread: Thread; readonly label?: string };

export const CONVERSATION_EVENTS = ['issues', 'issue_comment', 'pull_request_review_comment', 'pull_request_review'] as const;

export type ConversationEventName = (typeof CONVERSATION_EVENTS)[number];

export function isConversationEvent(name: string): name is ConversationEventName {
  return CONVERSATION_EVENTS.some((event) => event === name);
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

/** `unreadable`: the payload lacks what the event always carries. */
export function conversationOf(
  name: string,
  payload: PayloadRecord,
  thread: Thread | undefined,
): ConversationEvent | 'unreadable' | undefined {
  if (!isConversationEvent(name)) return undefined;
  if (thread === undefined) return 'unreadable';
  const action = text(payload['action']);
  switch (name) {
    case 'issues': {
      const label = recordAt(payload, 'label')['name'];
      return { kind: 'issue', action, thread, ...(typeof label === 'string' && label !== '' && { label }) };
    }
    case 'issue_comment':
    case 'pull_request_review_comment': {
      const comment = commentOf(payload['comment'], name === 'issue_comment' ? 'issue' : 'review');
      return comment === undefined ? 'unreadable' : { kind: 'comment', action, thread, comment };
    }
    case 'pull_request_review': {
      const review = reviewOf(payload['review']);
      return review === undefined ? 'unreadable' : { kind: 'review', action, thread, review };
    }
  }
}
