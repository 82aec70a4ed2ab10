/**
 * The docs check's one comment (src/comment/docs-check-comment.ts): created only when a page is
 * named, updated in place, cleared rather than deleted, left alone on a re-run that says the same, a
 * stranger's marked comment never taken; who the token is asked only once a marked comment exists.
 */
import { describe, expect, test } from '@jest/globals';
import { writeDocsCheckComment } from '../../../src/comment/docs-check-comment.js';
import { githubCommentsApi } from '../../../src/comment/github-api.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { githubError, scriptedGitHub, type GitHubAnswer, type GitHubCall } from '../../helpers/scripted-github.js';

const agent = useMockAgent();
const MARKER = '<!-- mintlify-docs-agent docs-check -->';
const BOT = 'github-actions[bot]';
const NAMED = `${MARKER}\nnamed`;
const CLEARED = `${MARKER}\ncleared`;
const LIST = 'GET /api/v3/repos/acme/widgets/issues/7/comments';
const CREATE = 'POST /api/v3/repos/acme/widgets/issues/7/comments';
const VIEWER = 'POST /api/graphql';

const comment = (id: number, body: string, login = BOT): unknown => ({
  id,
  body,
  html_url: `https://github.com/acme/widgets/pull/7#issuecomment-${id}`,
  user: { login },
});

function answers(listed: unknown[], fail?: (call: GitHubCall) => GitHubAnswer | undefined) {
  return (call: GitHubCall): GitHubAnswer => {
    const failed = fail?.(call);
    if (failed !== undefined) return failed;
    if (call.url.endsWith('/graphql')) return { status: 200, json: { data: { viewer: { login: BOT } } } };
    if (call.method === 'GET') return { status: 200, json: listed };
    const sent: unknown = JSON.parse(call.body);
    const body = typeof sent === 'object' && sent !== null && 'body' in sent ? String(sent.body) : '';
    const id = call.method === 'PATCH' ? Number(/comments\/(\d+)$/.exec(call.url)?.[1]) : 99;
    return { status: call.method === 'POST' ? 201 : 200, json: comment(id, body) };
  };
}

async function write(listed: unknown[], named: string | undefined, fail?: (call: GitHubCall) => GitHubAnswer | undefined) {
  const github = await scriptedGitHub(agent(), answers(listed, fail));
  const api = githubCommentsApi(github.client, { owner: 'acme', repo: 'widgets', number: 7 });
  const outcome = await writeDocsCheckComment({ api, marker: MARKER, named, cleared: CLEARED });
  return {
    outcome,
    calls: github.calls.map((call) => `${call.method} ${new URL(call.url).pathname}`),
    bodies: github.calls.map((call) => call.body),
  };
}

describe('the docs check comment', () => {
  test('nothing named and no comment of its own: the list alone, nothing written', async () => {
    const { outcome, calls } = await write([comment(1, 'LGTM', 'reviewer')], undefined);
    expect(outcome).toEqual({ ok: true, written: 'none' });
    expect(calls).toEqual([LIST]);
  });

  test('a page named and no comment: created without asking who the token is', async () => {
    const { outcome, calls } = await write([], NAMED);
    expect(outcome).toMatchObject({ ok: true, written: 'created', comment: { id: 99, body: NAMED } });
    expect(calls).toEqual([LIST, CREATE]);
  });

  test('its own comment is updated in place', async () => {
    const updated = await write([comment(5, `${MARKER}\nold`)], NAMED);
    expect(updated.outcome).toMatchObject({ ok: true, written: 'updated', comment: { id: 5, body: NAMED } });
    expect(updated.calls).toEqual([LIST, VIEWER, 'PATCH /api/v3/repos/acme/widgets/issues/comments/5']);
  });

  test('its own comment is cleared when nothing is named, not deleted', async () => {
    const cleared = await write([comment(5, NAMED)], undefined);
    expect(cleared.outcome).toMatchObject({ ok: true, written: 'updated', comment: { id: 5, body: CLEARED } });
    expect(cleared.calls.at(-1)).toBe('PATCH /api/v3/repos/acme/widgets/issues/comments/5');
  });

  test('a re-run that says the same writes nothing', async () => {
    const { outcome, calls } = await write([comment(5, CLEARED)], undefined);
    expect(outcome).toMatchObject({ ok: true, written: 'unchanged', comment: { id: 5 } });
    expect(calls).toEqual([LIST, VIEWER]);
  });

  test("a stranger's comment with the marker is not updated: the check's own is created", async () => {
    const named = await write([comment(3, `${MARKER}\npasted`, 'mallory')], NAMED);
    expect(named.outcome).toMatchObject({ ok: true, written: 'created', comment: { id: 99 } });
    expect(named.calls).toEqual([LIST, VIEWER, CREATE]);
  });

  test("a stranger's comment with the marker is not cleared", async () => {
    const nothing = await write([comment(3, `${MARKER}\npasted`, 'mallory')], undefined);
    expect(nothing.outcome).toEqual({ ok: true, written: 'none' });
    expect(nothing.calls).toEqual([LIST, VIEWER]);
  });

  test('a failure comes back with its step: who the token is cannot be learned, so nothing is trusted', async () => {
    const { outcome, calls } = await write([comment(5, `${MARKER}\nold`)], NAMED, (call) =>
      call.url.endsWith('/graphql') ? githubError(502, 'Bad Gateway') : undefined,
    );
    expect(outcome).toMatchObject({ ok: false, step: 'check who wrote the docs check comment' });
    expect(calls.filter((call) => call.startsWith('PATCH') || call === CREATE)).toEqual([]);
  });

  test('a refused create comes back as the create step', async () => {
    const { outcome } = await write([], NAMED, (call) =>
      call.method === 'POST' && !call.url.endsWith('/graphql') ? githubError(403, 'Forbidden') : undefined,
    );
    expect(outcome).toMatchObject({ ok: false, step: 'create the docs check comment' });
  });
});
