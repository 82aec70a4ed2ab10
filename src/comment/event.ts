/**
 * Which issue or pull request a run reports on, from the event that triggered it. Pure: takes
 * `context.eventName` and `context.payload`, which are read from the runner's event file.
 */
import { isRecord } from '../is-record.js';

/** Events whose payload names one issue or pull request to comment on. */
export const COMMENT_EVENTS = [
  'issues',
  'issue_comment',
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment',
] as const;

export interface CommentTarget {
  readonly number: number;
  /** Decides which permission the warning asks for when commenting is refused. */
  readonly kind: 'issue' | 'pull-request';
  /** `owner/repo` when it is not the run's own repository (the agent's pull request may be elsewhere), for messages. */
  readonly repository?: string;
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** Undefined when the event is not one of COMMENT_EVENTS or its payload lacks a usable number. */
export function commentTargetOf(eventName: string | undefined, payload: unknown): CommentTarget | undefined {
  if (!isRecord(payload)) return undefined;
  switch (eventName) {
    case 'issues':
    case 'issue_comment': {
      const issue = payload['issue'];
      if (!isRecord(issue)) return undefined;
      const number = numberOf(issue['number']);
      if (number === undefined) return undefined;
      // A comment on a pull request arrives as issue_comment with `issue.pull_request` set.
      return { number, kind: isRecord(issue['pull_request']) ? 'pull-request' : 'issue' };
    }
    case 'pull_request':
    case 'pull_request_target':
    case 'pull_request_review':
    case 'pull_request_review_comment': {
      const pull = payload['pull_request'];
      const number = numberOf(isRecord(pull) ? pull['number'] : undefined) ?? numberOf(payload['number']);
      return number === undefined ? undefined : { number, kind: 'pull-request' };
    }
    default:
      return undefined;
  }
}
