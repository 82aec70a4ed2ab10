/**
 * The comment session over the real Octokit from @actions/github, with its fetch replaced by a
 * stub: GitHub's answers (including errors in GitHub's JSON shape) become warnings, never throws.
 */
import { describe, expect, test } from '@jest/globals';
import { getOctokit } from '@actions/github';
import { commentMarker } from '../../src/comment/body.js';
import type { CommentTarget } from '../../src/comment/event.js';
import { describeCommentFailure } from '../../src/comment/failure.js';
import { octokitCommentsApi } from '../../src/comment/github-api.js';
import { CommentSession } from '../../src/comment/session.js';
import type { JobResult } from '../../src/job/outcome.js';
import { bodyField } from '../helpers/fake-github.js';

const TOKEN = 'ghs_unitTestToken0123456789abcdef';
const API = 'https://ghe.example.com/api/v3';
/** Octokit sends GraphQL to GHES at /api/graphql, beside /api/v3. */
const GRAPHQL = 'https://ghe.example.com/api/graphql';
const ISSUE: CommentTarget = { number: 7, kind: 'issue' };

interface Call {
  readonly method: string;
  readonly url: string;
  readonly body: string;
  readonly authorization: string | null;
}

type Answer = Response | Error | Promise<Response>;

function githubError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ message, documentation_url: 'https://docs.github.com/rest', status: String(status) }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

function json(status: number, value: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

const comment = (id: number, body: string, login = 'github-actions[bot]'): Record<string, unknown> => ({
  id,
  body,
  html_url: `https://ghe.example.com/acme/docs/issues/7#issuecomment-${id}`,
  user: { login },
});

const viewer = (login: string): Response => json(200, { data: { viewer: { login } } });

/**
 * A session whose GitHub answers come from `answer`, in call order; GraphQL's viewer query is
 * answered by `options.viewer` (the workflow's bot by default).
 */
function setup(
  answer: (call: Call, index: number, signal: AbortSignal | undefined) => Answer,
  options: { target?: CommentTarget; wait?: boolean; timeoutMs?: number; viewer?: (call: Call) => Answer } = {},
) {
  const calls: Call[] = [];
  const warnings: string[] = [];
  const fetchStub = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: input instanceof Request ? input.url : input.toString(),
      body: typeof init?.body === 'string' ? init.body : '',
      authorization: new Headers(init?.headers).get('authorization'),
    };
    calls.push(call);
    const result =
      call.url === GRAPHQL
        ? (options.viewer ?? (() => viewer('github-actions[bot]')))(call)
        : answer(call, calls.length - 1, init?.signal ?? undefined);
    if (result instanceof Error) throw result;
    return result;
  };
  const target = options.target ?? ISSUE;
  const octokit = getOctokit(TOKEN, { baseUrl: API, request: { fetch: fetchStub } });
  const session = new CommentSession({
    api: octokitCommentsApi(octokit, { owner: 'acme', repo: 'docs', number: target.number }, options.timeoutMs ?? 5000),
    target,
    request: 'create',
    wait: options.wait ?? true,
    runUrl: 'https://ghe.example.com/acme/docs/actions/runs/1',
    describe: (error, action) => describeCommentFailure(error, action, target, TOKEN),
    warn: (message) => warnings.push(message),
    info: () => undefined,
  });
  return { session, calls, warnings };
}

function result(outcome: JobResult['outcome'] = 'completed'): JobResult {
  return {
    request: { kind: 'create', prompt: 'p' },
    jobId: 'job_1',
    job: { id: 'job_1', status: 'completed', prLink: 'https://github.com/acme/docs/pull/5' },
    status: 'completed',
    outcome,
    polls: 2,
    elapsedMs: 3000,
  };
}

function sent(call: Call | undefined): string {
  return bodyField(call?.body ?? '') ?? '';
}

describe('writing the comment', () => {
  test('creates on start and updates the same comment at the end, on the GHES API URL with the token', async () => {
    const { session, calls, warnings } = setup((call) => {
      if (call.method === 'GET') return json(200, [comment(1, 'unrelated')]);
      if (call.method === 'POST') return json(201, comment(50, sent(call)));
      return json(200, comment(50, sent(call)));
    });
    session.started('job_1');
    const url = await session.finished(result());
    expect(url).toBe('https://ghe.example.com/acme/docs/issues/7#issuecomment-50');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET ${API}/repos/acme/docs/issues/7/comments?per_page=100&page=1`,
      `POST ${API}/repos/acme/docs/issues/7/comments`,
      `PATCH ${API}/repos/acme/docs/issues/comments/50`,
    ]);
    expect(calls.every((call) => call.authorization === `token ${TOKEN}`)).toBe(true);
    expect(sent(calls[1])).toContain('started');
    expect(sent(calls[2])).toContain('✅ completed');
    expect(warnings).toEqual([]);
  });

  test("an existing comment with the marker, written by the token's account, is updated, not duplicated", async () => {
    const { session, calls } = setup((call) =>
      call.method === 'GET'
        ? json(200, [comment(9, `${commentMarker('job_1')}\nold`), comment(10, 'x')])
        : json(200, comment(9, sent(call))),
    );
    session.started('job_1');
    await session.finished(result());
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET ${API}/repos/acme/docs/issues/7/comments?per_page=100&page=1`,
      `POST ${GRAPHQL}`,
      `PATCH ${API}/repos/acme/docs/issues/comments/9`,
      `PATCH ${API}/repos/acme/docs/issues/comments/9`,
    ]);
    expect(JSON.parse(calls[1]?.body ?? '{}')).toEqual({ query: 'query { viewer { login } }' });
    expect(calls[1]?.authorization).toBe(`token ${TOKEN}`);
  });

  test('a comment with the marker written by someone else is left alone: a new comment is created', async () => {
    const planted = comment(9, `${commentMarker('job_1')}\nplanted`, 'mallory');
    const { session, calls, warnings } = setup((call) =>
      call.method === 'GET' ? json(200, [planted]) : json(call.method === 'POST' ? 201 : 200, comment(50, sent(call))),
    );
    session.started('job_1');
    expect(await session.finished(result())).toBe('https://ghe.example.com/acme/docs/issues/7#issuecomment-50');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET ${API}/repos/acme/docs/issues/7/comments?per_page=100&page=1`,
      `POST ${GRAPHQL}`,
      `POST ${API}/repos/acme/docs/issues/7/comments`,
      `PATCH ${API}/repos/acme/docs/issues/comments/50`,
    ]);
    expect(warnings).toEqual([]);
  });

  test('with a personal token, the comments of that user are its own', async () => {
    const { session, calls } = setup(
      (call) =>
        call.method === 'GET' ? json(200, [comment(9, `${commentMarker('job_1')}\nold`, 'octocat')]) : json(200, comment(9, sent(call))),
      { viewer: () => viewer('octocat') },
    );
    session.started('job_1');
    await session.finished(result());
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.url)).toEqual([
      `${API}/repos/acme/docs/issues/comments/9`,
      `${API}/repos/acme/docs/issues/comments/9`,
    ]);
  });

  test('when GitHub cannot say who the token is, nothing is written and no comment is trusted', async () => {
    const { session, calls, warnings } = setup(
      (call) => (call.method === 'GET' ? json(200, [comment(9, `${commentMarker('job_1')}\nold`)]) : json(200, comment(9, sent(call)))),
      { viewer: () => githubError(502, 'Bad Gateway') },
    );
    session.started('job_1');
    expect(await session.finished(result())).toBeUndefined();
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST', 'GET', 'POST']);
    expect(calls.filter((call) => call.method === 'POST').every((call) => call.url === GRAPHQL)).toBe(true);
    expect(warnings).toEqual([
      "Could not check who wrote the job's comment on issue #7: GitHub answered 502: Bad Gateway - https://docs.github.com/rest. The agent job is not affected.",
      "Could not check who wrote the job's comment on issue #7: GitHub answered 502: Bad Gateway - https://docs.github.com/rest. The agent job is not affected.",
    ]);
  });

  test('after an error while waiting, the comment says the job is no longer followed', async () => {
    const { session, calls } = setup((call) => (call.method === 'GET' ? json(200, []) : json(201, comment(3, sent(call)))));
    session.started('job_1');
    await session.finished(undefined);
    expect(sent(calls[2])).toContain('no longer followed');
  });

  test('wait: false keeps the started comment; a job never known writes nothing', async () => {
    const started = setup((call) => (call.method === 'GET' ? json(200, []) : json(201, comment(3, sent(call)))), { wait: false });
    started.session.started('job_1');
    expect(await started.session.finished(result('started'))).toBe('https://ghe.example.com/acme/docs/issues/7#issuecomment-3');
    expect(started.calls.map((call) => call.method)).toEqual(['GET', 'POST']);

    const never = setup(() => new Error('no call expected'));
    expect(await never.session.finished(undefined)).toBeUndefined();
    expect(never.calls).toEqual([]);
  });
});

describe('cancellation and unclear answers', () => {
  test('a create or message that failed unclearly, with the job known from the error, gets the no-longer-followed comment', async () => {
    const { session, calls } = setup((call) => (call.method === 'GET' ? json(200, []) : json(201, comment(3, sent(call)))));
    expect(await session.finished(undefined, 'job_odd')).toBe('https://ghe.example.com/acme/docs/issues/7#issuecomment-3');
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST']);
    expect(sent(calls[1]).startsWith(commentMarker('job_odd'))).toBe(true);
    expect(sent(calls[1])).toContain('no longer followed');
  });

  test('cancelled updates the started comment, and nothing is written after it', async () => {
    const { session, calls } = setup((call) => (call.method === 'GET' ? json(200, []) : json(201, comment(3, sent(call)))));
    session.started('job_1');
    expect(await session.cancelled({ jobId: undefined, messageUnclear: false })).toBe(
      'https://ghe.example.com/acme/docs/issues/7#issuecomment-3',
    );
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST', 'PATCH']);
    expect(sent(calls[2])).toContain('Mintlify agent job `job_1`: run cancelled');
    await session.finished(result());
    session.started('job_1');
    expect(calls).toHaveLength(3);
  });
});

describe('failures are warnings', () => {
  test('403 names the permission once and stops calling GitHub', async () => {
    const { session, calls, warnings } = setup((call) =>
      call.method === 'GET' ? json(200, []) : githubError(403, 'Resource not accessible by integration'),
    );
    session.started('job_1');
    expect(await session.finished(result())).toBeUndefined();
    expect(warnings).toEqual([
      'Could not create a comment on issue #7: the token may not write comments (403); add `permissions: issues: write` to the job. The agent job is not affected.',
    ]);
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST']);
  });

  test('403 on a pull request asks for pull-requests: write', async () => {
    const { session, warnings } = setup(() => githubError(403, 'Resource not accessible by integration'), {
      target: { number: 12, kind: 'pull-request' },
    });
    session.started('job_1');
    await session.finished(result());
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Could not list the comments on pull request #12: .*add `permissions: pull-requests: write` to the job/);
  });

  test('404 says the issue cannot be seen', async () => {
    const { session, warnings, calls } = setup(() => githubError(404, 'Not Found'));
    session.started('job_1');
    await session.finished(result());
    expect(warnings).toEqual([
      expect.stringContaining('Could not list the comments on issue #7: not found (404); the token cannot see it'),
    ]);
    expect(calls).toHaveLength(1);
  });

  test('401 points at the github-token input', async () => {
    const { session, warnings } = setup(() => githubError(401, 'Bad credentials'));
    session.started('job_1');
    await session.finished(result());
    expect(warnings).toEqual([expect.stringContaining("GitHub rejected the token (401); check the 'github-token' input")]);
  });

  test('a rate limit is retried at the end of the job', async () => {
    const { session, warnings, calls } = setup((call, index) => {
      if (index === 0) return githubError(403, 'API rate limit exceeded for installation ID 1.', { 'x-ratelimit-remaining': '0' });
      return call.method === 'GET' ? json(200, []) : json(201, comment(4, sent(call)));
    });
    session.started('job_1');
    expect(await session.finished(result())).toBe('https://ghe.example.com/acme/docs/issues/7#issuecomment-4');
    expect(warnings).toEqual([
      "Could not list the comments on issue #7: GitHub's API rate limit was reached (403). The agent job is not affected.",
    ]);
    // The finished body is the one created: no stale "started" comment.
    expect(calls.map((call) => call.method)).toEqual(['GET', 'GET', 'POST']);
    expect(sent(calls[2])).toContain('✅ completed');
  });

  test('a network error is a warning with the cause', async () => {
    const { session, warnings } = setup(() => new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:443') }));
    session.started('job_1');
    await session.finished(result());
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toBe(
      'Could not list the comments on issue #7: network error: connect ECONNREFUSED 127.0.0.1:443. The agent job is not affected.',
    );
  });

  test('a hung GitHub API times out per request instead of holding the step', async () => {
    const hang = (signal: AbortSignal | undefined): Promise<Response> =>
      new Promise((_resolve, reject) =>
        // A real fetch rejects with the abort reason (a TimeoutError DOMException, from another realm under jest).
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
        signal?.addEventListener('abort', () => reject(signal.reason)),
      );
    const { session, warnings } = setup((_call, _index, signal) => hang(signal), { timeoutMs: 50 });
    const started = Date.now();
    session.started('job_1');
    await session.finished(result());
    expect(Date.now() - started).toBeLessThan(2000);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toBe(
      "Could not list the comments on issue #7: GitHub did not answer within 'request-timeout'. The agent job is not affected.",
    );
  });

  test('an answer that is not a comment is a warning', async () => {
    const { session, warnings } = setup((call) =>
      call.method === 'GET' ? json(200, []) : new Response('<html>proxy</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    session.started('job_1');
    await session.finished(result('started'));
    expect(warnings).toEqual([expect.stringContaining("GitHub's answer to creating a comment is not a comment")]);
  });

  test('the token never appears in a warning, even when GitHub echoes it', async () => {
    const { session, warnings } = setup(() => githubError(500, `internal error for token ${TOKEN}`));
    session.started('job_1');
    await session.finished(result());
    expect(warnings.length).toBeGreaterThan(0);
    for (const warning of warnings) {
      expect(warning).not.toContain(TOKEN);
      expect(warning).toContain('GitHub answered 500: internal error for token ***');
    }
  });

  test("GitHub's answer is redacted, then shortened: a long page cut across the token leaves no part of it", async () => {
    const page = `<html><body>${'x'.repeat(280)}${TOKEN} ${'y'.repeat(5000)}</body></html>`;
    const { session, warnings } = setup(() => new Response(page, { status: 502, headers: { 'content-type': 'text/html' } }));
    session.started('job_1');
    await session.finished(result());
    expect(warnings.length).toBeGreaterThan(0);
    for (const warning of warnings) {
      expect(warning).toContain('GitHub answered 502: <html><body>xxx');
      expect(warning).toContain('…');
      expect(warning.length).toBeLessThan(600);
      expect(warning).not.toContain(TOKEN.slice(0, 8));
    }
  });
});
