/**
 * The GitHub calls the comment needs (three REST calls on comments, and who the token is), behind
 * a small interface so that the lookup and the session can be tested without a network, plus the
 * Octokit implementation. Answers are checked at runtime: of a comment only `id`, `body`,
 * `html_url` and `user.login` are read.
 */
import type { getOctokit } from '@actions/github';
import { isRecord } from '../is-record.js';

export interface IssueComment {
  readonly id: number;
  readonly body: string;
  readonly htmlUrl: string;
  /** Login of the account that wrote it; undefined when GitHub did not say (a deleted account). */
  readonly author?: string;
}

export interface CommentsPage {
  readonly comments: readonly IssueComment[];
  /** From the `Link` header's rel="last"; undefined when this is the only page. */
  readonly lastPage: number | undefined;
}

/** Comments of one issue or pull request. */
export interface CommentsApi {
  listPage(page: number, perPage: number): Promise<CommentsPage>;
  create(body: string): Promise<IssueComment>;
  update(commentId: number, body: string): Promise<IssueComment>;
  /**
   * Login of the account the token acts as: `github-actions[bot]` (or another app's bot) for an
   * installation token such as GITHUB_TOKEN, the user's login for a personal token.
   */
  viewerLogin(): Promise<string>;
}

/** GitHub answered 2xx with something that is not a comment (a proxy page, an API change). */
export class CommentShapeError extends Error {
  override readonly name = 'CommentShapeError';
}

export function toIssueComment(value: unknown): IssueComment | undefined {
  if (!isRecord(value)) return undefined;
  const { id, body, html_url: htmlUrl, user } = value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof htmlUrl !== 'string') return undefined;
  const author = isRecord(user) && typeof user['login'] === 'string' && user['login'] !== '' ? user['login'] : undefined;
  // An empty comment comes back with `body: null`; it cannot hold a marker.
  return { id, body: typeof body === 'string' ? body : '', htmlUrl, ...(author !== undefined && { author }) };
}

/** `{viewer: {login}}` from GitHub's GraphQL API. */
export function parseViewerLogin(data: unknown): string {
  const viewer = isRecord(data) ? data['viewer'] : undefined;
  const login = isRecord(viewer) ? viewer['login'] : undefined;
  if (typeof login !== 'string' || login === '') throw new CommentShapeError("GitHub's answer to 'viewer { login }' has no login.");
  return login;
}

function requireComment(value: unknown, what: string): IssueComment {
  const comment = toIssueComment(value);
  if (comment === undefined) throw new CommentShapeError(`GitHub's answer to ${what} is not a comment (no numeric id or html_url).`);
  return comment;
}

/** `<https://api.github.com/...&page=7>; rel="last"` → 7. */
export function lastPageOf(link: string | undefined): number | undefined {
  if (link === undefined) return undefined;
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?last"?/.exec(part);
    if (match?.[1] === undefined) continue;
    try {
      const page = Number(new URL(match[1]).searchParams.get('page'));
      return Number.isSafeInteger(page) && page > 0 ? page : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function parseCommentsPage(data: unknown, link: string | undefined): CommentsPage {
  if (!Array.isArray(data)) throw new CommentShapeError("GitHub's list of issue comments is not an array.");
  const comments = data.map(toIssueComment).filter((comment): comment is IssueComment => comment !== undefined);
  return { comments, lastPage: lastPageOf(link) };
}

export interface IssueRef {
  readonly owner: string;
  readonly repo: string;
  readonly number: number;
}

type Octokit = ReturnType<typeof getOctokit>;

/** Each call gets its own timeout: a hung GitHub API must not hold the step after the job ended. */
export function octokitCommentsApi(octokit: Octokit, issue: IssueRef, requestTimeoutMs: number): CommentsApi {
  const base = { owner: issue.owner, repo: issue.repo };
  const request = (): { signal: AbortSignal } => ({ signal: AbortSignal.timeout(requestTimeoutMs) });
  return {
    async listPage(page, perPage) {
      const response = await octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        ...base,
        issue_number: issue.number,
        per_page: perPage,
        page,
        request: request(),
      });
      const data: unknown = response.data;
      return parseCommentsPage(data, response.headers.link);
    },
    async create(body) {
      const response = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        ...base,
        issue_number: issue.number,
        body,
        request: request(),
      });
      const data: unknown = response.data;
      return requireComment(data, 'creating a comment');
    },
    async update(commentId, body) {
      const response = await octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
        ...base,
        comment_id: commentId,
        body,
        request: request(),
      });
      const data: unknown = response.data;
      return requireComment(data, 'updating a comment');
    },
    async viewerLogin() {
      // REST `GET /user` refuses installation tokens; GraphQL's viewer answers both kinds of token.
      const data: unknown = await octokit.graphql('query { viewer { login } }', { request: request() });
      return parseViewerLogin(data);
    },
  };
}
