/**
 * Reading a review's inline comments through the run's GitHub client: every page by the Link
 * header, at most MAX_PAGES, items that are not review comments dropped, and a list that is not
 * a list refused. And the reaction's endpoint for each kind of comment.
 */
import { describe, expect, test } from '@jest/globals';
import { MAX_PAGES, PER_PAGE, readReviewComments } from '../../../src/conversation/review.js';
import { addReaction } from '../../../src/conversation/reaction.js';
import { GitHubError } from '../../../src/github/errors.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { GITHUB_API as API, scriptedGitHub, type GitHubAnswer } from '../../helpers/scripted-github.js';

const agent = useMockAgent();
const repository = { owner: 'acme', repo: 'docs' };
const PATH = '/repos/acme/docs/pulls/77/reviews/5/comments';

/** Page `page` of `total` comments, with GitHub's Link header. */
function pageOf(page: number, total: number): GitHubAnswer {
  const last = Math.max(1, Math.ceil(total / PER_PAGE));
  const items = Array.from({ length: Math.max(0, Math.min(PER_PAGE, total - (page - 1) * PER_PAGE)) }, (_, i) => {
    const n = (page - 1) * PER_PAGE + i + 1;
    return { id: n, path: `p${n}.md`, line: n, body: `c${n}` };
  });
  const next =
    page < last
      ? `<${API}${PATH}?per_page=${PER_PAGE}&page=${page + 1}>; rel="next", <${API}${PATH}?per_page=${PER_PAGE}&page=${last}>; rel="last"`
      : '';
  return { status: 200, json: items, headers: next === '' ? {} : { link: next } };
}

describe('readReviewComments', () => {
  test('follows the pages, 100 at a time, in order', async () => {
    const { client, calls } = await scriptedGitHub(agent(), (call) =>
      pageOf(Number(new URL(call.url).searchParams.get('page') ?? '1'), 150),
    );
    const read = await readReviewComments(client, repository, 77, 5);
    expect(read.more).toBe(false);
    expect(read.comments).toHaveLength(150);
    expect(read.comments[149]).toEqual({ path: 'p150.md', line: 150, body: 'c150' });
    expect(calls.map((call) => new URL(call.url).search)).toEqual(['?per_page=100', '?per_page=100&page=2']);
    expect(new URL(calls[0]?.url ?? '').pathname).toBe(`/api/v3${PATH}`);
  });

  test(`stops after ${MAX_PAGES} pages and says there were more`, async () => {
    const { client, calls } = await scriptedGitHub(agent(), (call) =>
      pageOf(Number(new URL(call.url).searchParams.get('page') ?? '1'), 5000),
    );
    const read = await readReviewComments(client, repository, 77, 5);
    expect(calls).toHaveLength(MAX_PAGES);
    expect(read.comments).toHaveLength(MAX_PAGES * PER_PAGE);
    expect(read.more).toBe(true);
  });

  test('items without a path or a body are dropped', async () => {
    const { client } = await scriptedGitHub(agent(), () => ({
      status: 200,
      json: [{ path: 'a.md', body: 'x', line: 2 }, { body: 'no path' }, 'x', null],
    }));
    expect((await readReviewComments(client, repository, 77, 5)).comments).toEqual([{ path: 'a.md', body: 'x', line: 2 }]);
  });

  test('an answer that is not a list throws', async () => {
    const { client } = await scriptedGitHub(agent(), () => ({ status: 200, json: { message: 'not a list' } }));
    await expect(readReviewComments(client, repository, 77, 5)).rejects.toBeInstanceOf(GitHubError);
  });
});

describe('addReaction', () => {
  test('issue and pull-request comments under issues/comments, comments on the diff under pulls/comments', async () => {
    const { client, calls } = await scriptedGitHub(agent(), () => ({ status: 201, json: { id: 1, content: 'eyes' } }));
    await addReaction(client, repository, { id: 11, place: 'issue' }, 'eyes');
    await addReaction(client, repository, { id: 12, place: 'review' }, 'eyes');
    await addReaction(client, { owner: 'a b', repo: 'c/d' }, { id: 1, place: 'issue' }, 'rocket');
    expect(calls.map((call): unknown[] => [call.method, new URL(call.url).pathname, JSON.parse(call.body)])).toEqual([
      ['POST', '/api/v3/repos/acme/docs/issues/comments/11/reactions', { content: 'eyes' }],
      ['POST', '/api/v3/repos/acme/docs/pulls/comments/12/reactions', { content: 'eyes' }],
      ['POST', '/api/v3/repos/a%20b/c%2Fd/issues/comments/1/reactions', { content: 'rocket' }],
    ]);
  });
});
