import { beforeEach, describe, expect, test } from '@jest/globals';
import type { MockAgent } from 'undici';
import { AmbiguousRequestError, AuthError, DeadlineError, NetworkError, ResponseShapeError, ServiceError } from '../../../src/errors.js';
import { MintlifyClient, NotFoundError, type ClientOptions } from '../../../src/service/client.js';
import { MAX_ATTEMPTS, MAX_BODY_BYTES } from '../../../src/net/transport.js';
import { ORIGIN, testClientOptions, useMockAgent } from '../../helpers/mock-client.js';

const KEY = 'mint_unit_key_123';
const JOB = {
  id: 'job_1',
  status: 'active',
  source: { repository: 'https://github.com/acme/docs', ref: 'main' },
  model: 'm-1',
  prLink: null,
  createdAt: '2026-11-22T10:00:00Z',
  archivedAt: null,
};

const agent = useMockAgent();
let sleeps: number[];
let warnings: string[];
let now: number;

function client(overrides: Partial<ClientOptions> = {}): MintlifyClient {
  const sleep = async (ms: number): Promise<void> => {
    sleeps.push(ms);
    now += ms;
  };
  return new MintlifyClient(testClientOptions({ agent: agent(), apiKey: KEY, clock: () => now, sleep, warnings }, overrides));
}

beforeEach(() => {
  sleeps = [];
  warnings = [];
  now = Date.UTC(2026, 10, 22);
});

describe('requests', () => {
  test('create sends the prompt as JSON with bearer key, content type and user agent', async () => {
    let seen: { headers: Record<string, string>; body: string } | undefined;
    agent()
      .get(ORIGIN)
      .intercept({ path: '/v2/agent/proj%2F1/job', method: 'POST' })
      .reply(201, (options) => {
        seen = { headers: options.headers as Record<string, string>, body: typeof options.body === 'string' ? options.body : '' };
        return { ...JOB, extra: 'ignored' };
      });
    const job = await client().createJob('proj/1', 'Write docs');
    expect(job).toMatchObject({
      id: 'job_1',
      status: 'active',
      model: 'm-1',
      sourceRepository: 'https://github.com/acme/docs',
      sourceRef: 'main',
    });
    expect(job.prLink).toBeUndefined();
    expect(seen?.headers['authorization']).toBe(`Bearer ${KEY}`);
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.headers['user-agent']).toBe('test-agent/1.0');
    expect(JSON.parse(seen?.body ?? '')).toEqual({ prompt: 'Write docs' });
  });

  test('path parameters are percent-encoded and a base path is kept', async () => {
    agent().get(ORIGIN).intercept({ path: '/gw/v2/agent/p%20x/job/job%3F1%2F2', method: 'GET' }).reply(200, JOB);
    const c = client({ baseUrl: new URL(`${ORIGIN}/gw`) });
    await expect(c.getJob('p x', 'job?1/2')).resolves.toMatchObject({ id: 'job_1' });
  });

  test('visitors query carries dates, limit and offset', async () => {
    agent()
      .get(ORIGIN)
      .intercept({ path: '/v1/analytics/proj/visitors?dateFrom=2026-01-01&dateTo=2026-01-08&limit=250&offset=500', method: 'GET' })
      .reply(200, { totals: { human: 5, ai: 3, total: 7 }, visitors: [{ path: '/a', human: 1, ai: 1, total: 1 }], hasMore: false });
    const page = await client().getVisitors('proj', { dateFrom: '2026-01-01', dateTo: '2026-01-08', limit: 250, offset: 500 });
    expect(page.totals).toEqual({ human: 5, ai: 3, total: 7 });
    expect(page.visitors).toHaveLength(1);
  });
});

describe('GET retry policy', () => {
  test('retries 5xx, 429, HTML and network errors, then succeeds', async () => {
    const pool = agent().get(ORIGIN);
    const path = '/v2/agent/p/job/job_1';
    pool.intercept({ path, method: 'GET' }).reply(503, { error: 'busy' });
    pool.intercept({ path, method: 'GET' }).reply(429, { error: 'slow down' }, { headers: { 'retry-after': '7' } });
    pool.intercept({ path, method: 'GET' }).reply(200, '<html>gateway</html>', { headers: { 'content-type': 'text/html' } });
    pool.intercept({ path, method: 'GET' }).replyWithError(new Error('socket hang up'));
    pool.intercept({ path, method: 'GET' }).reply(200, JOB);
    const c = client();
    await expect(c.getJob('p', 'job_1')).resolves.toMatchObject({ id: 'job_1' });
    expect(c.requestCount).toBe(5);
    // Exponential with equal jitter at random 0.5: 1000 → 750; Retry-After 7 s exactly; 4000 → 3000; 8000 → 6000.
    expect(sleeps).toEqual([750, 7000, 3000, 6000]);
    expect(warnings[0]).toContain('HTTP 503');
  });

  test('Retry-After as an HTTP date', async () => {
    const pool = agent().get(ORIGIN);
    pool
      .intercept({ path: '/v2/agent/p/job/j', method: 'GET' })
      .reply(429, {}, { headers: { 'retry-after': new Date(now + 12_000).toUTCString() } });
    pool.intercept({ path: '/v2/agent/p/job/j', method: 'GET' }).reply(200, { ...JOB, id: 'j' });
    await client().getJob('p', 'j');
    expect(sleeps).toEqual([12_000]);
  });

  test.each(['-5', '2, 3'])('a Retry-After of %j is not a date: the normal backoff applies, not an immediate retry', async (value) => {
    const pool = agent().get(ORIGIN);
    pool.intercept({ path: '/v2/agent/p/job/j', method: 'GET' }).reply(429, {}, { headers: { 'retry-after': value } });
    pool.intercept({ path: '/v2/agent/p/job/j', method: 'GET' }).reply(200, { ...JOB, id: 'j' });
    await client().getJob('p', 'j');
    expect(sleeps).toEqual([750]);
  });

  test('gives up after the attempt limit with the last error', async () => {
    agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job/j', method: 'GET' }).reply(500, { error: 'boom' }).times(MAX_ATTEMPTS);
    const c = client();
    const error = await c.getJob('p', 'j').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(String(error)).toContain(`after ${MAX_ATTEMPTS} attempts: boom`);
    expect(c.requestCount).toBe(MAX_ATTEMPTS);
  });

  test('never waits past the deadline', async () => {
    agent()
      .get(ORIGIN)
      .intercept({ path: '/v2/agent/p/job/j', method: 'GET' })
      .reply(429, {}, { headers: { 'retry-after': '120' } });
    const error = await client({ deadline: now + 60_000 })
      .getJob('p', 'j')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeadlineError);
    expect(String(error)).toContain('get job j: HTTP 429; the service asked to wait 2m (Retry-After), but the timeout ends in 1m.');
    expect(sleeps).toEqual([]);
  });

  test('a backoff that would pass the deadline says so', async () => {
    agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job/j', method: 'GET' }).reply(503, {});
    const error = await client({ deadline: now + 500 })
      .getJob('p', 'j')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeadlineError);
    expect(String(error)).toContain('get job j: HTTP 503; the next retry (in 750ms) would pass the timeout.');
  });

  test('404 is not retried and names what to check', async () => {
    agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job/j', method: 'GET' }).reply(404, { error: 'Job not found' });
    const error = await client()
      .getJob('p', 'j')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(String(error)).toContain('Job not found');
    expect(sleeps).toEqual([]);
  });

  test('a malformed job is a clear error', async () => {
    agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job/j', method: 'GET' }).reply(200, { status: 'active' });
    await expect(client().getJob('p', 'j')).rejects.toThrow(ResponseShapeError);
    agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job/j', method: 'GET' }).reply(200, { id: 'j', status: 7 });
    await expect(client().getJob('p', 'j')).rejects.toThrow("no string 'status'");
  });

  test('a body over the size cap is not read and not retried', async () => {
    agent()
      .get(ORIGIN)
      .intercept({ path: '/v2/agent/p/job/j', method: 'GET' })
      .reply(200, 'x'.repeat(MAX_BODY_BYTES + 10));
    const error = await client()
      .getJob('p', 'j')
      .catch((e: unknown) => e);
    expect(String(error)).toContain(`larger than ${MAX_BODY_BYTES} bytes`);
    expect(sleeps).toEqual([]);
  });
});

describe('POST retry policy', () => {
  const path = '/v2/agent/p/job';

  test('a create whose retry after a 429 would pass the deadline says so; after a 503 it names no retry', async () => {
    const pool = agent().get(ORIGIN);
    pool.intercept({ path, method: 'POST' }).reply(429, {});
    pool.intercept({ path, method: 'POST' }).reply(503, {});
    const c = client({ deadline: now + 500 });
    const limited = await c.createJob('p', 'x').catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(DeadlineError);
    expect(String(limited)).toContain('create job: HTTP 429; the next retry (in 750ms) would pass the timeout.');
    const failed = await c.createJob('p', 'x').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(AmbiguousRequestError);
    expect(String(failed)).not.toContain('retry');
    expect(c.requestCount).toBe(2);
  });

  test('429 is retried: the service refused the request', async () => {
    const pool = agent().get(ORIGIN);
    pool.intercept({ path, method: 'POST' }).reply(429, { error: 'Rate limit exceeded' }, { headers: { 'retry-after': '2' } });
    pool.intercept({ path, method: 'POST' }).reply(201, JOB);
    const c = client();
    await expect(c.createJob('p', 'x')).resolves.toMatchObject({ id: 'job_1' });
    expect(c.requestCount).toBe(2);
    expect(sleeps).toEqual([2000]);
  });

  test('a refused connection is retried: nothing was sent', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' });
    const pool = agent().get(ORIGIN);
    pool.intercept({ path, method: 'POST' }).replyWithError(refused);
    pool.intercept({ path, method: 'POST' }).reply(201, JOB);
    const c = client();
    await c.createJob('p', 'x');
    expect(c.requestCount).toBe(2);
  });

  test.each([
    ['500', (pool: ReturnType<MockAgent['get']>) => pool.intercept({ path, method: 'POST' }).reply(500, { error: 'internal' })],
    ['502 HTML', (pool: ReturnType<MockAgent['get']>) => pool.intercept({ path, method: 'POST' }).reply(502, '<html>bad gateway</html>')],
    [
      'a reset',
      (pool: ReturnType<MockAgent['get']>) =>
        pool.intercept({ path, method: 'POST' }).replyWithError(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })),
    ],
    [
      'a 201 that is not JSON',
      (pool: ReturnType<MockAgent['get']>) => pool.intercept({ path, method: 'POST' }).reply(201, '{"id": "job_1", "sta'),
    ],
  ])('%s is never retried: the service may have acted', async (_name, arrange) => {
    arrange(agent().get(ORIGIN));
    const c = client();
    const error = await c.createJob('p', 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmbiguousRequestError);
    expect(String(error)).toContain('check the Mintlify dashboard');
    expect(c.requestCount).toBe(1);
    expect(sleeps).toEqual([]);
  });

  test('400 shows the service error text', async () => {
    agent().get(ORIGIN).intercept({ path, method: 'POST' }).reply(400, { error: 'prompt is required' });
    await expect(client().createJob('p', 'x')).rejects.toThrow('HTTP 400: prompt is required');
  });

  test('analytics 400 shows error and details', async () => {
    agent()
      .get(ORIGIN)
      .intercept({ path: '/v1/analytics/p/visitors?limit=250&offset=0', method: 'GET' })
      .reply(400, { error: 'Invalid query parameters', details: [{ message: 'dateFrom must be a date' }] });
    await expect(client().getVisitors('p', { limit: 250, offset: 0 })).rejects.toThrow('Invalid query parameters; dateFrom must be a date');
  });

  test.each([401, 403])('%d says the key was rejected and where keys are made, without the key', async (status) => {
    agent()
      .get(ORIGIN)
      .intercept({ path, method: 'POST' })
      .reply(status, { error: `bad key ${KEY}` });
    const error = await client()
      .createJob('p', 'x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(String(error)).toContain('rejected the API key');
    expect(String(error)).toContain('api-keys');
    expect(String(error)).not.toContain(KEY);
    expect(sleeps).toEqual([]);
  });

  test('a redirect is not followed', async () => {
    agent()
      .get(ORIGIN)
      .intercept({ path, method: 'POST' })
      .reply(307, '', { headers: { location: 'https://evil.example/steal' } });
    const error = await client()
      .createJob('p', 'x')
      .catch((e: unknown) => e);
    expect(String(error)).toContain('redirects are not followed');
    expect(String(error)).toContain('https://evil.example/steal');
  });

  test('an unreachable host after retries is a NetworkError', async () => {
    const refused = Object.assign(new Error('getaddrinfo ENOTFOUND api.example.test'), { code: 'ENOTFOUND' });
    agent().get(ORIGIN).intercept({ path, method: 'POST' }).replyWithError(refused).times(MAX_ATTEMPTS);
    const error = await client()
      .createJob('p', 'x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(String(error)).toContain(`could not connect to ${ORIGIN}`);
  });
});

describe('an error names only the inputs that apply', () => {
  type Call = (c: MintlifyClient) => Promise<unknown>;
  const create: Call = (c) => c.createJob('p', 'x');
  const message: Call = (c) => c.sendMessage('p', 'j', 'x');
  const getJob: Call = (c) => c.getJob('p', 'j');
  const visitors: Call = (c) => c.getVisitors('p', { limit: 250, offset: 0 });
  const requests: readonly [string, Call, 'GET' | 'POST', string][] = [
    ['create job', create, 'POST', '/v2/agent/p/job'],
    ['message to job', message, 'POST', '/v2/agent/p/job/j/message'],
    ['get job', getJob, 'GET', '/v2/agent/p/job/j'],
    ['visitors report', visitors, 'GET', '/v1/analytics/p/visitors?limit=250&offset=0'],
  ];

  async function failWith(call: Call, method: string, path: string, status: number, body: string | object): Promise<string> {
    agent().get(ORIGIN).intercept({ path, method }).reply(status, body);
    const error = await call(client()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    return String(error);
  }

  test.each(requests)(
    '404 on %s: the ids of that request, and base-url only for an answer that is not the API',
    async (_name, call, method, path) => {
      const withJob = path.includes('/job/');
      const said = await failWith(call, method, path, 404, { error: 'Not found' });
      expect(said).toContain('not found (HTTP 404: Not found)');
      expect(said).toContain('project-id');
      if (withJob) expect(said).toContain('job-id');
      else expect(said).not.toContain('job-id');
      expect(said).not.toContain('base-url');

      const page = await failWith(call, method, path, 404, '<html>404 Not Found</html>');
      expect(page).toContain('base-url');
      expect(page).toContain('project-id');
    },
  );

  test('a project whose id is "job" is still a create: no job-id', async () => {
    agent().get(ORIGIN).intercept({ path: '/v2/agent/job/job', method: 'POST' }).reply(404, { error: 'Project not found' });
    const said = String(
      await client()
        .createJob('job', 'x')
        .catch((e: unknown) => e),
    );
    expect(said).toContain('Check project-id.');
    expect(said).not.toContain('job-id');
  });

  test.each(requests.filter(([, , method]) => method === 'POST'))(
    '403 on %s: the key may lack the write scope',
    async (_name, call, method, path) => {
      const said = await failWith(call, method, path, 403, { error: 'Forbidden' });
      expect(said).toContain('HTTP 403: Forbidden');
      expect(said).toContain('write scope');
      expect(said).toContain('api-keys');
    },
  );

  test.each(requests.filter(([, , method]) => method === 'GET'))(
    '403 on %s does not speak of writing',
    async (_name, call, method, path) => {
      const said = await failWith(call, method, path, 403, { error: 'Forbidden' });
      expect(said).toContain('rejected the API key');
      expect(said).not.toContain('write');
    },
  );

  test('401 on a create is a rejected key, not a missing scope', async () => {
    const said = await failWith(create, 'POST', '/v2/agent/p/job', 401, { error: 'Unauthorized' });
    expect(said).toContain('rejected the API key');
    expect(said).not.toContain('write scope');
  });
});
