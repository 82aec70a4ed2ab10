/** From the merged pull requests (pulls.ts) and the weekly analytics (signals.ts): looks, verdicts, intervals and traffic. */
import { IMPACT_PARTS, readSignals, type ReadSignals, type SignalOptions, type WeekSignals } from './signals.js';
import type { MergedPulls, MergedPull } from './pulls.js';
import {
  addCounts,
  downShare,
  NO_COUNTS,
  VERDICTS,
  type ChangeEstimate,
  type ImpactReport,
  type ImpactSettings,
  type PageImpact,
  type PullImpact,
  type RecordedVerdict,
  type Verdict,
} from '../analytics/impact-report.js';
import { estimateLook, type LookResult, type PageChange } from './estimate.js';
import { methodSentences } from './method.js';
import { boundaryTable } from './sequential.js';
import { benjaminiHochberg } from './stats.js';
import { countsOver, trafficChange, type Weeks } from './traffic.js';
import { judgePulls, type Judgement, type PullLooks } from './verdicts.js';
import { dayOf, dayText, firstWeekRead, pullWindows, type CalendarWeek, type Day, type PullWindows } from './windows.js';

export type MeasureOptions = SignalOptions;

/** Every path a merged docs pull request changed, and the old paths of renamed pages: never a control. */
export function touchedPaths(pulls: readonly Pick<MergedPull, 'pages'>[]): Set<string> {
  return new Set(
    pulls.flatMap((pull) => pull.pages.flatMap((page) => (page.previousPath === undefined ? [page.path] : [page.path, page.previousPath]))),
  );
}

export function windowsOf(pull: Pick<MergedPull, 'createdAt' | 'mergedAt'>, end: Day, windowDays: number, firstWeek?: number): PullWindows {
  return pullWindows(end, dayOf(pull.createdAt), dayOf(pull.mergedAt), windowDays, firstWeek);
}

const firstWeekOf = (pulls: readonly Pick<MergedPull, 'mergedAt'>[], windowDays: number): number =>
  firstWeekRead(
    pulls.map((pull) => dayOf(pull.mergedAt)),
    windowDays,
  );

const votesRead = (weeks: Weeks, list: readonly CalendarWeek[]): boolean =>
  list.every((week) => weeks.get(week.index)?.votes !== undefined);

/** The pull request's looks so far; undefined for a look whose weeks' votes were not all read. */
function looksOf(weeks: Weeks, pull: MergedPull, windows: PullWindows, touched: ReadonlySet<string>): (LookResult | undefined)[] {
  return Array.from({ length: windows.looks }, (_, index) => {
    const after = windows.after.slice(0, index + 1);
    if (!votesRead(weeks, windows.before) || !votesRead(weeks, after)) return undefined;
    return estimateLook({ weeks, pages: pull.pages, touched, before: windows.before, after });
  });
}

function changeOf(effect: number, standardError: number, boundary: number, pValue: number, adjustedP?: number): ChangeEstimate {
  const points = (share: number): number => share * 100;
  return {
    points: points(effect),
    low: points(effect - boundary * standardError),
    high: points(effect + boundary * standardError),
    standardError: points(standardError),
    pValue,
    ...(adjustedP !== undefined && { adjustedP }),
  };
}

interface Context {
  readonly weeks: Weeks;
  readonly touched: ReadonlySet<string>;
}

function pageImpact(context: Context, pull: MergedPull, windows: PullWindows, judged: Judgement, index: number): PageImpact {
  const page = pull.pages[index] ?? { path: '' };
  const after = windows.after.slice(0, judged.look ?? 0);
  const beforePaths = page.previousPath === undefined ? [page.path] : [page.path, page.previousPath];
  const before = countsOver(context.weeks, windows.before, beforePaths);
  const afterCounts = countsOver(context.weeks, after, [page.path]);
  const seen = [...context.weeks.values()].some((week) => beforePaths.some((path) => week.seen.has(path)));
  const change: PageChange | undefined = judged.estimate?.pages[index];
  const table = boundaryTable(windows.after.length);
  const effect =
    change?.effect === undefined || change.standardError === undefined || judged.boundary === undefined || judged.look === undefined
      ? undefined
      : changeOf(change.effect, change.standardError, judged.boundary, table.pValue(judged.look - 1, change.effect / change.standardError));
  const traffic = trafficChange(context.weeks, { before: windows.before, after, touched: context.touched }, before, afterCounts);
  return { ...page, before, after: afterCounts, seen, ...(effect && { effect }), ...(traffic && { traffic }) };
}

function gapOf(weeks: Weeks, windows: PullWindows): string | undefined {
  const missing = [...windows.before, ...windows.after.slice(0, windows.looks)].find((week) => weeks.get(week.index)?.votes === undefined);
  return missing === undefined ? undefined : `the votes of the week from ${dayText(missing.from)} could not be read`;
}

function pullEffect(judged: Judgement, weeks: number): PullImpact['effect'] {
  const { estimate, boundary, detectable } = judged;
  // No page with votes in both windows: no change to tell.
  if (estimate === undefined || boundary === undefined || detectable === undefined || !Number.isFinite(estimate.standardError))
    return undefined;
  // Without a test (fewer votes than impact-min-votes) the look's own p-value, for reading.
  const pValue = judged.pValue ?? boundaryTable(weeks).pValue(estimate.look - 1, estimate.effect / estimate.standardError);
  return { ...changeOf(estimate.effect, estimate.standardError, boundary, pValue, judged.adjustedP), detectable: detectable * 100 };
}

function pullImpact(context: Context, pull: MergedPull, windows: PullWindows, judged: Judgement): PullImpact {
  const pages = pull.pages.map((_, index) => pageImpact(context, pull, windows, judged, index));
  const before = pages.reduce((sum, page) => addCounts(sum, page.before), NO_COUNTS);
  const after = pages.reduce((sum, page) => addCounts(sum, page.after), NO_COUNTS);
  const [shareBefore, shareAfter] = [downShare(before), downShare(after)];
  const effect = pullEffect(judged, windows.after.length);
  const control = judged.estimate?.control;
  const afterWeeks = windows.after.slice(0, judged.look ?? 0);
  const traffic = trafficChange(context.weeks, { before: windows.before, after: afterWeeks, touched: context.touched }, before, after);
  const gap = judged.shortOf === 'unread' ? gapOf(context.weeks, windows) : undefined;
  return {
    ...pull,
    windows: { before: windows.beforeRange, after: windows.afterRange },
    pages,
    before,
    after,
    ...(shareBefore !== undefined && { downShareBefore: shareBefore }),
    ...(shareAfter !== undefined && { downShareAfter: shareAfter }),
    ...(judged.pValue !== undefined && { pValue: judged.pValue }),
    verdict: judged.verdict,
    ...(judged.verdict === 'measuring' && { verdictOn: windows.afterRange.to }),
    ...(gap !== undefined && { gap }),
    look: judged.look ?? 0,
    looks: windows.after.length,
    ...(effect && { effect }),
    ...(control && {
      control: {
        pages: control.pages,
        before: { thumbsUp: control.before.up, thumbsDown: control.before.down },
        after: { thumbsUp: control.after.up, thumbsDown: control.after.down },
        points: control.change * 100,
        spread: Math.sqrt(control.between) * 100,
      },
    }),
    ...(traffic && { traffic }),
    ...(judged.shortOf !== undefined && { shortOf: judged.shortOf }),
    ...(judged.recorded === true && { recorded: true }),
  };
}

/** Each page's p-value adjusted across the report's pages (Benjamini–Hochberg), for reading: verdicts rest on the pull requests'. */
function withPageAdjustment(pulls: PullImpact[]): PullImpact[] {
  const pValues = pulls.flatMap((pull) => pull.pages.flatMap((page) => (page.effect === undefined ? [] : [page.effect.pValue])));
  const adjusted = benjaminiHochberg(pValues);
  let next = 0;
  return pulls.map((pull) => ({
    ...pull,
    pages: pull.pages.map((page) =>
      page.effect === undefined ? page : { ...page, effect: { ...page.effect, adjustedP: adjusted[next++] as number } },
    ),
  }));
}

function sizeOf(pull: PullImpact): number {
  return Math.abs(pull.effect?.points ?? 0);
}

/** By verdict (VERDICTS' order), then the larger change first, then the newer merge. */
export function compareImpact(a: PullImpact, b: PullImpact): number {
  return (
    VERDICTS.indexOf(a.verdict) - VERDICTS.indexOf(b.verdict) ||
    sizeOf(b) - sizeOf(a) ||
    Date.parse(b.mergedAt) - Date.parse(a.mergedAt) ||
    a.number - b.number
  );
}

export interface Measurement {
  readonly weeks: Weeks;
  readonly pulls: readonly MergedPull[];
  readonly settings: Pick<ImpactSettings, 'windowDays' | 'minVotes'>;
  readonly end: Day;
  /** Verdicts an earlier report recorded in the pull requests' impact comments, by number. */
  readonly recorded?: ReadonlyMap<number, RecordedVerdict>;
}

/** Every pull request's verdict, numbers and pages, sorted by compareImpact: the statistics, without reading anything. */
export function measurePulls(input: Measurement): PullImpact[] {
  const touched = touchedPaths(input.pulls);
  const context = { weeks: input.weeks, touched };
  const firstWeek = firstWeekOf(input.pulls, input.settings.windowDays);
  const windows = input.pulls.map((pull) => windowsOf(pull, input.end, input.settings.windowDays, firstWeek));
  const looks = input.pulls.map((pull, index): PullLooks => {
    const pullWindows = windows[index] as PullWindows;
    const recorded = input.recorded?.get(pull.number);
    const looked = looksOf(input.weeks, pull, pullWindows, touched);
    return { weeks: pullWindows.after.length, looks: looked, ...(recorded && recorded.look <= looked.length && { recorded }) };
  });
  const judged = judgePulls(looks, input.settings.minVotes);
  const pulls = input.pulls.map((pull, index) => pullImpact(context, pull, windows[index] as PullWindows, judged[index] as Judgement));
  return withPageAdjustment(pulls).sort(compareImpact);
}

/** The weeks some pull request's windows need that have ended, newest first. */
function weeksNeeded(pulls: readonly MergedPull[], end: Day, windowDays: number): CalendarWeek[] {
  const weeks = new Map<number, CalendarWeek>();
  const firstWeek = firstWeekOf(pulls, windowDays);
  for (const pull of pulls) {
    const windows = windowsOf(pull, end, windowDays, firstWeek);
    for (const week of [...windows.before, ...windows.after]) if (week.to <= end) weeks.set(week.index, week);
  }
  return [...weeks.values()].sort((a, b) => b.index - a.index);
}

/** Rated pages no pull request changed, in any answer read. */
function controlPages(weeks: Weeks, touched: ReadonlySet<string>): number {
  const paths = new Set<string>();
  for (const week of weeks.values()) for (const path of week.votes?.keys() ?? []) if (!touched.has(path)) paths.add(path);
  return paths.size;
}

export interface ImpactInput {
  readonly merged: MergedPulls;
  readonly settings: ImpactSettings;
  /** The report's end date (exclusive), a UTC day. */
  readonly end: Day;
  readonly recorded?: ReadonlyMap<number, RecordedVerdict>;
}

export async function buildImpactReport(options: MeasureOptions, input: ImpactInput): Promise<ImpactReport> {
  const { merged, settings, end } = input;
  const used = (): number => Object.values(IMPACT_PARTS).reduce((sum, part) => sum + options.budget.used(part), 0);
  const spentBefore = used();
  const read: ReadSignals =
    merged.pulls.length === 0
      ? { weeks: new Map<number, WeekSignals>(), leftOut: [] }
      : await readSignals(options, weeksNeeded(merged.pulls, end, settings.windowDays), touchedPaths(merged.pulls));
  const pulls = measurePulls({
    weeks: read.weeks,
    pulls: merged.pulls,
    settings,
    end,
    ...(input.recorded && { recorded: input.recorded }),
  });
  const totals = Object.fromEntries(VERDICTS.map((verdict) => [verdict, pulls.filter((pull) => pull.verdict === verdict).length]));
  return {
    end: dayText(end),
    settings,
    pulls,
    morePulls: merged.more,
    ...(merged.searchBounded && { searchBounded: true }),
    controlPages: controlPages(read.weeks, touchedPaths(merged.pulls)),
    totals: totals as Record<Verdict, number>,
    costs: {
      analyticsRequests: used() - spentBefore,
      githubRequests: merged.listRequests + merged.filesRequests,
      listRequests: merged.listRequests,
      filesRequests: merged.filesRequests,
    },
    leftOut: [...merged.notes, ...read.leftOut],
    method: methodSentences(settings),
  };
}
