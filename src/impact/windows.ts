/**
 * Calendar weeks, Monday to Sunday in UTC, so every pull request reads the same requests (the cost grows with the weeks, not
 * the pull requests) and a verdict does not depend on the weekday the report runs; a week is read once it has ended.
 *
 * Before = the `impact-window` days as whole weeks, ending where the calendar week before the one the pull request was
 * opened in begins: the days its pages may have been picked on are in neither window, so pages picked because readers had
 * just rated them down do not "improve" by regression to the mean. After = as many weeks from the week after the merge.
 */
import type { DayRange } from '../analytics/impact-report.js';

const DAY_MS = 86_400_000;
/** 1970-01-05, the first Monday of the epoch: calendar week 0 starts on it. */
const FIRST_MONDAY = 4;

/** A UTC day as a whole number of days since 1970-01-01. */
export type Day = number;

export function dayOf(time: Date | string): Day {
  const ms = typeof time === 'string' ? Date.parse(time) : time.getTime();
  return Math.floor(ms / DAY_MS);
}

export function dayText(day: Day): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** A calendar week: Monday `from` (inclusive) to the next Monday `to` (exclusive). */
export interface CalendarWeek {
  /** Weeks since the week of 1970-01-05. */
  readonly index: number;
  readonly from: Day;
  readonly to: Day;
}

export function calendarWeek(index: number): CalendarWeek {
  const from = FIRST_MONDAY + 7 * index;
  return { index, from, to: from + 7 };
}

export function weekIndexOf(day: Day): number {
  return Math.floor((day - FIRST_MONDAY) / 7);
}

export interface PullWindows {
  /** The before window's weeks, oldest first. */
  readonly before: readonly CalendarWeek[];
  /** The after window's weeks, oldest first, all of them (ended or not). */
  readonly after: readonly CalendarWeek[];
  /** After-window weeks ended by the report's end date: the looks so far (0 to after.length). */
  readonly looks: number;
  readonly beforeRange: DayRange;
  readonly afterRange: DayRange;
}

export function windowWeeks(days: number): number {
  return Math.max(1, Math.ceil(days / 7));
}

function rangeOf(weeks: readonly CalendarWeek[], empty: Day): DayRange {
  return { from: dayText(weeks[0]?.from ?? empty), to: dayText(weeks.at(-1)?.to ?? empty) };
}

/**
 * The first week a report reads: its oldest pull request's merge week less one window, the weeks a
 * before window ending at the merge would need. A before window that reaches further back (it ends
 * before the week the pull request was opened in) is cut there, so the report reads no week more.
 */
export function firstWeekRead(mergedDays: readonly Day[], windowDays: number): number {
  return Math.min(...mergedDays.map(weekIndexOf)) - windowWeeks(windowDays);
}

/**
 * The windows of a pull request opened on `created` and merged on `merged`, for a report ending on
 * `end` (exclusive); before-window weeks older than `firstWeek` are left out.
 */
export function pullWindows(end: Day, created: Day, merged: Day, windowDays: number, firstWeek = -Infinity): PullWindows {
  const weeks = windowWeeks(windowDays);
  const openedWeek = weekIndexOf(Math.min(created, merged));
  const mergedWeek = weekIndexOf(merged);
  const before = Array.from({ length: weeks }, (_, i) => calendarWeek(openedWeek - 1 - weeks + i)).filter(
    (week) => week.index >= firstWeek,
  );
  const after = Array.from({ length: weeks }, (_, i) => calendarWeek(mergedWeek + 1 + i));
  const looks = after.filter((week) => week.to <= end).length;
  const beforeEnd = calendarWeek(openedWeek - 1).from;
  return { before, after, looks, beforeRange: rangeOf(before, beforeEnd), afterRange: rangeOf(after, end) };
}
