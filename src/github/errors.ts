/**
 * A failed GitHub call, typed so that each feature can say what to change without parsing messages.
 * GitHub's words are kept only without the token or anything key-shaped, shortened (text/redact.ts).
 */
import { isRecord } from '../is-record.js';
import type { AttemptFailure } from '../net/transport.js';
import { QUOTE_CHARS, quoteUntrusted } from '../text/redact.js';

export type GitHubFailureKind = AttemptFailure['kind'] | 'graphql';

export interface GitHubErrorDetails {
  readonly kind: GitHubFailureKind;
  /** `GET /repos/acme/docs/...` */
  readonly what: string;
  readonly status?: number;
  /** Quoted: redacted and shortened. */
  readonly detail?: string;
  /** The run is being cancelled. */
  readonly aborted?: boolean;
  readonly timedOut?: boolean;
}

export class GitHubError extends Error {
  override readonly name = 'GitHubError';
  readonly kind: GitHubFailureKind;
  readonly what: string;
  readonly status: number | undefined;
  readonly detail: string;
  readonly aborted: boolean;
  readonly timedOut: boolean;

  constructor(message: string, details: GitHubErrorDetails) {
    super(message);
    this.kind = details.kind;
    this.what = details.what;
    this.status = details.status;
    this.detail = details.detail ?? '';
    this.aborted = details.aborted === true;
    this.timedOut = details.timedOut === true;
  }

  /** GitHub's rate limit (primary or secondary): waiting, not a permission, fixes it. */
  get rateLimited(): boolean {
    return (this.status === 403 || this.status === 429) && /rate limit/i.test(this.detail);
  }

  /** A locked issue or pull request refuses new comments with 403 and says so. */
  get locked(): boolean {
    return this.status === 403 && /\block(ed)?\b/i.test(this.detail);
  }

  static of(what: string, failure: AttemptFailure, json: unknown, secrets: readonly string[], attempts: number): GitHubError {
    const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
    if (failure.kind === 'status') {
      const detail = githubMessage(json, secrets) ?? failure.detail;
      return new GitHubError(`${what}: GitHub answered HTTP ${failure.status}${tries}: ${detail}`, {
        kind: 'status',
        what,
        status: failure.status,
        detail,
      });
    }
    const lost = failure.kind === 'lost' ? failure : undefined;
    return new GitHubError(`${what}: ${failure.detail}${tries}`, {
      kind: failure.kind,
      what,
      detail: failure.detail,
      aborted: lost?.aborted === true,
      timedOut: lost?.timedOut === true,
    });
  }
}

/** GitHub's `{"message": …}` (REST) or one GraphQL error's `message`, quoted; undefined when there is none. */
export function githubMessage(json: unknown, secrets: readonly string[]): string | undefined {
  const message = isRecord(json) ? json['message'] : undefined;
  return typeof message === 'string' && message.trim() !== '' ? quoteUntrusted(message, secrets, QUOTE_CHARS) : undefined;
}

export function describeAttempt(failure: AttemptFailure): string {
  return failure.kind === 'status' ? `HTTP ${failure.status}` : failure.detail;
}
