/**
 * Turns a failed GitHub call into the warning the user sees. A comment is a courtesy: it never
 * fails the step, but the warning says what to change. The token never appears in the text.
 */
import { messageOf } from '../errors.js';
import type { CommentTarget } from './event.js';
import { isRecord } from '../is-record.js';
import { QUOTE_CHARS, quoteUntrusted } from '../text/redact.js';

export interface CommentFailure {
  readonly message: string;
  /** Retrying in this run cannot help (permission, missing issue): later calls are skipped. */
  readonly permanent: boolean;
}

/**
 * The HTTP status GitHub answered. Octokit reports a network failure or a timeout as status 500
 * without a response, so only an error that carries a response has a status here.
 */
function statusOf(error: unknown): number | undefined {
  if (!isRecord(error) || !isRecord(error['response'])) return undefined;
  return typeof error['status'] === 'number' ? error['status'] : undefined;
}

/** Octokit's RequestError keeps the response headers; a rate limit shows in them. */
function isRateLimit(error: unknown): boolean {
  const response = isRecord(error) ? error['response'] : undefined;
  const headers = isRecord(response) ? response['headers'] : undefined;
  if (isRecord(headers) && headers['x-ratelimit-remaining'] === '0') return true;
  return /rate limit/i.test(messageOf(error));
}

/** Octokit keeps the original fetch error as `cause`; a timeout shows there by name. */
function isTimeout(error: unknown): boolean {
  const cause = isRecord(error) ? error['cause'] : undefined;
  return [error, cause].some(
    (candidate) => isRecord(candidate) && (candidate['name'] === 'TimeoutError' || candidate['name'] === 'AbortError'),
  );
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
  const where = `${target.kind === 'issue' ? 'issue' : 'pull request'} #${target.number}`;
  const lead = `Could not ${action} on ${where}`;
  const tail = `${subject} is not affected.`;
  const status = statusOf(error);
  if (status === 401)
    return { message: `${lead}: GitHub rejected the token (401); check the 'github-token' input. ${tail}`, permanent: true };
  if ((status === 403 || status === 429) && isRateLimit(error)) {
    return { message: `${lead}: GitHub's API rate limit was reached (${status}). ${tail}`, permanent: false };
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
  if (status === undefined && isTimeout(error))
    return { message: `${lead}: GitHub did not answer within 'request-timeout'. ${tail}`, permanent: false };
  // GitHub's answer (or a proxy's page) may be long and may echo the token: redacted, then shortened.
  // Belt and braces: the token is also registered as a secret, which masks it in the log.
  const said = quoteUntrusted(messageOf(error), [token], QUOTE_CHARS);
  const detail = status === undefined ? `network error: ${said}` : `GitHub answered ${status}: ${said}`;
  return { message: `${lead}: ${detail}. ${tail}`, permanent: false };
}
