/**
 * The impact report from the merged pull requests (pulls.ts) and the analytics read on the shared
 * grid of weeks (signals.ts): per page and per pull request the votes, views and searches before
 * and after the merge, and a verdict. `improved`/`worse` only when the thumbs-down share moved
 * significantly (stats.ts) with at least `impact-min-votes` votes in each window; `measuring` while
 * the after window has not ended by the report's end date; `too little data` below the minimum, or
 * when a week's votes could not be read; `no clear change` otherwise.
 */
import { IMPACT_PARTS, readSignals, type ReadSignals, type SignalOptions, type WeekSignals } from './signals.js';
import type { MergedPulls, MergedPull } from './pulls.js';
import { twoProportionTest } from './stats.js';
import {
  addCounts,
  downShare,
  NO_COUNTS,
  VERDICTS,
  type ImpactReport,
  type ImpactSettings,
  type PageImpact,
  type PullImpact,
  type Verdict,
  type WindowCounts,
} from '../analytics/impact-report.js';
import type { ChangedPage } from './pages.js';
import { dayOf, dayText, methodSentences, pullWindows, WeekGrid, type Day, type GridWeek, type PullWindows } from './windows.js';

export type MeasureOptions = SignalOptions;

/** One page's counts over `weeks`, from each of `paths` (a renamed page's old and new path before the merge). */
function countsOver(read: ReadSignals, weeks: readonly GridWeek[], paths: readonly string[]): WindowCounts {
  let counts = NO_COUNTS;
  for (const week of weeks) {
    const signals = read.weeks.get(week.index);
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

function pageImpact(read: ReadSignals, windows: PullWindows, page: ChangedPage): PageImpact {
  const beforePaths = page.previousPath === undefined ? [page.path] : [page.path, page.previousPath];
  const seen = [...read.weeks.values()].some((week) => beforePaths.some((path) => week.seen.has(path)));
  return {
    ...page,
    before: countsOver(read, windows.before, beforePaths),
    after: countsOver(read, windows.after, [page.path]),
    seen,
  };
}

/** The first week of the windows whose votes were not read, as a reason; undefined when all were. */
function votesGap(read: ReadSignals, windows: PullWindows): string | undefined {
  const missing = [...windows.before, ...windows.after].find((week) => read.weeks.get(week.index)?.votes === undefined);
  return missing === undefined ? undefined : `the votes of the week from ${dayText(missing.from)} could not be read`;
}

interface Judged {
  readonly verdict: Verdict;
  readonly pValue?: number;
  readonly gap?: string;
}

/** The verdict on the pages' summed votes (see the module's header). */
export function judge(before: WindowCounts, after: WindowCounts, minVotes: number, complete: boolean, gap?: string): Judged {
  if (!complete) return { verdict: 'measuring' };
  if (gap !== undefined) return { verdict: 'too little data', gap };
  const votesBefore = before.thumbsUp + before.thumbsDown;
  const votesAfter = after.thumbsUp + after.thumbsDown;
  if (votesBefore < minVotes || votesAfter < minVotes) return { verdict: 'too little data' };
  const test = twoProportionTest(before.thumbsDown, votesBefore, after.thumbsDown, votesAfter);
  const verdict: Verdict = !test.significant ? 'no clear change' : test.after < test.before ? 'improved' : 'worse';
  return { verdict, pValue: test.pValue };
}

function pullImpact(read: ReadSignals, grid: WeekGrid, pull: MergedPull, settings: ImpactSettings): PullImpact {
  const windows = pullWindows(grid, dayOf(pull.mergedAt), settings.windowDays);
  const pages = pull.pages.map((page) => pageImpact(read, windows, page));
  const before = pages.reduce((sum, page) => addCounts(sum, page.before), NO_COUNTS);
  const after = pages.reduce((sum, page) => addCounts(sum, page.after), NO_COUNTS);
  const judged = judge(before, after, settings.minVotes, windows.complete, votesGap(read, windows));
  const [shareBefore, shareAfter] = [downShare(before), downShare(after)];
  return {
    number: pull.number,
    title: pull.title,
    author: pull.author,
    url: pull.url,
    mergedAt: pull.mergedAt,
    windows: { before: windows.beforeRange, after: windows.afterRange },
    pages,
    before,
    after,
    ...(shareBefore !== undefined && { downShareBefore: shareBefore }),
    ...(shareAfter !== undefined && { downShareAfter: shareAfter }),
    ...judged,
    ...(judged.verdict === 'measuring' && { verdictOn: windows.afterRange.to }),
  };
}

/** The move of the thumbs-down share, as a size (0 without votes on either side). */
function moveOf(pull: PullImpact): number {
  return pull.downShareBefore === undefined || pull.downShareAfter === undefined ? 0 : Math.abs(pull.downShareAfter - pull.downShareBefore);
}

/** By verdict (VERDICTS' order), then the larger move first, then the newer merge. */
export function compareImpact(a: PullImpact, b: PullImpact): number {
  return (
    VERDICTS.indexOf(a.verdict) - VERDICTS.indexOf(b.verdict) ||
    moveOf(b) - moveOf(a) ||
    Date.parse(b.mergedAt) - Date.parse(a.mergedAt) ||
    a.number - b.number
  );
}

/** The grid weeks some pull request's windows need, newest first; weeks after the end date are not there yet. */
function weeksNeeded(grid: WeekGrid, pulls: readonly MergedPull[], windowDays: number): GridWeek[] {
  const indices = new Set<number>();
  for (const pull of pulls) {
    const windows = pullWindows(grid, dayOf(pull.mergedAt), windowDays);
    for (const week of [...windows.before, ...windows.after]) indices.add(week.index);
  }
  return [...indices].sort((a, b) => a - b).map((index) => grid.week(index));
}

/** Every path the analytics are asked about: the pages, and the old paths of renamed ones. */
function wantedPaths(pulls: readonly MergedPull[]): Set<string> {
  return new Set(
    pulls.flatMap((pull) => pull.pages.flatMap((page) => (page.previousPath === undefined ? [page.path] : [page.path, page.previousPath]))),
  );
}

export interface ImpactInput {
  readonly merged: MergedPulls;
  readonly settings: ImpactSettings;
  /** The report's end date (exclusive), a UTC day. */
  readonly end: Day;
}

export async function buildImpactReport(options: MeasureOptions, input: ImpactInput): Promise<ImpactReport> {
  const { merged, settings, end } = input;
  const grid = new WeekGrid(end);
  const used = (): number => Object.values(IMPACT_PARTS).reduce((sum, part) => sum + options.budget.used(part), 0);
  const spentBefore = used();
  const read: ReadSignals =
    merged.pulls.length === 0
      ? { weeks: new Map<number, WeekSignals>(), leftOut: [] }
      : await readSignals(options, weeksNeeded(grid, merged.pulls, settings.windowDays), wantedPaths(merged.pulls));
  const pulls = merged.pulls.map((pull) => pullImpact(read, grid, pull, settings)).sort(compareImpact);
  const totals = Object.fromEntries(VERDICTS.map((verdict) => [verdict, pulls.filter((pull) => pull.verdict === verdict).length]));
  return {
    end: dayText(end),
    settings,
    pulls,
    morePulls: merged.more,
    totals: totals as Record<Verdict, number>,
    costs: {
      analyticsRequests: used() - spentBefore,
      githubRequests: merged.listRequests + merged.filesRequests,
      listRequests: merged.listRequests,
      filesRequests: merged.filesRequests,
    },
    leftOut: [...merged.notes, ...read.leftOut],
    method: methodSentences(settings.windowDays, settings.minVotes),
  };
}
