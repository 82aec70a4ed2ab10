import { afterEach, describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator/server.js';
import { sitePath } from '../../emulator/site.js';
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
    expect(pages[0]?.path).toBe('/quickstart');
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

  // How fast is the benchmarks' business (npm run bench): a wall-clock bound here fails on a busy machine.
  test('the last page of 100,000 generated pages is served', async () => {
    const emulator = await start({ scenario: { visitors: { pageCount: 100_000 } } });
    const report = (await visitors(emulator, 'limit=250&offset=99990')).json as Report;
    expect(report.visitors.map((page) => page.path).at(-1)).toBe(sitePath(99_999));
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

describe('the generated docs site', () => {
  test('real-looking paths, unique across 100,000 pages', () => {
    expect([0, 4].map(sitePath)).toEqual(['/quickstart', '/api-reference/endpoint/create-job']);
    const paths = Array.from({ length: 100_000 }, (_, index) => sitePath(index));
    expect(new Set(paths).size).toBe(100_000);
    expect(paths.every((path) => /^\/[a-z0-9/-]+$/.test(path))).toBe(true);
  });
});

type Counts = { human: number; ai: number; total: number };
type Search = { searchQuery: string; hits: number; ctr: number; topClickedPage: string | null; lastSearchedAt: string };
type Searches = { searches: Search[]; totalSearches: number; nextCursor: string | null };
type ByPage = { feedback: { path: string; thumbsUp: number; thumbsDown: number; code: number; total: number }[]; hasMore: boolean };
type Entry = Record<string, unknown> & { id: string; path: string; source: string };
type FeedbackList = { feedback: Entry[]; nextCursor: string | null; hasMore: boolean };

/** A scenario as JSON through the control endpoint, as the CLI's users send it (shapes unchecked by TypeScript). */
const putScenario = (emulator: Emulator, scenario: unknown) =>
  call(emulator, 'PUT', '/__emulator/scenario', { body: JSON.stringify(scenario) });

const analytics = (emulator: Emulator, resource: string, query = '') => call(emulator, 'GET', `/v1/analytics/proj/${resource}?${query}`);

/** Follows `nextCursor` until it is null (at most `max` requests), returning every answer. */
async function followCursor<T extends { nextCursor: string | null }>(
  emulator: Emulator,
  resource: string,
  query: string,
  max = 20,
): Promise<T[]> {
  const answers: T[] = [];
  let cursor: string | null = null;
  do {
    const reply = await analytics(emulator, resource, `${query}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
    expect(reply.status).toBe(200);
    const answer = reply.json as T;
    answers.push(answer);
    cursor = answer.nextCursor;
  } while (cursor !== null && answers.length < max);
  return answers;
}

describe('views', () => {
  test('the same pages as the visitors report, with more view events than visitors, total = human + ai', async () => {
    const emulator = await start({ scenario: { visitors: { pageCount: 300 } } });
    const visitorsPage = (await visitors(emulator, 'limit=250')).json as Report;
    const first = (await analytics(emulator, 'views', 'limit=250')).json as { totals: Counts; views: Page[]; hasMore: boolean };
    const second = (await analytics(emulator, 'views', 'limit=250&offset=250')).json as { views: Page[]; hasMore: boolean };
    expect([first.hasMore, second.hasMore, first.views.length + second.views.length]).toEqual([true, false, 300]);
    expect(first.views.map((page) => page.path)).toEqual(visitorsPage.visitors.map((page) => page.path));
    first.views.forEach((page, index) => {
      expect(page.total).toBe(page.human + page.ai);
      expect(page.total).toBeGreaterThanOrEqual(visitorsPage.visitors[index]?.total ?? Infinity);
    });
    expect(first.totals.total).toBe(first.totals.human + first.totals.ai);
  });

  test('explicit visitors pages give views of those pages; views can have their own scenario', async () => {
    const pages = [{ path: '/only', human: 2, ai: 1, total: 3 }];
    const emulator = await start({ scenario: { visitors: { pages } } });
    expect((await analytics(emulator, 'views')).json).toMatchObject({
      views: [{ path: '/only', human: 4, ai: 3, total: 7 }],
      hasMore: false,
    });
    emulator.setScenario({ views: { pageCount: 3, hasMoreForever: true } });
    expect((await analytics(emulator, 'views')).json).toMatchObject({ hasMore: true, views: [{ path: '/quickstart' }, {}, {}] });
    expect((await analytics(emulator, 'views', 'limit=251')).status).toBe(400);
  });
});

describe('searches', () => {
  test('ordered by hits, cursor paging to the end, totalSearches is the sum of hits, some terms never clicked', async () => {
    const emulator = await start({ scenario: { searches: { count: 230 } } });
    const answers = await followCursor<Searches>(emulator, 'searches', 'limit=100&dateFrom=2026-01-01');
    expect(answers.map((answer) => answer.searches.length)).toEqual([100, 100, 30]);
    const rows = answers.flatMap((answer) => answer.searches);
    expect(new Set(rows.map((row) => row.searchQuery)).size).toBe(230);
    expect(rows.every((row, index) => index === 0 || (rows[index - 1]?.hits ?? 0) >= row.hits)).toBe(true);
    expect(answers.every((answer) => answer.totalSearches === rows.reduce((sum, row) => sum + row.hits, 0))).toBe(true);
    const unclicked = rows.filter((row) => row.topClickedPage === null);
    expect(unclicked.length).toBeGreaterThan(10);
    expect(unclicked.every((row) => row.ctr === 0)).toBe(true);
    expect(rows.filter((row) => row.topClickedPage !== null).every((row) => row.ctr > 0 && row.ctr <= 1)).toBe(true);
    expect(rows[0]).toMatchObject({ searchQuery: 'api key', topClickedPage: '/concepts/api-keys' });
  });

  test('limit 1..100, a cursor it did not issue is a 400, repeatCursor repeats the second cursor', async () => {
    const emulator = await start();
    expect((await analytics(emulator, 'searches', 'limit=101')).status).toBe(400);
    const bad = await analytics(emulator, 'searches', 'cursor=bogus');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('cursor');
    emulator.setScenario({ searches: { repeatCursor: true } });
    const answers = await followCursor<Searches>(emulator, 'searches', 'limit=10', 3);
    expect(answers[1]?.nextCursor).toBe(answers[0]?.nextCursor);
  });

  test('explicit terms and totalSearches', async () => {
    const searches = [{ searchQuery: '<b>x</b>', hits: 3, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-01-02T00:00:00Z' }];
    const emulator = await start({ scenario: { searches: { searches, totalSearches: 99 } } });
    expect((await analytics(emulator, 'searches')).json).toEqual({ searches, totalSearches: 99, nextCursor: null });
    const rejected = await putScenario(emulator, { searches: { searches: [{ searchQuery: 'x' }] } });
    expect([rejected.status, rejected.text]).toEqual([400, expect.stringContaining('scenario.searches.searches')]);
  });
});

describe('feedback', () => {
  test('by-page: the most-rated pages of the site, limit default 10 and at most 100, hasMore beyond', async () => {
    const emulator = await start({ scenario: { visitors: { pageCount: 1000 } } });
    const byDefault = (await analytics(emulator, 'feedback/by-page')).json as ByPage;
    expect(byDefault.feedback).toHaveLength(10);
    const most = (await analytics(emulator, 'feedback/by-page', 'limit=100')).json as ByPage;
    expect(most.feedback).toHaveLength(100);
    expect(most.hasMore).toBe(true);
    for (const row of most.feedback) expect(row.total).toBe(row.thumbsUp + row.thumbsDown + row.code);
    const createJob = most.feedback.find((row) => row.path === '/api-reference/endpoint/create-job');
    expect(createJob?.thumbsDown).toBeGreaterThan(createJob?.thumbsUp ?? Infinity);
    expect((await analytics(emulator, 'feedback/by-page', 'limit=101')).status).toBe(400);
    expect((await analytics(emulator, 'feedback/by-page', 'source=email')).status).toBe(400);
  });

  test('the list: newest first, cursor paging, comments, code snippets and contact addresses', async () => {
    const emulator = await start({ scenario: { feedback: { count: 150 } } });
    const answers = await followCursor<FeedbackList>(emulator, 'feedback', 'limit=100');
    expect(answers.map((answer) => [answer.feedback.length, answer.hasMore])).toEqual([
      [100, true],
      [50, false],
    ]);
    const entries = answers.flatMap((answer) => answer.feedback);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(150);
    const times = entries.map((entry) => Date.parse(String(entry['createdAt'])));
    expect(times.every((time, index) => index === 0 || time < (times[index - 1] ?? 0))).toBe(true);
    const sources = new Set(entries.map((entry) => entry.source));
    expect(sources).toEqual(new Set(['contextual', 'thumbs_only', 'code_snippet', 'agent']));
    expect(entries.some((entry) => typeof entry['contact'] === 'string' && String(entry['contact']).includes('@'))).toBe(true);
    expect(entries.some((entry) => entry['helpful'] === false && typeof entry['comment'] === 'string')).toBe(true);
    const contextual = (await analytics(emulator, 'feedback', 'source=contextual')).json as FeedbackList;
    expect(contextual.feedback.every((entry) => entry.source === 'contextual')).toBe(true);
  });

  test('explicit rows and entries, hasMorePages, repeatCursor and hasMoreWithoutCursor', async () => {
    const pages = [{ path: '/a', thumbsUp: 1, thumbsDown: 5, code: 0, total: 6 }];
    const entries = [{ id: 'f1', path: '/a', comment: '<script>', contact: 'x@example.com', source: 'contextual', helpful: false }];
    const emulator = await start({ scenario: { feedback: { pages, hasMorePages: true, entries } } });
    expect((await analytics(emulator, 'feedback/by-page')).json).toEqual({ feedback: pages, hasMore: true });
    expect((await analytics(emulator, 'feedback')).json).toEqual({ feedback: entries, nextCursor: null, hasMore: false });
    emulator.setScenario({ feedback: { hasMoreWithoutCursor: true } });
    expect((await analytics(emulator, 'feedback')).json).toMatchObject({ nextCursor: null, hasMore: true });
    emulator.setScenario({ feedback: { repeatCursor: true } });
    const answers = await followCursor<FeedbackList>(emulator, 'feedback', 'limit=10', 3);
    expect(answers[2]?.nextCursor).toBe(answers[0]?.nextCursor);
    const rejected = await putScenario(emulator, { feedback: { entrie: [] } });
    expect([rejected.status, rejected.text]).toEqual([
      400,
      expect.stringContaining('scenario.feedback.entrie is not a known scenario field'),
    ]);
  });
});

describe('assistant caller stats', () => {
  test('web, api, other and total; dates are checked', async () => {
    const emulator = await start();
    const stats = (await analytics(emulator, 'assistant/caller-stats', 'dateFrom=2026-01-01&dateTo=2026-01-08')).json as Record<
      string,
      number
    >;
    expect(Object.keys(stats).sort()).toEqual(['api', 'other', 'total', 'web']);
    expect(stats['total']).toBe((stats['web'] ?? 0) + (stats['api'] ?? 0) + (stats['other'] ?? 0));
    emulator.setScenario({ assistant: { web: 1, api: 2, other: 3, total: 6 } });
    expect((await analytics(emulator, 'assistant/caller-stats')).json).toEqual({ web: 1, api: 2, other: 3, total: 6 });
    expect((await analytics(emulator, 'assistant/caller-stats', 'dateFrom=2026-13-01')).status).toBe(400);
  });

  test('faults by endpoint name hit only that endpoint, with the analytics error shape', async () => {
    const emulator = await start({
      scenario: { faults: [{ endpoint: 'assistant-caller-stats', kind: 'status', status: 429, retryAfter: '1' }] },
    });
    const limited = await analytics(emulator, 'assistant/caller-stats');
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1']);
    expect(limited.json).toEqual({ error: 'Emulated 429 fault', details: [{ message: 'Emulated 429 fault' }] });
    expect((await analytics(emulator, 'feedback/by-page')).status).toBe(200);
    expect(emulator.requests.map((entry) => entry.endpoint)).toEqual(['assistant-caller-stats', 'feedback-by-page']);
    expect((await call(emulator, 'GET', '/v1/analytics/proj/assistant')).status).toBe(404);
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
