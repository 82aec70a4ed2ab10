/**
 * The stream's other GitHub reads and writes (src/stream/): whether a commit is an ancestor of
 * another, the 🚀 on a command comment, and the state of a job's pull request. Every result kind
 * and malformed answers.
 */
import { describe, expect, test } from '@jest/globals';
import type { CommandComment } from '../../../src/event/conversation.js';
import { isAncestor } from '../../../src/stream/ancestry.js';
import { pullRequestName, pullRequestState } from '../../../src/stream/pull-state.js';
import { addRocketReaction } from '../../../src/stream/reactions.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { githubError, scriptedDocs, scriptedGitHub, tokenOf, type GitHubAnswer } from '../../helpers/scripted-github.js';

const agent = useMockAgent();
const repository = { owner: 'acme', repo: 'code' };
const BASE = 'b'.repeat(40);
const HEAD = 'c'.repeat(40);
const SERVER = 'https://ghe.example.com';

describe('isAncestor', () => {
  test('one comparison, base...head, one commit a page', async () => {
    const { client, calls } = await scriptedGitHub(agent(), () => ({
      status: 200,
      json: { status: 'ahead', ahead_by: 4, behind_by: 0, files: [] },
    }));
    expect(await isAncestor(client, repository, BASE, HEAD)).toEqual({ kind: 'ancestor', aheadBy: 4 });
    expect(calls.map((call) => `${call.method} ${new URL(call.url).pathname}${new URL(call.url).search}`)).toEqual([
      `GET /api/v3/repos/acme/code/compare/${BASE}...${HEAD}?per_page=1`,
    ]);
  });

  test.each([
    ['identical', { status: 'identical', ahead_by: 0 }, { kind: 'ancestor', aheadBy: 0 }],
    ['ahead without ahead_by', { status: 'ahead' }, { kind: 'ancestor' }],
    ['behind', { status: 'behind', behind_by: 2 }, { kind: 'not-ancestor', status: 'behind' }],
    ['diverged (a force push)', { status: 'diverged', ahead_by: 1, behind_by: 3 }, { kind: 'not-ancestor', status: 'diverged' }],
  ])('%s', async (_name, json, expected) => {
    const { client } = await scriptedGitHub(agent(), () => ({ status: 200, json }));
    expect(await isAncestor(client, repository, BASE, HEAD)).toEqual(expected);
  });

  test('404: the commit is gone, so ancestry is unknown', async () => {
    const { client } = await scriptedGitHub(agent(), () => githubError(404, 'Not Found'));
    expect(await isAncestor(client, repository, BASE, HEAD)).toMatchObject({ kind: 'gone' });
  });

  test("403: refused, naming 'contents: read'; 5xx: unavailable", async () => {
    let answer: GitHubAnswer = githubError(403, 'Resource not accessible by integration');
    const { client } = await scriptedGitHub(agent(), () => answer);
    expect(await isAncestor(client, repository, BASE, HEAD)).toMatchObject({ kind: 'refused', status: 403, permission: 'contents: read' });
    answer = githubError(500, 'Server Error');
    expect(await isAncestor(client, repository, BASE, HEAD)).toMatchObject({ kind: 'unavailable', status: 500 });
  });

  test.each([
    ['no status', { ahead_by: 0, behind_by: 0 }],
    ['an unknown status', { status: 'sideways' }],
    ['a list', []],
  ])('an answer with %s is not taken for a yes: unavailable', async (_name, json) => {
    const { client } = await scriptedGitHub(agent(), () => ({ status: 200, json }));
    expect(await isAncestor(client, repository, BASE, HEAD)).toMatchObject({
      kind: 'unavailable',
      detail: expect.stringContaining('compare') as unknown,
    });
  });
});

const issueComment: CommandComment = { id: 41, body: '/docs-agent more', place: 'issue' };
const reviewComment: CommandComment = { id: 42, body: '/docs-agent more', place: 'review' };

describe('addRocketReaction', () => {
  test('POST {content: rocket} through the reaction writer; 200 (already there, a re-run) is added too', async () => {
    let status = 201;
    const { client, calls } = await scriptedGitHub(agent(), () => ({ status, json: { id: 1, content: 'rocket' } }));
    expect(await addRocketReaction(client, repository, issueComment)).toEqual({ kind: 'added' });
    status = 200;
    expect(await addRocketReaction(client, repository, reviewComment)).toEqual({ kind: 'added' });
    expect(calls.map((call) => `${call.method} ${new URL(call.url).pathname} ${call.body}`)).toEqual([
      'POST /api/v3/repos/acme/code/issues/comments/41/reactions {"content":"rocket"}',
      'POST /api/v3/repos/acme/code/pulls/comments/42/reactions {"content":"rocket"}',
    ]);
  });

  test("403: refused, naming the write permission of the comment's place", async () => {
    const { client } = await scriptedGitHub(agent(), () => githubError(403, 'Resource not accessible by integration'));
    expect(await addRocketReaction(client, repository, issueComment)).toMatchObject({ kind: 'refused', permission: 'issues: write' });
    expect(await addRocketReaction(client, repository, reviewComment)).toMatchObject({
      kind: 'refused',
      permission: 'pull-requests: write',
    });
  });
});

describe('pullRequestState', () => {
  const link = `${SERVER}/acme/docs/pull/12`;
  const docsIn = { owner: 'acme', repo: 'docs' };

  /** The docs repository's handle of a workflow in `workflowRepository` (acme/docs: the docs are its own). */
  async function stateOf(answer: () => GitHubAnswer, workflowRepository = docsIn, docsToken = false) {
    const github = await scriptedGitHub(agent(), answer);
    const docs = await scriptedDocs(github, { workflowRepository, docsToken });
    return { docs, calls: github.calls, state: (prLink = link) => pullRequestState(docs, prLink, SERVER) };
  }

  test.each([
    ['open', { state: 'open', merged: false }, 'open'],
    ['merged', { state: 'closed', merged: true, merged_at: '2026-01-02T03:04:05Z' }, 'merged'],
    ['merged (merged_at only)', { state: 'closed', merged_at: '2026-01-02T03:04:05Z' }, 'merged'],
    ['closed without merging', { state: 'closed', merged: false, merged_at: null }, 'closed'],
  ])('%s', async (_name, json, kind) => {
    const { state, calls } = await stateOf(() => ({ status: 200, json }));
    expect(await state()).toEqual({ kind, pull: { owner: 'acme', repo: 'docs', number: 12 } });
    expect(calls.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual(['GET /api/v3/repos/acme/docs/pulls/12']);
  });

  test('a link that is not a pull request on this GitHub is not asked about', async () => {
    const { state, calls } = await stateOf(() => ({ status: 200, json: { state: 'open' } }));
    for (const other of ['https://github.com/acme/docs/pull/12', `${SERVER}/acme/docs/issues/12`, 'not a link']) {
      expect(await state(other)).toEqual({ kind: 'not-a-pull-request' });
    }
    expect(calls).toHaveLength(0);
  });

  test("in the workflow's own repository, 403 and 404 (how GitHub hides what the token may not read): refused, naming 'pull-requests: read'", async () => {
    let answer: GitHubAnswer = githubError(404, 'Not Found');
    const { state, calls } = await stateOf(() => answer);
    expect(await state()).toMatchObject({ kind: 'refused', status: 404, permission: 'pull-requests: read' });
    answer = githubError(403, 'Resource not accessible by integration');
    expect(await state()).toMatchObject({ kind: 'refused', status: 403, permission: 'pull-requests: read' });
    expect(calls.map(tokenOf)).toEqual(['github', 'github']);
  });

  test('in a docs repository of its own: asked with docs-token', async () => {
    const { state, calls } = await stateOf(() => ({ status: 200, json: { state: 'open' } }), repository, true);
    expect(await state()).toMatchObject({ kind: 'open' });
    expect(calls.map(tokenOf)).toEqual(['docs']);
  });

  test.each([
    ['404 to github-token (no docs-token)', 404, false, 'github-token'],
    ['403 to github-token (no docs-token)', 403, false, 'github-token'],
    ['404 to docs-token', 404, true, 'docs-token'],
    ['401 to docs-token', 401, true, 'docs-token'],
  ])(
    'in a docs repository of its own, %s: the docs repository refused, and it is not asked again in this run',
    async (_name, status, docsToken, input) => {
      const { state, calls } = await stateOf(() => githubError(status, 'Not Found'), repository, docsToken);
      expect(await state()).toEqual({ kind: 'docs-refused', refusal: { repository: docsIn, status, tokenInput: input } });
      expect(await state()).toEqual({ kind: 'docs-unusable', reason: `it answered ${status} to '${input}' earlier in this run` });
      expect(calls).toHaveLength(1);
    },
  );

  test('in a docs repository of its own, a rate limit and a 5xx are no refusal: unavailable, and asked again', async () => {
    let answer: GitHubAnswer = githubError(403, 'API rate limit exceeded for installation');
    const { state, calls } = await stateOf(() => answer, repository, true);
    expect(await state()).toMatchObject({ kind: 'unavailable', status: 403 });
    answer = githubError(503, 'Unavailable');
    expect(await state()).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(calls.length).toBeGreaterThan(1);
  });

  test('5xx and malformed answers: unavailable', async () => {
    let answer: GitHubAnswer = githubError(503, 'Unavailable');
    const { state } = await stateOf(() => answer);
    expect(await state()).toMatchObject({ kind: 'unavailable', status: 503 });
    for (const json of [{ state: 'draft' }, [], 'open']) {
      answer = { status: 200, json };
      expect(await state()).toMatchObject({
        kind: 'unavailable',
        detail: expect.stringContaining('pulls/12') as unknown,
      });
    }
  });

  test('pullRequestName: owner/repo#n for a pull request link on any GitHub', () => {
    expect(pullRequestName('https://github.com/acme/docs/pull/12')).toBe('acme/docs#12');
    expect(pullRequestName('https://github.com/acme/docs/issues/12')).toBeUndefined();
    expect(pullRequestName('nonsense')).toBeUndefined();
  });
});
