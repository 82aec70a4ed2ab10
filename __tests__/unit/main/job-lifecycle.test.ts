/**
 * The job phase through `run()` when answers are odd: a create or message answered 2xx in the wrong
 * shape, an answer naming another job. The job id reaches the outputs whenever it is known, and the
 * run keeps following the job it was given.
 */
import { beforeEach, describe, expect, test } from '@jest/globals';
import { MockAgent } from 'undici';
import type { Runtime } from '../../../src/runtime.js';
import { mockCore } from '../../helpers/core-mock.js';
import { fakeRuntime } from '../../helpers/fake-runtime.js';

const core = mockCore();
const { run } = await import('../../../src/main.js');

const ORIGIN = 'https://api.mintlify.com';
let agent: MockAgent;
let runtime: () => Runtime;

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  runtime = fakeRuntime(agent);
  core.inputs = { 'api-key': 'mint_lifecycle_key', 'project-id': 'proj', prompt: 'Write docs' };
});

describe('a create or message answered 2xx in the wrong shape', () => {
  test('create: the job-id output is set from the answer, and the failure says where to look', async () => {
    agent.get(ORIGIN).intercept({ path: '/v2/agent/proj/job', method: 'POST' }).reply(201, { id: 'job_1', status: 5 });
    await run(runtime);
    expect(core.outputs.get('job-id')).toBe('job_1');
    expect(core.outputs.has('status')).toBe(false);
    expect(core.failures).toEqual([
      "create job: job job_1 has no string 'status'. The service acted on the request and names job job_1, which was probably started: check it in the Mintlify dashboard, and follow it with job-id: job_1 and no prompt instead of starting another job.",
    ]);
    // Not polled, not repeated.
    expect(agent.pendingInterceptors()).toEqual([]);
  });

  test('create without a readable id: no job-id output, and the failure says to check the dashboard', async () => {
    agent.get(ORIGIN).intercept({ path: '/v2/agent/proj/job', method: 'POST' }).reply(201, { id: 7 });
    await run(runtime);
    expect(core.outputs.has('job-id')).toBe(false);
    expect(core.failures).toEqual([expect.stringContaining('may have started a job: check the Mintlify dashboard before re-running')]);
  });

  test('message: the job-id output names the job the message went to', async () => {
    core.inputs['job-id'] = 'job_given';
    agent
      .get(ORIGIN)
      .intercept({ path: '/v2/agent/proj/job/job_given/message', method: 'POST' })
      .reply(200, { job: { id: 'job_given' } });
    await run(runtime);
    expect(core.outputs.get('job-id')).toBe('job_given');
    expect(core.failures).toEqual([expect.stringContaining('the message was probably delivered to job job_given')]);
  });
});

describe('other failures of a create or message', () => {
  test('a message whose answer was lost (5xx) still hands on the job it went to', async () => {
    core.inputs['job-id'] = 'job_given';
    agent.get(ORIGIN).intercept({ path: '/v2/agent/proj/job/job_given/message', method: 'POST' }).reply(502, { error: 'bad gateway' });
    await run(runtime);
    expect(core.outputs.get('job-id')).toBe('job_given');
    expect(core.failures).toEqual([expect.stringContaining('check the Mintlify dashboard')]);
  });

  test('a message refused (404) sets no job-id: the job may not exist', async () => {
    core.inputs['job-id'] = 'job_gone';
    agent.get(ORIGIN).intercept({ path: '/v2/agent/proj/job/job_gone/message', method: 'POST' }).reply(404, { error: 'Job not found' });
    await run(runtime);
    expect(core.outputs.has('job-id')).toBe(false);
    expect(core.failures).toEqual([expect.stringContaining('HTTP 404')]);
  });

  test('a create whose answer was lost (5xx) has no id to hand on', async () => {
    agent.get(ORIGIN).intercept({ path: '/v2/agent/proj/job', method: 'POST' }).reply(500, { error: 'internal' });
    await run(runtime);
    expect(core.outputs.has('job-id')).toBe(false);
    expect(core.failures).toEqual([expect.stringContaining('check the Mintlify dashboard')]);
  });
});

describe('an answer that names another job', () => {
  test('after a follow-up, the run keeps polling the job it was given, with one warning', async () => {
    core.inputs['job-id'] = 'job_given';
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/v2/agent/proj/job/job_given/message', method: 'POST' }).reply(200, { id: 'job_other', status: 'active' });
    pool.intercept({ path: '/v2/agent/proj/job/job_given', method: 'GET' }).reply(200, { id: 'job_given', status: 'active' });
    pool
      .intercept({ path: '/v2/agent/proj/job/job_given', method: 'GET' })
      .reply(200, { id: 'job_given', status: 'completed', prLink: 'https://github.com/acme/docs/pull/4' });
    await run(runtime);
    expect(core.failures).toEqual([]);
    expect(agent.pendingInterceptors()).toEqual([]);
    expect(core.outputs.get('job-id')).toBe('job_given');
    expect(core.outputs.get('status')).toBe('completed');
    expect(core.messages('warning')).toEqual([
      'The answer to the follow-up names job job_other, not job job_given; this run keeps following job job_given. Check both in the Mintlify dashboard.',
    ]);
    expect(core.lines()).toContain("info Sent follow-up to job job_given (status 'active').");
    expect(core.summaryText).toContain('`job_given`');
    expect(core.summaryText).not.toContain('job_other');
  });

  test('a poll that names another job does not switch the job-id output', async () => {
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/v2/agent/proj/job', method: 'POST' }).reply(201, { id: 'job_7', status: 'active' });
    pool.intercept({ path: '/v2/agent/proj/job/job_7', method: 'GET' }).reply(200, { id: 'job_8', status: 'active' }).times(2);
    pool
      .intercept({ path: '/v2/agent/proj/job/job_7', method: 'GET' })
      .reply(200, { id: 'job_8', status: 'completed', prLink: 'https://github.com/acme/docs/pull/5' });
    await run(runtime);
    expect(core.failures).toEqual([]);
    expect(core.outputs.get('job-id')).toBe('job_7');
    // One warning for the whole wait, not one per poll.
    expect(core.messages('warning')).toEqual([
      'The answer to get job job_7 names job job_8, not job job_7; this run keeps following job job_7. Check both in the Mintlify dashboard.',
    ]);
    expect(core.lines().filter((line) => line.startsWith('info Job '))).toEqual(['info Job job_7: active → completed (24s)']);
  });
});

describe('a poll that gives up', () => {
  test('an answer of the wrong shape: the failure says the job may still be running and how to resume', async () => {
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/v2/agent/proj/job', method: 'POST' }).reply(201, { id: 'job_7', status: 'active' });
    pool.intercept({ path: '/v2/agent/proj/job/job_7', method: 'GET' }).reply(200, { id: 'job_7', status: 5 });
    await run(runtime);
    expect(core.outputs.get('job-id')).toBe('job_7');
    expect(core.failures).toEqual([
      "get job job_7: job job_7 has no string 'status'. Job job_7 may still be running; to wait for it again, run the action with job-id: job_7 and no prompt.",
    ]);
  });

  test('a refused poll: the same hint, after the service’s words', async () => {
    core.inputs['job-id'] = 'job_7';
    core.inputs['prompt'] = '';
    agent.get(ORIGIN).intercept({ path: '/v2/agent/proj/job/job_7', method: 'GET' }).reply(400, { error: 'bad request' });
    await run(runtime);
    expect(core.failures).toEqual([
      'get job job_7: HTTP 400: bad request. Job job_7 may still be running; to wait for it again, run the action with job-id: job_7 and no prompt.',
    ]);
  });

  test('a job-id that is not found keeps its own advice, without a resume hint', async () => {
    core.inputs['job-id'] = 'job_nope';
    core.inputs['prompt'] = '';
    agent.get(ORIGIN).intercept({ path: '/v2/agent/proj/job/job_nope', method: 'GET' }).reply(404, { error: 'Job not found' });
    await run(runtime);
    expect(core.failures).toEqual([expect.stringContaining('not found (HTTP 404')]);
    expect(core.failures[0]).not.toContain('may still be running');
  });
});
