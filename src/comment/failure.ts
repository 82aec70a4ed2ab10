/** A comment is a courtesy: a failed write never fails the step, but its warning says what to change. */
import { adviseOnGitHubFailure, askFor, type AdviceWording } from '../github/failure.js';
import type { CommentTarget } from './event.js';

export interface CommentFailure {
  readonly message: string;
  /** Retrying in this run cannot help (permission, missing issue): later calls are skipped. */
  readonly permanent: boolean;
}

function permissionHint(target: CommentTarget): string {
  return target.kind === 'issue'
    ? askFor('issues: write', 'entry')
    : `${askFor('pull-requests: write', 'entry')} (on pull_request events from forks the token is read-only whatever the permissions)`;
}

function commentWording(thread: string): AdviceWording {
  return {
    'token-rejected': ({ status }) => `GitHub rejected the token (${status}); check the 'github-token' input`,
    'rate-limited': ({ status }) => `GitHub's API rate limit was reached (${status})`,
    locked: ({ status, detail }) => `the ${thread} is locked (${status}: ${detail}); unlock the conversation for the action to write there`,
    forbidden: ({ status, fix }) => `the token may not write comments (${status}); ${fix}`,
    'not-found': ({ status, fix }) => `not found (${status}); the token cannot see it or it was deleted; ${fix}`,
    gone: ({ status }) => `issues are disabled in this repository (${status})`,
    unreadable: ({ detail }) => `GitHub's answer could not be read (${detail})`,
    unreachable: ({ detail }) => `network error: ${detail}`,
    'not-github': ({ message }) => `network error: ${message}`,
  };
}

/** `subject`: what the failure does not affect, said at the end of every message. */
export function describeCommentFailure(
  error: unknown,
  action: string,
  target: CommentTarget,
  token: string,
  subject = 'The agent job',
): CommentFailure {
  const thread = target.kind === 'issue' ? 'issue' : 'pull request';
  const advice = adviseOnGitHubFailure(error, { fix: permissionHint(target), secrets: [token], wording: commentWording(thread) });
  const where = `${thread} ${target.repository ?? ''}#${target.number}`;
  return { message: `Could not ${action} on ${where}: ${advice.text}. ${subject} is not affected.`, permanent: advice.permanent };
}
