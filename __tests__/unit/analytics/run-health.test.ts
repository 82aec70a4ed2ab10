/**
 * The analytics phase of a multi-report run against an in-memory service: the order of the
 * requests, the shared budget, isolated failures, the join and its ranking, the kept comments, the
 * streamed JSON export (no contact, failures recorded) and the outputs.
 */
import { beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReportName } from '../../../src/analytics/report-names.js';
import type { AnalyticsClient } from '../../../src/analytics/report-context.js';
import type { CursorQuery, VisitorsQuery, WindowQuery } from '../../../src/service/client.js';
import type { FeedbackEntry, PageFeedback, SearchTerm } from '../../../src/service/analytics-types.js';
import type { PageVisitors } from '../../../src/service/types.js';
import type { AnalyticsSettings } from '../../../src/analytics/settings.js';
import { mockCore } from '../../helpers/core-mock.js';

const core = mockCore();
const { runHealthPhase } = await import('../../../src/analytics/run-health.js');
const { writeHealthOutputs } = await import('../../../src/analytics/outputs.js');
const { rankAttention, attentionScore } = await import('../../../src/analytics/attention.js');
const { TrafficWatch } = await import('../../../src/analytics/traffic-watch.js');
const { COMMENTS_PER_PAGE } = await import('../../../src/analytics/feedback-report.js');
const { ServiceError, DeadlineError } = await import('../../../src/errors.js');
const { HealthExport } = await import('../../../src/analytics/health-export.js');
const { fetchViewsReport } = await import('../../../src/analytics/views-report.js');
const { RequestBudget } = await import('../../../src/analytics/budget.js');

const page = (path: string, total: number): PageVisitors => ({ path, human: total, ai: Math.floor(total / 2), total });
const VISITORS = [page('/a', 5000), page('/b', 300), page('/c', 40), page('/d', 7), page('/e', 2)];
const RATED: PageFeedback[] = [
  { path: '/a', thumbsUp: 50, thumbsDown: 10, code: 0, total: 60 },
  { path: '/d', thumbsUp: 0, thumbsDown: 12, code: 1, total: 13 },
  { path: '/b', thumbsUp: 9, thumbsDown: 0, code: 0, total: 9 },
  { path: '/zz', thumbsUp: 1, thumbsDown: 2, code: 0, total: 3 },
];
const term = (searchQuery: string, hits: number, clicked: boolean): SearchTerm => ({
  searchQuery,
  hits,
  ctr: clicked ? 0.4 : 0,
  ...(clicked && { topClickedPage: '/a' }),
});
const TERMS = Array.from({ length: 25 }, (_, index) => term(`term ${index}`, 100 - index, index % 3 !== 0));
const entry = (id: number, path: string, extra: Partial<FeedbackEntry> = {}): FeedbackEntry => ({
  id: `f${id}`,
  path,
  source: 'contextual',
  comment: `comment ${id} on ${path}`,
  helpful: false,
  createdAt: new Date(Date.UTC(2026, 0, 20) - id * 3_600_000).toISOString(),
  ...extra,
});
const ENTRIES = [
  ...Array.from({ length: 6 }, (_, index) => entry(index, '/d')),
  entry(10, '/a', { helpful: true }),
  entry(11, '/a'),
  entry(12, '/b'),
  { id: 'f13', path: '/a', source: 'thumbs_only', createdAt: '2026-01-19T00:00:00.000Z' },
] satisfies FeedbackEntry[];

interface Fake extends AnalyticsClient {
  readonly calls: string[];
}

/** An in-memory service over the data above, `perPage` rows per answer; `fail(endpoint, n)` makes its n-th call throw. */
function fakeClient(fail: (endpoint: string, call: number) => Error | undefined = () => undefined): Fake {
  const calls: string[] = [];
  const count = new Map<string, number>();
  const record = (endpoint: string): void => {
    calls.push(endpoint);
    const n = (count.get(endpoint) ?? 0) + 1;
    count.set(endpoint, n);
    const error = fail(endpoint, n);
    if (error) throw error;
  };
  const offset = <T>(rows: readonly T[], query: VisitorsQuery) => ({
    rows: rows.slice(query.offset, query.offset + query.limit),
    hasMore: query.offset + query.limit < rows.length,
  });
  const cursor = <T>(rows: readonly T[], query: CursorQuery) => {
    const start = Number(query.cursor ?? '0');
    const end = start + query.limit;
    return { rows: rows.slice(start, end), ...(end < rows.length && { nextCursor: String(end) }), hasMore: end < rows.length };
  };
  return {
    calls,
    getVisitors: async (_project: string, query: VisitorsQuery) => {
      record('visitors');
      const { rows, hasMore } = offset(VISITORS, query);
      return { totals: { human: 4000, ai: 2000, total: 5000 }, visitors: rows, hasMore };
    },
    getViews: async (_project: string, query: VisitorsQuery) => {
      record('views');
      const { rows, hasMore } = offset(
        VISITORS.map((row) => ({ ...row, total: row.total * 3 })),
        query,
      );
      return { totals: { human: 9000, ai: 6000, total: 15_000 }, views: rows, hasMore };
    },
    getSearches: async (_project: string, query: CursorQuery) => {
      record('searches');
      const { rows, nextCursor } = cursor(TERMS, query);
      return {
        searches: rows,
        keys: rows.map((row) => row.searchQuery),
        totalSearches: 2500,
        ...(nextCursor !== undefined && { nextCursor }),
      };
    },
    getFeedbackByPage: async (_project: string, _query: WindowQuery & { limit: number }) => {
      record('feedback-by-page');
      return { pages: RATED, hasMore: false };
    },
    getFeedback: async (_project: string, query: CursorQuery) => {
      record('feedback');
      const { rows, nextCursor, hasMore } = cursor(ENTRIES, query);
      return { entries: rows, ...(nextCursor !== undefined && { nextCursor }), hasMore };
    },
    getAssistantCallerStats: async () => {
      record('assistant');
      return { web: 7, api: 2, other: 1, total: 10 };
    },
  };
}

function settings(extra: Partial<AnalyticsSettings> = {}): AnalyticsSettings {
  return {
    window: {},
    top: 3,
    pageSize: 2,
    reports: new Set<ReportName>(['visitors', 'views', 'searches', 'feedback', 'assistant']),
    maxRequests: 100,
    ...extra,
  };
}

let now: number;
beforeEach(() => {
  now = Date.UTC(2026, 0, 22);
});

function phase(client: Fake, analytics: AnalyticsSettings = settings()) {
  return runHealthPhase({ client, projectId: 'proj', settings: analytics, clock: () => now, deadline: now + 3_600_000, grouped: true });
}

describe('an all report', () => {
  test('feedback by page first, then visitors, comments, searches, views and assistant; every report and the budget', async () => {
    const client = fakeClient();
    const report = await phase(client);
    expect(client.calls).toEqual([
      'feedback-by-page',
      ...Array<string>(3).fill('visitors'),
      ...Array<string>(5).fill('feedback'),
      // The 3 top terms and the 3 top unclicked ones (0, 3, 6) are known after 4 pages of 2: no more needed without an export.
      ...Array<string>(4).fill('searches'),
      ...Array<string>(3).fill('views'),
      'assistant',
    ]);
    expect(report.budget).toEqual({
      limit: 100,
      total: 17,
      used: { visitors: 3, views: 3, searches: 4, feedback: 6, assistant: 1, impact: 0 },
    });
    expect(report.visitors).toMatchObject({ ok: true, report: { pages: 5, requests: 3, complete: true } });
    expect(report.views).toMatchObject({
      ok: true,
      report: { pages: 5, totals: { total: 15_000 }, topPages: [{ path: '/a' }, { path: '/b' }, { path: '/c' }] },
    });
    expect(report.searches).toMatchObject({ ok: true, report: { totalSearches: 2500, terms: 8, unclickedTerms: 3, complete: true } });
    const searches = report.searches?.ok === true ? report.searches.report : undefined;
    expect(searches?.top.map((row) => row.searchQuery)).toEqual(['term 0', 'term 1', 'term 2']);
    expect(searches?.unclicked.map((row) => row.searchQuery)).toEqual(['term 0', 'term 3', 'term 6']);
    expect(report.assistant).toEqual({
      ok: true,
      report: { stats: { web: 7, api: 2, other: 1, total: 10 }, requests: 1, complete: true, warnings: [] },
    });
    expect(core.messages('group')).toEqual(['Fetch analytics reports']);
    expect(core.messages('info').at(-1)).toBe(
      'Analytics: 17 of 100 requests used (visitors 3, views 3, searches 4, feedback 6, assistant 1); 83 left.',
    );
  });

  test('feedback: sums over the rated pages, the newest comments of the rated-down pages only, helpful ones left out', async () => {
    const report = await phase(fakeClient());
    const feedback = report.feedback?.ok === true ? report.feedback.report : undefined;
    expect(feedback).toMatchObject({ thumbsUp: 60, thumbsDown: 24, entries: ENTRIES.length, requests: 6, complete: true });
    const d = feedback?.comments.get('/d');
    expect(d?.received).toBe(6);
    expect(d?.comments.map((comment) => comment.id)).toEqual(['f0', 'f1', 'f2'].slice(0, COMMENTS_PER_PAGE));
    expect(feedback?.comments.get('/a')?.comments.map((comment) => comment.id)).toEqual(['f11']);
    // /b has no down votes: its comment is not kept.
    expect(feedback?.comments.has('/b')).toBe(false);
  });

  test('pages that need attention: rated-down pages joined with their traffic, ranked', async () => {
    const report = await phase(fakeClient());
    expect(report.attentionTraffic).toBe('visitors');
    expect(report.attention).toEqual([
      { path: '/a', visitors: 5000, views: 15_000, thumbsUp: 50, thumbsDown: 10, downShare: 10 / 60, score: attentionScore(10, 5000) },
      { path: '/d', visitors: 7, views: 21, thumbsUp: 0, thumbsDown: 12, downShare: 1, score: attentionScore(12, 7) },
      { path: '/zz', thumbsUp: 1, thumbsDown: 2, downShare: 2 / 3, score: attentionScore(2, undefined) },
    ]);
  });

  test('outputs of every report', async () => {
    writeHealthOutputs(await phase(fakeClient()));
    expect(Object.fromEntries(core.outputs)).toMatchObject({
      'visitors-total': '5000',
      'analytics-pages': '5',
      'analytics-file': '',
      'views-total': '15000',
      'views-human': '9000',
      'views-ai': '6000',
      'searches-total': '2500',
      'feedback-thumbs-up': '60',
      'feedback-thumbs-down': '24',
      'assistant-queries': '10',
    });
  });
});

describe('failures stay with their report', () => {
  test('a 429 on the views report: views failed, with its cost; every other report and the join are there', async () => {
    const limited = new ServiceError('views report: HTTP 429 after 6 attempts: Too many requests', 429);
    const report = await phase(fakeClient((endpoint) => (endpoint === 'views' ? limited : undefined)));
    expect(report.views).toEqual({ ok: false, error: limited.message, requests: 1 });
    for (const name of ['visitors', 'searches', 'feedback', 'assistant'] as const) expect(report[name]?.ok).toBe(true);
    expect(report.attention?.[0]?.views).toBeUndefined();
    expect(core.messages('warning')).toEqual([`Views report failed after 1 request; the other reports go on: ${limited.message}`]);
  });

  test('a later page that fails keeps the rows before it, with a warning', async () => {
    const failure = new ServiceError('searches report: HTTP 500 after 6 attempts: boom', 500);
    const report = await phase(fakeClient((endpoint, call) => (endpoint === 'searches' && call === 2 ? failure : undefined)));
    expect(report.searches).toMatchObject({ ok: true, report: { terms: 2, requests: 2, complete: false } });
    const warnings = report.searches?.ok === true ? report.searches.report.warnings : [];
    expect(warnings.join('\n')).toContain(
      'a page failed after 2 requests, so the report is incomplete (keeping the 2 search terms received): searches report: HTTP 500',
    );
  });

  test('feedback by page failing fails the feedback report and the join; its comments are not fetched', async () => {
    const report = await phase(
      fakeClient((endpoint) => (endpoint === 'feedback-by-page' ? new ServiceError('feedback by page: HTTP 400: bad', 400) : undefined)),
    );
    expect(report.feedback).toEqual({ ok: false, error: 'feedback by page: HTTP 400: bad', requests: 1 });
    expect(report.attention).toBeUndefined();
    expect(report.visitors?.ok).toBe(true);
  });

  test('the comments failing leaves the votes: feedback is there, with a warning and no comments', async () => {
    const report = await phase(
      fakeClient((endpoint) => (endpoint === 'feedback' ? new ServiceError('feedback list: HTTP 503 after 6 attempts', 503) : undefined)),
    );
    const feedback = report.feedback?.ok === true ? report.feedback.report : undefined;
    expect(feedback).toMatchObject({ thumbsDown: 24, entries: 0, complete: false, requests: 2 });
    expect(feedback?.comments.size).toBe(0);
    expect(feedback?.warnings).toEqual([
      'Feedback report: the comments could not be fetched, so none are shown: feedback list: HTTP 503 after 6 attempts',
    ]);
  });

  test('a report that would start after the deadline is not fetched', async () => {
    const client = fakeClient((endpoint) => {
      if (endpoint === 'searches') now += 4_000_000;
      return undefined;
    });
    const report = await phase(client, settings({ pageSize: 100 }));
    expect(report.views).toEqual({ ok: false, error: 'Views report: not fetched, the timeout ran out before it', requests: 0 });
    expect(report.assistant?.ok).toBe(false);
    expect(client.calls).not.toContain('views');
  });

  test('retries that run into the deadline on a first page fail that report only', async () => {
    const report = await phase(
      fakeClient((endpoint) =>
        endpoint === 'assistant'
          ? new DeadlineError('assistant caller stats: HTTP 503; the next retry would pass the timeout.')
          : undefined,
      ),
    );
    expect(report.assistant).toMatchObject({ ok: false, requests: 1 });
  });
});

describe('the budget', () => {
  test('runs out mid-visitors: visitors stops incomplete, every other part still gets its first request', async () => {
    const client = fakeClient();
    const report = await phase(client, settings({ maxRequests: 7 }));
    // 7 requests, 6 parts: one page of visitors beyond its first.
    expect(report.budget.total).toBe(7);
    expect(report.visitors).toMatchObject({ ok: true, report: { requests: 2, complete: false, pages: 4 } });
    expect(report.visitors?.ok === true ? report.visitors.report.warnings.join('\n') : '').toContain(
      "stopped at the run's limit of 7 analytics requests (analytics-max-requests)",
    );
    expect(client.calls.filter((call) => call !== 'visitors')).toEqual(['feedback-by-page', 'feedback', 'searches', 'views', 'assistant']);
    for (const name of ['views', 'searches', 'feedback'] as const) {
      const outcome = report[name];
      expect(outcome?.ok === true && outcome.report.complete).toBe(false);
    }
  });
});

describe('the export', () => {
  function exportPath(): string {
    return join(mkdtempSync(join(tmpdir(), 'health-export-')), 'out', 'health.json');
  }

  test('one JSON document with one key per report: every row received, failures recorded', async () => {
    const path = exportPath();
    const client = fakeClient((endpoint) =>
      endpoint === 'assistant' ? new ServiceError('assistant caller stats: HTTP 429 after 6 attempts', 429) : undefined,
    );
    const report = await phase(client, settings({ file: { path, format: 'json' } }));
    expect(report.file?.path).toBe(path);
    const text = readFileSync(path, 'utf8');
    const document = JSON.parse(text) as Record<string, Record<string, unknown>>;
    expect(Object.keys(document)).toEqual(['window', 'visitors', 'feedback', 'searches', 'views', 'assistant']);
    expect(document['window']).toEqual({ from: null, to: null });
    expect(document['visitors']).toMatchObject({ totals: { total: 5000 }, pages: VISITORS, requests: 3, complete: true });
    expect(document['views']?.['pages']).toHaveLength(5);
    // With an export every term is read: no early stop.
    expect(document['searches']).toMatchObject({ totalSearches: 2500, requests: 13, complete: true });
    expect(document['searches']?.['searches']).toHaveLength(25);
    expect(document['feedback']).toMatchObject({
      pages: RATED,
      pagesHaveMore: false,
      entries: ENTRIES.map((row) => JSON.parse(JSON.stringify(row)) as unknown),
    });
    expect(document['assistant']).toEqual({ requests: 1, complete: false, error: 'assistant caller stats: HTTP 429 after 6 attempts' });
    expect(readdirSync(join(path, '..'))).toEqual(['health.json']);
  });

  test('a file that cannot be written ends the phase and leaves nothing behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'health-export-'));
    const blocked = join(dir, 'file');
    await import('node:fs').then((fs) => fs.writeFileSync(blocked, 'not a directory'));
    await expect(phase(fakeClient(), settings({ file: { path: join(blocked, 'health.json'), format: 'json' } }))).rejects.toThrow(
      'analytics-file: could not write',
    );
  });
});

describe('the export size cap', () => {
  /** 64 KiB stay free for the closing fields: this leaves room for about 3 rows of the views. */
  const TINY = 64 * 1024 + 300;

  test('rows past the cap are not written; the report stops as incomplete and counts only the rows kept', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'health-cap-')), 'health.json');
    const file = await HealthExport.open({ path, format: 'json' }, {}, { maxBytes: TINY });
    const report = await fetchViewsReport(
      {
        client: fakeClient(),
        projectId: 'proj',
        settings: settings(),
        budget: new RequestBudget(100, ['views']),
        export: file,
        clock: () => now,
        deadline: now + 60_000,
        log: { debug: () => undefined, info: () => undefined, warning: (message) => void core.log.push({ level: 'warning', message }) },
      },
      TrafficWatch.none(),
    );
    await file.end('assistant', { requests: 0, complete: false, error: 'not fetched' });
    await file.finish();
    const document = JSON.parse(readFileSync(path, 'utf8')) as { views: { pages: unknown[]; complete: boolean }; assistant: unknown };
    expect(report.complete).toBe(false);
    expect(document.views.pages).toHaveLength(report.pages);
    expect(report.pages).toBeGreaterThan(0);
    expect(report.pages).toBeLessThan(VISITORS.length);
    expect(report.topPages.length).toBeLessThanOrEqual(report.pages);
    expect(document.views.complete).toBe(false);
    expect(document.assistant).toEqual({ requests: 0, complete: false, error: 'not fetched' });
    expect(readFileSync(path, 'utf8').length).toBeLessThanOrEqual(TINY);
    expect(core.messages('warning').join('\n')).toMatch(
      /Views report: the export file reached its size limit of 65836 bytes with \d+ rows? of this report; stopped, keeping the \d+ pages? received/,
    );
  });
});

describe('rankAttention', () => {
  const rated = (path: string, thumbsDown: number, thumbsUp = 0): PageFeedback => ({
    path,
    thumbsUp,
    thumbsDown,
    code: 0,
    total: thumbsUp + thumbsDown,
  });

  test('a much-read page with many down votes first; one down vote on a popular page does not beat many on a small one', () => {
    const watch = new TrafficWatch(new Set(['/popular-many', '/popular-one', '/small-many', '/unknown']));
    watch.offerVisitors([page('/popular-many', 50_000), page('/popular-one', 200_000), page('/small-many', 40), page('/other', 9)]);
    const rows = rankAttention(
      [rated('/small-many', 12), rated('/popular-one', 1), rated('/popular-many', 10, 40), rated('/unknown', 3), rated('/none', 0, 5)],
      watch,
      'visitors',
      10,
    );
    expect(rows.map((row) => row.path)).toEqual(['/popular-many', '/small-many', '/popular-one', '/unknown']);
    expect(rows[0]).toMatchObject({ visitors: 50_000, downShare: 0.2 });
    expect(rows.at(-1)?.visitors).toBeUndefined();
    expect(rankAttention([rated('/a', 1), rated('/b', 1), rated('/c', 1)], watch, 'visitors', 2).map((row) => row.path)).toEqual([
      '/a',
      '/b',
    ]);
  });

  test('ties: the larger share of down votes, then the path', () => {
    const rows = rankAttention([rated('/b', 4, 4), rated('/a', 4, 4), rated('/c', 4, 0)], TrafficWatch.none(), undefined, 10);
    expect(rows.map((row) => row.path)).toEqual(['/c', '/a', '/b']);
  });
});
