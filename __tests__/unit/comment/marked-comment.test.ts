/**
 * The one writer of the comments the action keeps up to date: the token's own marked comment is
 * updated in place, anyone else's is left alone, a missing one is created, and a failure comes back
 * with the step it failed at. Through the run's GitHub client over the scripted GitHub.
 */
import { describe, expect, test } from '@jest/globals';
import { githubCommentsApi, type IssueComment } from '../../../src/comment/github-api.js';
import { writeMarkedComment, type CommentSteps } from '../../../src/comment/marked-comment.js';
import { recordedEntries, withRecorded } from '../../../src/comment/review-record.js';
import { GitHubError } from '../../../src/github/errors.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { githubError, scriptedGitHub, type GitHubAnswer, type GitHubCall } from '../../helpers/scripted-github.js';

const agent = useMockAgent();
const MARKER = '<!-- test-marker:job_1 -->';
const BOT = 'github-actions[bot]';
const STEPS: CommentSteps = { find: 'find', identify: 'identify', update: 'update', create: 'create' };
const ISSUE = { owner: 'acme', repo: 'docs', number: 7 };

const comment = (id: number, body: string, login = BOT): unknown => ({
  id,
  body,
  html_url: `https://github.com/acme/docs/issues/7#issuecomment-${id}`,
  user: { login },
});

const bodyOf = (call: GitHubCall): string => {
  const sent: unknown = JSON.parse(call.body);
  return typeof sent === 'object' && sent !== null && 'body' in sent ? String(sent.body) : '';
};

/** GitHub with `listed` on the issue; `fail` answers a call instead when it returns an answer. */
function answers(listed: unknown[], fail: (call: GitHubCall) => GitHubAnswer | undefined = () => undefined) {
  return (call: GitHubCall): GitHubAnswer => {
    const failed = fail(call);
    if (failed !== undefined) return failed;
    if (call.url.endsWith('/graphql')) return { status: 200, json: { data: { viewer: { login: BOT } } } };
    if (call.method === 'GET') return { status: 200, json: listed };
    const id = call.method === 'PATCH' ? Number(/comments\/(\d+)$/.exec(call.url)?.[1]) : 99;
    return { status: call.method === 'POST' ? 201 : 200, json: comment(id, bodyOf(call)) };
  };
}

async function write(listed: unknown[], options: { fail?: (call: GitHubCall) => GitHubAnswer | undefined; known?: IssueComment } = {}) {
  const github = await scriptedGitHub(agent(), answers(listed, options.fail));
  const written: [number, boolean][] = [];
  const outcome = await writeMarkedComment({
    api: githubCommentsApi(github.client, ISSUE),
    marker: MARKER,
    body: `${MARKER}\nnew`,
    steps: STEPS,
    known: options.known,
    onWritten: (done, created) => written.push([done.id, created]),
  });
  return { outcome, written, calls: github.calls.map((call) => `${call.method} ${new URL(call.url).pathname}`) };
}

describe('writing a marked comment', () => {
  test("updates the token's own marked comment in place", async () => {
    const { outcome, written, calls } = await write([comment(1, 'hello'), comment(2, `${MARKER}\nold`)]);
    expect(outcome).toMatchObject({ ok: true, created: false, comment: { id: 2, body: `${MARKER}\nnew` } });
    expect(written).toEqual([[2, false]]);
    expect(calls).toEqual([
      'GET /api/v3/repos/acme/docs/issues/7/comments',
      'POST /api/graphql',
      'PATCH /api/v3/repos/acme/docs/issues/comments/2',
    ]);
  });

  test("never updates someone else's comment that carries the marker: it creates the action's own", async () => {
    const { outcome, calls } = await write([comment(3, `${MARKER}\npasted`, 'mallory')]);
    expect(outcome).toMatchObject({ ok: true, created: true, comment: { id: 99 } });
    expect(calls).not.toContain('PATCH /api/v3/repos/acme/docs/issues/comments/3');
    expect(calls.at(-1)).toBe('POST /api/v3/repos/acme/docs/issues/7/comments');
  });

  test('creates one when no comment carries the marker, without asking who the token is', async () => {
    const { outcome, written, calls } = await write([comment(1, 'hello')]);
    expect(outcome).toMatchObject({ ok: true, created: true });
    expect(written).toEqual([[99, true]]);
    expect(calls).toEqual(['GET /api/v3/repos/acme/docs/issues/7/comments', 'POST /api/v3/repos/acme/docs/issues/7/comments']);
  });

  test('an update keeps the reviews the comment records: the new body carries the record line', async () => {
    const entries = [
      { kind: 'review', id: 501, writer: '1a2b3c4d' },
      { kind: 'command', id: 502, writer: '1a2b3c4d' },
    ] as const;
    const recorded = withRecorded(`${MARKER}\nold`, entries);
    const { outcome } = await write([comment(2, recorded)]);
    expect(outcome.ok && outcome.comment.body).toBe(withRecorded(`${MARKER}\nnew`, entries));
    expect(outcome.ok && recordedEntries(outcome.comment.body)).toEqual(entries);
  });

  test('a comment the caller already holds is updated without a lookup', async () => {
    const known = { id: 5, body: 'x', htmlUrl: 'https://github.com/acme/docs/issues/7#issuecomment-5' };
    const { outcome, calls } = await write([], { known });
    expect(outcome).toMatchObject({ ok: true, created: false, comment: { id: 5 } });
    expect(calls).toEqual(['PATCH /api/v3/repos/acme/docs/issues/comments/5']);
  });

  test.each([
    ['find', (call: GitHubCall) => (call.method === 'GET' ? githubError(404, 'Not Found') : undefined)],
    ['identify', (call: GitHubCall) => (call.url.endsWith('/graphql') ? githubError(502, 'Bad Gateway') : undefined)],
    ['update', (call: GitHubCall) => (call.method === 'PATCH' ? githubError(403, 'Resource not accessible') : undefined)],
  ])('a failure comes back with its step (%s), and nothing is written after it', async (step, fail) => {
    const { outcome, written } = await write([comment(2, `${MARKER}\nold`)], { fail });
    expect(outcome).toMatchObject({ ok: false, step });
    expect(!outcome.ok && outcome.error).toBeInstanceOf(GitHubError);
    expect(written).toEqual([]);
  });

  test('a failed create names the create step', async () => {
    const { outcome } = await write([], {
      fail: (call) => (call.method === 'POST' ? githubError(403, 'Resource not accessible') : undefined),
    });
    expect(outcome).toMatchObject({ ok: false, step: 'create' });
  });
});
