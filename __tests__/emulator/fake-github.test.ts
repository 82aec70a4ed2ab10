/**
 * The fake GitHub's conversation routes answer as GitHub does: reactions (201 new, 200 when the
 * same reaction exists, 404 for no such comment, 422 for an unknown content) and a review's inline
 * comments, paged with GitHub's Link header.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

const TOKEN = 'ghs_fakeGitHubTest0123456789abcdef';
let github: FakeGitHub;

beforeAll(async () => {
  github = await startFakeGitHub({ token: TOKEN });
});
afterAll(async () => {
  await github.close();
});
beforeEach(() => github.reset());

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown; link: string | null }> {
  const response = await fetch(github.url + path, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : JSON.parse(text), link: response.headers.get('link') };
}

describe('reactions', () => {
  test('201 for a new reaction, 200 for the same one again; issue and review comments apart', async () => {
    const comment = github.addComment(7, '/docs-agent more', 'lead');
    const first = await call('POST', `/repos/acme/docs/issues/comments/${comment.id}/reactions`, { content: 'eyes' });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ content: 'eyes', user: { login: 'github-actions[bot]' } });
    const again = await call('POST', `/repos/acme/docs/issues/comments/${comment.id}/reactions`, { content: 'eyes' });
    expect(again.status).toBe(200);
    expect(github.reactions()).toHaveLength(1);
    // An issue comment's id is not a review comment's.
    expect((await call('POST', `/repos/acme/docs/pulls/comments/${comment.id}/reactions`, { content: 'eyes' })).status).toBe(404);
    const inline = github.addReviewComment(77, 5, { path: 'a.md', line: 3, body: 'typo' });
    expect((await call('POST', `/repos/acme/docs/pulls/comments/${inline.id}/reactions`, { content: 'eyes' })).status).toBe(201);
    expect(github.reactions().map((reaction) => [reaction.place, reaction.commentId])).toEqual([
      ['issue', comment.id],
      ['review', inline.id],
    ]);
  });

  test('404 for no such comment, 422 for a content GitHub does not know', async () => {
    expect((await call('POST', '/repos/acme/docs/issues/comments/999999/reactions', { content: 'eyes' })).status).toBe(404);
    const comment = github.addComment(7, 'hi', 'lead');
    expect((await call('POST', `/repos/acme/docs/issues/comments/${comment.id}/reactions`, { content: 'wave' })).status).toBe(422);
    expect(github.reactions()).toEqual([]);
  });
});

describe("a review's inline comments", () => {
  test('paged oldest first with Link headers; only that review, on that pull request', async () => {
    for (let i = 1; i <= 150; i++) github.addReviewComment(77, 5, { path: `docs/page-${i}.md`, line: i, body: `comment ${i}` });
    github.addReviewComment(77, 6, { path: 'other.md', line: 1, body: 'another review' });
    const first = await call('GET', '/repos/acme/docs/pulls/77/reviews/5/comments?per_page=100');
    expect(first.status).toBe(200);
    expect(Array.isArray(first.json) && first.json.length).toBe(100);
    expect(first.link).toContain('rel="next"');
    const next = /<([^>]+)>; rel="next"/.exec(first.link ?? '')?.[1] ?? '';
    const second = await call('GET', new URL(next).pathname + new URL(next).search);
    expect(Array.isArray(second.json) ? second.json.map((item: { path: string }) => item.path) : []).toEqual(
      Array.from({ length: 50 }, (_, i) => `docs/page-${i + 101}.md`),
    );
    expect(second.link).not.toContain('rel="next"');
  });

  test('a review without inline comments is an empty list; an unknown review is 404', async () => {
    github.addReview(77, 8);
    expect((await call('GET', '/repos/acme/docs/pulls/77/reviews/8/comments')).json).toEqual([]);
    expect((await call('GET', '/repos/acme/docs/pulls/77/reviews/9/comments')).status).toBe(404);
    expect((await call('GET', '/repos/acme/docs/pulls/78/reviews/8/comments')).status).toBe(404);
  });

  test('a comment on the whole file has no line', async () => {
    github.addReviewComment(77, 5, { path: 'a.md', line: null, body: 'split this page' });
    expect((await call('GET', '/repos/acme/docs/pulls/77/reviews/5/comments')).json).toEqual([
      expect.objectContaining({ path: 'a.md', line: null, original_line: null, subject_type: 'file' }),
    ]);
  });
});
