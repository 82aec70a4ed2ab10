/**
 * A 2xx answer to a create or a message that is not a job as documented: the service has acted, so
 * the client throws AmbiguousRequestError (never retried) with the job's id whenever one can be read.
 */
import { beforeEach, describe, expect, test } from '@jest/globals';
import { AmbiguousRequestError } from '../../../src/errors.js';
import { MintlifyClient } from '../../../src/service/client.js';
import { readableJobId } from '../../../src/service/job-answer.js';
import { ORIGIN, testClientOptions, useMockAgent } from '../../helpers/mock-client.js';

const agent = useMockAgent();
let sleeps: number[];

function client(): MintlifyClient {
  const sleep = async (ms: number): Promise<void> => void sleeps.push(ms);
  return new MintlifyClient(testClientOptions({ agent: agent(), apiKey: 'mint_unit_key_123', clock: () => 0, sleep, warnings: [] }));
}

async function failure(call: Promise<unknown>): Promise<AmbiguousRequestError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AmbiguousRequestError)) throw new Error(`expected an AmbiguousRequestError, got ${String(error)}`);
  return error;
}

beforeEach(() => {
  sleeps = [];
});

describe('create: a 2xx answer of the wrong shape', () => {
  test.each([
    ['a number status', { id: 'job_1', status: 5 }, 'job_1'],
    ['no status', { id: 'job_1' }, 'job_1'],
    ['a wrapped job', { job: { id: 'job_1', status: 'active' } }, 'job_1'],
    ['a data wrapper', { data: { id: 'job_1', status: 'active' } }, 'job_1'],
  ])('%s names the job, where to look and how to follow it', async (_name, body, jobId) => {
    agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job', method: 'POST' }).reply(201, body);
    const c = client();
    const error = await failure(c.createJob('p', 'x'));
    expect(error.jobId).toBe(jobId);
    expect(error.message).toContain(`names job ${jobId}, which was probably started`);
    expect(error.message).toContain('Mintlify dashboard');
    expect(error.message).toContain(`job-id: ${jobId} and no prompt`);
    expect(c.requestCount).toBe(1);
    expect(sleeps).toEqual([]);
  });

  test.each([
    ['a number id', { id: 7, status: 'active' }],
    ['an empty id', { id: '', status: 'active' }],
    ['an array', [{ id: 'job_1', status: 'active' }]],
    ['null', null],
    ['a string', 'job_1'],
  ])('%s: no id, and the job may exist', async (_name, body) => {
    agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job', method: 'POST' }).reply(201, JSON.stringify(body));
    const c = client();
    const error = await failure(c.createJob('p', 'x'));
    expect(error.jobId).toBeUndefined();
    expect(error.message).toContain('may have started a job: check the Mintlify dashboard before re-running');
    expect(c.requestCount).toBe(1);
  });
});

describe('message: a 2xx answer of the wrong shape', () => {
  test.each([
    ['a number status', { id: 'job_1', status: 5 }],
    ['another id', { job: { id: 'job_other' } }],
    ['an array', []],
  ])('%s names the job the message went to', async (_name, body) => {
    agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job/job_1/message', method: 'POST' }).reply(200, body);
    const c = client();
    const error = await failure(c.sendMessage('p', 'job_1', 'x'));
    expect(error.jobId).toBe('job_1');
    expect(error.message).toMatch(
      /^message to job job_1: .* The service acted on the request: the message was probably delivered to job job_1\./,
    );
    expect(error.message).toContain('before sending the message again');
    expect(error.message).toContain('job-id: job_1 and no prompt');
    expect(c.requestCount).toBe(1);
  });
});

test('the id is read at the top level, else from one wrapper; a present non-string id is not looked past', () => {
  expect(readableJobId({ id: 'a', job: { id: 'b' } })).toBe('a');
  expect(readableJobId({ id: 7, job: { id: 'b' } })).toBeUndefined();
  expect(readableJobId({ job: { job: { id: 'deep' } } })).toBeUndefined();
  expect(readableJobId({ job: 'job_1' })).toBeUndefined();
  expect(readableJobId({ job: {}, data: { id: 'd' } })).toBe('d');
});
