/**
 * The commit status step (src/steps/status.ts): every change run that decided to document a commit
 * ends with a final state on it: the job's end, a request that failed before a job was known
 * (refused, or with no clear answer), a cancelled run (written through a client the cancellation
 * did not abort), a skip because a newer run documented the commit; and the earlier commit a killed
 * run left pending is taken over once this run's job is known. Every status is written under the
 * run's context and ends with its writer.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { scriptedGitHub, type GitHubCall, usable } from '../../helpers/scripted-github.js';
import type { JobResult } from '../../../src/job/outcome.js';

const core = mockCore();
const { readSettings } = await import('../../../src/settings.js');
const { runEventOf } = await import('../../../src/event/run-event.js');
const { openStatus, writeSkipStatus } = await import('../../../src/steps/status.js');
const { recordWriter } = await import('../../../src/stream/writer.js');
const { AmbiguousRequestError, ServiceError } = await import('../../../src/errors.js');

const agent = useMockAgent();
const SHA = 'c'.repeat(40);
const STALE = 'b'.repeat(40);
const RUN_URL = 'https://github.com/acme/widgets/actions/runs/77';
const TAG = ` [wf ${recordWriter('.github/workflows/docs.yml', 'proj_1')}]`;

const event = runEventOf(
  {
    GITHUB_EVENT_NAME: 'push',
    GITHUB_REPOSITORY: 'acme/widgets',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '77',
    GITHUB_WORKFLOW_REF: 'acme/widgets/.github/workflows/docs.yml@refs/heads/main',
  },
  {},
);

function settings(inputs: Record<string, string> = {}) {
  core.inputs = { 'api-key': 'mint_0123456789abcdef', 'project-id': 'proj_1', 'github-token': 'ghs_x0123456789abcdef', ...inputs };
  return readSettings();
}

/** The statuses written, in order: the commit, the state, the context and the description. */
function written(calls: readonly GitHubCall[]) {
  return calls.map((call) => {
    const body = JSON.parse(call.body) as { state: string; context: string; description: string };
    return { sha: new URL(call.url).pathname.split('/').at(-1), state: body.state, context: body.context, description: body.description };
  });
}

async function writer(options: { stale?: { sha: string; jobId: string }; inputs?: Record<string, string>; signal?: AbortSignal } = {}) {
  const github = await scriptedGitHub(agent(), () => ({ status: 201, json: { id: 1 } }), options.signal ? { signal: options.signal } : {});
  const plan = { statusSha: SHA, ...(options.stale && { staleStatus: options.stale }) };
  const status = openStatus(settings(options.inputs), plan, { event, github: usable(github.client) });
  if (status === undefined) throw new Error('no status writer');
  return { status, calls: github.calls };
}

const result = (outcome: JobResult['outcome']): JobResult => ({
  request: { kind: 'create', prompt: 'p' },
  jobId: 'job_1',
  job: { id: 'job_1', status: 'completed', prLink: 'https://github.com/acme/docs/pull/12' },
  status: 'completed',
  outcome,
  polls: 1,
  elapsedMs: 10,
});

describe('a final status for every change run that decided to document its commit', () => {
  test('the job known and ended: pending, then its end, under the context, with the writer', async () => {
    const { status, calls } = await writer();
    status.working('job_1');
    await status.finished({ jobResult: result('completed'), failure: undefined });
    expect(written(calls)).toEqual([
      { sha: SHA, state: 'pending', context: 'docs-agent', description: `Docs agent working: job job_1${TAG}` },
      { sha: SHA, state: 'success', context: 'docs-agent', description: `Docs agent job job_1: pull request acme/docs#12${TAG}` },
    ]);
  });

  test('a create refused (no job known): error, the next run takes its commits', async () => {
    const { status, calls } = await writer();
    await status.finished({ jobResult: undefined, failure: new ServiceError('create job: HTTP 400', 400) });
    expect(written(calls)).toEqual([
      {
        sha: SHA,
        state: 'error',
        context: 'docs-agent',
        description: `Docs agent: the change could not be sent to the agent; the next run takes its commits${TAG}`,
      },
    ]);
  });

  test('a create answered 500, or a follow-up with no clear answer (the service may have acted): error saying so, naming no job', async () => {
    const { status, calls } = await writer();
    await status.finished({ jobResult: undefined, failure: new AmbiguousRequestError('create job: HTTP 500', 500) });
    expect(written(calls)[0]?.description).toBe(`Docs agent: the agent service gave no clear answer; the next run takes its commits${TAG}`);
  });

  test('an unclear answer that still named a job: the status names it, for a re-run to follow', async () => {
    const { status, calls } = await writer();
    await status.finished({ jobResult: undefined, failure: new AmbiguousRequestError('create job: expected a JSON object', 200, 'job_9') });
    expect(written(calls)[0]).toMatchObject({ state: 'error', description: `Docs agent job job_9: this run stopped following it${TAG}` });
  });

  test('a second workflow with its own status-context writes there', async () => {
    const { status, calls } = await writer({ inputs: { 'status-context': 'docs-agent/release' } });
    status.working('job_1');
    await status.finished({ jobResult: result('started'), failure: undefined });
    expect(written(calls).map((call) => call.context)).toEqual(['docs-agent/release']);
  });
});

describe('a cancelled run', () => {
  test('error naming its job, through the client the cancellation did not abort', async () => {
    const abort = new AbortController();
    const { status, calls } = await writer({ signal: abort.signal });
    status.working('job_1');
    await status.finished({ jobResult: result('started'), failure: undefined });
    abort.abort();
    expect(await status.cancelled(undefined, undefined)).toBe(true);
    expect(written(calls).at(-1)).toEqual({
      sha: SHA,
      state: 'error',
      context: 'docs-agent',
      description: `Docs agent job job_1: this run was cancelled; the next run takes its commits${TAG}`,
    });
  });

  test('before any job was known: error without one', async () => {
    const { status, calls } = await writer();
    await status.cancelled(undefined, undefined);
    expect(written(calls)[0]?.description).toBe(`Docs agent: this run was cancelled; the next run takes its commits${TAG}`);
  });

  test('a job that had already ended: its result', async () => {
    const { status, calls } = await writer();
    await status.cancelled('job_1', result('no-pr'));
    expect(written(calls)[0]).toMatchObject({ state: 'success', description: `Docs agent job job_1: no docs change needed${TAG}` });
  });

  test('after the cancellation, the statuses still queued are not written over it', async () => {
    const { status, calls } = await writer();
    await status.cancelled('job_1', undefined);
    status.working('job_1');
    await status.finished({ jobResult: result('completed'), failure: undefined });
    expect(written(calls).map((call) => call.state)).toEqual(['error']);
  });
});

test("an earlier commit its run left pending: taken over once this run's job is known, linking to this run", async () => {
  const { status, calls } = await writer({ stale: { sha: STALE, jobId: 'job_0' } });
  status.working('job_1');
  await status.finished({ jobResult: result('started'), failure: undefined });
  expect(written(calls)).toEqual([
    { sha: SHA, state: 'pending', context: 'docs-agent', description: `Docs agent working: job job_1${TAG}` },
    {
      sha: STALE,
      state: 'error',
      context: 'docs-agent',
      description: `Docs agent job job_0: its run stopped; a later run took its commits${TAG}`,
    },
  ]);
  expect(JSON.parse(calls[1]?.body ?? '{}')).toMatchObject({ target_url: RUN_URL });
});

test('a skip because a newer run documented the commit: success, linking to that run', async () => {
  const { client, calls } = await scriptedGitHub(agent(), () => ({ status: 201, json: { id: 1 } }));
  const newer = 'https://github.com/acme/widgets/actions/runs/90';
  await writeSkipStatus(
    settings(),
    { sha: SHA, reason: 'documented', head: 'd'.repeat(40), runUrl: newer },
    { event, github: usable(client) },
  );
  expect(written(calls)).toEqual([
    { sha: SHA, state: 'success', context: 'docs-agent', description: `skipped: a newer run documented this commit (at ddddddd)${TAG}` },
  ]);
  expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({ target_url: newer });
});
