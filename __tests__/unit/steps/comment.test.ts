/**
 * The job's comment (src/steps/comment.ts): opened only with `comment: true` for a run with a job,
 * on the event's issue or pull request, through the workflow's repository; the thread's job comment
 * found while planning is updated rather than looked up again, and a job started for a change says so.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { runContext } from '../../helpers/run-context.js';
import { scriptedDocs, scriptedGitHub, usable, type GitHubCall } from '../../helpers/scripted-github.js';
import { BOT } from '../../helpers/thread-github.js';
import type { RepositoryHandle } from '../../../src/github/repository.js';
import type { RunPlan } from '../../../src/plan/plan.js';

const core = mockCore();
const { openComment } = await import('../../../src/steps/comment.js');
const { readSettings } = await import('../../../src/settings.js');
const { runEventOf } = await import('../../../src/event/run-event.js');
const { commentMarker } = await import('../../../src/comment/body.js');

const agent = useMockAgent();

function settings(inputs: Record<string, string> = {}) {
  core.inputs = { 'api-key': 'mint_0123456789abcdef', 'project-id': 'proj_1', 'github-token': 'ghs_x0123456789abcdef', ...inputs };
  return readSettings();
}

const pullEvent = runEventOf(
  { GITHUB_EVENT_NAME: 'pull_request', GITHUB_REPOSITORY: 'acme/docs', GITHUB_SERVER_URL: 'https://github.com' },
  { action: 'closed', number: 12, pull_request: { number: 12, title: 'Widgets', merged: true } },
);
const create: RunPlan = { kind: 'run', request: { kind: 'create', prompt: 'Document widgets' } };

/** The thread's comments (none, or `existing`), a created comment echoed back. */
function threadAnswer(existing: readonly unknown[] = []) {
  return (call: GitHubCall) => {
    const { pathname } = new URL(call.url);
    if (call.method === 'GET' && pathname.endsWith('/issues/12/comments')) return { status: 200, json: existing };
    if (pathname.endsWith('/graphql')) return { status: 200, json: { data: { viewer: { login: BOT } } } };
    const { body } = JSON.parse(call.body || '{}') as { body?: string };
    const id = call.method === 'PATCH' ? Number(pathname.split('/').at(-1)) : 90;
    return {
      status: call.method === 'POST' ? 201 : 200,
      json: { id, body, html_url: 'https://github.com/acme/docs/pull/12#c', user: { login: BOT } },
    };
  };
}

async function open(
  inputs: Record<string, string>,
  plan: RunPlan,
  answer = threadAnswer(),
  handle?: (usable: RepositoryHandle) => RepositoryHandle,
) {
  const github = await scriptedGitHub(agent(), answer);
  const own = usable(github.client, { owner: 'acme', repo: 'docs' });
  const context = runContext({ event: pullEvent, github: handle?.(own) ?? own, docs: await scriptedDocs(github) });
  return { session: openComment(settings(inputs), plan, context), calls: github.calls };
}

describe('openComment', () => {
  test('comment: false: no comment, nothing said', async () => {
    const { session } = await open({}, create);
    expect(session).toBeUndefined();
    expect(core.log).toEqual([]);
  });

  test('a run without a job: a notice, no comment', async () => {
    const { session } = await open({ comment: 'true' }, { kind: 'run' });
    expect(session).toBeUndefined();
    expect(core.messages('notice')).toEqual(["'comment' is true, but this run starts or follows no agent job: no comment is written."]);
  });

  test('a job started for the change: the comment, once the job is known, says it documents the change of this pull request', async () => {
    const { session, calls } = await open({ comment: 'true' }, { ...create, forChange: true });
    session?.started('job_1');
    const url = await session?.finished(undefined);
    expect(url).toBe('https://github.com/acme/docs/pull/12#c');
    const created = calls.find((call) => call.method === 'POST' && new URL(call.url).pathname.endsWith('/issues/12/comments'));
    expect(JSON.parse(created?.body ?? '{}')).toMatchObject({
      body: expect.stringContaining('Agent job `job_1` started to update the docs for the change in this pull request.'),
    });
  });

  test("the thread's job comment found while planning is updated, not looked up again", async () => {
    const comment = {
      id: 40,
      body: `${commentMarker('job_1')}\nrunning`,
      htmlUrl: 'https://github.com/acme/docs/pull/12#c40',
      author: BOT,
    };
    const plan: RunPlan = {
      kind: 'run',
      request: { kind: 'message', jobId: 'job_1', prompt: 'More' },
      threadJob: { jobId: 'job_1', comment },
    };
    const { session, calls } = await open({ comment: 'true' }, plan);
    session?.started('job_1');
    await session?.finished(undefined);
    expect(calls.map((call) => `${call.method} ${new URL(call.url).pathname.replace('/api/v3/repos/acme/docs', '')}`)).toEqual([
      'PATCH /issues/comments/40',
      'PATCH /issues/comments/40',
    ]);
  });

  test('GitHub that cannot be used: one warning saying why, and the job is not affected', async () => {
    const { session } = await open({ comment: 'true' }, create, threadAnswer(), () => ({
      ok: false,
      reason: 'bad-endpoint',
      detail: "GITHUB_API_URL 'ftp://x' is not an http(s) URL without credentials",
    }));
    expect(session).toBeUndefined();
    expect(core.messages('warning')).toEqual([
      "GITHUB_API_URL 'ftp://x' is not an http(s) URL without credentials: no comment is written. The agent job is not affected.",
    ]);
  });
});
