/**
 * Which issue or pull request a run comments on: the thread of the event that triggered it
 * (`RunEvent.thread`), or the agent's pull request.
 */
import { THREAD_EVENTS } from '../event/payload.js';

/** Events whose payload names one issue or pull request to comment on. */
export const COMMENT_EVENTS = THREAD_EVENTS;

export interface CommentTarget {
  readonly number: number;
  /** Decides which permission the warning asks for when commenting is refused. */
  readonly kind: 'issue' | 'pull-request';
  /** `owner/repo` when it is not the run's own repository (the agent's pull request may be elsewhere), for messages. */
  readonly repository?: string;
}
