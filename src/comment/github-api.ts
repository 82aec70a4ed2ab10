/**
 * The calls on comments and who the token is, behind a small interface (tested without a network).
 * Of a comment only `id`, `body`, `html_url` and `user.login` are read, each checked.
 */
import { messageOf } from '../errors.js';
import { linkOf, type GitHubClient } from '../github/client.js';
import { VIEWER_QUERY } from '../github/bound.js';
import { GitHubError } from '../github/errors.js';
import { isRecord } from '../is-record.js';

export interface IssueComment {
  readonly id: number;
  readonly body: string;
  readonly htmlUrl: string;
  /** Undefined for a deleted account. */
  readonly author?: string;
}

export interface CommentsPage {
  readonly comments: readonly IssueComment[];
  /** Undefined when this is the only page. */
  readonly lastPage: number | undefined;
}

export interface CommentsApi {
  listPage(page: number, perPage: number): Promise<CommentsPage>;
  create(body: string): Promise<IssueComment>;
  update(commentId: number, body: string): Promise<IssueComment>;
  /** `github-actions[bot]` (or another app's bot) for an installation token, the user's login for a personal one. */
  viewerLogin(): Promise<string>;
}

export interface ReportCommentsApi extends CommentsApi {
  /** Deletes one comment; a comment already gone (404) counts as deleted. */
  remove(commentId: number): Promise<void>;
}

/** A 2xx that is not a comment (a proxy page, an API change). */
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
  const page = Number(linkOf(link, 'last')?.searchParams.get('page'));
  return Number.isSafeInteger(page) && page > 0 ? page : undefined;
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

/** GITHUB_TOKEN's login: `[bot]` logins are reserved for GitHub Apps, so no person can hold it. */
export const WORKFLOW_TOKEN_LOGIN = 'github-actions[bot]';

/**
 * Some installation and fine-grained tokens may not use GraphQL's `viewer`: only that refusal, not a
 * failure for the moment (5xx, network), falls back to the workflow token's identity.
 */
function viewerRefused(error: unknown): boolean {
  if (!(error instanceof GitHubError)) return false;
  return error.kind === 'graphql' || (error.kind === 'status' && (error.status === 401 || error.status === 403) && !error.rateLimited);
}

export interface ViewerIdentity {
  readonly login: string;
  readonly guessed: boolean;
}

/** Asked at most once per client, however many threads it writes on; a failed question is asked again. */
const viewerIdentities = new WeakMap<GitHubClient, Promise<ViewerIdentity>>();

function askedOnce(github: GitHubClient, ask: () => Promise<ViewerIdentity>): Promise<ViewerIdentity> {
  const known = viewerIdentities.get(github);
  if (known !== undefined) return known;
  const asked = ask();
  viewerIdentities.set(github, asked);
  asked.catch(() => viewerIdentities.delete(github));
  return asked;
}

/** `guessed` when GitHub refused to say. Throws when GitHub fails for the moment: no caller may trust any author instead. */
export function viewerIdentity(github: GitHubClient, debug: (message: string) => void = () => undefined): Promise<ViewerIdentity> {
  return askedOnce(github, async () => {
    // REST `GET /user` refuses installation tokens; GraphQL's viewer answers both kinds of token.
    try {
      return { login: parseViewerLogin(await github.graphql(VIEWER_QUERY)), guessed: false };
    } catch (error) {
      if (!viewerRefused(error)) throw error;
      debug(`GitHub refused to say who the token is (${messageOf(error)}); taking the workflow token's identity, ${WORKFLOW_TOKEN_LOGIN}.`);
      return { login: WORKFLOW_TOKEN_LOGIN, guessed: true };
    }
  });
}

/** The action's own comments are found by it, a guessed identity included. */
export async function viewerLogin(github: GitHubClient, debug: (message: string) => void = () => undefined): Promise<string> {
  return (await viewerIdentity(github, debug)).login;
}

export function githubCommentsApi(
  github: GitHubClient,
  issue: IssueRef,
  debug: (message: string) => void = () => undefined,
): ReportCommentsApi {
  const repo = { owner: issue.owner, repo: issue.repo };
  return {
    async listPage(page, perPage) {
      const response = await (await github.rest()).issues.listComments({ ...repo, issue_number: issue.number, per_page: perPage, page });
      return parseCommentsPage(response.data, response.headers.link);
    },
    async create(body) {
      const response = await (await github.rest()).issues.createComment({ ...repo, issue_number: issue.number, body });
      return requireComment(response.data, 'creating a comment');
    },
    async update(commentId, body) {
      const response = await (await github.rest()).issues.updateComment({ ...repo, comment_id: commentId, body });
      return requireComment(response.data, 'updating a comment');
    },
    async remove(commentId) {
      try {
        await (await github.rest()).issues.deleteComment({ ...repo, comment_id: commentId });
      } catch (error) {
        // Another run deleted it first: it is gone either way.
        if (error instanceof GitHubError && error.kind === 'status' && error.status === 404) return;
        throw error;
      }
    },
    viewerLogin() {
      return viewerLogin(github, debug);
    },
  };
}
