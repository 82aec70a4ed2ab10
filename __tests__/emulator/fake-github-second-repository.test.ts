/**
 * The fake GitHub's second repository (emulator/github/second-repository.js), the docs repository
 * of a two-repository layout: private, so the main token gets 404 there and its own token 404 in
 * the main repository; its pull requests and comments; GraphQL's viewer for each token; its token's
 * permissions (403), the fault rules (5xx) and reset.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { isRecord } from '../../src/is-record.js';
import { addCommit, addPull, startFakeGitHub, type FakeGitHub, type SecondRepository } from '../helpers/fake-github.js';

const TOKEN = 'ghs_fakeMainToken0123456789abcdef';
const DOCS_TOKEN = 'ghs_fakeDocsToken0123456789abcdef';
let github: FakeGitHub;

beforeAll(async () => {
  github = await startFakeGitHub({
    token: TOKEN,
    repo: 'widgets',
    secondRepository: { owner: 'acme', repo: 'docs', token: DOCS_TOKEN },
  });
});
afterAll(async () => {
  await github.close();
});
beforeEach(() => github.reset());

function docs(): SecondRepository {
  if (github.second === undefined) throw new Error('no second repository');
  return github.second;
}

async function call(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(github.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : JSON.parse(text) };
}

const field = (json: unknown, name: string): unknown => (isRecord(json) ? json[name] : undefined);

describe('who reaches what', () => {
  test("the docs token reads the docs repository's pull request; the main token gets 404 there, as for a private repository", async () => {
    addPull(docs().repository, { number: 12, merged: false });
    const read = await call(DOCS_TOKEN, 'GET', '/repos/acme/docs/pulls/12');
    expect(read.status).toBe(200);
    expect([field(read.json, 'number'), field(read.json, 'state')]).toEqual([12, 'open']);
    expect(await call(TOKEN, 'GET', '/repos/acme/docs/pulls/12')).toMatchObject({ status: 404, json: { message: 'Not Found' } });
    expect(await call(TOKEN, 'GET', '/repos/ACME/Docs/issues/12/comments')).toMatchObject({ status: 404 });
  });

  test('the docs token gets 404 in the main repository and anywhere else', async () => {
    addCommit(github.repository, 'main');
    expect((await call(TOKEN, 'GET', '/repos/acme/widgets/commits')).status).toBe(200);
    expect((await call(DOCS_TOKEN, 'GET', '/repos/acme/widgets/commits')).status).toBe(404);
    expect((await call(DOCS_TOKEN, 'GET', '/repos/acme/docs-private/pulls/1')).status).toBe(404);
  });

  test('an unknown token: 401', async () => {
    expect((await call('ghs_nobody', 'GET', '/repos/acme/docs/pulls/12')).status).toBe(401);
  });

  test('GraphQL says who each token is', async () => {
    const viewer = async (token: string) =>
      field(field(field((await call(token, 'POST', '/graphql', { query: 'query { viewer { login } }' })).json, 'data'), 'viewer'), 'login');
    expect(await viewer(TOKEN)).toBe('github-actions[bot]');
    expect(await viewer(DOCS_TOKEN)).toBe('docs-app[bot]');
  });
});

describe("the docs repository's comments", () => {
  test("written by the docs token's account, listed and updated there, apart from the main repository's", async () => {
    addPull(docs().repository, { number: 12, merged: false });
    const created = await call(DOCS_TOKEN, 'POST', '/repos/acme/docs/issues/12/comments', { body: 'hello' });
    expect(created.status).toBe(201);
    expect(field(field(created.json, 'user'), 'login')).toBe('docs-app[bot]');
    expect(field(created.json, 'html_url')).toMatch(/^https:\/\/github\.com\/acme\/docs\/issues\/12#issuecomment-\d+$/);
    const id = Number(field(created.json, 'id'));
    expect((await call(DOCS_TOKEN, 'PATCH', `/repos/acme/docs/issues/comments/${id}`, { body: 'again' })).status).toBe(200);
    expect(
      docs()
        .comments(12)
        .map((comment) => comment.body),
    ).toEqual(['again']);
    expect(github.comments(12)).toEqual([]);
  });

  test("a docs token without pull-requests or issues write: GitHub's 403 on a comment", async () => {
    const limited = await startFakeGitHub({
      token: TOKEN,
      secondRepository: { owner: 'acme', repo: 'handbook', token: DOCS_TOKEN, tokenPermissions: { 'pull-requests': 'read' } },
    });
    try {
      const response = await fetch(`${limited.url}/repos/acme/handbook/issues/3/comments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${DOCS_TOKEN}` },
        body: JSON.stringify({ body: 'x' }),
      });
      expect(response.status).toBe(403);
      expect(response.headers.get('x-accepted-github-permissions')).toBe('issues=write; pull_requests=write');
    } finally {
      await limited.close();
    }
  });

  test('a 5xx through the fault rules, then the answer again; reset clears the second repository', async () => {
    addPull(docs().repository, { number: 12, merged: false });
    github.fail({ status: 502, path: '/repos/acme/docs/pulls/12', times: 1 });
    expect((await call(DOCS_TOKEN, 'GET', '/repos/acme/docs/pulls/12')).status).toBe(502);
    expect((await call(DOCS_TOKEN, 'GET', '/repos/acme/docs/pulls/12')).status).toBe(200);
    docs().addComment(12, 'kept until reset');
    github.reset();
    expect(docs().comments(12)).toEqual([]);
    expect((await call(DOCS_TOKEN, 'GET', '/repos/acme/docs/pulls/12')).status).toBe(404);
  });
});
