import { afterEach, describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator/server.js';
import { TEST_CA_PATH, testServerTls } from '../helpers/test-tls.js';

type Job = { id: string; status: unknown; prLink: string | null; archivedAt: string | null; [key: string]: unknown };
type Page = { path: string; human: number; ai: number; total: number };
type Report = { totals: { human: number; ai: number; total: number }; visitors: Page[]; hasMore: boolean };
type Reply = { status: number; headers: Headers; text: string; json: unknown };

const running: Emulator[] = [];

async function start(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = await startEmulator(options);
  running.push(emulator);
  return emulator;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
});

async function call(
  emulator: Emulator,
  method: string,
  path: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${emulator.apiKey}`, ...options.headers };
  if (options.body !== undefined && !('content-type' in headers)) headers['content-type'] = 'application/json';
  const response = await fetch(emulator.url + path, { method, headers, body: options.body, redirect: 'manual' });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

const createJob = (emulator: Emulator, project = 'proj', prompt = 'Document the API') =>
  call(emulator, 'POST', `/v2/agent/${project}/job`, { body: JSON.stringify({ prompt }) });
const getJob = (emulator: Emulator, id: string, project = 'proj') =>
  call(emulator, 'GET', `/v2/agent/${project}/job/${encodeURIComponent(id)}`);
const sendMessage = (emulator: Emulator, id: string, prompt: string) =>
  call(emulator, 'POST', `/v2/agent/proj/job/${encodeURIComponent(id)}/message`, { body: JSON.stringify({ prompt }) });
const visitors = (emulator: Emulator, query: string) => call(emulator, 'GET', `/v1/analytics/proj/visitors?${query}`);

async function pollStatuses(emulator: Emulator, id: string, count: number): Promise<unknown[]> {
  const statuses: unknown[] = [];
  for (let i = 0; i < count; i++) statuses.push(((await getJob(emulator, id)).json as Job).status);
  return statuses;
}

describe('agent jobs', () => {
  test('create answers 201 active, then GETs walk the statuses and the last one repeats', async () => {
    const emulator = await start({ scenario: { job: { statuses: ['active', 'queued', 'completed'] } } });
    const created = await createJob(emulator);
    expect(created.status).toBe(201);
    const job = created.json as Job;
    expect(job).toMatchObject({ status: 'active', prLink: null, archivedAt: null, model: 'sonnet' });
    expect(job.id).toMatch(/^job_/);
    expect(await pollStatuses(emulator, job.id, 4)).toEqual(['active', 'queued', 'completed', 'completed']);
    const done = (await getJob(emulator, job.id)).json as Job;
    expect(done.prLink).toBe('https://github.com/acme/docs/pull/1');
    expect(emulator.createdJobCount).toBe(1);
    expect(emulator.jobs.get(job.id)?.prompts).toEqual(['Document the API']);
  });

  test('the default scenario completes on the second GET, numbering PR links per job', async () => {
    const emulator = await start();
    const first = (await createJob(emulator)).json as Job;
    const second = (await createJob(emulator)).json as Job;
    expect(first.id).not.toBe(second.id);
    expect(await pollStatuses(emulator, second.id, 2)).toEqual(['active', 'completed']);
    expect(((await getJob(emulator, second.id)).json as Job).prLink).toBe('https://github.com/acme/docs/pull/2');
  });

  test('prLink null completes without a PR; extraFields and createStatus shape the bodies', async () => {
    const emulator = await start({
      scenario: { job: { prLink: null, createStatus: 'queued', extraFields: { costUsd: 1.5, id: 'ignored' } } },
    });
    const created = (await createJob(emulator)).json as Job;
    expect(created.status).toBe('queued');
    expect(created.costUsd).toBe(1.5);
    expect(created.id).toMatch(/^job_/);
    const polled = await pollStatuses(emulator, created.id, 2);
    expect(polled).toEqual(['active', 'completed']);
    expect(((await getJob(emulator, created.id)).json as Job).prLink).toBeNull();
  });

  test.each([
    ['missing-id', (body: unknown) => expect(body).not.toHaveProperty('id')],
    ['missing-status', (body: unknown) => expect(body).not.toHaveProperty('status')],
    ['status-number', (body: unknown) => expect((body as Job).status).toBe(1)],
    ['not-object', (body: unknown) => expect(Array.isArray(body)).toBe(true)],
  ] as const)('malformed %s bodies', async (malformed, check) => {
    const emulator = await start({ scenario: { job: { malformed } } });
    check((await createJob(emulator)).json);
    const id = [...emulator.jobs.keys()][0] ?? '';
    check((await getJob(emulator, id)).json);
  });

  test('notFoundPolls answers 404 right after create, then the job appears', async () => {
    const emulator = await start({ scenario: { job: { notFoundPolls: 2 } } });
    const job = (await createJob(emulator)).json as Job;
    const first = await getJob(emulator, job.id);
    expect(first.status).toBe(404);
    expect(first.json).toEqual({ error: 'Job not found' });
    expect((await getJob(emulator, job.id)).status).toBe(404);
    const third = await getJob(emulator, job.id);
    expect(third.status).toBe(200);
    expect((third.json as Job).status).toBe('active');
  });

  test('completeAfterMs follows the injected clock; archived jobs get archivedAt', async () => {
    let now = Date.UTC(2026, 0, 1);
    const emulator = await start({ clock: () => now, scenario: { job: { completeAfterMs: 1000, finalStatus: 'archived' } } });
    const job = (await createJob(emulator)).json as Job;
    expect(job.createdAt).toBe('2026-01-01T00:00:00.000Z');
    now += 999;
    expect(((await getJob(emulator, job.id)).json as Job).status).toBe('active');
    now += 1;
    const archived = (await getJob(emulator, job.id)).json as Job;
    expect(archived).toMatchObject({ status: 'archived', prLink: null, archivedAt: '2026-01-01T00:00:01.000Z' });
    expect(emulator.requests[0]?.at).toBe(Date.UTC(2026, 0, 1));
  });

  test('a message re-activates a finished job and replays the scenario', async () => {
    const emulator = await start();
    const job = (await createJob(emulator)).json as Job;
    expect(await pollStatuses(emulator, job.id, 2)).toEqual(['active', 'completed']);
    const reply = await sendMessage(emulator, job.id, 'Also fix the typo');
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ id: job.id, status: 'active', prLink: null });
    expect(await pollStatuses(emulator, job.id, 2)).toEqual(['active', 'completed']);
    expect(emulator.jobs.get(job.id)?.prompts).toEqual(['Document the API', 'Also fix the typo']);
    expect(emulator.createdJobCount).toBe(1);
    expect(emulator.requests.filter((entry) => entry.jobCreated).map((entry) => entry.endpoint)).toEqual(['create', 'message']);
  });

  test('messages to unknown jobs are 404, jobs are per project', async () => {
    const emulator = await start();
    const job = (await createJob(emulator, 'alpha')).json as Job;
    expect((await sendMessage(emulator, 'job_nope', 'hi')).json).toEqual({ error: 'Job not found' });
    expect((await getJob(emulator, job.id, 'beta')).status).toBe(404);
    expect((await getJob(emulator, job.id, 'alpha')).status).toBe(200);
  });

  test('bodies must be JSON with a non-empty prompt and a JSON content type', async () => {
    const emulator = await start();
    const path = '/v2/agent/proj/job';
    const notJson = await call(emulator, 'POST', path, { body: '{prompt:' });
    const emptyPrompt = await call(emulator, 'POST', path, { body: '{"prompt":""}' });
    const numberPrompt = await call(emulator, 'POST', path, { body: '{"prompt":3}' });
    const textType = await call(emulator, 'POST', path, { body: '{"prompt":"x"}', headers: { 'content-type': 'text/plain' } });
    for (const reply of [notJson, emptyPrompt, numberPrompt, textType]) {
      expect(reply.status).toBe(400);
      expect(typeof (reply.json as { error: unknown }).error).toBe('string');
    }
    expect(emulator.createdJobCount).toBe(0);
    expect(emulator.requests[3]?.headers['content-type']).toBe('text/plain');
    expect(emulator.requests.every((entry) => entry.jobCreated === false)).toBe(true);
  });

  test('auth: missing or malformed header is 401, a wrong key 403', async () => {
    const emulator = await start({ apiKey: 'mint_secret' });
    const missing = await fetch(`${emulator.url}/v2/agent/proj/job/job_1`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: 'Missing or invalid Authorization header' });
    const basic = await call(emulator, 'GET', '/v2/agent/proj/job/job_1', { headers: { authorization: 'Basic bWludA==' } });
    expect(basic.status).toBe(401);
    const wrong = await call(emulator, 'GET', '/v1/analytics/proj/visitors', { headers: { authorization: 'Bearer mint_other' } });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toEqual({ error: 'Invalid API key' });
  });

  test('path parameters are decoded; the log keeps the raw path; unknown routes are 404 JSON', async () => {
    const emulator = await start();
    await createJob(emulator, encodeURIComponent('team/docs site'));
    const entry = emulator.requests[0];
    expect(entry).toMatchObject({ endpoint: 'create', projectId: 'team/docs site', path: '/v2/agent/team%2Fdocs%20site/job' });
    const id = [...emulator.jobs.keys()][0] ?? '';
    expect((await call(emulator, 'GET', `/v2/agent/${encodeURIComponent('team/docs site')}/job/${id}`)).status).toBe(200);
    const unknown = await call(emulator, 'DELETE', '/v2/agent/proj/job/x');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: 'Not found' });
    expect(emulator.requests.at(-1)?.endpoint).toBe('unknown');
  });
});

describe('visitors', () => {
  const isSortedByTotal = (pages: Page[]) => pages.every((page, i) => i === 0 || (pages[i - 1]?.total ?? 0) >= page.total);

  test('paginates generated pages with limit, offset and hasMore', async () => {
    const emulator = await start({ scenario: { visitors: { pageCount: 120 } } });
    const pages: Page[] = [];
    const hasMore: boolean[] = [];
    for (let offset = 0; ; offset += 50) {
      const report = (await visitors(emulator, `limit=50&offset=${offset}&dateFrom=2026-01-01&dateTo=2026-02-01`)).json as Report;
      pages.push(...report.visitors);
      hasMore.push(report.hasMore);
      if (!report.hasMore) break;
    }
    expect(hasMore).toEqual([true, true, false]);
    expect(pages).toHaveLength(120);
    expect(new Set(pages.map((page) => page.path)).size).toBe(120);
    expect(pages[0]?.path).toBe('/page-00001');
    expect(isSortedByTotal(pages)).toBe(true);
    for (const page of pages) {
      expect(page.total).toBeLessThanOrEqual(page.human + page.ai);
      expect(page.total).toBeGreaterThanOrEqual(Math.max(page.human, page.ai));
    }
    const { totals } = (await visitors(emulator, '')).json as Report;
    expect(totals.total).toBeLessThan(totals.human + totals.ai);
    expect(totals.total).toBeGreaterThanOrEqual(Math.max(totals.human, totals.ai));
  });

  test('limit defaults to 50 and the same query gives the same answer', async () => {
    const emulator = await start();
    const first = await visitors(emulator, 'offset=0');
    expect((first.json as Report).visitors).toHaveLength(50);
    expect((await visitors(emulator, 'offset=0')).text).toBe(first.text);
  });

  test('100,000 generated pages are served quickly', async () => {
    const emulator = await start({ scenario: { visitors: { pageCount: 100_000 } } });
    const began = performance.now();
    const report = (await visitors(emulator, 'limit=250&offset=99990')).json as Report;
    expect(performance.now() - began).toBeLessThan(1000);
    expect(report.visitors.map((page) => page.path).at(-1)).toBe('/page-100000');
    expect(report.visitors).toHaveLength(10);
    expect(report.hasMore).toBe(false);
  });

  test.each([
    ['limit=0', 'limit'],
    ['limit=251', 'limit'],
    ['limit=2.5', 'limit'],
    ['offset=-1', 'offset'],
    ['dateFrom=2026-02-30', 'dateFrom'],
    ['dateTo=yesterday', 'dateTo'],
    ['dateFrom=2026-02-01&dateTo=2026-02-01', 'dateFrom'],
  ])('%s is a 400 naming %s', async (query, parameter) => {
    const emulator = await start();
    const reply = await visitors(emulator, query);
    expect(reply.status).toBe(400);
    const body = reply.json as { error: string; details: { message: string }[] };
    expect(body.error).toEqual(expect.any(String));
    expect(body.details.map((detail) => detail.message).join(' ')).toContain(parameter);
  });

  test('accepts ISO 8601 date-times', async () => {
    const emulator = await start();
    expect((await visitors(emulator, 'dateFrom=2026-01-01T00:00:00Z&dateTo=2026-01-02T12:30:00%2B02:00')).status).toBe(200);
  });

  test('explicit pages, totals by dateFrom, hasMoreForever and ignoreOffset', async () => {
    const pages = [
      { path: '/a', human: 5, ai: 1, total: 6 },
      { path: '/b', human: 2, ai: 2, total: 3 },
    ];
    const previous = { human: 1, ai: 1, total: 1 };
    const emulator = await start({ scenario: { visitors: { pages, totalsByDateFrom: { '2025-12-01': previous }, hasMoreForever: true } } });
    const current = (await visitors(emulator, 'dateFrom=2026-01-01&limit=1')).json as Report;
    expect(current.visitors).toEqual([pages[0]]);
    expect(current.totals.total).toBeLessThan(current.totals.human + current.totals.ai);
    expect(((await visitors(emulator, 'dateFrom=2025-12-01')).json as Report).totals).toEqual(previous);
    expect((await visitors(emulator, 'offset=5')).json).toMatchObject({ visitors: [], hasMore: true });

    emulator.setScenario({ visitors: { pages, ignoreOffset: true } });
    expect((await visitors(emulator, 'limit=1&offset=1')).json).toMatchObject({ visitors: [pages[0]], hasMore: true });
  });
});

describe('faults', () => {
  test('status 429 with Retry-After after skipping one request, then back to normal', async () => {
    const emulator = await start({ scenario: { faults: [{ endpoint: 'create', skip: 1, kind: 'status', status: 429, retryAfter: '7' }] } });
    expect((await createJob(emulator)).status).toBe(201);
    const limited = await createJob(emulator);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.json).toEqual({ error: expect.any(String) });
    expect((await createJob(emulator)).status).toBe(201);
    expect(emulator.createdJobCount).toBe(2);
    expect(emulator.requests[1]).toMatchObject({ response: 429, fault: 'status', jobCreated: false });
  });

  test('afterAction: the job is created but the client sees the failure', async () => {
    const emulator = await start({ scenario: { faults: [{ endpoint: 'create', kind: 'status', status: 502, afterAction: true }] } });
    expect((await createJob(emulator)).status).toBe(502);
    expect(emulator.createdJobCount).toBe(1);
    expect(emulator.requests[0]).toMatchObject({ response: 502, fault: 'status', jobCreated: true });
  });

  test('reset drops the connection without a response', async () => {
    const emulator = await start({ scenario: { faults: [{ endpoint: 'any', kind: 'reset' }] } });
    await expect(createJob(emulator)).rejects.toThrow();
    expect(emulator.requests).toHaveLength(1);
    expect(emulator.requests[0]).toMatchObject({ response: 'reset', jobCreated: false });
    expect(emulator.createdJobCount).toBe(0);
  });

  test('truncate sends headers then cuts the real body short', async () => {
    const emulator = await start({ scenario: { faults: [{ endpoint: 'create', kind: 'truncate', afterAction: true }] } });
    const response = await fetch(`${emulator.url}/v2/agent/proj/job`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.apiKey}`, 'content-type': 'application/json' },
      body: '{"prompt":"x"}',
    });
    expect(response.status).toBe(201);
    await expect(response.text()).rejects.toThrow();
    expect(emulator.requests[0]).toMatchObject({ response: 'truncate', jobCreated: true });
  });

  test('hang never answers, and close() still resolves promptly', async () => {
    const emulator = await start({ scenario: { faults: [{ endpoint: 'get', kind: 'hang' }] } });
    const pending = getJob(emulator, 'job_x');
    const outcome = pending.then(
      () => 'answered',
      () => 'failed',
    );
    while (emulator.requests[0]?.response !== 'hang') await new Promise((resolve) => setTimeout(resolve, 5));
    const began = performance.now();
    await emulator.close();
    expect(performance.now() - began).toBeLessThan(1000);
    expect(await outcome).toBe('failed');
  });

  test('html, empty, redirect, huge and delay', async () => {
    const emulator = await start({
      scenario: {
        faults: [
          { endpoint: 'get', kind: 'html', status: 503 },
          { endpoint: 'get', skip: 1, kind: 'empty' },
          { endpoint: 'get', skip: 2, kind: 'redirect', location: 'https://login.example.com/' },
          { endpoint: 'visitors', kind: 'huge', sizeBytes: 300_000 },
          { endpoint: 'visitors', skip: 1, kind: 'delay', delayMs: 50 },
        ],
      },
    });
    const html = await getJob(emulator, 'job_x');
    expect(html.status).toBe(503);
    expect(html.headers.get('content-type')).toBe('text/html');
    expect(html.text).toContain('<html>');
    const empty = await getJob(emulator, 'job_x');
    expect([empty.status, empty.text]).toEqual([200, '']);
    const redirect = await getJob(emulator, 'job_x');
    expect([redirect.status, redirect.headers.get('location')]).toEqual([307, 'https://login.example.com/']);
    expect((await getJob(emulator, 'job_x')).status).toBe(404);
    const huge = await visitors(emulator, '');
    expect([huge.status, Buffer.byteLength(huge.text)]).toEqual([200, 300_000]);
    const began = performance.now();
    const delayed = await visitors(emulator, '');
    expect(performance.now() - began).toBeGreaterThanOrEqual(45);
    expect(delayed.status).toBe(200);
    expect(emulator.requests.map((entry) => entry.fault)).toEqual(['html', 'empty', 'redirect', undefined, 'huge', 'delay']);
  });

  test('setScenario restarts fault counters; reset() clears everything', async () => {
    const emulator = await start();
    const fault = { endpoint: 'get', kind: 'status', status: 500 } as const;
    emulator.setScenario({ faults: [fault] });
    expect((await getJob(emulator, 'job_x')).status).toBe(500);
    expect((await getJob(emulator, 'job_x')).status).toBe(404);
    emulator.setScenario({ faults: [fault] });
    expect((await getJob(emulator, 'job_x')).status).toBe(500);
    await createJob(emulator);
    const log = emulator.requests;
    emulator.reset();
    expect([log.length, emulator.jobs.size, emulator.createdJobCount]).toEqual([0, 0, 0]);
    expect((await getJob(emulator, 'job_x')).status).toBe(404);
    expect(() => emulator.setScenario({ job: { statuses: [] } })).toThrow(/statuses/);
  });
});

describe('request log and control endpoints', () => {
  test('logs method, raw path, query, lower-case headers, body and response', async () => {
    const emulator = await start();
    await call(emulator, 'POST', '/v2/agent/proj/job', { body: '{"prompt":"p"}', headers: { 'User-Agent': 'docs-action/1.0' } });
    await visitors(emulator, 'limit=5&limit=9&offset=0');
    const [create, report] = emulator.requests;
    expect(create).toMatchObject({
      method: 'POST',
      path: '/v2/agent/proj/job',
      endpoint: 'create',
      projectId: 'proj',
      body: '{"prompt":"p"}',
      response: 201,
      jobCreated: true,
      headers: { authorization: `Bearer ${emulator.apiKey}`, 'content-type': 'application/json', 'user-agent': 'docs-action/1.0' },
    });
    expect(report).toMatchObject({ endpoint: 'visitors', query: { limit: '5', offset: '0' }, response: 200 });
    expect(report?.jobCreated).toBeUndefined();
  });

  test('PUT scenario, GET requests and POST reset steer the emulator over HTTP', async () => {
    const emulator = await start();
    const scenario = { job: { statuses: ['failed'] }, faults: [{ endpoint: 'visitors', kind: 'status', status: 500, times: null }] };
    const put = await fetch(`${emulator.url}/__emulator/scenario`, { method: 'PUT', body: JSON.stringify(scenario) });
    expect(put.status).toBe(204);
    const job = (await createJob(emulator)).json as Job;
    expect(((await getJob(emulator, job.id)).json as Job).status).toBe('failed');
    for (let i = 0; i < 3; i++) expect((await visitors(emulator, '')).status).toBe(500);

    const bad = await fetch(`${emulator.url}/__emulator/scenario`, { method: 'PUT', body: '{"faults":[{"kind":"boom"}]}' });
    expect(bad.status).toBe(400);

    const log = (await (await fetch(`${emulator.url}/__emulator/requests`)).json()) as { endpoint: string; response?: unknown }[];
    expect(log.map((entry) => entry.endpoint)).toEqual([
      'control',
      'create',
      'get',
      'visitors',
      'visitors',
      'visitors',
      'control',
      'control',
    ]);
    expect(log[0]?.response).toBe(204);

    expect((await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' })).status).toBe(204);
    expect([emulator.jobs.size, emulator.requests.length]).toEqual([0, 0]);
    expect((await visitors(emulator, '')).status).toBe(200);
  });
});

describe('HTTPS', () => {
  test('with a certificate it serves HTTPS, which a client that trusts the CA can use', async () => {
    const emulator = await start({ tls: testServerTls(), scenario: { job: { createStatus: 'active' } } });
    expect(emulator.url).toBe(`https://127.0.0.1:${emulator.port}`);
    const dispatcher = new Agent({ connect: { ca: readFileSync(TEST_CA_PATH) } });
    try {
      for (const origin of [emulator.url, `https://localhost:${emulator.port}`]) {
        const response = await request(`${origin}/v2/agent/proj/job`, {
          method: 'POST',
          dispatcher,
          headers: { authorization: `Bearer ${emulator.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: 'Document the API' }),
        });
        expect(response.statusCode).toBe(201);
        expect(await response.body.json()).toMatchObject({ status: 'active' });
      }
    } finally {
      await dispatcher.close();
    }
    expect(emulator.requests.filter((entry) => entry.endpoint === 'create')).toHaveLength(2);
  });

  test('a client that does not trust the CA is refused before any request', async () => {
    const emulator = await start({ tls: testServerTls() });
    await expect(fetch(`${emulator.url}/v2/agent/proj/job/x`)).rejects.toThrow();
    expect(emulator.requests).toHaveLength(0);
  });
});
