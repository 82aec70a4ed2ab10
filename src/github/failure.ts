/**
 * The one vocabulary for a failed GitHub call: its cause (in one order: a rate limit and a locked
 * conversation are 403s no permission fixes), its advice, the result a call returns instead of
 * throwing, and every way a message asks for a permission. No token in the text: GitHub's words are
 * quoted (GitHubError), any other error's message is redacted here.
 */
import { messageOf } from '../errors.js';
import type { Repository } from '../event/run-event.js';
import { QUOTE_CHARS, quoteUntrusted } from '../text/redact.js';
import { encodeSegment } from '../text/uri.js';
import { GitHubError } from './errors.js';

export type GitHubFailureCause =
  /** 401: the token itself. */
  | 'token-rejected'
  /** 403 or 429 that says so: waiting fixes it, not a permission. */
  | 'rate-limited'
  /** 403 on a locked issue or pull request: only collaborators may write there. */
  | 'locked'
  | 'forbidden'
  /** 404: the token cannot see the resource, or it is gone. */
  | 'not-found'
  | 'gone'
  /** 3xx, never followed so the token stays with GitHub's API. */
  | 'redirected'
  | 'failed'
  | 'timed-out'
  /** The request was not sent, or its answer was lost (DNS, refused, reset, proxy). */
  | 'unreachable'
  /** Not the documented JSON, or a GraphQL error. */
  | 'unreadable'
  | 'not-github';

export type Permission =
  | 'actions: read'
  | 'contents: read'
  | 'statuses: read'
  | 'statuses: write'
  | 'issues: read'
  | 'issues: write'
  | 'pull-requests: read'
  | 'pull-requests: write';

/** What a refused call needs: a permission, or a token that may read the repository at all (its metadata is always granted). */
export type Need = Permission | 'repository';

const ASKS = {
  workflow: (permission: Permission) => `add '${permission}' to the workflow's permissions`,
  job: (permission: Permission) => `add '${permission}' to the job's permissions`,
  entry: (permission: Permission) => `add \`permissions: ${permission}\` to the job`,
  allows: (permission: Permission) => `'${permission}' allows it`,
  grant: (permission: Permission) => `grant '${permission}' to the workflow`,
  needs: (permission: Permission) => `the token needs '${permission}' (the example workflow's permissions grant it)`,
  lacks: (permission: Permission) => `the token may lack '${permission}'`,
} as const;

/** How a message asks for a permission. */
export type Ask = keyof typeof ASKS;

const CANNOT_READ_REPOSITORY =
  "'github-token' cannot read this repository, although every workflow token may read its metadata: pass a token that can";

/** The words that ask for what GitHub refused: the one place they are written. */
export function askFor(need: Need, ask: Ask): string {
  return need === 'repository' ? CANNOT_READ_REPOSITORY : ASKS[ask](need);
}

export interface FailureFacts {
  /** `403`, or `HTTP 403` when the caller writes statuses so. */
  readonly status: string;
  readonly detail: string;
  /** The call, the attempts and GitHub's words, without secrets. */
  readonly message: string;
  readonly fix: string;
}

/** A caller's own phrases for some causes; `otherwise` for every cause it does not name. */
export type AdviceWording = { readonly [Cause in GitHubFailureCause | 'otherwise']?: (facts: FailureFacts) => string };

export interface AdviceNeeds {
  /** What to change when GitHub refuses (403) or hides (404) it. */
  readonly fix: string;
  /** `HTTP 403` rather than `403`. */
  readonly httpStatus?: boolean;
  readonly apiOrigin?: string;
  /** For an error that did not come from the GitHub client. */
  readonly secrets?: readonly string[];
  readonly wording?: AdviceWording;
}

export interface GitHubAdvice {
  readonly cause: GitHubFailureCause;
  readonly text: string;
  /** Retrying in this run cannot help. */
  readonly permanent: boolean;
}

const PERMANENT: ReadonlySet<GitHubFailureCause> = new Set(['token-rejected', 'locked', 'forbidden', 'not-found', 'gone']);

const DEFAULT_WORDING: { readonly [Cause in GitHubFailureCause]: (facts: FailureFacts, needs: AdviceNeeds) => string } = {
  'token-rejected': ({ status }) =>
    `GitHub rejected 'github-token' (${status}); pass a valid token, such as the default \${{ github.token }}`,
  'rate-limited': ({ status }) => `GitHub's API rate limit was reached (${status}); run the workflow again later`,
  locked: ({ status, detail }) => `the conversation is locked (${status}: ${detail}); unlock it for the action to write there`,
  forbidden: ({ status, detail, fix }) => `GitHub answered ${status} (${detail}); ${fix}`,
  'not-found': ({ status, detail, fix }) => `GitHub answered ${status} (${detail}); ${fix}`,
  gone: ({ status, detail }) => `GitHub answered ${status}: ${detail}`,
  redirected: ({ detail }, { apiOrigin }) =>
    `GitHub answered with a ${detail}, which is not followed so the token stays with ${apiOrigin ?? "GitHub's API"}; check GITHUB_API_URL`,
  failed: ({ status, detail }) => `GitHub answered ${status}: ${detail}`,
  'timed-out': () => "GitHub did not answer within 'request-timeout'",
  unreachable: ({ detail }, { apiOrigin }) => {
    const api = apiOrigin === undefined ? "GitHub's API" : `GitHub's API at ${apiOrigin}`;
    return `${api} could not be reached (${detail}); check the runner's network and its proxy settings (HTTPS_PROXY, NO_PROXY)`;
  },
  unreadable: ({ detail }) => `GitHub's answer could not be read (${detail}); check GITHUB_API_URL and the proxy`,
  'not-github': ({ message }) => message,
};

export function failureCause(error: unknown): GitHubFailureCause {
  if (!(error instanceof GitHubError)) return 'not-github';
  if (error.kind === 'status') {
    const status = error.status ?? 0;
    if (status === 401) return 'token-rejected';
    if (error.rateLimited) return 'rate-limited';
    if (error.locked) return 'locked';
    if (status === 403) return 'forbidden';
    if (status === 404) return 'not-found';
    if (status === 410) return 'gone';
    return status >= 300 && status < 400 ? 'redirected' : 'failed';
  }
  if (error.timedOut) return 'timed-out';
  return error.kind === 'bad-body' || error.kind === 'graphql' ? 'unreadable' : 'unreachable';
}

export function adviseOnGitHubFailure(error: unknown, needs: AdviceNeeds): GitHubAdvice {
  const cause = failureCause(error);
  const github = error instanceof GitHubError ? error : undefined;
  const code = github?.status === undefined ? '' : String(github.status);
  const message = github?.message ?? quoteUntrusted(messageOf(error), needs.secrets ?? [], QUOTE_CHARS);
  const facts: FailureFacts = {
    status: needs.httpStatus === true ? `HTTP ${code}` : code,
    detail: github === undefined ? message : github.detail || github.message,
    message,
    fix: needs.fix,
  };
  const own = needs.wording?.[cause] ?? needs.wording?.otherwise;
  const text = own === undefined ? DEFAULT_WORDING[cause](facts, needs) : own(facts);
  return { cause, text, permanent: PERMANENT.has(cause) };
}

export interface Refused {
  readonly kind: 'refused';
  /** 403; 404 where GitHub hides a repository the token may not read. */
  readonly status: number;
  readonly permission: Need;
  readonly detail: string;
}

/** No answer for now: a status, the network, or an answer that is not the documented shape. */
export interface Unavailable {
  readonly kind: 'unavailable';
  readonly detail: string;
  readonly status?: number;
}

/**
 * A failure the run reports once and goes on without: a 403 (not a rate limit) is a refusal, and so
 * is a 404 with `hidden404` (GitHub's answer for a private repository the token may not read). A
 * cancelled run's aborted call, and anything that is not a GitHubError, are thrown again.
 */
export function failureOf(error: unknown, permission: Need, hidden404 = false): Refused | Unavailable {
  if (!(error instanceof GitHubError) || error.aborted) throw error;
  const refused = (error.status === 403 && !error.rateLimited) || (hidden404 && error.status === 404);
  if (refused && error.status !== undefined) return { kind: 'refused', status: error.status, permission, detail: error.message };
  return { kind: 'unavailable', detail: error.message, ...(error.status !== undefined && { status: error.status }) };
}

export function failureText(failure: Refused | Unavailable, ask: Ask, said: 'refused it' | 'refused' = 'refused it'): string {
  if (failure.kind !== 'refused') return failure.detail;
  const change = askFor(failure.permission, ask);
  return said === 'refused it' ? `GitHub refused it (${failure.status}); ${change}` : `GitHub refused (${failure.status}); ${change}`;
}

export function malformed(what: string): Unavailable {
  return { kind: 'unavailable', detail: `GitHub's answer to ${what} is not the documented shape` };
}

/** A bounded walk ended with more pages unread: what it looked for may be among them. */
export function unread(what: string, read: number): Unavailable {
  return { kind: 'unavailable', detail: `${what} has more than the ${read} entries read` };
}

/** `/repos/{owner}/{repo}`, each part one encoded segment, as messages name calls. */
export function repoPath(repository: Repository): string {
  return `/repos/${encodeSegment(repository.owner)}/${encodeSegment(repository.repo)}`;
}
