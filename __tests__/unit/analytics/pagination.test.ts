/**
 * The pagination loop and the analytics phase against a real MintlifyClient over undici's MockAgent:
 * exact request counts, the guards against a misbehaving service, retries, errors, compare, logs.
 */
import { beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnalyticsDate } from '../../../src/inputs/dates.js';
import type { PageVisitors, VisitorCounts } from '../../../src/service/types.js';
import type { HealthReport } from '../../../src/analytics/health-report.js';
import type { AnalyticsReport } from '../../../src/analytics/report.js';
import type { AnalyticsSettings } from '../../../src/analytics/settings.js';
import { mockCore } from '../../helpers/core-mock.js';
import { ORIGIN, testClientOptions, useMockAgent } from '../../helpers/mock-client.js';

const core = mockCore();
const actionsCore = await import('@actions/core');

const { MintlifyClient } = await import('../../../src/service/client.js');
const { paginateVisitors } = await import('../../../src/analytics/paginate-visitors.js');
const { MAX_ANALYTICS_REQUESTS, RequestBudget } = await import('../../../src/analytics/budget.js');
const { DeadlineError } = await import('../../../src/errors.js');
const { runAnalyticsPhase } = await import('../../../src/analytics/run-analytics.js');
const { settleAnalytics } = await import('../../../src/analytics/settle.js');
const { renderAnalytics } = await import('../../../src/summary/analytics.js');
const { ResponseShapeError, ServiceError } = await import('../../../src/errors.js');

const PROJECT = 'proj_1';
const TOTALS: VisitorCounts = { human: 900, ai: 400, total: 1100 };

/** What the fake service does; by default a well-behaved one over `rows`. */
interface FakeService {
  rows: readonly PageVisitors[];
  totals?: VisitorCounts;
  /** Totals for an exact dateFrom (the previous window in compare tests). */
  totalsByDateFrom?: Record<string, VisitorCounts>;
  hasMoreForever?: boolean;
  ignoreOffset?: boolean;
  /** Status for the n-th request (1-based) instead of a page, e.g. a 500 to retry. */
  failWith?: (request: number) => { status: number; body: object } | undefined;
}

const agent = useMockAgent();
let queries: URLSearchParams[];
let now: number;

function row(index: number): PageVisitors {
  return { path: `/docs/page-${index}`, human: 10 + (index % 7), ai: index % 5, total: 10_000 - index };
}

function rows(count: number): PageVisitors[] {
  return Array.from({ length: count }, (_, index) => row(index));
}

function serve(service: FakeService): void {
  agent()
    .get(ORIGIN)
    .intercept({ path: (path) => path.startsWith(`/v1/analytics/${PROJECT}/visitors?`), method: 'GET' })
    .reply((options) => {
      const query = new URL(options.path, ORIGIN).searchParams;
      queries.push(query);
      const failure = service.failWith?.(queries.length);
      if (failure) return { statusCode: failure.status, data: failure.body };
      const limit = Number(query.get('limit'));
      const offset = service.ignoreOffset ? 0 : Number(query.get('offset'));
      const dateFrom = query.get('dateFrom') ?? '';
      const totals = service.totalsByDateFrom?.[dateFrom] ?? service.totals ?? TOTALS;
      const end = Math.min(service.rows.length, offset + limit);
      return {
        statusCode: 200,
        data: {
          totals,
          visitors: service.rows.slice(offset, end),
          hasMore: Boolean(service.hasMoreForever || service.ignoreOffset) || end < service.rows.length,
        },
      };
    })
    .persist();
}

function client(): InstanceType<typeof MintlifyClient> {
  const setup = { agent: agent(), apiKey: 'mint_unit_key', clock: () => now, sleep: async () => {}, warnings: [] };
  return new MintlifyClient(
    testClientOptions(setup, { userAgent: 'test/1.0', log: { debug: actionsCore.debug, warning: actionsCore.warning } }),
  );
}

interface Collected {
  totals: VisitorCounts[];
  rows: PageVisitors[];
}

function paginate(pageSize: number, extra: { budget?: InstanceType<typeof RequestBudget>; deadline?: number; dateFrom?: string } = {}) {
  const mintlify = client();
  const collected: Collected = { totals: [], rows: [] };
  const log = { debug: actionsCore.debug, info: actionsCore.info, warning: actionsCore.warning };
  const done = paginateVisitors({
    getVisitors: (query) => mintlify.getVisitors(PROJECT, query),
    pageSize,
    onTotals: (totals) => void collected.totals.push(totals),
    onRows: (page) => void collected.rows.push(...page),
    clock: () => now,
    deadline: extra.deadline ?? now + 3_600_000,
    ...(extra.budget !== undefined && { budget: extra.budget }),
    ...(extra.dateFrom !== undefined && { dateFrom: extra.dateFrom }),
    log,
  });
  return { done, collected, mintlify };
}

function date(text: string): AnalyticsDate {
  return { text, epochMs: Date.parse(text), dateOnly: true };
}

beforeEach(() => {
  queries = [];
  now = Date.UTC(2026, 10, 22);
});

describe('paginateVisitors against a well-behaved service', () => {
  test.each([
    [0, 250, 1],
    [1, 250, 1],
    [249, 250, 1],
    [250, 250, 1],
    [251, 250, 2],
    [500, 250, 2],
    [1234, 250, 5],
    [100, 7, 15],
    [5, 1, 5],
  ])('%i pages at limit %i take exactly %i requests, each offset = previous + limit', async (count, pageSize, expected) => {
    serve({ rows: rows(count) });
    const { done, collected } = paginate(pageSize);
    const result = await done;
    expect(result.requests).toBe(expected);
    expect(queries).toHaveLength(expected);
    expect(queries.map((query) => query.get('offset'))).toEqual(Array.from({ length: expected }, (_, index) => String(index * pageSize)));
    expect(queries.every((query) => query.get('limit') === String(pageSize))).toBe(true);
    expect(collected.rows.map((entry) => entry.path)).toEqual(rows(count).map((entry) => entry.path));
    expect(result).toMatchObject({ pages: count, complete: true, warnings: [] });
    expect(core.messages('warning')).toEqual([]);
  });

  test('totals come from the first response and are not recomputed or replaced by later ones', async () => {
    let served = 0;
    const first: VisitorCounts = { human: 7, ai: 5, total: 9 };
    agent()
      .get(ORIGIN)
      .intercept({ path: (path) => path.startsWith(`/v1/analytics/${PROJECT}/visitors?`), method: 'GET' })
      .reply(() => {
        served++;
        const totals = served === 1 ? first : { human: 1, ai: 1, total: 1 };
        return { statusCode: 200, data: { totals, visitors: [row(served)], hasMore: served < 3 } };
      })
      .persist();
    const { done, collected } = paginate(1);
    const result = await done;
    expect(result.totals).toEqual(first);
    expect(collected.totals).toEqual([first]);
    expect(result.pages).toBe(3);
  });

  test('dateFrom and dateTo are sent on every request when given', async () => {
    serve({ rows: rows(3) });
    const mintlify = client();
    await paginateVisitors({
      getVisitors: (query) => mintlify.getVisitors(PROJECT, query),
      dateFrom: '2026-01-01',
      dateTo: '2026-02-01',
      pageSize: 2,
      onTotals: () => undefined,
      onRows: () => undefined,
      clock: () => now,
      deadline: now + 60_000,
      log: { debug: () => undefined, info: () => undefined, warning: () => undefined },
    });
    expect(queries.map((query) => [query.get('dateFrom'), query.get('dateTo')])).toEqual([
      ['2026-01-01', '2026-02-01'],
      ['2026-01-01', '2026-02-01'],
    ]);
  });

  test('the next page is requested only after onRows has finished (backpressure reaches the network)', async () => {
    serve({ rows: rows(6) });
    const mintlify = client();
    const seenAtRows: number[] = [];
    await paginateVisitors({
      getVisitors: (query) => mintlify.getVisitors(PROJECT, query),
      pageSize: 2,
      onTotals: () => undefined,
      onRows: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        seenAtRows.push(queries.length);
      },
      clock: () => now,
      deadline: now + 60_000,
      log: { debug: () => undefined, info: () => undefined, warning: () => undefined },
    });
    expect(seenAtRows).toEqual([1, 2, 3]);
  });

  test('a 500 is retried by the client without changing offsets or the page request count', async () => {
    serve({ rows: rows(5), failWith: (request) => (request === 2 ? { status: 500, body: { error: 'boom' } } : undefined) });
    const { done, mintlify } = paginate(2);
    const result = await done;
    expect(result.requests).toBe(3);
    expect(mintlify.requestCount).toBe(4);
    expect(queries.map((query) => query.get('offset'))).toEqual(['0', '2', '2', '4']);
    expect(result.pages).toBe(5);
  });

  test("a 400 rejects with the service's error and details", async () => {
    serve({
      rows: rows(5),
      failWith: () => ({
        status: 400,
        body: { error: 'Invalid query parameters', details: [{ message: 'dateFrom: must be before dateTo' }] },
      }),
    });
    const { done } = paginate(2);
    const error = await done.catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ServiceError);
    expect(String(error)).toContain('HTTP 400');
    expect(String(error)).toContain('Invalid query parameters; dateFrom: must be before dateTo');
    expect(queries).toHaveLength(1);
  });

  test('a malformed page (missing hasMore) is a shape error, not an endless loop', async () => {
    agent()
      .get(ORIGIN)
      .intercept({ path: (path) => path.startsWith(`/v1/analytics/${PROJECT}/visitors?`), method: 'GET' })
      .reply(200, { totals: TOTALS, visitors: [] })
      .persist();
    await expect(paginate(2).done).rejects.toBeInstanceOf(ResponseShapeError);
  });
});

describe('paginateVisitors against a misbehaving service', () => {
  test('a service that ignores offset (same page, hasMore forever) is stopped after the first repeat', async () => {
    serve({ rows: rows(10), ignoreOffset: true });
    const { done, collected } = paginate(4);
    const result = await done;
    expect(queries).toHaveLength(2);
    expect(result).toMatchObject({ pages: 4, requests: 2, complete: false });
    expect(collected.rows.map((entry) => entry.path)).toEqual(rows(4).map((entry) => entry.path));
    expect(result.warnings.join('\n')).toContain('repeated pages already received (offset 4)');
    expect(core.messages('warning').join('\n')).toContain('repeated pages already received');
  });

  test('hasMore forever past the end (empty pages) stops at the first empty page', async () => {
    serve({ rows: rows(5), hasMoreForever: true });
    const { done, collected } = paginate(2);
    const result = await done;
    // 3 pages with rows, then one empty page that still claims more.
    expect(queries).toHaveLength(4);
    expect(collected.rows).toHaveLength(5);
    expect(result.complete).toBe(false);
    expect(result.warnings.join('\n')).toContain('empty page at offset 6');
  });

  test('new rows with hasMore forever stop when the budget is spent, keeping everything received', async () => {
    const endless = rows(10_000);
    serve({ rows: endless, hasMoreForever: true });
    const budget = new RequestBudget(7, ['visitors']);
    const { done, collected } = paginate(3, { budget });
    const result = await done;
    expect(queries).toHaveLength(7);
    expect([budget.total, budget.remaining]).toEqual([7, 0]);
    expect(collected.rows).toHaveLength(21);
    expect(result.complete).toBe(false);
    expect(result.warnings.join('\n')).toContain("stopped at the run's limit of 7 analytics requests (analytics-max-requests)");
  });

  test('without a shared budget the visitors report alone may use the most the input allows', async () => {
    serve({ rows: rows(10_000), hasMoreForever: true });
    const result = await paginate(1).done;
    expect(result.requests).toBe(MAX_ANALYTICS_REQUESTS);
    expect(MAX_ANALYTICS_REQUESTS).toBeGreaterThanOrEqual(400);
  });

  test('rows seen on an earlier page are dropped once, new rows of the same page are kept', async () => {
    // Page 2 overlaps page 1 by one row, as when rankings shift between requests.
    const pages = [[row(0), row(1)], [row(1), row(2)], [row(3)]];
    let served = 0;
    agent()
      .get(ORIGIN)
      .intercept({ path: (path) => path.startsWith(`/v1/analytics/${PROJECT}/visitors?`), method: 'GET' })
      .reply(() => {
        const visitors = pages[served] ?? [];
        served++;
        return { statusCode: 200, data: { totals: TOTALS, visitors, hasMore: served < pages.length } };
      })
      .persist();
    const { done, collected } = paginate(2);
    const result = await done;
    expect(collected.rows.map((entry) => entry.path)).toEqual(['/docs/page-0', '/docs/page-1', '/docs/page-2', '/docs/page-3']);
    expect(result).toMatchObject({ pages: 4, requests: 3, complete: true });
    expect(result.warnings).toEqual(['Visitors report: 1 row repeated a path already received and was left out.']);
  });

  /** Pages of 2 under a two-minute budget; `before(n)` runs before the n-th request reaches the client. */
  function paginateWithHook(before: (request: number) => void) {
    const mintlify = client();
    let requests = 0;
    const done = paginateVisitors({
      getVisitors: async (query) => {
        before(++requests);
        return mintlify.getVisitors(PROJECT, query);
      },
      pageSize: 2,
      onTotals: () => undefined,
      onRows: () => undefined,
      clock: () => now,
      deadline: now + 120_000,
      log: { debug: () => undefined, info: () => undefined, warning: actionsCore.warning },
    });
    return { done, requests: () => requests };
  }

  test('no new request starts after the deadline', async () => {
    serve({ rows: rows(10) });
    // Each answer takes a minute of the two-minute budget.
    const { done, requests } = paginateWithHook(() => (now += 60_000));
    const result = await done;
    expect(requests()).toBe(2);
    expect(result.complete).toBe(false);
    expect(result.warnings.join('\n')).toContain('timeout ran out');
  });

  test('a page whose retries run into the deadline keeps the pages received', async () => {
    serve({ rows: rows(6) });
    const { done } = paginateWithHook((request) => {
      if (request === 2) throw new DeadlineError('visitors report: HTTP 503; the next retry would pass the timeout.');
    });
    const result = await done;
    expect(result).toMatchObject({ pages: 2, requests: 2, complete: false });
    expect(result.warnings.join('\n')).toContain('stopped at offset 2 before the timeout: visitors report: HTTP 503');
  });

  test('a Retry-After longer than the time left is named as the reason, not a timeout that ran out', async () => {
    serve({ rows: rows(6) });
    const why = 'visitors report: HTTP 429; the service asked to wait 1h (Retry-After), but the timeout ends in 1m.';
    const { done } = paginateWithHook((request) => {
      if (request === 2) throw new DeadlineError(why);
    });
    const warnings = (await done).warnings.join('\n');
    expect(warnings).toContain('the service asked to wait 1h (Retry-After), but the timeout ends in 1m; keeping the 2 pages');
    expect(warnings).not.toContain('timeout ran out');
  });

  test('any other failure of a later page fails the report', async () => {
    serve({ rows: rows(6) });
    const boom = new Error('HTTP 400: bad');
    const { done } = paginateWithHook((request) => {
      if (request === 2) throw boom;
    });
    await expect(done).rejects.toBe(boom);
  });
});

describe('a consumer that cannot take more', () => {
  test('onRows stops the loop: only the rows it kept count, and the report is marked incomplete', async () => {
    serve({ rows: rows(10) });
    const mintlify = client();
    const kept: PageVisitors[] = [];
    const result = await paginateVisitors({
      getVisitors: (query) => mintlify.getVisitors(PROJECT, query),
      pageSize: 4,
      onTotals: () => undefined,
      onRows: (page) => {
        // Room for 6 rows: all of the first response, 2 of the second.
        const room = 6 - kept.length;
        kept.push(...page.slice(0, room));
        return page.length > room ? { kept: room, reason: 'the export file reached its size limit of 1 KiB' } : undefined;
      },
      clock: () => now,
      deadline: now + 3_600_000,
      log: { debug: () => undefined, info: () => undefined, warning: actionsCore.warning },
    });
    expect(queries).toHaveLength(2);
    expect(result).toMatchObject({ pages: 6, requests: 2, complete: false });
    expect(result.warnings).toEqual([
      'Visitors report: the export file reached its size limit of 1 KiB; stopped, keeping the 6 pages received in 2 requests.',
    ]);
    expect(core.messages('warning')).toEqual(result.warnings);
  });
});

describe('logs', () => {
  test('one debug line per response and an info progress line every 20 requests', async () => {
    serve({ rows: rows(45) });
    const { done } = paginate(1);
    await done;
    const pageLines = core.messages('debug').filter((line) => line.startsWith('Visitors request '));
    expect(pageLines).toHaveLength(45);
    expect(pageLines[0]).toBe('Visitors request 1: offset 0, 1 row (1 new), hasMore true.');
    expect(core.messages('info')).toEqual(['Visitors report: 20 pages after 20 requests…', 'Visitors report: 40 pages after 40 requests…']);
  });
});

describe('runAnalyticsPhase', () => {
  function settings(extra: Partial<AnalyticsSettings> = {}): AnalyticsSettings {
    return {
      window: { from: date('2026-01-08'), to: date('2026-01-15') },
      top: 3,
      pageSize: 4,
      reports: new Set(['visitors'] as const),
      maxRequests: 100,
      ...extra,
    };
  }

  function phase(analytics: AnalyticsSettings, grouped = true) {
    return runAnalyticsPhase({
      client: client(),
      projectId: PROJECT,
      settings: analytics,
      clock: () => now,
      deadline: now + 3_600_000,
      grouped,
    });
  }

  test('keeps the top N by total, streams the CSV export, and reports the service totals', async () => {
    const shuffled = [row(5), row(1), row(9), row(0), row(3), { path: '/docs/tie-b', human: 1, ai: 1, total: 9999 }, row(2)];
    serve({ rows: shuffled });
    const dir = mkdtempSync(join(tmpdir(), 'analytics-phase-'));
    const report = await phase(settings({ file: { path: join(dir, 'out', 'visitors.csv'), format: 'csv' } }));
    expect(report.totals).toEqual(TOTALS);
    expect(report.pages).toBe(7);
    expect(report.requests).toBe(2);
    // row(0) has 10000, row(1) and tie-b have 9999: ties by path ascending.
    expect(report.topPages.map((page) => page.path)).toEqual(['/docs/page-0', '/docs/page-1', '/docs/tie-b']);
    expect(report.file).toEqual({ path: join(dir, 'out', 'visitors.csv'), format: 'csv' });
    const lines = readFileSync(join(dir, 'out', 'visitors.csv'), 'utf8').split('\r\n');
    expect(lines[0]).toBe('path,human,ai,total');
    expect(lines.slice(1, -1)).toEqual(shuffled.map((entry) => `${entry.path},${entry.human},${entry.ai},${entry.total}`));
    expect(readdirSync(join(dir, 'out'))).toEqual(['visitors.csv']);
    expect(queries.every((query) => query.get('dateFrom') === '2026-01-08' && query.get('dateTo') === '2026-01-15')).toBe(true);
    expect(core.messages('group')).toEqual(['Fetch visitors report']);
  });

  test('does not open a log group when running beside a job', async () => {
    serve({ rows: rows(2) });
    await phase(settings(), false);
    expect(core.messages('group')).toEqual([]);
  });

  test('with compare: one extra request, limit 1, offset 0, for the previous window', async () => {
    const previousTotals = { human: 450, ai: 100, total: 500 };
    serve({ rows: rows(6), totalsByDateFrom: { '2026-01-01': previousTotals } });
    const report = await phase(settings({ previousWindow: { from: date('2026-01-01'), to: date('2026-01-08') } }));
    expect(queries).toHaveLength(3);
    const last = queries[2];
    expect([last?.get('dateFrom'), last?.get('dateTo'), last?.get('limit'), last?.get('offset')]).toEqual([
      '2026-01-01',
      '2026-01-08',
      '1',
      '0',
    ]);
    expect(report.previous?.totals).toEqual(previousTotals);
    expect(report.totals).toEqual(TOTALS);
    expect(report.requests).toBe(3);
    // The log counts the same requests as the summary.
    expect(core.messages('info').at(-1)).toBe('Visitors report: 6 pages, 3 requests; 1100 unique visitors (human 900, AI 400).');
  });

  test('one page in one request reads "1 page, 1 request"', async () => {
    serve({ rows: rows(1) });
    const report = await phase(settings({ pageSize: 1 }));
    expect(report).toMatchObject({ pages: 1, requests: 1 });
    expect(core.messages('info')).toEqual([
      'Visitors report for 2026-01-08 to 2026-01-15 (exclusive): 1 page per request.',
      'Visitors report: 1 page, 1 request; 1100 unique visitors (human 900, AI 400).',
    ]);
  });

  test('a failed previous-window request warns and keeps the report without a comparison', async () => {
    serve({ rows: rows(3), failWith: (request) => (request === 2 ? { status: 400, body: { error: 'window too old' } } : undefined) });
    const report = await phase(settings({ pageSize: 250, previousWindow: { from: date('2020-01-01'), to: date('2020-01-08') } }));
    expect(report.previous).toBeUndefined();
    expect(report.pages).toBe(3);
    expect(report.warnings.join('\n')).toContain('window too old');
    expect(core.messages('warning').join('\n')).toContain("previous window's totals could not be fetched");
  });

  test('a failure mid-way removes the partial export and leaves an existing file untouched', async () => {
    serve({ rows: rows(10), failWith: (request) => (request === 2 ? { status: 400, body: { error: 'bad offset' } } : undefined) });
    const dir = mkdtempSync(join(tmpdir(), 'analytics-phase-'));
    const target = join(dir, 'visitors.json');
    writeFileSync(target, 'yesterday');
    await expect(phase(settings({ file: { path: target, format: 'json' } }))).rejects.toThrow('bad offset');
    expect(readdirSync(dir)).toEqual(['visitors.json']);
    expect(readFileSync(target, 'utf8')).toBe('yesterday');
  });
});

describe('settleAnalytics (visitors only)', () => {
  const report = {
    window: {},
    totals: { human: 3, ai: 2, total: 4 },
    pages: 2,
    topPages: [],
    requests: 1,
    complete: true,
    warnings: [],
  };

  /** The analytics phase's result for a visitors-only run. */
  function healthOf(visitors: AnalyticsReport): HealthReport {
    const used = { visitors: visitors.requests, views: 0, searches: 0, feedback: 0, assistant: 0, impact: 0 };
    return {
      window: {},
      reports: ['visitors'],
      top: 3,
      visitors: { ok: true, report: visitors },
      budget: { limit: 100, used, total: visitors.requests },
    };
  }

  /** The summary's Markdown of a settlement, as the run renders it. */
  function shownOf(settled: ReturnType<typeof settleAnalytics>): string {
    return settled.shown === undefined
      ? ''
      : renderAnalytics(settled.shown, true)
          .map((block) => block.markdown)
          .join('\n');
  }

  test('a report writes the service totals as core.outputs (total is not human + ai) and a summary section', () => {
    const value = healthOf({ ...report, previous: { window: {}, totals: { human: 1, ai: 0, total: 1 } } });
    const settled = settleAnalytics({ status: 'fulfilled', value }, false, true);
    expect(Object.fromEntries(core.outputs)).toEqual({
      'visitors-total': '4',
      'visitors-human': '3',
      'visitors-ai': '2',
      'analytics-pages': '2',
      'analytics-file': '',
      'visitors-total-previous': '1',
    });
    expect(settled.failure).toBeUndefined();
    expect(shownOf(settled)).toContain('## Docs visitors');
  });

  test('alone, a failure fails the step', () => {
    const error = new ServiceError('visitors report: HTTP 400: bad');
    const settled = settleAnalytics({ status: 'rejected', reason: error }, false, true);
    expect(settled.failure).toBe(error);
    expect(core.messages('warning')).toEqual([]);
    expect(core.outputs.size).toBe(0);
  });

  test('beside a job, a failure is a warning and a note in the summary, never a failure', () => {
    const settled = settleAnalytics({ status: 'rejected', reason: new ServiceError('visitors report: HTTP 400: <b>bad</b>') }, true, true);
    expect(settled.failure).toBeUndefined();
    expect(core.messages('warning')).toEqual([
      "Visitors report failed; the job's result decides this step: visitors report: HTTP 400: <b>bad</b>",
    ]);
    expect(shownOf(settled)).toContain('could not be fetched');
    expect(shownOf(settled)).not.toContain('<b>');
  });

  test('no analytics requested: nothing is written', () => {
    expect(settleAnalytics({ status: 'fulfilled', value: undefined }, true, true)).toEqual({});
    expect(core.outputs.size).toBe(0);
  });
});
