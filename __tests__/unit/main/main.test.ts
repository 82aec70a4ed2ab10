import { beforeEach, describe, expect, test } from '@jest/globals';
import { MockAgent } from 'undici';
import type { Runtime } from '../../../src/runtime.js';
import { mockCore } from '../../helpers/core-mock.js';
import { fakeRuntime } from '../../helpers/fake-runtime.js';

const core = mockCore();
const { run } = await import('../../../src/main.js');
// run() reads the triggering event from the environment; these runs are not triggered by a checked event.
delete process.env['GITHUB_EVENT_NAME'];

const ORIGIN = 'https://api.mintlify.com';
const KEY = 'mint_main_test_key';
let agent: MockAgent;
let runtime: () => Runtime;

function job(status: string, extra: Record<string, unknown> = {}) {
  return {
    id: 'job_7',
    status,
    model: 'm',
    source: { repository: 'https://github.com/acme/docs', ref: 'main' },
    createdAt: '2026-11-22T00:00:00Z',
    ...extra,
  };
}

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  core.inputs = { 'api-key': KEY, 'project-id': 'proj', prompt: 'Write docs' };
  runtime = fakeRuntime(agent);
});

describe('run', () => {
  test('creates, polls to completion, sets every job output and the summary', async () => {
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/v2/agent/proj/job', method: 'POST' }).reply(201, job('active'));
    pool.intercept({ path: '/v2/agent/proj/job/job_7', method: 'GET' }).reply(200, job('active'));
    pool
      .intercept({ path: '/v2/agent/proj/job/job_7', method: 'GET' })
      .reply(200, job('completed', { prLink: 'https://github.com/acme/docs/pull/9' }));
    await run(runtime);
    expect(core.failures).toEqual([]);
    expect(Object.fromEntries(core.outputs)).toEqual({
      skipped: 'false',
      'job-id': 'job_7',
      status: 'completed',
      'pr-link': 'https://github.com/acme/docs/pull/9',
      'pr-number': '9',
      model: 'm',
      'source-repository': 'https://github.com/acme/docs',
      'source-ref': 'main',
      'created-at': '2026-11-22T00:00:00Z',
    });
    expect(core.summaryText).toContain('## Mintlify agent job');
    expect(core.lines()).toContain('group Start agent job');
    expect(core.lines()).toContain('notice Pull request for job job_7: https://github.com/acme/docs/pull/9');
    // One line per status change, not per poll.
    expect(core.lines().filter((line) => line.startsWith('info Job job_7:'))).toEqual(['info Job job_7: active → completed (13s)']);
  });

  test('fail-on decides whether an outcome fails the step', async () => {
    core.inputs['fail-on'] = 'no-pr';
    core.inputs['wait'] = 'true';
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/v2/agent/proj/job', method: 'POST' }).reply(201, job('completed'));
    pool.intercept({ path: '/v2/agent/proj/job/job_7', method: 'GET' }).reply(200, job('completed'));
    await run(runtime);
    expect(core.failures).toEqual(['Job job_7 completed without a pull request (the agent changed no files).']);
    expect(core.outputs.get('status')).toBe('completed');
  });

  test('a failed job passes when fail-on omits it, with a warning', async () => {
    core.inputs['fail-on'] = 'timeout';
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/v2/agent/proj/job', method: 'POST' }).reply(201, job('active'));
    pool.intercept({ path: '/v2/agent/proj/job/job_7', method: 'GET' }).reply(200, job('failed'));
    await run(runtime);
    expect(core.failures).toEqual([]);
    expect(core.lines()).toContain('warning Job job_7 failed.');
  });

  test('a timeout sets core.outputs and names the job and how to resume', async () => {
    core.inputs['timeout'] = '20s';
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/v2/agent/proj/job', method: 'POST' }).reply(201, job('active'));
    pool.intercept({ path: '/v2/agent/proj/job/job_7', method: 'GET' }).reply(200, job('active')).persist();
    await run(runtime);
    expect(core.outputs.get('job-id')).toBe('job_7');
    expect(core.outputs.get('status')).toBe('active');
    expect(core.failures).toHaveLength(1);
    expect(core.failures[0]).toContain('job-id: job_7 and no prompt');
  });

  test('a job that is already over when created needs no poll', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: '/v2/agent/proj/job', method: 'POST' })
      .reply(201, job('completed', { prLink: 'https://github.com/acme/docs/pull/3' }));
    await run(runtime);
    expect(core.failures).toEqual([]);
    expect(core.outputs.get('pr-number')).toBe('3');
    expect(core.summaryText).toContain('0 polls');
    expect(agent.pendingInterceptors()).toEqual([]);
  });

  test('wait: false returns after the create call', async () => {
    core.inputs['wait'] = 'false';
    agent.get(ORIGIN).intercept({ path: '/v2/agent/proj/job', method: 'POST' }).reply(201, job('active'));
    await run(runtime);
    expect(core.failures).toEqual([]);
    expect(core.outputs.get('status')).toBe('active');
    expect(core.summaryText).toContain('started (not waited for)');
  });

  test('invalid input fails before any request', async () => {
    core.inputs['poll-interval'] = 'often';
    await run(runtime);
    expect(core.failures).toEqual([expect.stringContaining("Input 'poll-interval'")]);
    expect(agent.pendingInterceptors()).toEqual([]);
  });

  test('service errors fail the step without the key', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: '/v2/agent/proj/job', method: 'POST' })
      .reply(400, { error: `bad prompt for ${KEY}` });
    await run(runtime);
    expect(core.failures).toHaveLength(1);
    expect(core.failures[0]).toContain('HTTP 400');
    expect(core.failures[0]).not.toContain(KEY);
  });

  test('a non-Error throw still fails the step', async () => {
    await run(() => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the point of the test: a string thrown below run()
      throw 'weird';
    });
    expect(core.failures).toEqual(['weird']);
  });

  test('a summary that cannot be written is a warning, not a failed step', async () => {
    core.summaryWriteError = new Error('Unable to find environment variable for $GITHUB_STEP_SUMMARY.');
    core.inputs['wait'] = 'false';
    agent.get(ORIGIN).intercept({ path: '/v2/agent/proj/job', method: 'POST' }).reply(201, job('active'));
    await run(runtime);
    expect(core.failures).toEqual([]);
    expect(core.outputs.get('job-id')).toBe('job_7');
    expect(core.lines()).toContain(
      'warning The job summary could not be written: Unable to find environment variable for $GITHUB_STEP_SUMMARY.',
    );
  });

  test('summary: false writes no summary', async () => {
    core.inputs['summary'] = 'false';
    core.inputs['wait'] = 'false';
    agent.get(ORIGIN).intercept({ path: '/v2/agent/proj/job', method: 'POST' }).reply(201, job('active'));
    await run(runtime);
    expect(core.summaryText).toBe('');
  });
});

describe('every line the step logs is log-safe', () => {
  // ESC, a C1 CSI, U+2028, a line break and the legacy command form, in the id, the status and the link.
  const HOSTILE = 'x\u001b[2K\u009b2J\u2028y\n::error::z ##[set-output name=status;]done';

  function unsafeLines(): string[] {
    // eslint-disable-next-line no-control-regex -- what must not reach the log
    return core.lines().filter((line) => /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|##\[/.test(line));
  }

  test('info lines, warnings, notices and group titles', async () => {
    core.inputs['fail-on'] = 'none';
    const pool = agent.get(ORIGIN);
    const hostileJob = { id: `job_${HOSTILE}`, status: `odd${HOSTILE}` };
    const jobPath = `/v2/agent/proj/job/${encodeURIComponent(hostileJob.id)}`;
    pool.intercept({ path: '/v2/agent/proj/job', method: 'POST' }).reply(201, { ...hostileJob, status: 'active' });
    pool.intercept({ path: jobPath, method: 'GET' }).reply(200, hostileJob);
    pool
      .intercept({ path: jobPath, method: 'GET' })
      .reply(200, { ...hostileJob, status: 'completed', prLink: `https://github.com/acme/docs/pull/1?${HOSTILE}` });
    await run(runtime);
    expect(core.failures).toEqual([]);
    // The hostile text did reach every kind of line...
    expect(core.messages('group').some((title) => title.includes('job_x'))).toBe(true);
    expect(core.messages('warning').some((line) => line.includes('oddx'))).toBe(true);
    expect(core.messages('notice').some((line) => line.includes('pull/1?x'))).toBe(true);
    // ...and none of it unescaped.
    expect(unsafeLines()).toEqual([]);
  });

  test('the failure message', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: '/v2/agent/proj/job', method: 'POST' })
      .reply(400, { error: `bad ${HOSTILE}` });
    await run(runtime);
    expect(core.failures).toHaveLength(1);
    expect(core.failures[0]).toContain('bad x');
    // eslint-disable-next-line no-control-regex -- what must not reach the log
    expect(core.failures.filter((line) => /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|##\[/.test(line))).toEqual([]);
  });
});
