/**
 * The GitHub calls the comment needs (three REST calls on comments, and who the token is), behind
 * a small interface so that the lookup and the session can be tested without a network, and its
 * implementation over the run's GitHub client. Answers are checked at runtime: of a comment only `id`, `body`,
 * `html_url` and `user.login` are read.
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

/** The report comment's calls: those of any comment, and deleting a duplicate of its own. */
export interface ReportCommentsApi extends CommentsApi {
  /** Deletes one comment; a comment already gone (404) counts as deleted. */
  remove(commentId: number): Promise<void>;
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

/**
 * The identity of the default workflow token (GITHUB_TOKEN). Logins ending in `[bot]` are reserved
 * for GitHub Apps, so no person can hold it: a comment by this login was written by a workflow.
 */
export const WORKFLOW_TOKEN_LOGIN = 'github-actions[bot]';

/**
 * Whether GitHub refused to say who the token is (some installation and fine-grained tokens may
 * not use GraphQL's `viewer`), as opposed to failing for the moment (5xx, network): only a refusal
 * falls back to the workflow token's identity.
 */
function viewerRefused(error: unknown): boolean {
  if (!(error instanceof GitHubError)) return false;
  return error.kind === 'graphql' || (error.kind === 'status' && (error.status === 401 || error.status === 403) && !error.rateLimited);
}

/** Who the token is: `guessed` when GitHub refused to say and the workflow token's identity was taken. */
export interface ViewerIdentity {
  readonly login: string;
  readonly guessed: boolean;
}

/**
 * Who the token is, per client: the run's one client asks at most once however many threads it
 * writes on (the job's issue, the agent's pull request). A failed question is not kept: the next
 * caller asks again.
 */
const viewerIdentities = new WeakMap<GitHubClient, Promise<ViewerIdentity>>();

function askedOnce(github: GitHubClient, ask: () => Promise<ViewerIdentity>): Promise<ViewerIdentity> {
  const known = viewerIdentities.get(github);
  if (known !== undefined) return known;
  const asked = ask();
  viewerIdentities.set(github, asked);
  asked.catch(() => viewerIdentities.delete(github));
  return asked;
}

/**
 * The account the token acts as, asked once per client, and whether it was only guessed: when
 * GitHub refuses to say, the workflow token's identity is taken. Throws when GitHub fails for the
 * moment: no caller may fall back to trusting any author.
 */
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

/**
 * Login of the account the token acts as (CommentsApi.viewerLogin): the action's own comments are
 * found by it, the guessed identity included (see viewerIdentity).
 */
export async function viewerLogin(github: GitHubClient, debug: (message: string) => void = () => undefined): Promise<string> {
  return (await viewerIdentity(github, debug)).login;
}

/** The comments of one issue or pull request through the run's GitHub client. */
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
