/**
 * The pages' counts and, against the rest of the site, the change of views and search click-through as differences in
 * differences. Shown next to the verdict, never one: traffic moves for many reasons a docs change does not cause.
 */
import { addCounts, NO_COUNTS, type TrafficChange, type WindowCounts } from '../analytics/impact-report.js';
import type { SearchCount, WeekSignals } from './signals.js';
import type { CalendarWeek } from './windows.js';

export type Weeks = ReadonlyMap<number, WeekSignals>;

/** The counts of `paths` over `weeks` (a renamed page's old and new path before the merge). */
export function countsOver(read: Weeks, weeks: readonly CalendarWeek[], paths: readonly string[]): WindowCounts {
  let counts = NO_COUNTS;
  for (const week of weeks) {
    const signals = read.get(week.index);
    for (const path of paths) {
      const votes = signals?.votes?.get(path);
      const search = signals?.searches?.get(path);
      counts = addCounts(counts, {
        thumbsUp: votes?.up ?? 0,
        thumbsDown: votes?.down ?? 0,
        views: signals?.views?.get(path) ?? 0,
        searchHits: search?.hits ?? 0,
        searchClicks: search?.clicks ?? 0,
      });
    }
  }
  return counts;
}

/** Human views a week of the site's pages that no pull request changed; undefined when a week's views were not read. */
function otherViews(read: Weeks, weeks: readonly CalendarWeek[], touched: ReadonlySet<string>): number | undefined {
  let total = 0;
  for (const week of weeks) {
    const signals = read.get(week.index);
    if (signals?.views === undefined || signals.siteViews === undefined) return undefined;
    let changed = 0;
    for (const [path, views] of signals.views) if (touched.has(path)) changed += views;
    total += signals.siteViews - changed;
  }
  return total / weeks.length;
}

function otherSearches(read: Weeks, weeks: readonly CalendarWeek[]): SearchCount | undefined {
  let hits = 0;
  let clicks = 0;
  for (const week of weeks) {
    const other = read.get(week.index)?.otherSearches;
    if (other === undefined) return undefined;
    hits += other.hits;
    clicks += other.clicks;
  }
  return { hits, clicks };
}

function viewsRead(read: Weeks, weeks: readonly CalendarWeek[]): boolean {
  return weeks.every((week) => read.get(week.index)?.views !== undefined);
}

export interface TrafficWindows {
  readonly before: readonly CalendarWeek[];
  readonly after: readonly CalendarWeek[];
  readonly touched: ReadonlySet<string>;
}

/** The pages' change of views and search click-through against the rest; a field is undefined when it cannot be said. */
export function trafficChange(read: Weeks, windows: TrafficWindows, before: WindowCounts, after: WindowCounts): TrafficChange | undefined {
  if (windows.after.length === 0) return undefined;
  const change: { viewsPercent?: number; searchClickPoints?: number } = {};
  const [otherBefore, otherAfter] = [otherViews(read, windows.before, windows.touched), otherViews(read, windows.after, windows.touched)];
  const [ownBefore, ownAfter] = [before.views / windows.before.length, after.views / windows.after.length];
  const bothRead = viewsRead(read, windows.before) && viewsRead(read, windows.after);
  if (bothRead && ownBefore > 0 && otherBefore !== undefined && otherAfter !== undefined && otherBefore > 0 && otherAfter > 0) {
    change.viewsPercent = ((ownAfter / ownBefore) * (otherBefore / otherAfter) - 1) * 100;
  }
  const [searchBefore, searchAfter] = [otherSearches(read, windows.before), otherSearches(read, windows.after)];
  if (before.searchHits > 0 && after.searchHits > 0 && searchBefore !== undefined && searchAfter !== undefined) {
    if (searchBefore.hits > 0 && searchAfter.hits > 0) {
      const own = after.searchClicks / after.searchHits - before.searchClicks / before.searchHits;
      const rest = searchAfter.clicks / searchAfter.hits - searchBefore.clicks / searchBefore.hits;
      change.searchClickPoints = (own - rest) * 100;
    }
  }
  return Object.keys(change).length === 0 ? undefined : change;
}
