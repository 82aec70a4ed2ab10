/**
 * The newest comment with the job's marker written by the token's own account: anyone can paste a
 * marker, and a stranger's comment must never be overwritten. GitHub lists comments oldest first and
 * cannot reverse them, so after page 1 (which tells the last page) the newest pages are read, within
 * a bound. Who the token is is asked only once a marked comment turns up.
 */
import { hasMarker } from './body.js';
import type { CommentsApi, IssueComment } from './github-api.js';

export const PER_PAGE = 100;
/** 10 requests cover 1,000 comments: page 1 plus the 9 newest pages. */
export const MAX_PAGES = 10;

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

/** findMarkedComment for any test of the body (the conversation looks for any job's marker). */
export async function findOwnComment(
  api: CommentsApi,
  matches: (body: string) => boolean,
  ownLogin: () => Promise<string>,
  maxPages = MAX_PAGES,
): Promise<IssueComment | undefined> {
  return (await findOwnComments(api, matches, () => false, ownLogin, maxPages)).found;
}

export interface OwnComments {
  readonly found?: IssueComment;
  /** The newest own comment `also` matches among the pages read until `found`. */
  readonly also?: IssueComment;
}

/**
 * findOwnComment that also keeps the newest own comment of a second kind it passes on the way (the
 * docs check's, on a pull request): the pages read are the same, so the requests are too.
 */
export async function findOwnComments(
  api: CommentsApi,
  matches: (body: string) => boolean,
  also: (body: string) => boolean,
  ownLogin: () => Promise<string>,
  maxPages = MAX_PAGES,
): Promise<OwnComments> {
  let login: string | undefined;
  let alsoFound: IssueComment | undefined;
  for await (const comments of pagesNewestFirst(api, maxPages)) {
    // Newest last on a page; a duplicate (two runs racing) resolves to the newer comment.
    const marked = comments.filter((comment) => matches(comment.body) || also(comment.body)).reverse();
    if (marked.length === 0) continue;
    // A failure to learn who the token is throws: it must not fall back to trusting any author.
    login ??= await ownLogin();
    const own = marked.filter((comment) => comment.author === login);
    alsoFound ??= own.find((comment) => also(comment.body));
    const found = own.find((comment) => matches(comment.body));
    if (found !== undefined) return { found, ...(alsoFound && { also: alsoFound }) };
  }
  return alsoFound === undefined ? {} : { also: alsoFound };
}

/** Oldest first, by id (GitHub hands ids out in order). */
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
