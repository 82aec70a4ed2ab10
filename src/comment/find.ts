/**
 * Finds the comment of a job: the newest comment that starts with the job's hidden marker and was
 * written by the account the token acts as. Anyone who can comment can paste a marker, so a
 * marked comment by anyone else is never taken for the action's own (it would be overwritten).
 *
 * GitHub lists an issue's comments oldest first and cannot reverse the order, so after the first
 * page (which tells the last page number) the newest pages are read first, and the walk stops
 * after a bounded number of requests. Who the token is costs one more request, made only once a
 * marked comment turns up: an issue without one costs nothing more.
 */
import { hasMarker } from './body.js';
import type { CommentsApi, IssueComment } from './github-api.js';

export const PER_PAGE = 100;
/** 10 requests cover 1,000 comments: page 1 plus the 9 newest pages. */
export const MAX_PAGES = 10;

/** The bounded walk: page 1 is read first (it tells the last page), then the newest pages; page 1's comments come last. */
async function* pagesNewestFirst(api: CommentsApi, maxPages: number): AsyncGenerator<readonly IssueComment[]> {
  const first = await api.listPage(1, PER_PAGE);
  const last = first.lastPage ?? 1;
  for (let page = last, requests = 1; page >= 2 && requests < maxPages; page--, requests++) {
    yield (await api.listPage(page, PER_PAGE)).comments;
  }
  yield first.comments;
}

export async function findMarkedComment(
  api: CommentsApi,
  marker: string,
  ownLogin: () => Promise<string>,
  maxPages = MAX_PAGES,
): Promise<IssueComment | undefined> {
  return findOwnComment(api, (body) => hasMarker(body, marker), ownLogin, maxPages);
}

/**
 * The newest comment the token's own account wrote whose body `matches` (the lookup of
 * findMarkedComment, for any test of the body: the conversation looks for any job's marker).
 */
export async function findOwnComment(
  api: CommentsApi,
  matches: (body: string) => boolean,
  ownLogin: () => Promise<string>,
  maxPages = MAX_PAGES,
): Promise<IssueComment | undefined> {
  let login: string | undefined;
  const newestOwnMatch = async (comments: readonly IssueComment[]): Promise<IssueComment | undefined> => {
    // Newest last on a page; a duplicate (two runs racing) resolves to the newer comment.
    const marked = comments.filter((comment) => matches(comment.body)).reverse();
    if (marked.length === 0) return undefined;
    // A failure to learn who the token is throws: it must not fall back to trusting any author.
    login ??= await ownLogin();
    return marked.find((comment) => comment.author === login);
  };
  for await (const comments of pagesNewestFirst(api, maxPages)) {
    const found = await newestOwnMatch(comments);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Every comment with `marker` written by the account the token acts as, oldest first (by id, which
 * GitHub hands out in order), over the same bounded walk as findMarkedComment.
 */
export async function findOwnMarkedComments(
  api: CommentsApi,
  marker: string,
  ownLogin: () => Promise<string>,
  maxPages = MAX_PAGES,
): Promise<IssueComment[]> {
  const pages: (readonly IssueComment[])[] = [];
  for await (const comments of pagesNewestFirst(api, maxPages)) pages.push(comments);
  const marked = pages.flat().filter((comment) => hasMarker(comment.body, marker));
  if (marked.length === 0) return [];
  const login = await ownLogin();
  const own = new Map(marked.filter((comment) => comment.author === login).map((comment) => [comment.id, comment]));
  return [...own.values()].sort((a, b) => a.id - b.id);
}
