/**
 * Turns a failed GitHub call into the warning the user sees. A comment is a courtesy: it never
 * fails the step, but the warning says what to change. The token never appears in the text.
 */
import { messageOf } from '../errors.js';
import { GitHubError } from '../github/errors.js';
import type { CommentTarget } from './event.js';
import { QUOTE_CHARS, quoteUntrusted } from '../text/redact.js';

export interface CommentFailure {
  readonly message: string;
  /** Retrying in this run cannot help (permission, missing issue): later calls are skipped. */
  readonly permanent: boolean;
}

function permissionHint(target: CommentTarget): string {
  return target.kind === 'issue'
    ? 'add `permissions: issues: write` to the job'
    : 'add `permissions: pull-requests: write` to the job (on pull_request events from forks the token is read-only whatever the permissions)';
}

/** `subject`: what the failure does not affect, said at the end of every message. */
export function describeCommentFailure(
  error: unknown,
  action: string,
  target: CommentTarget,
  token: string,
  subject = 'The agent job',
): CommentFailure {
  const where = `${target.kind === 'issue' ? 'issue' : 'pull request'} ${target.repository ?? ''}#${target.number}`;
  const lead = `Could not ${action} on ${where}`;
  const tail = `${subject} is not affected.`;
  const github = error instanceof GitHubError ? error : undefined;
  const status = github?.kind === 'status' ? github.status : undefined;
  if (status === 401)
    return { message: `${lead}: GitHub rejected the token (401); check the 'github-token' input. ${tail}`, permanent: true };
  if (github?.rateLimited === true)
    return { message: `${lead}: GitHub's API rate limit was reached (${status}). ${tail}`, permanent: false };
  if (github?.locked === true) {
    // A permission would not help: only collaborators may comment on a locked conversation.
    return {
      message: `${lead}: the ${target.kind === 'issue' ? 'issue' : 'pull request'} is locked (403: ${github.detail}); unlock the conversation for the action to write there. ${tail}`,
      permanent: true,
    };
  }
  if (status === 403)
    return { message: `${lead}: the token may not write comments (403); ${permissionHint(target)}. ${tail}`, permanent: true };
  if (status === 404) {
    return {
      message: `${lead}: not found (404); the token cannot see it or it was deleted; ${permissionHint(target)}. ${tail}`,
      permanent: true,
    };
  }
  if (status === 410) return { message: `${lead}: issues are disabled in this repository (410). ${tail}`, permanent: true };
  if (github?.timedOut === true) return { message: `${lead}: GitHub did not answer within 'request-timeout'. ${tail}`, permanent: false };
  if (github?.kind === 'bad-body' || github?.kind === 'graphql') {
    return { message: `${lead}: GitHub's answer could not be read (${github.detail}). ${tail}`, permanent: false };
  }
  // GitHub's answer (or a proxy's page) may be long and may echo the token: redacted, then shortened
  // (GitHubError's detail already is). Belt and braces: the token is also masked in the log.
  const said = github?.detail || quoteUntrusted(messageOf(error), [token], QUOTE_CHARS);
  const detail = status === undefined ? `network error: ${said}` : `GitHub answered ${status}: ${said}`;
  return { message: `${lead}: ${detail}. ${tail}`, permanent: false };
}
