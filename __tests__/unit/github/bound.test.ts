/**
 * A client bound to one repository (src/github/bound.ts, enforced in src/github/octokit.ts): the
 * docs repository's client sends its token to that repository's REST paths on GITHUB_API_URL and
 * to GraphQL's `viewer { login }`, and refuses everything else before anything is sent.
 */
import { describe, expect, test } from '@jest/globals';
import { VIEWER_QUERY } from '../../../src/github/bound.js';
import { recordElsewhere, thrown } from '../../helpers/github-refusals.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { DOCS_TOKEN, GITHUB_API, scriptedGitHub, tokenOf } from '../../helpers/scripted-github.js';

const agent = useMockAgent();
const DOCS = { owner: 'acme', repo: 'docs' };

async function boundClient() {
  const github = await scriptedGitHub(agent(), (call) =>
    call.url.endsWith('/graphql') ? { status: 200, json: { data: { viewer: { login: 'docs-app[bot]' } } } } : { status: 200, json: [] },
  );
  return { github, docs: github.bound(DOCS_TOKEN, DOCS) };
}

describe('a client bound to acme/docs', () => {
  test("sends to acme/docs's paths (in any case, as GitHub's names are), with its own token", async () => {
    const { github, docs } = await boundClient();
    const rest = await docs.rest();
    await rest.pulls.get({ ...DOCS, pull_number: 12 });
    await rest.issues.listComments({ owner: 'Acme', repo: 'Docs', issue_number: 12 });
    await rest.repos.get(DOCS);
    expect(github.calls.map((call) => new URL(call.url).pathname)).toEqual([
      '/api/v3/repos/acme/docs/pulls/12',
      '/api/v3/repos/Acme/Docs/issues/12/comments',
      '/api/v3/repos/acme/docs',
    ]);
    expect(github.calls.map(tokenOf)).toEqual(['docs', 'docs', 'docs']);
  });

  test('asks GraphQL who its token is, and nothing else', async () => {
    const { github, docs } = await boundClient();
    expect(await docs.graphql(VIEWER_QUERY)).toEqual({ viewer: { login: 'docs-app[bot]' } });
    const other = await thrown(docs.graphql('query { repository(owner: "acme", name: "code") { id } }'));
    expect(other).toMatchObject({ kind: 'not-sent' });
    expect(other.message).toContain('this token is for acme/docs only, and this is a GraphQL query other than who the token is');
    expect(github.calls).toHaveLength(1);
  });

  test.each([
    ['another repository', 'GET /repos/acme/code/pulls/1'],
    ['a repository whose name starts with the same letters', 'GET /repos/acme/docs-private/pulls/1'],
    ['the same name under another owner', 'GET /repos/mallory/docs/pulls/1'],
    ['a path that climbs out with ..', 'GET /repos/acme/docs/../code/pulls/1'],
    ['a path that climbs out with %2e%2e', 'GET /repos/acme/docs/%2e%2e/code/pulls/1'],
    ['an encoded slash in the owner', 'GET /repos/acme%2Fdocs/code/pulls/1'],
    ['the account', 'GET /user'],
    ['the search API', 'GET /search/issues?q=repo:acme/code'],
    ['an organisation', 'GET /orgs/acme/repos'],
    ['the API root', 'GET /'],
    ['the repository path outside the API base', `GET ${new URL(GITHUB_API).origin}/repos/acme/docs/pulls/1`],
  ])('refuses %s before sending anything', async (_name, route) => {
    const { github, docs } = await boundClient();
    const octokit = await docs.octokit();
    const error = await thrown(octokit.request(route));
    expect(error).toMatchObject({ kind: 'not-sent' });
    expect(error.message).toContain('this token is for acme/docs only');
    expect(github.calls).toEqual([]);
  });

  test('refuses another host, as every client does', async () => {
    const elsewhere = recordElsewhere(agent());
    const { github, docs } = await boundClient();
    const octokit = await docs.octokit();
    expect(await thrown(octokit.request('GET https://evil.example/repos/acme/docs/pulls/1'))).toMatchObject({ kind: 'not-sent' });
    expect([elsewhere, github.calls]).toEqual([[], []]);
  });

  test("a next page's link to another repository is not followed with its token", async () => {
    const github = await scriptedGitHub(agent(), () => ({
      status: 200,
      json: [1],
      headers: { link: `<${GITHUB_API}/repos/acme/code/issues/1/comments?page=2>; rel="next"` },
    }));
    const docs = github.bound(DOCS_TOKEN, DOCS);
    const read = async () => {
      for await (const page of docs.pages((rest) => rest.issues.listComments, { ...DOCS, issue_number: 1 }, 10))
        expect(page.items).toEqual([1]);
    };
    expect(await thrown(read())).toMatchObject({ kind: 'not-sent' });
    expect(github.calls.map((call) => new URL(call.url).pathname)).toEqual(['/api/v3/repos/acme/docs/issues/1/comments']);
  });

  test("the workflow's client is bound to nothing: it reaches any repository on GitHub's API, as before", async () => {
    const { github } = await boundClient();
    const rest = await github.client.rest();
    await rest.pulls.get({ owner: 'acme', repo: 'code', pull_number: 1 });
    await github.client.graphql('query { repository(owner: "acme", name: "code") { id } }');
    expect(github.calls.map(tokenOf)).toEqual(['github', 'github']);
  });
});
