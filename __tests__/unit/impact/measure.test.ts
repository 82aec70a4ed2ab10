/**
 * The impact report's measurement (src/impact/measure.ts, signals.ts, windows.ts, traffic.ts)
 * against the emulator's date-aware analytics, started in process, through the real service client:
 * verdicts, calendar-week windows, renames, pages nobody read, the control, views and searches
 * against the rest of the site, the cost (the same requests: nothing added for the control) and
 * the request budget.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { Agent, MockAgent } from 'undici';
import { startEmulator, type Emulator } from '../../../emulator/server.js';
import { parseScenario } from '../../../emulator/scenario.js';
import { testClientOptions } from '../../helpers/mock-client.js';
import { RequestBudget } from '../../../src/analytics/budget.js';
import { MintlifyClient } from '../../../src/service/client.js';
import { buildImpactReport } from '../../../src/impact/measure.js';
import type { MergedPull, MergedPulls } from '../../../src/impact/pulls.js';
import { IMPACT_DEFAULTS, NO_COUNTS, type ImpactReport } from '../../../src/analytics/impact-report.js';
import { dayOf, dayText, firstWeekRead, pullWindows } from '../../../src/impact/windows.js';

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

function pull(number: number, pages: MergedPull['pages'], mergedAt = MERGED, createdAt = mergedAt): MergedPull {
  const url = `https://github.com/acme/docs/pull/${number}`;
  return { number, title: `Docs ${number}`, author: 'mintlify[bot]', url, mergedAt, createdAt, pages };
}

function merged(pulls: MergedPull[]): MergedPulls {
  return { kind: 'pulls', pulls, more: 0, searchBounded: false, listRequests: 1, filesRequests: pulls.length, notes: [] };
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

describe('windows in calendar weeks', () => {
  test('before: the 4 weeks that end where the week before the one it was opened in begins; after: the 4 weeks after the week of the merge', () => {
    // Opened on Wednesday 2026-01-21 (week of 01-19), merged on Wednesday 01-28 (week of 01-26).
    const windows = pullWindows(END, dayOf('2026-01-21T09:00:00Z'), dayOf(MERGED), 28);
    expect(windows.beforeRange).toEqual({ from: '2025-12-15', to: '2026-01-12' });
    expect(windows.afterRange).toEqual({ from: '2026-02-02', to: '2026-03-02' });
    expect(windows.looks).toBe(4);
    const recent = pullWindows(END, dayOf('2026-02-18'), dayOf('2026-02-18'), 28);
    expect(recent.looks).toBe(1);
  });

  test("no week before the oldest merge's window is read: that pull request's before window is cut, a newer one's is whole", () => {
    // Merged on Wednesdays 2026-01-28 (week of 01-26) and 02-11 (week of 02-09), each opened the day it was merged.
    const first = firstWeekRead([dayOf('2026-01-28'), dayOf('2026-02-11')], 28);
    const oldest = pullWindows(END, dayOf('2026-01-28'), dayOf('2026-01-28'), 28, first);
    // Four weeks would start on 2025-12-22; the week of 2025-12-29 is the merge week less four.
    expect(oldest.before.map((week) => dayText(week.from))).toEqual(['2025-12-29', '2026-01-05', '2026-01-12']);
    expect(oldest.beforeRange).toEqual({ from: '2025-12-29', to: '2026-01-19' });
    const newer = pullWindows(END, dayOf('2026-02-11'), dayOf('2026-02-11'), 28, first);
    expect(newer.before.map((week) => dayText(week.from))).toEqual(['2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26']);
    // Opened two months before its merge: none of its before weeks is read.
    const early = pullWindows(END, dayOf('2025-11-26'), dayOf('2026-01-28'), 28, first);
    expect(early.before).toEqual([]);
  });

  test('the weekday a report runs on does not move the weeks: a week counts once it has ended', () => {
    const on = (end: string) => pullWindows(dayOf(end), dayOf(MERGED), dayOf(MERGED), 28);
    expect(on('2026-03-02')).toEqual(on('2026-03-04'));
    expect(on('2026-03-08').looks).toBe(4);
    expect(on('2026-03-01').looks).toBe(3);
    // 10 days are read as 2 whole weeks.
    expect(pullWindows(END, dayOf(MERGED), dayOf(MERGED), 10).after).toHaveLength(2);
  });
});

describe('buildImpactReport', () => {
  test('a verdict per pull request against the pages no one changed, sorted by verdict then the size of the change', async () => {
    const { report } = await measure([
      pull(1, [{ path: '/steady' }]),
      pull(2, [{ path: '/worse' }]),
      pull(3, [{ path: '/improved' }]),
      pull(4, [{ path: '/quiet' }]),
      pull(5, [{ path: '/recent' }], '2026-02-25T09:00:00Z'),
    ]);
    expect(report.pulls.map((item) => [item.number, item.verdict])).toEqual([
      [3, 'improved'],
      [2, 'worse'],
      [1, 'no clear change'],
      [4, 'too little data'],
      [5, 'measuring'],
    ]);
    const improved = report.pulls[0];
    // 40 % down → 10 % down: the helpful share from 60 % to 90 %; the pages no one changed did not change. Three weeks
    // before, not four: the week before the pull request was opened is left out, and no week before the oldest
    // merge's window is read.
    expect(improved?.before).toMatchObject({ thumbsUp: 126, thumbsDown: 84, views: 1050, searchHits: 84, searchClicks: 21 });
    // Called at the first look: its numbers are those of the first week after the merge week.
    expect(improved).toMatchObject({ look: 1, looks: 4 });
    expect(improved?.after).toMatchObject({ thumbsUp: 63, thumbsDown: 7, searchHits: 28, searchClicks: 21 });
    // The control: the 50 rated generated pages and /old-name (/new-name has no votes before, the rest were changed).
    expect(improved?.control).toMatchObject({ pages: 51, points: 0, spread: 0 });
    expect(improved?.effect?.points).toBeCloseTo(30, 10);
    expect(improved?.effect?.low).toBeGreaterThan(0);
    expect(improved?.effect?.adjustedP).toBeLessThan(0.05);
    expect(improved?.downShareBefore).toBeCloseTo(0.4, 10);
    expect(improved?.traffic?.searchClickPoints).toBeUndefined();
    expect(report.pulls[2]?.effect?.points).toBeCloseTo(0, 10);
    expect(report.pulls[3]).toMatchObject({ verdict: 'too little data', shortOf: 'votes' });
    expect(report.pulls[4]).toMatchObject({ verdict: 'measuring', verdictOn: '2026-03-30', look: 0, looks: 4 });
    expect(report.totals).toEqual({ improved: 1, worse: 1, 'no clear change': 1, 'too little data': 1, measuring: 1 });
    expect(report.controlPages).toBe(52);
    expect(report.method).toMatch(/4 calendar weeks that end a week before the pull request was opened/);
    expect(report.leftOut).toEqual([]);
  });

  test('views against the rest of the site: a page read as much as before while the rest grew reads a little less', async () => {
    const { report } = await measure([pull(1, [{ path: '/steady' }])]);
    // /steady: 50 views a day throughout; the rest of the site gains /new-name's 20 views a day from 2026-01-28.
    const percent = report.pulls[0]?.traffic?.viewsPercent ?? Number.NaN;
    expect(percent).toBeLessThan(0);
    expect(percent).toBeGreaterThan(-1);
  });

  test('a renamed page counts its old path before the merge; a page nobody read is not seen', async () => {
    const { report } = await measure([pull(6, [{ path: '/new-name', previousPath: '/old-name' }, { path: '/never-read' }])]);
    const [renamed, unread] = report.pulls[0]?.pages ?? [];
    expect(renamed).toMatchObject({ seen: true, before: { thumbsUp: 84, thumbsDown: 21 }, after: { thumbsUp: 112, thumbsDown: 28 } });
    expect(unread).toMatchObject({ path: '/never-read', seen: false, before: NO_COUNTS, after: NO_COUNTS });
  });

  test('the cost grows with the weeks covered, not with the pull requests; the control adds no request', async () => {
    const requestsBefore = emulator.requests.length;
    const one = await measure([pull(1, [{ path: '/steady' }])]);
    const endpoints = emulator.requests.slice(requestsBefore).map((request) => request.endpoint);
    const ten = await measure(Array.from({ length: 10 }, (_, i) => pull(10 + i, [{ path: i % 2 === 0 ? '/steady' : '/improved' }])));
    expect(ten.report.costs.analyticsRequests).toBe(one.report.costs.analyticsRequests);
    // 7 weeks (3 before, 4 after), each: one feedback-by-page request (the control's votes are in it), views until
    // the pages are seen (one), one searches request: no more than the 8 weeks of a before window ending at the merge.
    expect(one.report.costs.analyticsRequests).toBe(7 * 3);
    const seven = (endpoint: string): string[] => Array.from({ length: 7 }, () => endpoint);
    expect(endpoints.sort()).toEqual([...seven('feedback-by-page'), ...seven('searches'), ...seven('views')]);
    expect(ten.report.costs.githubRequests).toBe(11);
  });

  test('when the budget ends: votes first, the rest left out and said; a window without its votes has too little data', async () => {
    const { report, budget } = await measure([pull(3, [{ path: '/improved' }])], 6);
    expect(budget.total).toBe(6);
    expect(report.costs.analyticsRequests).toBe(6);
    expect(report.pulls[0]).toMatchObject({
      verdict: 'too little data',
      shortOf: 'unread',
      gap: 'the votes of the week from 2025-12-29 could not be read',
    });
    expect(report.leftOut).toEqual([
      expect.stringMatching(/^Votes of 1 week \(.*\): the analytics request budget \(analytics-max-requests\) ran out\.$/),
      expect.stringMatching(/^Views of 7 weeks/),
      expect.stringMatching(/^Searches of 7 weeks/),
    ]);
  });
});
