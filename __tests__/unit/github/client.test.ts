/**
 * The run's GitHub client over undici's MockAgent: what every call carries, the network policy
 * (reads and idempotent writes retried, a POST only when GitHub did not act), paging, GraphQL, the
 * endpoints from the runner's variables, and that the token never shows in an error.
 */
import { describe, expect, test } from '@jest/globals';
import { githubEndpoints } from '../../../src/github/endpoints.js';
import { linkOf } from '../../../src/github/client.js';
import { isRecord } from '../../../src/is-record.js';
import { recordElsewhere, thrown } from '../../helpers/github-refusals.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { GITHUB_API, GITHUB_GRAPHQL, GITHUB_TOKEN, githubError, scriptedGitHub, type GitHubAnswer } from '../../helpers/scripted-github.js';

const agent = useMockAgent();
const REPO = '/repos/acme/docs';
/** The repository as Octokit's typed methods take it. */
const ACME = { owner: 'acme', repo: 'docs' };

/** GitHub answers every call, but only after 5 s: later than the tests' timeouts and aborts. */
function answerTooLate(): void {
  agent()
    .get(new URL(GITHUB_API).origin)
    .intercept({ path: () => true, method: () => true })
    .reply(200, '[]')
    .delay(5000)
    .persist();
}

describe('every call', () => {
  test("carries the token (as getOctokit sends it), the REST API version, the action's user agent and GitHub's JSON accept", async () => {
    const github = await scriptedGitHub(agent(), () => ({ status: 200, json: { ok: true } }));
    const rest = await github.client.rest();
    expect((await rest.issues.listComments({ ...ACME, issue_number: 1, per_page: 100, page: undefined })).data).toEqual({ ok: true });
    expect(github.calls[0]?.url).toBe(`${GITHUB_API}${REPO}/issues/1/comments?per_page=100`);
    expect(github.calls[0]?.headers).toMatchObject({
      authorization: `token ${GITHUB_TOKEN}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
    });
    expect(github.calls[0]?.headers['user-agent']).toMatch(/^test-agent\/1\.0 octokit-core\.js\//);
  });

  test('a JSON body for writes; 204 No Content is an answer, not a body that fails to parse', async () => {
    const github = await scriptedGitHub(agent(), (call) => (call.method === 'DELETE' ? { status: 204 } : { status: 201, json: { id: 1 } }));
    const rest = await github.client.rest();
    await rest.issues.createComment({ ...ACME, issue_number: 1, body: 'hi' });
    expect(JSON.parse(github.calls[0]?.body ?? '')).toEqual({ body: 'hi' });
    expect(github.calls[0]?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await rest.issues.deleteComment({ ...ACME, comment_id: 1 })).status).toBe(204);
  });
});

describe('Octokit, as getOctokit makes it, under the same policy', () => {
  test('typed rest.* calls and paginate name the REST API version; GraphQL does not take one', async () => {
    const github = await scriptedGitHub(agent(), (call) =>
      call.url.endsWith('/graphql') ? { status: 200, json: { data: { viewer: { login: 'bot' } } } } : { status: 200, json: [] },
    );
    const octokit = await github.client.octokit();
    await octokit.rest.issues.listComments({ owner: 'acme', repo: 'docs', issue_number: 1 });
    await octokit.paginate(octokit.rest.repos.listReleases, { owner: 'acme', repo: 'docs' });
    await github.client.graphql('query { viewer { login } }');
    expect(github.calls.map((call) => [call.url, call.headers['x-github-api-version']])).toEqual([
      [`${GITHUB_API}${REPO}/issues/1/comments`, '2022-11-28'],
      [`${GITHUB_API}${REPO}/releases`, '2022-11-28'],
      [GITHUB_GRAPHQL, undefined],
    ]);
    expect(github.client.requestCount).toBe(3);
  });

  test('a typed call is retried on 5xx like the facade, and fails with a GitHubError', async () => {
    const github = await scriptedGitHub(agent(), (_call, index) =>
      index === 0 ? githubError(503, 'busy') : githubError(404, 'Not Found'),
    );
    const octokit = await github.client.octokit();
    const error = await thrown(octokit.rest.repos.get({ owner: 'acme', repo: 'docs' }));
    expect(error).toMatchObject({ kind: 'status', status: 404, what: `GET ${REPO}` });
    expect(github.calls).toHaveLength(2);
  });

  test('a request to another origin, or with credentials in its URL, is not sent: the token stays with GITHUB_API_URL', async () => {
    const elsewhere = recordElsewhere(agent());
    const github = await scriptedGitHub(agent(), () => ({ status: 200, json: [] }));
    const octokit = await github.client.octokit();
    const away = await thrown(octokit.request('GET https://evil.example/repos/acme/docs/commits'));
    expect(away).toMatchObject({ kind: 'not-sent' });
    expect(away.message).toContain('only https://ghe.example.com gets the token');
    const credentials = new URL(GITHUB_API);
    credentials.username = 'user';
    credentials.password = 'secret';
    expect(await thrown(octokit.request(`GET ${credentials.href}/repos/acme/docs/commits`))).toMatchObject({ kind: 'not-sent' });
    expect([elsewhere, github.calls]).toEqual([[], []]);
  });

  test('a redirect is not followed: the token is not sent to where it points, and the redirect is the answer', async () => {
    const elsewhere = recordElsewhere(agent());
    const github = await scriptedGitHub(agent(), () => ({ status: 302, json: {}, headers: { location: 'https://evil.example/steal' } }));
    const error = await thrown((await github.client.rest()).issues.get({ ...ACME, issue_number: 1 }));
    expect(error).toMatchObject({ kind: 'status', status: 302, detail: 'redirect to https://evil.example/steal' });
    expect(github.calls).toHaveLength(1);
    expect(elsewhere).toEqual([]);
  });

  test('no answer within request-timeout: a read is retried, then fails as timed out', async () => {
    answerTooLate();
    const github = await scriptedGitHub(agent(), () => ({ status: 200, json: [] }), { requestTimeoutMs: 30 });
    const error = await thrown((await github.client.rest()).repos.listCommits(ACME));
    expect(error).toMatchObject({ kind: 'lost', timedOut: true });
    expect(github.sleeps).toHaveLength(2);
  });

  test('an answer that is not JSON is a bad body: a read retries it', async () => {
    const github = await scriptedGitHub(agent(), (_call, index) =>
      index === 0 ? { status: 200, text: '<html>gateway</html>' } : { status: 200, json: [1] },
    );
    expect((await (await github.client.rest()).repos.listCommits(ACME)).data).toEqual([1]);
    expect(github.sleeps).toHaveLength(1);
  });
});

describe('the network policy', () => {
  test('a read is retried on 5xx, then gives up after three attempts', async () => {
    const github = await scriptedGitHub(agent(), () => githubError(502, 'Bad Gateway'));
    const error = await thrown((await github.client.rest()).repos.listCommits(ACME));
    expect(github.calls).toHaveLength(3);
    expect(github.sleeps).toHaveLength(2);
    expect(error).toMatchObject({ kind: 'status', status: 502, detail: 'Bad Gateway' });
    expect(error.message).toBe(`GET ${REPO}/commits: GitHub answered HTTP 502 after 3 attempts: Bad Gateway`);
  });

  test('a POST that reached GitHub is never repeated: a 5xx after it is the answer', async () => {
    const github = await scriptedGitHub(agent(), () => githubError(500, 'Server Error'));
    expect(await thrown((await github.client.rest()).issues.createComment({ ...ACME, issue_number: 1, body: 'x' }))).toMatchObject({
      status: 500,
    });
    expect(github.calls).toHaveLength(1);
  });

  test('a POST is retried on 429 and when the connection was never made', async () => {
    const answers: GitHubAnswer[] = [
      { status: 429, json: { message: 'slow down' }, headers: { 'retry-after': '1' } },
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      { status: 201, json: { id: 3 } },
    ];
    const github = await scriptedGitHub(agent(), (_call, index) => answers[index] ?? githubError(500, 'too many calls'));
    expect((await (await github.client.rest()).issues.createComment({ ...ACME, issue_number: 1, body: 'x' })).data).toEqual({ id: 3 });
    expect(github.sleeps[0]).toBe(1000);
  });

  test('PATCH and DELETE end in the same state however often they arrive: retried like a read', async () => {
    const github = await scriptedGitHub(agent(), (_call, index) =>
      index % 2 === 0 ? githubError(503, 'busy') : { status: 200, json: {} },
    );
    const rest = await github.client.rest();
    await rest.issues.updateComment({ ...ACME, comment_id: 1, body: 'x' });
    await rest.issues.deleteComment({ ...ACME, comment_id: 1 });
    expect(github.calls.map((call) => call.method)).toEqual(['PATCH', 'PATCH', 'DELETE', 'DELETE']);
  });

  test("GitHub's secondary rate limit (403 with Retry-After) is waited out", async () => {
    const secondary = await scriptedGitHub(agent(), (_call, index) =>
      index === 0 ? githubError(403, 'You have exceeded a secondary rate limit', { 'retry-after': '3' }) : { status: 200, json: [] },
    );
    await (await secondary.client.rest()).repos.listCommits(ACME);
    expect(secondary.sleeps).toEqual([3000]);
  });

  test('the primary rate limit (403 without Retry-After) lasts until its reset: not retried', async () => {
    const primary = await scriptedGitHub(agent(), () =>
      githubError(403, 'API rate limit exceeded for installation', { 'x-ratelimit-remaining': '0' }),
    );
    const error = await thrown((await primary.client.rest()).repos.listCommits(ACME));
    expect(error.rateLimited).toBe(true);
    expect(primary.sleeps).toEqual([]);
  });

  test('no retry waits past the deadline', async () => {
    const github = await scriptedGitHub(agent(), () => githubError(503, 'busy'), { deadline: 100 });
    await thrown((await github.client.rest()).repos.listCommits(ACME));
    expect(github.calls).toHaveLength(1);
  });

  test('a call the run aborts (the workflow was cancelled) is never retried', async () => {
    const controller = new AbortController();
    answerTooLate();
    const github = await scriptedGitHub(agent(), () => ({ status: 200, json: [] }), { signal: controller.signal });
    const call = (await github.client.rest()).repos.listCommits(ACME);
    setTimeout(() => controller.abort(), 20);
    const error = await thrown(call);
    expect(error.aborted).toBe(true);
  });

  test('a locked issue says so', async () => {
    const github = await scriptedGitHub(agent(), () => githubError(403, 'Unable to create comment because issue is locked.'));
    const error = await thrown((await github.client.rest()).issues.createComment({ ...ACME, issue_number: 1, body: 'x' }));
    expect([error.locked, error.rateLimited]).toEqual([true, false]);
  });

  test('the token never reaches an error, even when GitHub echoes it in a long page', async () => {
    const page = `<html>${'x'.repeat(290)}${GITHUB_TOKEN}${'y'.repeat(2000)}</html>`;
    const github = await scriptedGitHub(agent(), () => ({ status: 422, text: page }));
    const error = await thrown((await github.client.rest()).repos.listCommits(ACME));
    expect(error.message).not.toContain(GITHUB_TOKEN.slice(0, 8));
    expect(error.message.length).toBeLessThan(500);
  });
});

describe('answer size', () => {
  test('an answer over the 4 MiB cap is refused, unless the call allows more (a comparison with its patches)', async () => {
    const large = { files: [{ filename: 'a.ts', patch: 'x'.repeat(5 * 1024 * 1024) }] };
    const github = await scriptedGitHub(agent(), () => ({ status: 200, json: large }));
    const rest = await github.client.rest();
    const error = await thrown(rest.repos.compareCommitsWithBasehead({ ...ACME, basehead: 'a...b' }));
    expect(error).toMatchObject({ kind: 'bad-body' });
    expect(error.message).toContain('body larger than 4194304 bytes');
    const request = github.client.bodyCap(8 * 1024 * 1024);
    expect((await rest.repos.compareCommitsWithBasehead({ ...ACME, basehead: 'a...b', request })).data).toEqual(large);
    const pages = github.client
      .pages((list) => list.pulls.listFiles, { ...ACME, pull_number: 1 }, 1, 8 * 1024 * 1024)
      [Symbol.asyncIterator]();
    expect(await thrown(pages.next())).toMatchObject({ kind: 'bad-body', detail: 'not a list' });
  });

  test('the per-call cap for answers with patches (32 MiB) is kept on every page of a list, and refuses beyond it', async () => {
    const mib = 1024 * 1024;
    const github = await scriptedGitHub(agent(), (call) => {
      const page = Number(new URL(call.url).searchParams.get('page') ?? '1');
      // One patch a page: 20 MiB, then 33 MiB.
      const size = page === 1 ? 20 * mib : 33 * mib;
      const next = `<${GITHUB_API}${REPO}/pulls/1/files?per_page=100&page=${page + 1}>; rel="next"`;
      const headers: Record<string, string> = page === 1 ? { link: next } : {};
      return { status: 200, json: [{ patch: 'x'.repeat(size) }], headers };
    });
    const pages = github.client
      .pages((rest) => rest.pulls.listFiles, { ...ACME, pull_number: 1, per_page: 100 }, 30, 32 * mib)
      [Symbol.asyncIterator]();
    const first = await pages.next();
    expect(first.done === false && first.value.items).toHaveLength(1);
    const error = await thrown(pages.next());
    expect(error).toMatchObject({ kind: 'bad-body' });
    expect(error.message).toContain(`body larger than ${32 * mib} bytes`);
  });
});

test('an answer with one patch of more than 8 MiB is read as JSON, not handed on as text', async () => {
  const mib = 1024 * 1024;
  const patch = 'x'.repeat(9 * mib);
  const github = await scriptedGitHub(agent(), () => ({
    status: 200,
    json: { sha: 'a'.repeat(40), files: [{ filename: 'a.ts', patch }] },
  }));
  const rest = await github.client.rest();
  const answer = await rest.repos.getCommit({ ...ACME, ref: 'main', request: github.client.bodyCap(32 * mib) });
  const data: unknown = answer.data;
  const files = isRecord(data) ? data['files'] : undefined;
  expect(Array.isArray(files) && isRecord(files[0]) && files[0]['patch'] === patch).toBe(true);
});

describe('paging', () => {
  test('follows rel="next" up to maxPages and says whether there was more', async () => {
    const github = await scriptedGitHub(agent(), (call) => {
      const page = Number(new URL(call.url).searchParams.get('page') ?? '1');
      const next = `<${GITHUB_API}${REPO}/commits?per_page=2&page=${page + 1}>; rel="next"`;
      const headers: Record<string, string> = page < 5 ? { link: next } : {};
      return { status: 200, json: [page * 10, page * 10 + 1], headers };
    });
    const pages = [];
    for await (const page of github.client.pages((rest) => rest.repos.listCommits, { ...ACME, per_page: 2 }, 3)) pages.push(page);
    expect(pages).toEqual([
      { items: [10, 11], more: true },
      { items: [20, 21], more: true },
      { items: [30, 31], more: true },
    ]);
    // The typed method's parameters make the first page's URL; the next pages are GitHub's links, as given.
    expect(github.calls.map((call) => call.url)).toEqual([
      `${GITHUB_API}${REPO}/commits?per_page=2`,
      `${GITHUB_API}${REPO}/commits?per_page=2&page=2`,
      `${GITHUB_API}${REPO}/commits?per_page=2&page=3`,
    ]);
  });

  test('a next link to another origin is not followed: the token stays with GITHUB_API_URL', async () => {
    const github = await scriptedGitHub(agent(), () => ({
      status: 200,
      json: [1],
      headers: { link: '<https://evil.example/x?page=2>; rel="next"' },
    }));
    const pages = [];
    for await (const page of github.client.pages((rest) => rest.repos.listCommits, ACME, 10)) pages.push(page);
    expect(pages).toEqual([{ items: [1], more: false }]);
  });

  test.each([
    ['the first page, as GitHub writes it (page=1)', 1],
    ['an earlier page', 2],
  ])('a next link back to %s ends the list: no page is read twice', async (_name, back) => {
    const github = await scriptedGitHub(agent(), (call) => {
      const page = Number(new URL(call.url).searchParams.get('page') ?? '1');
      const next = page < 3 ? page + 1 : back;
      return { status: 200, json: [page], headers: { link: `<${GITHUB_API}${REPO}/commits?per_page=1&page=${next}>; rel="next"` } };
    });
    const pages = [];
    for await (const page of github.client.pages((rest) => rest.repos.listCommits, { ...ACME, per_page: 1 }, 30)) pages.push(page);
    expect(pages).toEqual([
      { items: [1], more: true },
      { items: [2], more: true },
      { items: [3], more: false },
    ]);
    expect(github.calls).toHaveLength(3);
  });

  test('a next link with credentials in it is not followed', async () => {
    const github = await scriptedGitHub(agent(), () => ({
      status: 200,
      json: [1],
      headers: { link: `<https://user:secret@ghe.example.com/api/v3${REPO}/commits?page=2>; rel="next"` },
    }));
    const pages = [];
    for await (const page of github.client.pages((rest) => rest.repos.listCommits, ACME, 10)) pages.push(page);
    expect(pages).toEqual([{ items: [1], more: false }]);
    expect(github.calls).toHaveLength(1);
  });

  test('a page that is not a list is an error naming the call', async () => {
    const github = await scriptedGitHub(agent(), () => ({ status: 200, json: { message: 'odd' } }));
    const iterator = github.client.pages((rest) => rest.repos.listCommits, ACME, 2)[Symbol.asyncIterator]();
    const error = await thrown(iterator.next());
    expect(error).toMatchObject({ kind: 'bad-body', what: `GET ${REPO}/commits` });
    expect(error.message).toBe(`GitHub's answer to GET ${REPO}/commits is not a list`);
  });

  test('callOf names a typed answer as the messages name calls: the path below GITHUB_API_URL, without the query', async () => {
    const github = await scriptedGitHub(agent(), () => ({ status: 200, json: {} }));
    const response = await (
      await github.client.rest()
    ).repos.compareCommitsWithBasehead({ ...ACME, basehead: 'v1...feature/x', per_page: 1 });
    expect(github.client.callOf(response)).toBe(`GET ${REPO}/compare/v1...feature%2Fx`);
  });

  test('linkOf reads rel="next" and rel="last"', () => {
    const header = '<https://api.github.com/x?page=2>; rel="next", <https://api.github.com/x?page=9>; rel="last"';
    expect(linkOf(header, 'next')?.searchParams.get('page')).toBe('2');
    expect(linkOf(header, 'last')?.searchParams.get('page')).toBe('9');
    expect(linkOf(undefined, 'next')).toBeUndefined();
  });
});

describe('GraphQL', () => {
  test("a query's data; an errors answer throws; a query is a read, retried on 5xx", async () => {
    const github = await scriptedGitHub(agent(), (_call, index) =>
      index === 0
        ? githubError(502, 'Bad Gateway')
        : index === 1
          ? { status: 200, json: { data: { viewer: { login: 'bot' } } } }
          : { status: 200, json: { errors: [{ message: 'Field unknown' }] } },
    );
    expect(await github.client.graphql('query { viewer { login } }')).toEqual({ viewer: { login: 'bot' } });
    expect(github.calls[0]?.url).toBe(GITHUB_GRAPHQL);
    expect(github.calls[0]?.headers['x-github-api-version']).toBeUndefined();
    expect(await thrown(github.client.graphql('query { nope }'))).toMatchObject({ kind: 'graphql', detail: 'Field unknown' });
  });
});

describe('endpoints from the runner', () => {
  test.each([
    [{}, 'https://api.github.com/', 'https://api.github.com/graphql'],
    [{ GITHUB_API_URL: 'https://ghe.example.com/api/v3' }, 'https://ghe.example.com/api/v3', 'https://ghe.example.com/api/graphql'],
    [{ GITHUB_API_URL: 'http://127.0.0.1:8080' }, 'http://127.0.0.1:8080/', 'http://127.0.0.1:8080/graphql'],
    [
      { GITHUB_API_URL: 'https://ghe.example.com/api/v3', GITHUB_GRAPHQL_URL: 'https://gql.example.com/graphql' },
      'https://ghe.example.com/api/v3',
      'https://gql.example.com/graphql',
    ],
  ])('%p', (env, api, graphql) => {
    const found = githubEndpoints(env);
    expect('endpoints' in found && [found.endpoints.apiUrl.href, found.endpoints.graphqlUrl.href]).toEqual([api, graphql]);
  });

  test.each(['ftp://x', 'not a url', 'https://user:pw@ghe.example.com/api/v3'])(
    'GITHUB_API_URL %p is refused, naming the variable',
    (url) => {
      expect(githubEndpoints({ GITHUB_API_URL: url })).toEqual({
        reason: `GITHUB_API_URL '${url}' is not an http(s) URL without credentials`,
      });
    },
  );
});
