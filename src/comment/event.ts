/** Which issue or pull request a run comments on: the event's thread, or the agent's pull request. */
import { THREAD_EVENTS } from '../event/payload.js';

export const COMMENT_EVENTS = THREAD_EVENTS;

export interface CommentTarget {
  readonly number: number;
  /** Decides which permission the warning asks for when commenting is refused. */
  readonly kind: 'issue' | 'pull-request';
  /** `owner/repo` when not the run's own (the agent's pull request may be elsewhere). */
  readonly repository?: string;
}
