/**
 * A failed GitHub call as advice for the user: what went wrong and what to change (the permission
 * to add when GitHub refuses or hides a resource, waiting out a rate limit, the token, the network).
 * Every feature that calls GitHub decides the cause here, in the same order (a rate limit is a 403
 * that a permission would not fix; so is a locked conversation), and words it with these defaults
 * or its own phrases where its messages say more. The token never appears in the text: GitHub's
 * words are quoted (GitHubError), and any other error's message is redacted here.
 */
import { messageOf } from '../errors.js';
import { QUOTE_CHARS, quoteUntrusted } from '../text/redact.js';
import { GitHubError } from './errors.js';

export type GitHubFailureCause =
  /** 401: the token itself. */
  | 'token-rejected'
  /** 403 or 429 that says so: waiting fixes it, not a permission. */
  | 'rate-limited'
  /** 403 on a locked issue or pull request: only collaborators may write there. */
  | 'locked'
  /** Any other 403: the token lacks a permission. */
  | 'forbidden'
  /** 404: the token cannot see the resource, or it is gone. */
  | 'not-found'
  /** 410: the feature is turned off (issues disabled). */
  | 'gone'
  /** 3xx, never followed so the token stays with GitHub's API. */
  | 'redirected'
  /** Any other status (5xx, 422). */
  | 'failed'
  /** No answer within 'request-timeout'. */
  | 'timed-out'
  /** The request was not sent, or its answer was lost (DNS, refused, reset, proxy). */
  | 'unreachable'
  /** An answer that is not the documented JSON, or a GraphQL error. */
  | 'unreadable'
  /** Not a GitHub call's failure at all. */
  | 'not-github';

/** What a message may say about the failure. */
export interface FailureFacts {
  /** `403`, or `HTTP 403` when the caller writes statuses so. */
  readonly status: string;
  /** GitHub's words (or the network's), quoted. */
  readonly detail: string;
  /** The whole error message: the call, the attempts and GitHub's words, without secrets. */
  readonly message: string;
  /** The caller's fix for a refused or hidden resource (`needs.fix`). */
  readonly fix: string;
}

/** A caller's own phrases for some causes; `otherwise` for every cause it does not name. */
export type AdviceWording = { readonly [Cause in GitHubFailureCause | 'otherwise']?: (facts: FailureFacts) => string };

export interface AdviceNeeds {
  /** What to change when GitHub refuses (403) or hides (404) the resource: the permission the token needs. */
  readonly fix: string;
  /** Write statuses as `HTTP 403` rather than `403`. */
  readonly httpStatus?: boolean;
  /** GitHub's API origin, named when it cannot be reached or redirects. */
  readonly apiOrigin?: string;
  /** The run's secrets, kept out of an error's message that did not come from the GitHub client. */
  readonly secrets?: readonly string[];
  readonly wording?: AdviceWording;
}

export interface GitHubAdvice {
  readonly cause: GitHubFailureCause;
  /** One clause, without a final period: what failed and what to change. */
  readonly text: string;
  /** Retrying in this run cannot help (the token, a permission, a locked or missing thread). */
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

/** Which failure `error` is; the order matters: a rate limit and a locked thread are 403s that no permission fixes. */
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
  // GitHubError's text is already quoted (redacted, shortened); any other error's message is quoted here.
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
