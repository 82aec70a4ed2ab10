/**
 * A pull request's change at one look (src/impact/estimate.ts): each page's change in helpful share
 * less the control's, the pages combined by precision, never pooled; the control is the rated pages
 * no pull request changed; the standard error written out here from its definition.
 */
import { describe, expect, test } from '@jest/globals';
import { estimateLook, MIN_CONTROL_PAGES, type LookEstimate, type LookInput } from '../../../src/impact/estimate.js';
import type { VoteCount, WeekSignals } from '../../../src/impact/signals.js';
import { calendarWeek } from '../../../src/impact/windows.js';

const BEFORE = [1, 2].map(calendarWeek);
const AFTER = [4, 5].map(calendarWeek);

/** Weeks whose answers list `rows(week index)`. */
function weeksOf(rows: (week: number) => Record<string, VoteCount>): Map<number, WeekSignals> {
  return new Map(
    [...BEFORE, ...AFTER].map((week) => [week.index, { votes: new Map(Object.entries(rows(week.index))), seen: new Set<string>() }]),
  );
}

const isAfter = (week: number) => week >= 4;

/** `count` control pages, each with `votes` a week at helpful share `before`, then `after`. */
function controls(count: number, votes: number, before: number, after: number, week: number): Record<string, VoteCount> {
  const share = isAfter(week) ? after : before;
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`/other/${i}`, { up: Math.round(votes * share), down: votes - Math.round(votes * share) }]),
  );
}

function estimate(input: Omit<LookInput, 'before' | 'after'>): LookEstimate {
  const result = estimateLook({ ...input, before: BEFORE, after: AFTER });
  if (result.kind !== 'estimate') throw new Error(`expected an estimate, got ${result.controls} controls`);
  return result.estimate;
}

describe('estimateLook', () => {
  test('the page’s change less the control’s, with the standard error of its definition', () => {
    // Controls: 20 pages of 40 votes a week, 70 % helpful before and 75 % after (all alike: no spread between pages).
    // The page: 30 of 50 helpful a week before (60 %), 40 of 50 after (80 %).
    const weeks = weeksOf((week) => ({
      ...controls(20, 40, 0.7, 0.75, week),
      '/guides/a': isAfter(week) ? { up: 40, down: 10 } : { up: 30, down: 20 },
    }));
    const got = estimate({ weeks, pages: [{ path: '/guides/a' }], touched: new Set(['/guides/a']) });
    expect(got.control.pages).toBe(20);
    expect(got.control.change).toBeCloseTo(0.05, 12);
    expect(got.control.between).toBe(0);
    expect(got.effect).toBeCloseTo(0.2 - 0.05, 12);
    // Variances: a page's own share over both windows, moved towards the site's by 2 votes; the control's mean of 20 alike pages.
    const siteShare = (56 + 60) / 160;
    const steadyControl = (56 + 60 + 2 * siteShare) / (160 + 2);
    const controlVariance = (steadyControl * (1 - steadyControl) * (1 / 80 + 1 / 80)) / 20;
    const steadyPage = (60 + 80 + 2 * siteShare) / (200 + 2);
    const pageVariance = steadyPage * (1 - steadyPage) * (1 / 100 + 1 / 100);
    expect(got.standardError).toBeCloseTo(Math.sqrt(pageVariance + controlVariance), 12);
    expect([got.votesBefore, got.votesAfter]).toEqual([100, 100]);
  });

  test('pages are combined, not pooled: a page read five times as much after the merge moves no share', () => {
    // /a is 90 % helpful and /b 50 %, before and after; /a's readers grow fivefold. Pooled, the share rises from 70 % to 83 %.
    const weeks = weeksOf((week) => ({
      ...controls(12, 40, 0.8, 0.8, week),
      '/a': isAfter(week) ? { up: 450, down: 50 } : { up: 90, down: 10 },
      '/b': { up: 50, down: 50 },
    }));
    const got = estimate({ weeks, pages: [{ path: '/a' }, { path: '/b' }], touched: new Set(['/a', '/b']) });
    expect(got.effect).toBeCloseTo(0, 12);
    expect(got.pages.map((page) => page.effect)).toEqual([expect.closeTo(0, 12), expect.closeTo(0, 12)]);
  });

  test('a page another pull request changed is never a control; a renamed page counts its old path before the merge', () => {
    const weeks = weeksOf((week) => ({
      ...controls(12, 40, 0.8, 0.8, week),
      // Another pull request's page: rated far better after; were it a control, the control's change would move.
      '/changed-elsewhere': isAfter(week) ? { up: 400, down: 0 } : { up: 0, down: 400 },
      ...(isAfter(week) ? { '/new': { up: 30, down: 10 } } : { '/old': { up: 30, down: 10 } }),
    }));
    const got = estimate({
      weeks,
      pages: [{ path: '/new', previousPath: '/old' }],
      touched: new Set(['/new', '/old', '/changed-elsewhere']),
    });
    expect(got.control.pages).toBe(12);
    expect(got.control.change).toBeCloseTo(0, 12);
    expect(got.pages[0]).toMatchObject({ before: { up: 60, down: 20 }, after: { up: 60, down: 20 } });
    expect(got.effect).toBeCloseTo(0, 12);
  });

  test('pages that vary beyond their votes widen the interval: the between variance, estimated on the controls, is added', () => {
    const spread = (i: number) => (i % 2 === 0 ? 0.1 : -0.1);
    const weeks = weeksOf((week) => ({
      ...Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [
          `/other/${i}`,
          isAfter(week)
            ? { up: Math.round(500 * (0.7 + spread(i))), down: 500 - Math.round(500 * (0.7 + spread(i))) }
            : { up: 350, down: 150 },
        ]),
      ),
      '/a': { up: 35, down: 15 },
    }));
    const got = estimate({ weeks, pages: [{ path: '/a' }], touched: new Set(['/a']) });
    // Changes of ±10 points on 1,000 votes a window: nearly all of that spread is between pages.
    expect(Math.sqrt(got.control.between)).toBeGreaterThan(0.09);
    expect(got.standardError).toBeGreaterThan(Math.sqrt(got.control.between));
  });

  test(`fewer than ${MIN_CONTROL_PAGES} control pages with votes in both windows: no estimate`, () => {
    const weeks = weeksOf((week) => ({ ...controls(MIN_CONTROL_PAGES - 1, 40, 0.8, 0.8, week), '/a': { up: 30, down: 10 } }));
    expect(estimateLook({ weeks, pages: [{ path: '/a' }], touched: new Set(['/a']), before: BEFORE, after: AFTER })).toEqual({
      kind: 'short',
      controls: MIN_CONTROL_PAGES - 1,
    });
  });

  test('a page without votes in a window does not count; with none counted there is no change to tell', () => {
    const weeks = weeksOf((week) => ({ ...controls(12, 40, 0.8, 0.8, week), ...(isAfter(week) ? {} : { '/a': { up: 3, down: 1 } }) }));
    const got = estimate({ weeks, pages: [{ path: '/a' }], touched: new Set(['/a']) });
    expect(got.pages[0]?.effect).toBeUndefined();
    expect(got.standardError).toBe(Number.POSITIVE_INFINITY);
    expect([got.votesBefore, got.votesAfter]).toEqual([0, 0]);
  });
});
