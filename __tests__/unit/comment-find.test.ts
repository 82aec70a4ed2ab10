import { describe, expect, test } from '@jest/globals';
import { commentMarker } from '../../src/comment/body.js';
import { findMarkedComment, MAX_PAGES, PER_PAGE } from '../../src/comment/find.js';
import { lastPageOf, parseCommentsPage, type CommentsApi, type IssueComment } from '../../src/comment/github-api.js';

/** Comments kept oldest first and served in pages, as GitHub does. */
function pagedApi(bodies: readonly string[]): { api: CommentsApi; pagesRead: number[] } {
  const comments: IssueComment[] = bodies.map((body, index) => ({
    id: index + 1,
    body,
    htmlUrl: `https://github.com/acme/docs/issues/7#issuecomment-${index + 1}`,
  }));
  const pagesRead: number[] = [];
  const api: CommentsApi = {
    listPage: async (page, perPage) => {
      pagesRead.push(page);
      const last = Math.max(1, Math.ceil(comments.length / perPage));
      return { comments: comments.slice((page - 1) * perPage, page * perPage), lastPage: last > 1 ? last : undefined };
    },
    create: () => Promise.reject(new Error('not used')),
    update: () => Promise.reject(new Error('not used')),
  };
  return { api, pagesRead };
}

const chatter = (count: number): string[] => Array.from({ length: count }, (_, i) => `comment ${i}`);

describe('finding the comment of a job', () => {
  test('finds it among others on a single page with one request', async () => {
    const { api, pagesRead } = pagedApi(['hi', `${commentMarker('job_2')}\nother job`, `${commentMarker('job_1')}\nmine`, 'bye']);
    expect((await findMarkedComment(api, commentMarker('job_1')))?.id).toBe(3);
    expect(pagesRead).toEqual([1]);
  });

  test('ignores markers of other jobs, including ids it is a prefix of', async () => {
    const { api } = pagedApi([`${commentMarker('job_12')}\n`, `${commentMarker('job_1x')}\n`, `see ${commentMarker('job_1')}`]);
    expect(await findMarkedComment(api, commentMarker('job_1'))).toBeUndefined();
  });

  test('reads the newest pages first and stops where it finds the marker', async () => {
    const bodies = [...chatter(PER_PAGE * 3 + 10), `${commentMarker('job_1')}\nmine`, ...chatter(PER_PAGE * 2)];
    const { api, pagesRead } = pagedApi(bodies);
    const found = await findMarkedComment(api, commentMarker('job_1'));
    expect(found?.id).toBe(PER_PAGE * 3 + 11);
    // 6 pages in all; the marker is on page 4: page 1 (for the Link header), then 6, 5, 4.
    expect(pagesRead).toEqual([1, 6, 5, 4]);
  });

  test('still finds the comment on page 1 of a long issue', async () => {
    const { api, pagesRead } = pagedApi([`${commentMarker('job_1')}\nmine`, ...chatter(PER_PAGE * 4)]);
    expect((await findMarkedComment(api, commentMarker('job_1')))?.id).toBe(1);
    expect(pagesRead).toEqual([1, 5, 4, 3, 2]);
  });

  test('is bounded: reads at most MAX_PAGES pages', async () => {
    const { api, pagesRead } = pagedApi([...chatter(PER_PAGE * 5), `${commentMarker('job_1')}\nold`, ...chatter(PER_PAGE * 20)]);
    expect(await findMarkedComment(api, commentMarker('job_1'))).toBeUndefined();
    expect(pagesRead).toHaveLength(MAX_PAGES);
    expect(pagesRead).toEqual([1, 26, 25, 24, 23, 22, 21, 20, 19, 18]);
  });

  test('two comments with the marker: the newer one wins', async () => {
    const { api } = pagedApi([`${commentMarker('job_1')}\nfirst`, 'x', `${commentMarker('job_1')}\nsecond`]);
    expect((await findMarkedComment(api, commentMarker('job_1')))?.body).toContain('second');
  });
});

describe('reading GitHub answers', () => {
  test('Link header: the last page', () => {
    const link =
      '<https://api.github.com/repositories/1/issues/7/comments?per_page=100&page=2>; rel="next", <https://api.github.com/repositories/1/issues/7/comments?per_page=100&page=14>; rel="last"';
    expect(lastPageOf(link)).toBe(14);
    expect(lastPageOf('<https://api.github.com/x?page=1>; rel="prev"')).toBeUndefined();
    expect(lastPageOf(undefined)).toBeUndefined();
    expect(lastPageOf('<not a url>; rel="last"')).toBeUndefined();
  });

  test('list items without a numeric id or html_url are skipped; a null body is empty', () => {
    const page = parseCommentsPage(
      [
        { id: 1, body: 'ok', html_url: 'https://github.com/a/b/issues/1#issuecomment-1', user: { login: 'x' } },
        { id: '2', body: 'id as text', html_url: 'u' },
        { id: 3, body: 'no url' },
        { id: 4, body: null, html_url: 'https://github.com/a/b/issues/1#issuecomment-4' },
        null,
        'text',
      ],
      undefined,
    );
    expect(page.comments).toEqual([
      { id: 1, body: 'ok', htmlUrl: 'https://github.com/a/b/issues/1#issuecomment-1' },
      { id: 4, body: '', htmlUrl: 'https://github.com/a/b/issues/1#issuecomment-4' },
    ]);
  });

  test('a list that is not an array is an error', () => {
    expect(() => parseCommentsPage({ message: 'Moved' }, undefined)).toThrow("GitHub's list of issue comments is not an array.");
  });
});
