/**
 * The comment session over the run's GitHub client, with GitHub's answers scripted on undici's
 * MockAgent: GitHub's answers (including errors in GitHub's JSON shape) become warnings, never throws.
 */
import { describe, expect, test } from '@jest/globals';
import { commentMarker, pullRequestMarker } from '../../../src/comment/body.js';
import type { CommentTarget } from '../../../src/comment/event.js';
import { describeCommentFailure } from '../../../src/comment/failure.js';
import { githubCommentsApi, type IssueComment } from '../../../src/comment/github-api.js';
import { recordedEntries, withRecorded, type SentEntry } from '../../../src/comment/review-record.js';
import { CommentSession } from '../../../src/comment/session.js';
import type { JobResult } from '../../../src/job/outcome.js';
import { bodyField } from '../../helpers/fake-github.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import {
  GITHUB_API as API,
  GITHUB_GRAPHQL as GRAPHQL,
  GITHUB_TOKEN as TOKEN,
  githubError,
  scriptedGitHub,
  type GitHubAnswer,
  type GitHubCall as Call,
} from '../../helpers/scripted-github.js';

const ISSUE: CommentTarget = { number: 7, kind: 'issue' };
const agent = useMockAgent();

function json(status: number, value: unknown, headers: Record<string, string> = {}): GitHubAnswer {
  return { status, json: value, headers };
}

const comment = (id: number, body: string, login = 'github-actions[bot]'): Record<string, unknown> => ({
  id,
  body,
  html_url: `https://ghe.example.com/acme/docs/issues/7#issuecomment-${id}`,
  user: { login },
});

const viewer = (login: string): GitHubAnswer => json(200, { data: { viewer: { login } } });

/**
 * A session whose GitHub answers come from `answer`, in call order; GraphQL's viewer query is
 * answered by `options.viewer` (the workflow's bot by default).
 */
async function setup(
  answer: (call: Call, index: number) => GitHubAnswer,
  options: {
    target?: CommentTarget;
    wait?: boolean;
    timeoutMs?: number;
    viewer?: (call: Call) => GitHubAnswer;
    threadComment?: IssueComment;
    sent?: SentEntry;
  } = {},
) {
  const warnings: string[] = [];
  const infos: string[] = [];
  const { client, calls } = await scriptedGitHub(
    agent(),
    (call, index) => (call.url === GRAPHQL ? (options.viewer ?? (() => viewer('github-actions[bot]')))(call) : answer(call, index)),
    { requestTimeoutMs: options.timeoutMs ?? 5000 },
  );
  const target = options.target ?? ISSUE;
  const session = new CommentSession({
    api: githubCommentsApi(client, { owner: 'acme', repo: 'docs', number: target.number }),
    target,
    ...(options.threadComment && { threadComment: options.threadComment }),
    ...(options.sent !== undefined && { sent: options.sent }),
    request: options.sent === undefined ? 'create' : 'message',
    wait: options.wait ?? true,
    runUrl: 'https://ghe.example.com/acme/docs/actions/runs/1',
    describe: (error, action) => describeCommentFailure(error, action, target, TOKEN),
    warn: (message) => warnings.push(message),
    info: (message) => infos.push(message),
  });
  return { session, calls, warnings, infos };
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
    const { session, calls, warnings } = await setup((call) => {
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
    expect(calls.every((call) => call.headers['authorization'] === `token ${TOKEN}`)).toBe(true);
    expect(calls.every((call) => call.headers['x-github-api-version'] === '2022-11-28')).toBe(true);
    expect(sent(calls[1])).toContain('started');
    expect(sent(calls[2])).toContain('✅ completed');
    expect(warnings).toEqual([]);
  });

  test("an existing comment with the marker, written by the token's account, is updated, not duplicated", async () => {
    const { session, calls } = await setup((call) =>
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
    expect(calls[1]?.headers['authorization']).toBe(`token ${TOKEN}`);
  });

  test('a comment with the marker written by someone else is left alone: a new comment is created', async () => {
    const planted = comment(9, `${commentMarker('job_1')}\nplanted`, 'mallory');
    const { session, calls, warnings } = await setup((call) =>
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
    const { session, calls } = await setup(
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
    const { session, calls, warnings } = await setup(
      (call) => (call.method === 'GET' ? json(200, [comment(9, `${commentMarker('job_1')}\nold`)]) : json(200, comment(9, sent(call)))),
      { viewer: () => githubError(502, 'Bad Gateway') },
    );
    session.started('job_1');
    expect(await session.finished(result())).toBeUndefined();
    // Each lookup is a read, tried three times; nothing is written without the answer.
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST', 'POST', 'POST', 'GET', 'POST', 'POST', 'POST']);
    expect(calls.filter((call) => call.method === 'POST').every((call) => call.url === GRAPHQL)).toBe(true);
    expect(warnings).toEqual([
      "Could not check who wrote the job's comment on issue #7: GitHub answered 502: Bad Gateway. The agent job is not affected.",
      "Could not check who wrote the job's comment on issue #7: GitHub answered 502: Bad Gateway. The agent job is not affected.",
    ]);
  });

  test("when GraphQL's viewer is refused, the workflow token's identity (github-actions[bot]) is taken: its comment is updated", async () => {
    const { session, calls, warnings } = await setup(
      (call) => (call.method === 'GET' ? json(200, [comment(9, `${commentMarker('job_1')}\nold`)]) : json(200, comment(9, sent(call)))),
      { viewer: () => githubError(403, 'Resource not accessible by integration') },
    );
    session.started('job_1');
    expect(await session.finished(result())).toBe('https://ghe.example.com/acme/docs/issues/7#issuecomment-9');
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST', 'PATCH', 'PATCH']);
    expect(warnings).toEqual([]);
  });

  test("with the viewer refused, a marked comment by anyone but the workflow's bot is still never taken for the action's", async () => {
    const planted = comment(9, `${commentMarker('job_1')}\nplanted`, 'mallory');
    const { session, calls } = await setup(
      (call) => (call.method === 'GET' ? json(200, [planted]) : json(call.method === 'POST' ? 201 : 200, comment(50, sent(call)))),
      { viewer: () => ({ status: 200, json: { errors: [{ type: 'FORBIDDEN', message: 'Resource not accessible by integration' }] } }) },
    );
    session.started('job_1');
    expect(await session.finished(result())).toBe('https://ghe.example.com/acme/docs/issues/7#issuecomment-50');
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.url)).toEqual([`${API}/repos/acme/docs/issues/comments/50`]);
  });

  test('after an error while waiting, the comment says the job is no longer followed', async () => {
    const { session, calls } = await setup((call) => (call.method === 'GET' ? json(200, []) : json(201, comment(3, sent(call)))));
    session.started('job_1');
    await session.finished(undefined);
    expect(sent(calls[2])).toContain('no longer followed');
  });

  test('wait: false keeps the started comment; a job never known writes nothing', async () => {
    const started = await setup((call) => (call.method === 'GET' ? json(200, []) : json(201, comment(3, sent(call)))), { wait: false });
    started.session.started('job_1');
    expect(await started.session.finished(result('started'))).toBe('https://ghe.example.com/acme/docs/issues/7#issuecomment-3');
    expect(started.calls.map((call) => call.method)).toEqual(['GET', 'POST']);

    const never = await setup(() => new Error('no call expected'));
    expect(await never.session.finished(undefined)).toBeUndefined();
    expect(never.calls).toEqual([]);
  });
});

describe('cancellation and unclear answers', () => {
  test('a create or message that failed unclearly, with the job known from the error, gets the no-longer-followed comment', async () => {
    const { session, calls } = await setup((call) => (call.method === 'GET' ? json(200, []) : json(201, comment(3, sent(call)))));
    expect(await session.finished(undefined, 'job_odd')).toBe('https://ghe.example.com/acme/docs/issues/7#issuecomment-3');
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST']);
    expect(sent(calls[1]).startsWith(commentMarker('job_odd'))).toBe(true);
    expect(sent(calls[1])).toContain('no longer followed');
  });

  test('cancelled updates the started comment, and nothing is written after it', async () => {
    const { session, calls } = await setup((call) => (call.method === 'GET' ? json(200, []) : json(201, comment(3, sent(call)))));
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
    const { session, calls, warnings } = await setup((call) =>
      call.method === 'GET' ? json(200, []) : githubError(403, 'Resource not accessible by integration'),
    );
    session.started('job_1');
    expect(await session.finished(result())).toBeUndefined();
    expect(warnings).toEqual([
      'Could not create a comment on issue #7: the token may not write comments (403); add `permissions: issues: write` to the job. The agent job is not affected.',
    ]);
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST']);
  });

  test('a locked issue says it is locked, not that a permission is missing', async () => {
    const { session, calls, warnings } = await setup((call) =>
      call.method === 'GET' ? json(200, []) : githubError(403, 'Unable to create comment because issue is locked.'),
    );
    session.started('job_1');
    expect(await session.finished(result())).toBeUndefined();
    expect(warnings).toEqual([
      'Could not create a comment on issue #7: the issue is locked (403: Unable to create comment because issue is locked.); unlock the conversation for the action to write there. The agent job is not affected.',
    ]);
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST']);
  });

  test('403 on a pull request asks for pull-requests: write', async () => {
    const { session, warnings } = await setup(() => githubError(403, 'Resource not accessible by integration'), {
      target: { number: 12, kind: 'pull-request' },
    });
    session.started('job_1');
    await session.finished(result());
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Could not list the comments on pull request #12: .*add `permissions: pull-requests: write` to the job/);
  });

  test('404 says the issue cannot be seen', async () => {
    const { session, warnings, calls } = await setup(() => githubError(404, 'Not Found'));
    session.started('job_1');
    await session.finished(result());
    expect(warnings).toEqual([
      expect.stringContaining('Could not list the comments on issue #7: not found (404); the token cannot see it'),
    ]);
    expect(calls).toHaveLength(1);
  });

  test('401 points at the github-token input', async () => {
    const { session, warnings } = await setup(() => githubError(401, 'Bad credentials'));
    session.started('job_1');
    await session.finished(result());
    expect(warnings).toEqual([expect.stringContaining("GitHub rejected the token (401); check the 'github-token' input")]);
  });

  test('a rate limit is retried at the end of the job', async () => {
    const { session, warnings, calls } = await setup((call, index) => {
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

  test("GitHub's secondary rate limit (403 with Retry-After) is waited out once within the call", async () => {
    const { session, warnings, calls } = await setup((call, index) => {
      if (index === 0) return githubError(403, 'You have exceeded a secondary rate limit.', { 'retry-after': '2' });
      return call.method === 'GET' ? json(200, []) : json(201, comment(4, sent(call)));
    });
    session.started('job_1');
    expect(await session.finished(result())).toBe('https://ghe.example.com/acme/docs/issues/7#issuecomment-4');
    expect(warnings).toEqual([]);
    expect(calls.map((call) => call.method)).toEqual(['GET', 'GET', 'POST', 'PATCH']);
  });

  test('a network error is a warning with the cause', async () => {
    const { session, warnings, calls } = await setup(() =>
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' }),
    );
    session.started('job_1');
    await session.finished(result());
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toBe(
      'Could not list the comments on issue #7: network error: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:443. The agent job is not affected.',
    );
    // A connection never made is tried three times, then given up for this call.
    expect(calls).toHaveLength(6);
  });

  test('a hung GitHub API times out per request instead of holding the step', async () => {
    const warnings: string[] = [];
    agent()
      .get(new URL(API).origin)
      .intercept({ path: () => true, method: () => true })
      .reply(200, '[]')
      .delay(5000)
      .persist();
    const { client } = await scriptedGitHub(agent(), () => json(500, {}), { requestTimeoutMs: 50 });
    const session = new CommentSession({
      api: githubCommentsApi(client, { owner: 'acme', repo: 'docs', number: 7 }),
      target: ISSUE,
      request: 'create',
      wait: true,
      runUrl: undefined,
      describe: (error, action) => describeCommentFailure(error, action, ISSUE, TOKEN),
      warn: (message) => warnings.push(message),
      info: () => undefined,
    });
    const started = Date.now();
    session.started('job_1');
    await session.finished(result());
    expect(Date.now() - started).toBeLessThan(4000);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toBe(
      "Could not list the comments on issue #7: GitHub did not answer within 'request-timeout'. The agent job is not affected.",
    );
  });

  test('an answer that is not a comment is a warning', async () => {
    const { session, warnings } = await setup((call) =>
      call.method === 'GET' ? json(200, []) : { status: 200, text: '<html>proxy</html>' },
    );
    session.started('job_1');
    await session.finished(result('started'));
    expect(warnings).toEqual([
      "Could not create a comment on issue #7: GitHub's answer could not be read (HTTP 200 with a body that is not JSON: <html>proxy</html>). The agent job is not affected.",
    ]);
  });

  test('the token never appears in a warning, even when GitHub echoes it', async () => {
    const { session, warnings } = await setup(() => githubError(500, `internal error for token ${TOKEN}`));
    session.started('job_1');
    await session.finished(result());
    expect(warnings.length).toBeGreaterThan(0);
    for (const warning of warnings) {
      expect(warning).not.toContain(TOKEN);
      expect(warning).toContain('GitHub answered 500: internal error for token [redacted]');
    }
  });

  test("GitHub's answer is redacted, then shortened: a long page cut across the token leaves no part of it", async () => {
    const page = `<html><body>${'x'.repeat(280)}${TOKEN} ${'y'.repeat(5000)}</body></html>`;
    const { session, warnings } = await setup(() => ({ status: 502, text: page }));
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

describe('who the token is, asked once per run', () => {
  test("every thread's comments on one client share the answer; a failed question is asked again", async () => {
    let answers = 0;
    const { client, calls } = await scriptedGitHub(agent(), (call) => {
      if (call.url !== GRAPHQL) return json(404, {});
      answers++;
      // The client tries a 502 three times: the first question fails as a whole.
      return answers <= 3 ? githubError(502, 'Bad Gateway') : viewer('octocat');
    });
    const issue = githubCommentsApi(client, { owner: 'acme', repo: 'docs', number: 7 });
    const pullRequest = githubCommentsApi(client, { owner: 'acme', repo: 'docs', number: 77 });
    await expect(issue.viewerLogin()).rejects.toThrow('502');
    expect(await pullRequest.viewerLogin()).toBe('octocat');
    expect(await issue.viewerLogin()).toBe('octocat');
    expect(await pullRequest.viewerLogin()).toBe('octocat');
    expect(calls.filter((call) => call.url === GRAPHQL).length).toBe(answers);
    // Three attempts for the failed question, then one that is answered and kept.
    expect(answers).toBe(4);
  });
});

describe("the thread's comment the run already read", () => {
  const found = (body: string): IssueComment => ({
    id: 40,
    body,
    htmlUrl: 'https://ghe.example.com/acme/docs/issues/7#issuecomment-40',
    author: 'github-actions[bot]',
  });

  test("the job's own comment is updated in place: the thread is not listed again, nor the token's login asked", async () => {
    const { session, calls } = await setup(() => json(200, comment(40, 'updated')), {
      threadComment: found(`${commentMarker('job_1')}\nstarted`),
    });
    session.started('job_1');
    await session.finished(result());
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `PATCH ${API}/repos/acme/docs/issues/comments/40`,
      `PATCH ${API}/repos/acme/docs/issues/comments/40`,
    ]);
  });

  test.each([
    ['another job', `${commentMarker('job_2')}\nother`],
    ["the job's pull request", `${pullRequestMarker('job_1')}\n### job`],
  ])("a comment of %s is not taken for this job's: the thread is listed", async (_what, body) => {
    const { session, calls } = await setup((call) => (call.method === 'GET' ? json(200, []) : json(201, comment(41, 'new'))), {
      threadComment: found(body),
    });
    session.started('job_1');
    await session.finished(result('started'));
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST']);
  });
});

describe('a review or command sent as the follow-up is recorded in the comment a re-run finds', () => {
  const WRITER = '1a2b3c4d';
  const earlier: SentEntry = { kind: 'review', id: 400, writer: WRITER };
  const review: SentEntry = { kind: 'review', id: 501, writer: WRITER };
  const pullRequestComment: IssueComment = {
    id: 40,
    body: withRecorded(`${pullRequestMarker('job_1')}\n### job`, [earlier]),
    htmlUrl: 'https://ghe.example.com/acme/docs/pull/7#issuecomment-40',
    author: 'github-actions[bot]',
  };
  const created = (call: Call): GitHubAnswer =>
    call.method === 'GET' ? json(200, []) : json(call.method === 'POST' ? 201 : 200, comment(41, sent(call)));

  test("once the job is known, every body records it after the thread's earlier reviews; one log line says so", async () => {
    const { session, calls, infos } = await setup(created, { threadComment: pullRequestComment, sent: review });
    session.started('job_1');
    await session.finished(result());
    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => call.method)).toEqual(['POST', 'PATCH']);
    for (const write of writes) expect(recordedEntries(sent(write))).toEqual([earlier, review]);
    expect(infos.filter((line) => line.startsWith('Recorded review'))).toEqual([
      "Recorded review 501 in the job's comment: a re-run of this run does not send it again.",
    ]);
  });

  test('a run without a review carries the earlier reviews and records nothing new', async () => {
    const { session, calls, infos } = await setup(created, { threadComment: pullRequestComment });
    session.started('job_1');
    await session.finished(result());
    for (const write of calls.filter((call) => call.method !== 'GET')) expect(recordedEntries(sent(write))).toEqual([earlier]);
    expect(infos.filter((line) => line.startsWith('Recorded review'))).toEqual([]);
  });

  test('a command comment is recorded the same way, as a command, with its writer', async () => {
    const command: SentEntry = { kind: 'command', id: 9001, writer: WRITER };
    const { session, calls, infos } = await setup(created, { threadComment: pullRequestComment, sent: command });
    session.started('job_1');
    await session.finished(result());
    for (const write of calls.filter((call) => call.method !== 'GET')) expect(recordedEntries(sent(write))).toEqual([earlier, command]);
    expect(infos).toContain("Recorded command comment 9001 in the job's comment: a re-run of this run does not send it again.");
  });

  test('a comment GitHub refuses: the warning ends saying a re-run may send the review again', async () => {
    const refused = (call: Call): GitHubAnswer =>
      call.method === 'GET' ? json(200, []) : githubError(403, 'Resource not accessible by integration');
    const { session, warnings, infos } = await setup(refused, { threadComment: pullRequestComment, sent: review });
    session.started('job_1');
    await session.finished(result());
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^Could not create a comment on issue #7: the token may not write comments \(403\).* A re-run of this run may send review 501 again\.$/,
    );
    expect(infos.filter((line) => line.startsWith('Recorded review'))).toEqual([]);
  });
});
