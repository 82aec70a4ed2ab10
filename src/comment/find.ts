/**
 * Finds the comment of a job by its hidden marker. GitHub lists an issue's comments oldest first
 * and cannot reverse the order, so after the first page (which tells the last page number) the
 * newest pages are read first, and the walk stops after a bounded number of requests.
 */
import { hasMarker } from './body.js';
import type { CommentsApi, IssueComment } from './github-api.js';

export const PER_PAGE = 100;
/** 10 requests cover 1,000 comments: page 1 plus the 9 newest pages. */
export const MAX_PAGES = 10;

function newestMatch(comments: readonly IssueComment[], marker: string): IssueComment | undefined {
  // Newest last on a page; a duplicate (two runs racing) resolves to the newer comment.
  return [...comments].reverse().find((comment) => hasMarker(comment.body, marker));
}

export async function findMarkedComment(api: CommentsApi, marker: string, maxPages = MAX_PAGES): Promise<IssueComment | undefined> {
  const first = await api.listPage(1, PER_PAGE);
  const last = first.lastPage ?? 1;
  for (let page = last, requests = 1; page >= 2 && requests < maxPages; page--, requests++) {
    const found = newestMatch((await api.listPage(page, PER_PAGE)).comments, marker);
    if (found !== undefined) return found;
  }
  return newestMatch(first.comments, marker);
}
