/**
 * The fake GitHub's conversation and record routes answer as GitHub does: reactions (201 new, 200 when
 * the same reaction exists, 404 for no such comment, 422 for an unknown content; listed with their
 * users, by content, paged), a review's inline comments, paged with GitHub's Link header, workflow
 * runs and their jobs, commit statuses (one by one and combined), the repository itself (its default
 * branch, which a schedule event's payload does not name), and GitHub's 403 for a token whose
 * permissions lack what a route needs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { isRecord } from '../../src/is-record.js';
import { addCommit, startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

const TOKEN = 'ghs_fakeGitHubTest0123456789abcdef';
let github: FakeGitHub;

beforeAll(async () => {
  github = await startFakeGitHub({ token: TOKEN });
});
afterAll(async () => {
  await github.close();
});
beforeEach(() => github.reset());

interface Called {
  status: number;
  json: unknown;
  link: string | null;
  accepted: string | null;
}

async function call(method: string, path: string, body?: unknown): Promise<Called> {
  const response = await fetch(github.url + path, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text === '' ? undefined : JSON.parse(text),
    link: response.headers.get('link'),
    accepted: response.headers.get('x-accepted-github-permissions'),
  };
}

/** The path and query of the Link header's `rel` page. */
function linked(link: string | null, rel: string): string {
  const target = new RegExp(`<([^>]+)>; rel="${rel}"`).exec(link ?? '')?.[1] ?? '';
  return new URL(target).pathname + new URL(target).search;
}

/** A field of every item of a list (or of a list inside an object). */
function fieldOf(list: unknown, field: string): unknown[] {
  return Array.isArray(list) ? list.map((item: unknown) => member(item, field)) : [];
}

/** A field of an object answer. */
function member(json: unknown, field: string): unknown {
  return isRecord(json) ? json[field] : undefined;
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
    const second = await call('GET', linked(first.link, 'next'));
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

describe('reactions listed', () => {
  test("a comment's reactions oldest first, each naming its user and content; filtered by content; paged", async () => {
    const comment = github.addComment(7, '/docs-agent more', 'lead');
    github.addReaction('issue', comment.id, 'eyes', 'docs-bot[bot]');
    expect((await call('POST', `/repos/acme/docs/issues/comments/${comment.id}/reactions`, { content: 'rocket' })).status).toBe(201);
    github.addReaction('issue', comment.id, '+1', 'lead');
    const all = await call('GET', `/repos/acme/docs/issues/comments/${comment.id}/reactions`);
    expect(all.status).toBe(200);
    expect(all.json).toEqual([
      expect.objectContaining({ content: 'eyes', user: expect.objectContaining({ login: 'docs-bot[bot]', type: 'Bot' }) }),
      expect.objectContaining({ content: 'rocket', user: expect.objectContaining({ login: 'github-actions[bot]' }) }),
      expect.objectContaining({ content: '+1', user: expect.objectContaining({ login: 'lead', type: 'User' }) }),
    ]);
    const rockets = await call('GET', `/repos/acme/docs/issues/comments/${comment.id}/reactions?content=rocket`);
    expect(fieldOf(rockets.json, 'content')).toEqual(['rocket']);
    const first = await call('GET', `/repos/acme/docs/issues/comments/${comment.id}/reactions?per_page=2`);
    expect(fieldOf(first.json, 'content')).toEqual(['eyes', 'rocket']);
    expect(fieldOf((await call('GET', linked(first.link, 'next'))).json, 'content')).toEqual(['+1']);
  });

  test("a review comment's reactions apart from an issue comment's; 404 for no such comment, 422 for an unknown content", async () => {
    const inline = github.addReviewComment(77, 5, { path: 'a.md', line: 3, body: 'typo' });
    github.addReaction('review', inline.id, 'eyes', 'github-actions[bot]');
    const listed = await call('GET', `/repos/acme/docs/pulls/comments/${inline.id}/reactions?content=eyes`);
    expect(fieldOf(listed.json, 'user')).toEqual([expect.objectContaining({ login: 'github-actions[bot]' })]);
    expect((await call('GET', `/repos/acme/docs/issues/comments/${inline.id}/reactions`)).status).toBe(404);
    expect((await call('GET', '/repos/acme/docs/pulls/comments/999999/reactions')).status).toBe(404);
    expect((await call('GET', `/repos/acme/docs/pulls/comments/${inline.id}/reactions?content=wave`)).status).toBe(422);
    expect(() => github.addReaction('issue', 999999, 'eyes', 'lead')).toThrow();
  });

  test('the same reaction by the same account is kept once', async () => {
    const comment = github.addComment(7, 'hi', 'lead');
    github.addReaction('issue', comment.id, 'eyes', 'github-actions[bot]');
    expect((await call('POST', `/repos/acme/docs/issues/comments/${comment.id}/reactions`, { content: 'eyes' })).status).toBe(200);
    expect(github.reactions()).toHaveLength(1);
  });
});

describe('workflow runs', () => {
  test('one run: its workflow, branch, head, attempt, event, status and conclusion; 404 for an unknown run', async () => {
    const run = github.addWorkflowRun({ id: 4242, workflowId: 77, branch: 'main', headSha: 'a'.repeat(40), attempt: 2 });
    const answer = await call('GET', `/repos/acme/docs/actions/runs/${run.id}`);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      id: 4242,
      workflow_id: 77,
      head_branch: 'main',
      head_sha: 'a'.repeat(40),
      run_attempt: 2,
      event: 'push',
      status: 'completed',
      conclusion: 'success',
      html_url: 'https://github.com/acme/docs/actions/runs/4242',
    });
    run.status = 'in_progress';
    run.conclusion = null;
    expect(await call('GET', '/repos/acme/docs/actions/runs/4242')).toMatchObject({ json: { status: 'in_progress', conclusion: null } });
    expect((await call('GET', '/repos/acme/docs/actions/runs/4243')).status).toBe(404);
  });

  test("a workflow's runs: newest first, filtered by branch, event, status or conclusion and head SHA; by id or file name", async () => {
    const at = (minute: number): string => `2026-02-01T10:${String(minute).padStart(2, '0')}:00Z`;
    github.addWorkflowRun({ id: 1, workflowId: 9, branch: 'main', headSha: 'sha1', createdAt: at(1) });
    github.addWorkflowRun({ id: 2, workflowId: 9, branch: 'main', headSha: 'sha2', createdAt: at(2), conclusion: 'failure' });
    github.addWorkflowRun({ id: 3, workflowId: 9, branch: 'dev', headSha: 'sha3', createdAt: at(3) });
    github.addWorkflowRun({ id: 4, workflowId: 9, branch: 'main', headSha: 'sha4', createdAt: at(4), status: 'in_progress' });
    github.addWorkflowRun({ id: 5, workflowId: 9, branch: 'main', headSha: 'sha5', createdAt: at(5), event: 'workflow_dispatch' });
    github.addWorkflowRun({ id: 6, workflowId: 10, workflowFile: 'other.yml', branch: 'main', headSha: 'sha6', createdAt: at(6) });
    const runs = async (query: string, workflow = '9'): Promise<unknown[]> => {
      const answer = await call('GET', `/repos/acme/docs/actions/workflows/${workflow}/runs${query}`);
      expect(answer.status).toBe(200);
      const listed = member(answer.json, 'workflow_runs');
      expect(member(answer.json, 'total_count')).toBe(Array.isArray(listed) ? listed.length : -1);
      return fieldOf(listed, 'id');
    };
    expect(await runs('')).toEqual([5, 4, 3, 2, 1]);
    expect(await runs('?branch=main')).toEqual([5, 4, 2, 1]);
    expect(await runs('?branch=main&status=success')).toEqual([5, 1]);
    expect(await runs('?branch=main&status=completed')).toEqual([5, 2, 1]);
    expect(await runs('?status=in_progress')).toEqual([4]);
    expect(await runs('?branch=main&event=push&status=success')).toEqual([1]);
    expect(await runs('?head_sha=sha2')).toEqual([2]);
    expect(await runs('', 'docs.yml')).toEqual([5, 4, 3, 2, 1]);
    expect(await runs('', 'other.yml')).toEqual([6]);
    expect((await call('GET', '/repos/acme/docs/actions/workflows/11/runs')).status).toBe(404);
    expect((await call('GET', '/repos/acme/docs/actions/workflows/missing.yml/runs')).status).toBe(404);
  });

  test('paged at most 100 a run with Link headers; at most 1,000 results when filtered', async () => {
    for (let i = 1; i <= 1001; i++) {
      github.addWorkflowRun({
        id: i,
        workflowId: 9,
        branch: 'main',
        headSha: `sha${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      });
    }
    const first = await call('GET', '/repos/acme/docs/actions/workflows/9/runs?per_page=500');
    expect(member(first.json, 'total_count')).toBe(1001);
    expect(fieldOf(member(first.json, 'workflow_runs'), 'id')).toEqual(Array.from({ length: 100 }, (_, i) => 1001 - i));
    expect(first.link).toContain('rel="next"');
    const second = await call('GET', linked(first.link, 'next'));
    expect(fieldOf(member(second.json, 'workflow_runs'), 'id')[0]).toBe(901);
    expect(linked(first.link, 'last')).toContain('page=11');
    const filtered = await call('GET', '/repos/acme/docs/actions/workflows/9/runs?branch=main&per_page=100&page=10');
    expect(member(filtered.json, 'total_count')).toBe(1000);
    expect(fieldOf(member(filtered.json, 'workflow_runs'), 'id').at(-1)).toBe(2);
    expect(filtered.link).not.toContain('rel="next"');
  });

  test("a run's jobs: those of the latest attempt, every attempt's with filter=all; 404 for an unknown run", async () => {
    const run = github.addWorkflowRun({
      workflowId: 9,
      branch: 'main',
      headSha: 'sha1',
      attempt: 2,
      status: 'in_progress',
      jobs: [
        { name: 'docs', attempt: 1, status: 'completed', conclusion: 'failure' },
        { name: 'docs' },
        { name: 'Upload', status: 'queued' },
      ],
    });
    const latest = await call('GET', `/repos/acme/docs/actions/runs/${run.id}/jobs`);
    expect(latest.json).toEqual({
      total_count: 2,
      jobs: [
        expect.objectContaining({ name: 'docs', status: 'in_progress', conclusion: null, run_attempt: 2, run_id: run.id }),
        expect.objectContaining({ name: 'Upload', status: 'queued', conclusion: null }),
      ],
    });
    const all = await call('GET', `/repos/acme/docs/actions/runs/${run.id}/jobs?filter=all`);
    expect(fieldOf(member(all.json, 'jobs'), 'conclusion')).toEqual(['failure', null, null]);
    const paged = await call('GET', `/repos/acme/docs/actions/runs/${run.id}/jobs?per_page=1`);
    expect(fieldOf(member(paged.json, 'jobs'), 'name')).toEqual(['docs']);
    expect(paged.link).toContain('rel="next"');
    expect((await call('GET', '/repos/acme/docs/actions/runs/1/jobs')).status).toBe(404);
  });

  test('a 5xx through the fault rules, then the answer again', async () => {
    const run = github.addWorkflowRun({ workflowId: 9, branch: 'main', headSha: 'sha1' });
    github.fail({ status: 502, method: 'GET', path: /\/actions\//, times: 1, message: 'Server Error' });
    expect((await call('GET', `/repos/acme/docs/actions/runs/${run.id}`)).status).toBe(502);
    expect((await call('GET', `/repos/acme/docs/actions/runs/${run.id}`)).status).toBe(200);
  });
});

describe('the repository itself', () => {
  test('GET /repos/{owner}/{repo}: its name and default branch to any token (metadata), private unless made public', async () => {
    github.setTokenPermissions({ contents: 'none' });
    const answer = await call('GET', '/repos/acme/docs');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      name: 'docs',
      full_name: 'acme/docs',
      owner: { login: 'acme' },
      default_branch: 'main',
      private: true,
      visibility: 'private',
    });
    github.setPublicRepository(true);
    expect((await call('GET', '/repos/acme/docs')).json).toMatchObject({ private: false, visibility: 'public' });
    expect((await call('GET', '/repos/acme/other')).status).toBe(404);
  });

  test.each([403, 404, 500, 503])('answered %i through the fault rules, then the answer again', async (status) => {
    github.fail({ status, method: 'GET', path: '/repos/acme/docs', times: 1 });
    expect((await call('GET', '/repos/acme/docs')).status).toBe(status);
    expect(member((await call('GET', '/repos/acme/docs')).json, 'default_branch')).toBe('main');
  });
});

describe('commit statuses', () => {
  const shaOn = (branch = 'main'): string => addCommit(github.repository, branch, { message: 'change' });

  test("created by the token's account; listed newest first with creators; combined: the latest of each context", async () => {
    const sha = shaOn();
    github.addStatus(sha, { state: 'success', context: 'ci/build' }, 'ci-bot[bot]');
    const created = await call('POST', `/repos/acme/docs/statuses/${sha}`, {
      state: 'pending',
      context: 'docs-agent',
      description: 'Agent job job_1 started',
      target_url: 'https://github.com/acme/docs/actions/runs/1',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ state: 'pending', context: 'docs-agent', creator: { login: 'github-actions[bot]', type: 'Bot' } });
    await call('POST', `/repos/acme/docs/statuses/${sha}`, {
      state: 'success',
      context: 'docs-agent',
      description: 'Agent job job_1 completed',
    });
    const list = await call('GET', `/repos/acme/docs/commits/${sha}/statuses`);
    expect(list.json).toEqual([
      expect.objectContaining({ state: 'success', context: 'docs-agent', description: 'Agent job job_1 completed', target_url: null }),
      expect.objectContaining({ state: 'pending', context: 'docs-agent', target_url: 'https://github.com/acme/docs/actions/runs/1' }),
      expect.objectContaining({ state: 'success', context: 'ci/build', creator: expect.objectContaining({ login: 'ci-bot[bot]' }) }),
    ]);
    expect(fieldOf(list.json, 'id').every((id) => typeof id === 'number')).toBe(true);
    expect(fieldOf(list.json, 'created_at').every((at) => typeof at === 'string')).toBe(true);
    const combined = await call('GET', '/repos/acme/docs/commits/main/status');
    expect(combined.json).toMatchObject({ state: 'success', sha, total_count: 2 });
    expect(fieldOf(member(combined.json, 'statuses'), 'context')).toEqual(['docs-agent', 'ci/build']);
    expect(fieldOf(member(combined.json, 'statuses'), 'creator')).toEqual([undefined, undefined]);
    expect(github.statuses().map((status) => status.creator)).toEqual(['ci-bot[bot]', 'github-actions[bot]', 'github-actions[bot]']);
  });

  test('the combined state: pending with no status or one pending, failure when any context failed or errored', async () => {
    const sha = shaOn();
    const state = async (): Promise<unknown> => member((await call('GET', `/repos/acme/docs/commits/${sha}/status`)).json, 'state');
    expect(await state()).toBe('pending');
    github.addStatus(sha, { state: 'success', context: 'a' });
    github.addStatus(sha, { state: 'pending', context: 'b' });
    expect(await state()).toBe('pending');
    github.addStatus(sha, { state: 'error', context: 'b' });
    expect(await state()).toBe('failure');
    github.addStatus(sha, { state: 'success', context: 'b' });
    expect(await state()).toBe('success');
    github.addStatus(sha, { state: 'failure', context: 'a' });
    expect(await state()).toBe('failure');
  });

  test('422 for an unknown state, a description over 140 characters, a SHA the repository does not have', async () => {
    const sha = shaOn();
    expect((await call('POST', `/repos/acme/docs/statuses/${sha}`, { state: 'done' })).status).toBe(422);
    expect((await call('POST', `/repos/acme/docs/statuses/${sha}`, {})).status).toBe(422);
    const long = await call('POST', `/repos/acme/docs/statuses/${sha}`, { state: 'success', description: 'x'.repeat(141) });
    expect(long.status).toBe(422);
    expect(long.json).toMatchObject({ errors: [{ field: 'description', message: 'description is too long (maximum is 140 characters)' }] });
    expect((await call('POST', `/repos/acme/docs/statuses/${sha}`, { state: 'success', description: 'é'.repeat(140) })).status).toBe(201);
    expect((await call('POST', `/repos/acme/docs/statuses/${'f'.repeat(40)}`, { state: 'success' })).status).toBe(422);
    expect(github.statuses().map((status) => [status.context, status.description?.length])).toEqual([['default', 140]]);
    expect(() => github.addStatus(sha, { state: 'done' })).toThrow();
  });

  test('paged newest first with Link headers; 404 for an unknown ref', async () => {
    const sha = shaOn();
    for (let i = 1; i <= 120; i++) github.addStatus(sha, { state: 'success', context: `check-${i}` });
    const first = await call('GET', `/repos/acme/docs/commits/${sha}/statuses?per_page=100`);
    expect(fieldOf(first.json, 'context')[0]).toBe('check-120');
    const second = await call('GET', linked(first.link, 'next'));
    expect(fieldOf(second.json, 'context')).toEqual(Array.from({ length: 20 }, (_, i) => `check-${20 - i}`));
    const combined = await call('GET', `/repos/acme/docs/commits/${sha}/status?per_page=50&page=3`);
    expect(member(combined.json, 'total_count')).toBe(120);
    expect(fieldOf(member(combined.json, 'statuses'), 'context')).toHaveLength(20);
    expect((await call('GET', '/repos/acme/docs/commits/nope/statuses')).status).toBe(404);
    expect((await call('GET', '/repos/acme/docs/commits/nope/status')).status).toBe(404);
  });

  test('a 5xx through the fault rules records nothing', async () => {
    const sha = shaOn();
    github.fail({ status: 500, method: 'POST', path: `/repos/acme/docs/statuses/${sha}`, times: 1 });
    expect((await call('POST', `/repos/acme/docs/statuses/${sha}`, { state: 'success' })).status).toBe(500);
    expect(github.statuses()).toEqual([]);
  });
});

describe("the token's permissions", () => {
  test('without statuses: write no status is made; statuses: read lists them', async () => {
    const sha = addCommit(github.repository, 'main', {});
    github.setTokenPermissions({ contents: 'read', statuses: 'read' });
    const refused = await call('POST', `/repos/acme/docs/statuses/${sha}`, { state: 'success' });
    expect(refused).toMatchObject({ status: 403, json: { message: 'Resource not accessible by integration' }, accepted: 'statuses=write' });
    expect(github.statuses()).toEqual([]);
    expect((await call('GET', `/repos/acme/docs/commits/${sha}/statuses`)).status).toBe(200);
    github.setTokenPermissions({ statuses: 'write' });
    expect((await call('POST', `/repos/acme/docs/statuses/${sha}`, { state: 'success' })).status).toBe(201);
    expect((await call('GET', `/repos/acme/docs/commits/${sha}/status`)).status).toBe(200);
  });

  test('the Actions endpoints need actions: read, whatever else the token has', async () => {
    const run = github.addWorkflowRun({ workflowId: 9, branch: 'main', headSha: 'sha1' });
    github.setTokenPermissions({ contents: 'write', issues: 'write', 'pull-requests': 'write', statuses: 'write' });
    for (const path of [`/actions/runs/${run.id}`, `/actions/runs/${run.id}/jobs`, '/actions/workflows/9/runs']) {
      expect(await call('GET', `/repos/acme/docs${path}`)).toMatchObject({ status: 403, accepted: 'actions=read' });
    }
    github.setTokenPermissions({ actions: 'read' });
    expect((await call('GET', `/repos/acme/docs/actions/runs/${run.id}`)).status).toBe(200);
    // Refused before the route looks: an unknown run is 403 too.
    github.setTokenPermissions({});
    expect((await call('GET', '/repos/acme/docs/actions/runs/1')).status).toBe(403);
  });

  test('reactions: issues or pull-requests for an issue comment, pull-requests for a review comment', async () => {
    const comment = github.addComment(7, 'hi', 'lead');
    const inline = github.addReviewComment(77, 5, { path: 'a.md', line: 3, body: 'typo' });
    github.setTokenPermissions({ issues: 'read' });
    expect(await call('POST', `/repos/acme/docs/issues/comments/${comment.id}/reactions`, { content: 'eyes' })).toMatchObject({
      status: 403,
      accepted: 'issues=write; pull_requests=write',
    });
    expect((await call('GET', `/repos/acme/docs/issues/comments/${comment.id}/reactions`)).status).toBe(200);
    expect((await call('GET', `/repos/acme/docs/pulls/comments/${inline.id}/reactions`)).status).toBe(403);
    github.setTokenPermissions({ 'pull-requests': 'write' });
    expect((await call('POST', `/repos/acme/docs/issues/comments/${comment.id}/reactions`, { content: 'eyes' })).status).toBe(201);
    expect((await call('POST', `/repos/acme/docs/pulls/comments/${inline.id}/reactions`, { content: 'eyes' })).status).toBe(201);
    expect((await call('GET', `/repos/acme/docs/issues/comments/${comment.id}/reactions`)).status).toBe(200);
  });

  test('metadata needs nothing; reset gives back the options’ permissions (all, by default)', async () => {
    github.setTokenPermissions({});
    expect((await call('POST', '/graphql', { query: 'query { viewer { login } }' })).status).toBe(200);
    expect((await call('GET', '/repos/acme/docs/collaborators/lead/permission')).status).toBe(200);
    expect((await call('GET', '/repos/acme/docs/issues/7/comments')).status).toBe(403);
    expect((await call('GET', '/repos/acme/docs/pulls/1')).status).toBe(403);
    github.reset();
    expect((await call('GET', '/repos/acme/docs/issues/7/comments')).status).toBe(200);
    const limited = await startFakeGitHub({ token: TOKEN, tokenPermissions: { contents: 'read' } });
    try {
      const get = async (path: string): Promise<number> =>
        (await fetch(limited.url + path, { headers: { authorization: `Bearer ${TOKEN}` } })).status;
      expect(await get('/repos/acme/docs/issues/7/comments')).toBe(403);
      expect(await get('/repos/acme/docs/releases')).toBe(200);
      limited.setTokenPermissions(undefined);
      expect(await get('/repos/acme/docs/issues/7/comments')).toBe(200);
      limited.reset();
      expect(await get('/repos/acme/docs/issues/7/comments')).toBe(403);
    } finally {
      await limited.close();
    }
  });
});
