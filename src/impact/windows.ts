/**
 * The impact's windows on a shared grid of whole weeks, so that every pull request reads the same
 * requests: the cost grows with the weeks covered, not with the pull requests.
 *
 * The grid's weeks end on the report's end date (exclusive), 7 days each, going back. A window of
 * `impact-window` days is read as that many days rounded up to whole weeks: before = the weeks just
 * before the week of the merge, after = the weeks just after it. The week of the merge itself is in
 * neither, so no window mixes readers before and after the change; the price is that a window may
 * start up to 6 days later (after) or end up to 6 days earlier (before) than exactly around the merge.
 */
import type { DayRange } from '../analytics/impact-report.js';

const DAY_MS = 86_400_000;

/** A UTC day as a whole number of days since 1970-01-01. */
export type Day = number;

export function dayOf(time: Date | string): Day {
  const ms = typeof time === 'string' ? Date.parse(time) : time.getTime();
  return Math.floor(ms / DAY_MS);
}

export function dayText(day: Day): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Week `index` of the grid: 0 ends on the end date, 1 the week before, and so on. */
export interface GridWeek {
  readonly index: number;
  /** First day, inclusive. */
  readonly from: Day;
  /** The day after the last, exclusive. */
  readonly to: Day;
}

export class WeekGrid {
  /** `end`: the grid's end, exclusive (the report's end date). */
  constructor(readonly end: Day) {}

  week(index: number): GridWeek {
    return { index, from: this.end - 7 * (index + 1), to: this.end - 7 * index };
  }

  /** The index of the week holding `day` (negative: after the end date, not read yet). */
  indexOf(day: Day): number {
    return Math.floor((this.end - 1 - day) / 7);
  }
}

export interface PullWindows {
  /** Grid weeks of the before window, oldest first. */
  readonly before: readonly GridWeek[];
  /** Grid weeks of the after window that have ended by the end date, oldest first. */
  readonly after: readonly GridWeek[];
  /** The after window's full extent; complete when `to` ≤ the end date. */
  readonly afterRange: DayRange;
  readonly beforeRange: DayRange;
  readonly complete: boolean;
}

/** Whole weeks a window of `days` days is read as. */
export function windowWeeks(days: number): number {
  return Math.max(1, Math.ceil(days / 7));
}

/** The windows of a pull request merged on `merged`, on `grid`. */
export function pullWindows(grid: WeekGrid, merged: Day, windowDays: number): PullWindows {
  const weeks = windowWeeks(windowDays);
  const mergeWeek = grid.indexOf(merged);
  const before = Array.from({ length: weeks }, (_, i) => grid.week(mergeWeek + weeks - i));
  const afterAll = Array.from({ length: weeks }, (_, i) => grid.week(mergeWeek - 1 - i));
  const after = afterAll.filter((week) => week.index >= 0);
  const range = (list: readonly GridWeek[]): DayRange => ({ from: dayText(list[0]?.from ?? 0), to: dayText(list.at(-1)?.to ?? 0) });
  return { before, after, beforeRange: range(before), afterRange: range(afterAll), complete: after.length === weeks };
}

/** The method in two sentences, for the report and the docs. */
export function methodSentences(windowDays: number, minVotes: number): string {
  const weeks = windowWeeks(windowDays);
  const span = weeks * 7 === windowDays ? `${windowDays} days` : `${windowDays} days rounded up to ${weeks} whole weeks`;
  return (
    `Each pull request's pages are compared over ${span} before and after the week of its merge (that week left out), ` +
    `read by whole weeks shared by all pull requests. ` +
    `The verdict is improved or worse only when the thumbs-down share moved significantly (two-proportion z-test, 95 %, ` +
    `at least ${minVotes} votes in each window); views and searches are context and never decide it, and other changes ` +
    `in the same weeks (traffic, other pull requests) can move the numbers too.`
  );
}
