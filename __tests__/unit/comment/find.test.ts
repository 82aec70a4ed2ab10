import { describe, expect, test } from '@jest/globals';
import { commentMarker } from '../../../src/comment/body.js';
import { findMarkedComment, MAX_PAGES, PER_PAGE } from '../../../src/comment/find.js';
import { lastPageOf, parseCommentsPage, parseViewerLogin, type CommentsApi, type IssueComment } from '../../../src/comment/github-api.js';

const BOT = 'github-actions[bot]';

/** A comment's body, and its author when it is not the token's own account. */
type Entry = string | { readonly body: string; readonly author: string | undefined };

/** Comments kept oldest first and served in pages, as GitHub does; the token's account is BOT. */
function pagedApi(entries: readonly Entry[]): {
  api: CommentsApi;
  pagesRead: number[];
  ownLogin: () => Promise<string>;
  lookups: () => number;
} {
  const comments: IssueComment[] = entries.map((entry, index) => {
    const { body, author } = typeof entry === 'string' ? { body: entry, author: BOT } : entry;
    return { id: index + 1, body, htmlUrl: `https://github.com/acme/docs/issues/7#issuecomment-${index + 1}`, ...(author && { author }) };
  });
  const pagesRead: number[] = [];
  let lookups = 0;
  const api: CommentsApi = {
    listPage: async (page, perPage) => {
      pagesRead.push(page);
      const last = Math.max(1, Math.ceil(comments.length / perPage));
      return { comments: comments.slice((page - 1) * perPage, page * perPage), lastPage: last > 1 ? last : undefined };
    },
    create: () => Promise.reject(new Error('not used')),
    update: () => Promise.reject(new Error('not used')),
    viewerLogin: () => Promise.reject(new Error('not used: the session passes ownLogin')),
  };
  const ownLogin = (): Promise<string> => {
    lookups++;
    return Promise.resolve(BOT);
  };
  return { api, pagesRead, ownLogin, lookups: () => lookups };
}

const chatter = (count: number): string[] => Array.from({ length: count }, (_, i) => `comment ${i}`);

describe('finding the comment of a job', () => {
  test('finds it among others on a single page with one request', async () => {
    const { api, pagesRead, ownLogin } = pagedApi(['hi', `${commentMarker('job_2')}\nother job`, `${commentMarker('job_1')}\nmine`, 'bye']);
    expect((await findMarkedComment(api, commentMarker('job_1'), ownLogin))?.id).toBe(3);
    expect(pagesRead).toEqual([1]);
  });

  test('ignores markers of other jobs, including ids it is a prefix of', async () => {
    const { api, ownLogin } = pagedApi([`${commentMarker('job_12')}\n`, `${commentMarker('job_1x')}\n`, `see ${commentMarker('job_1')}`]);
    expect(await findMarkedComment(api, commentMarker('job_1'), ownLogin)).toBeUndefined();
  });

  test('reads the newest pages first and stops where it finds the marker', async () => {
    const bodies = [...chatter(PER_PAGE * 3 + 10), `${commentMarker('job_1')}\nmine`, ...chatter(PER_PAGE * 2)];
    const { api, pagesRead, ownLogin } = pagedApi(bodies);
    const found = await findMarkedComment(api, commentMarker('job_1'), ownLogin);
    expect(found?.id).toBe(PER_PAGE * 3 + 11);
    // 6 pages in all; the marker is on page 4: page 1 (for the Link header), then 6, 5, 4.
    expect(pagesRead).toEqual([1, 6, 5, 4]);
  });

  test('still finds the comment on page 1 of a long issue', async () => {
    const { api, pagesRead, ownLogin } = pagedApi([`${commentMarker('job_1')}\nmine`, ...chatter(PER_PAGE * 4)]);
    expect((await findMarkedComment(api, commentMarker('job_1'), ownLogin))?.id).toBe(1);
    expect(pagesRead).toEqual([1, 5, 4, 3, 2]);
  });

  test('is bounded: reads at most MAX_PAGES pages', async () => {
    const { api, pagesRead, ownLogin } = pagedApi([...chatter(PER_PAGE * 5), `${commentMarker('job_1')}\nold`, ...chatter(PER_PAGE * 20)]);
    expect(await findMarkedComment(api, commentMarker('job_1'), ownLogin)).toBeUndefined();
    expect(pagesRead).toHaveLength(MAX_PAGES);
    expect(pagesRead).toEqual([1, 26, 25, 24, 23, 22, 21, 20, 19, 18]);
  });

  test('two comments with the marker: the newer one wins', async () => {
    const { api, ownLogin } = pagedApi([`${commentMarker('job_1')}\nfirst`, 'x', `${commentMarker('job_1')}\nsecond`]);
    expect((await findMarkedComment(api, commentMarker('job_1'), ownLogin))?.body).toContain('second');
  });
});

describe("only the token's own comments count", () => {
  const marker = commentMarker('job_1');

  test('a comment by someone else that starts with the marker is ignored; the own one is found', async () => {
    const { api, ownLogin } = pagedApi([`${marker}\nmine`, { body: `${marker}\nplanted by mallory`, author: 'mallory' }]);
    expect((await findMarkedComment(api, marker, ownLogin))?.body).toBe(`${marker}\nmine`);
  });

  test('only marked comments by others: nothing is found', async () => {
    const { api, ownLogin } = pagedApi([
      { body: `${marker}\nplanted`, author: 'mallory' },
      { body: `${marker}\nno author`, author: undefined },
      { body: `${marker}\nanother bot`, author: 'other-app[bot]' },
    ]);
    expect(await findMarkedComment(api, marker, ownLogin)).toBeUndefined();
  });

  test('an issue without a marked comment costs no identity lookup; one with several costs one', async () => {
    const none = pagedApi(chatter(PER_PAGE * 3));
    expect(await findMarkedComment(none.api, marker, none.ownLogin)).toBeUndefined();
    expect(none.lookups()).toBe(0);
    const several = pagedApi([
      `${marker}\nmine`,
      ...chatter(PER_PAGE),
      { body: `${marker}\nplanted`, author: 'mallory' },
      ...chatter(PER_PAGE),
    ]);
    expect((await findMarkedComment(several.api, marker, several.ownLogin))?.id).toBe(1);
    expect(several.lookups()).toBe(1);
  });

  test('when GitHub cannot say who the token is, the lookup fails instead of trusting any author', async () => {
    const { api } = pagedApi([`${marker}\nmine`]);
    const refused = new Error('GraphQL: HTTP 502');
    await expect(findMarkedComment(api, marker, () => Promise.reject(refused))).rejects.toBe(refused);
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
      { id: 1, body: 'ok', htmlUrl: 'https://github.com/a/b/issues/1#issuecomment-1', author: 'x' },
      { id: 4, body: '', htmlUrl: 'https://github.com/a/b/issues/1#issuecomment-4' },
    ]);
  });

  test("GraphQL's viewer login; an answer without one is an error", () => {
    expect(parseViewerLogin({ viewer: { login: 'github-actions[bot]' } })).toBe('github-actions[bot]');
    for (const bad of [{ viewer: { login: '' } }, { viewer: null }, null, 'x']) {
      expect(() => parseViewerLogin(bad)).toThrow("GitHub's answer to 'viewer { login }' has no login.");
    }
  });

  test('a list that is not an array is an error', () => {
    expect(() => parseCommentsPage({ message: 'Moved' }, undefined)).toThrow("GitHub's list of issue comments is not an array.");
  });
});
