/**
 * The impact report's measurement (src/impact/measure.ts, signals.ts, windows.ts) against the
 * emulator's date-aware analytics, started in process, through the real service client: verdicts,
 * windows, renames, pages nobody read, the shared grid's cost and the request budget.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { Agent, MockAgent } from 'undici';
import { startEmulator, type Emulator } from '../../../emulator/server.js';
import { parseScenario } from '../../../emulator/scenario.js';
import { testClientOptions } from '../../helpers/mock-client.js';
import { RequestBudget } from '../../../src/analytics/budget.js';
import { MintlifyClient } from '../../../src/service/client.js';
import { buildImpactReport, judge } from '../../../src/impact/measure.js';
import type { MergedPull, MergedPulls } from '../../../src/impact/pulls.js';
import { IMPACT_DEFAULTS, NO_COUNTS, type ImpactReport } from '../../../src/analytics/impact-report.js';
import { dayOf, pullWindows, WeekGrid } from '../../../src/impact/windows.js';

/** The report's end date, a Monday: the grid's weeks run Monday to Sunday. */
const END = dayOf('2026-03-02');
const MERGED = '2026-01-28T12:00:00Z';

/** A page whose thumbs-down share moves from `down` to `downAfter` (of 10 votes a day) on the merge day. */
function page(path: string, down: number, downAfter: number, extra: Record<string, unknown> = {}) {
  return {
    path,
    thumbsUp: 10 - down,
    thumbsDown: down,
    views: 50,
    changeOn: '2026-01-28',
    after: { thumbsUp: 10 - downAfter, thumbsDown: downAfter },
    ...extra,
  };
}

const SCENARIO = {
  daily: {
    pages: [
      page('/improved', 4, 1, { searches: [{ searchQuery: 'how to improve', hits: 4, ctr: 0.25, afterCtr: 0.75 }] }),
      page('/worse', 1, 4),
      page('/steady', 2, 2),
      { path: '/quiet', thumbsUp: 0.1, thumbsDown: 0.05, views: 3 },
      { path: '/old-name', thumbsUp: 4, thumbsDown: 1, views: 20 },
      { path: '/new-name', since: '2026-01-28', thumbsUp: 4, thumbsDown: 1, views: 20 },
      page('/recent', 4, 1),
    ],
    pageCount: 300,
  },
};

function pull(number: number, pages: MergedPull['pages'], mergedAt = MERGED): MergedPull {
  return { number, title: `Docs ${number}`, author: 'mintlify[bot]', url: `https://github.com/acme/docs/pull/${number}`, mergedAt, pages };
}

function merged(pulls: MergedPull[]): MergedPulls {
  return { kind: 'pulls', pulls, more: 0, listRequests: 1, filesRequests: pulls.length, notes: [] };
}

let emulator: Emulator;
let dispatcher: Agent;
const unusedMock = new MockAgent();
beforeAll(async () => {
  emulator = await startEmulator({ scenario: parseScenario(SCENARIO) });
  dispatcher = new Agent();
});
afterAll(async () => {
  await dispatcher.close();
  await unusedMock.close();
  await emulator.close();
});

async function measure(pulls: MergedPull[], limit = 100): Promise<{ report: ImpactReport; budget: RequestBudget; warnings: string[] }> {
  // The requests go to the emulator through a real Agent; the options' MockAgent is not used.
  const setup = { agent: unusedMock, apiKey: emulator.apiKey, clock: () => 0, sleep: async () => {}, warnings: [] };
  const client = new MintlifyClient(testClientOptions(setup, { baseUrl: new URL(emulator.url), dispatcher }));
  const budget = new RequestBudget(limit, []);
  const warnings: string[] = [];
  const log = { debug: () => undefined, info: () => undefined, warning: (message: string) => void warnings.push(message) };
  const options = { client, projectId: 'proj', budget, pageSize: 250, log, clock: () => 0, deadline: Infinity };
  const report = await buildImpactReport(options, { merged: merged(pulls), settings: IMPACT_DEFAULTS, end: END });
  return { report, budget, warnings };
}

describe('windows on the grid of weeks', () => {
  test('before: the 4 weeks before the week of the merge; after: the 4 weeks after it', () => {
    const windows = pullWindows(new WeekGrid(END), dayOf(MERGED), 28);
    expect(windows.beforeRange).toEqual({ from: '2025-12-29', to: '2026-01-26' });
    expect(windows.afterRange).toEqual({ from: '2026-02-02', to: '2026-03-02' });
    expect(windows.complete).toBe(true);
    const recent = pullWindows(new WeekGrid(END), dayOf('2026-02-18'), 28);
    expect(recent.after).toHaveLength(1);
    expect(recent.complete).toBe(false);
  });
});

describe('judge', () => {
  const counts = (up: number, down: number) => ({ ...NO_COUNTS, thumbsUp: up, thumbsDown: down });
  test('each verdict', () => {
    expect(judge(counts(84, 56), counts(126, 14), 20, true).verdict).toBe('improved');
    expect(judge(counts(126, 14), counts(84, 56), 20, true).verdict).toBe('worse');
    expect(judge(counts(84, 56), counts(80, 60), 20, true).verdict).toBe('no clear change');
    expect(judge(counts(3, 2), counts(126, 14), 20, true).verdict).toBe('too little data');
    expect(judge(counts(84, 56), counts(10, 1), 20, false).verdict).toBe('measuring');
    expect(judge(counts(84, 56), counts(126, 14), 20, true, 'a week unread')).toEqual({ verdict: 'too little data', gap: 'a week unread' });
  });
});

describe('buildImpactReport', () => {
  test('a verdict per pull request, sorted by verdict then the size of the move, with what it rests on', async () => {
    const { report } = await measure([
      pull(1, [{ path: '/steady' }]),
      pull(2, [{ path: '/worse' }]),
      pull(3, [{ path: '/improved' }]),
      pull(4, [{ path: '/quiet' }]),
      pull(5, [{ path: '/recent' }], '2026-02-18T09:00:00Z'),
    ]);
    expect(report.pulls.map((item) => [item.number, item.verdict])).toEqual([
      [3, 'improved'],
      [2, 'worse'],
      [1, 'no clear change'],
      [4, 'too little data'],
      [5, 'measuring'],
    ]);
    const improved = report.pulls[0];
    expect(improved?.before).toMatchObject({ thumbsUp: 168, thumbsDown: 112, views: 1400, searchHits: 112, searchClicks: 28 });
    expect(improved?.after).toMatchObject({ thumbsUp: 252, thumbsDown: 28, searchHits: 112, searchClicks: 84 });
    expect(improved?.downShareBefore).toBeCloseTo(0.4, 10);
    expect(improved?.downShareAfter).toBeCloseTo(0.1, 10);
    expect(improved?.pValue).toBeLessThan(0.05);
    expect(report.pulls[4]).toMatchObject({ verdict: 'measuring', verdictOn: '2026-03-23' });
    expect(report.pulls[4]?.after.thumbsUp).toBeGreaterThan(0);
    expect(report.totals).toEqual({ improved: 1, worse: 1, 'no clear change': 1, 'too little data': 1, measuring: 1 });
    expect(report.method).toMatch(/28 days before and after the week of its merge/);
    expect(report.leftOut).toEqual([]);
  });

  test('a renamed page counts its old path before the merge; a page nobody read is not seen', async () => {
    const { report } = await measure([pull(6, [{ path: '/new-name', previousPath: '/old-name' }, { path: '/never-read' }])]);
    const [renamed, unread] = report.pulls[0]?.pages ?? [];
    expect(renamed).toMatchObject({ seen: true, before: { thumbsUp: 112, thumbsDown: 28 }, after: { thumbsUp: 112, thumbsDown: 28 } });
    expect(unread).toMatchObject({ path: '/never-read', seen: false, before: NO_COUNTS, after: NO_COUNTS });
  });

  test('the cost grows with the weeks covered, not with the pull requests', async () => {
    const one = await measure([pull(1, [{ path: '/steady' }])]);
    const ten = await measure(Array.from({ length: 10 }, (_, i) => pull(10 + i, [{ path: i % 2 === 0 ? '/steady' : '/improved' }])));
    expect(ten.report.costs.analyticsRequests).toBe(one.report.costs.analyticsRequests);
    // 8 weeks, each: one feedback-by-page request, views until the pages are seen (one), one searches request.
    expect(one.report.costs.analyticsRequests).toBe(8 * 3);
    expect(ten.report.costs.githubRequests).toBe(11);
  });

  test('when the budget ends: votes first, the rest left out and said; a window without its votes has too little data', async () => {
    const { report, budget } = await measure([pull(3, [{ path: '/improved' }])], 6);
    expect(budget.total).toBe(6);
    expect(report.costs.analyticsRequests).toBe(6);
    expect(report.pulls[0]).toMatchObject({ verdict: 'too little data', gap: 'the votes of the week from 2025-12-29 could not be read' });
    expect(report.leftOut).toEqual([
      expect.stringMatching(/^Votes of 2 weeks \(.*\): the analytics request budget \(analytics-max-requests\) ran out\.$/),
      expect.stringMatching(/^Views of 8 weeks/),
      expect.stringMatching(/^Searches of 8 weeks/),
    ]);
  });
});
