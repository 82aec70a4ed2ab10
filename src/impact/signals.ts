/**
 * The analytics the impact reads, one calendar week at a time, shared by every pull request: every rated page's votes
 * (feedback by page: the pages no pull request changed are the comparison), human views, and searches by their most-clicked
 * result. Votes decide verdicts, so all weeks' votes are read first, then views, then searches, while the request budget
 * lasts; what it left out is said.
 */
import { messageOf } from '../errors.js';
import type { PageViews, SearchTerm, SearchesPage, ViewsPage } from '../service/analytics-types.js';
import type { Timing } from '../runtime.js';
import type { RequestBudget } from '../analytics/budget.js';
import { PARTS } from '../analytics/parts.js';
import { FEEDBACK_PAGE_LIMIT } from '../analytics/feedback-report.js';
import { cursorPaging, offsetPaging, paginate, type PaginationLog } from '../analytics/paginate.js';
import type { AnalyticsClient } from '../analytics/report-context.js';
import { SEARCHES_PAGE_LIMIT } from '../analytics/searches-report.js';
import { counted } from '../text/plural.js';
import { servedPath } from './pages.js';
import { dayText, type CalendarWeek } from './windows.js';

/** The budget parts the impact spends (RequestBudget). */
export const IMPACT_PARTS = { votes: PARTS.impactVotes, views: PARTS.impactViews, searches: PARTS.impactSearches } as const;
export type Signal = keyof typeof IMPACT_PARTS;
const SIGNAL_NAMES: Readonly<Record<Signal, string>> = { votes: 'Votes', views: 'Views', searches: 'Searches' };

export interface SignalOptions extends Pick<Timing, 'clock' | 'deadline'> {
  readonly client: Pick<AnalyticsClient, 'getViews' | 'getSearches' | 'getFeedbackByPage'>;
  readonly projectId: string;
  readonly budget: RequestBudget;
  /** Rows a views request asks for (analytics-page-size). */
  readonly pageSize: number;
  readonly log: PaginationLog;
}

export interface VoteCount {
  readonly up: number;
  readonly down: number;
}

export interface SearchCount {
  readonly hits: number;
  /** Hits × click-through: the searches that clicked a result. */
  readonly clicks: number;
}

/** What one week said; a signal is undefined when it was not read. */
export interface WeekSignals {
  /** Every rated page of the answer, by served path. */
  votes?: Map<string, VoteCount>;
  /** Human views of the pages asked about. */
  views?: Map<string, number>;
  /** Human views of the whole site (the answer's totals). */
  siteViews?: number;
  /** Searches whose most-clicked result is a page asked about, by that page. */
  searches?: Map<string, SearchCount>;
  /** Searches whose most-clicked result is any other page. */
  otherSearches?: SearchCount;
  /** Pages any answer of the week named. */
  readonly seen: Set<string>;
}

export interface ReadSignals {
  readonly weeks: ReadonlyMap<number, WeekSignals>;
  /** What was not read, or read in part, and why: sentences. */
  readonly leftOut: readonly string[];
}

interface Missed {
  readonly signal: Signal;
  readonly week: CalendarWeek;
  readonly reason: string;
}

const BUDGET_ENDED = 'the analytics request budget (analytics-max-requests) ran out';

function weekQuery(week: CalendarWeek): { dateFrom: string; dateTo: string } {
  return { dateFrom: dayText(week.from), dateTo: dayText(week.to) };
}

async function readVotes(
  options: SignalOptions,
  week: CalendarWeek,
  wanted: ReadonlySet<string>,
  signals: WeekSignals,
): Promise<string | void> {
  if (!options.budget.take(IMPACT_PARTS.votes)) return BUDGET_ENDED;
  const answer = await options.client.getFeedbackByPage(options.projectId, { ...weekQuery(week), limit: FEEDBACK_PAGE_LIMIT });
  const votes = new Map<string, VoteCount>();
  for (const row of answer.pages) {
    const path = servedPath(row.path);
    if (wanted.has(path)) signals.seen.add(path);
    const held = votes.get(path) ?? { up: 0, down: 0 };
    votes.set(path, { up: held.up + row.thumbsUp, down: held.down + row.thumbsDown });
  }
  signals.votes = votes;
  if (answer.hasMore) return `the service rated more pages than the ${FEEDBACK_PAGE_LIMIT} it returns; pages past them count no votes`;
}

function loopOptions(options: SignalOptions): Pick<SignalOptions, 'budget' | 'clock' | 'deadline' | 'log'> {
  return { budget: options.budget, clock: options.clock, deadline: options.deadline, log: options.log };
}

async function readViews(
  options: SignalOptions,
  week: CalendarWeek,
  wanted: ReadonlySet<string>,
  signals: WeekSignals,
): Promise<string | void> {
  const views = new Map<string, number>();
  let siteViews: number | undefined;
  const result = await paginate({
    paging: offsetPaging({
      report: `Impact views ${dayText(week.from)}`,
      request: 'Impact views request',
      rowNoun: ['page', 'pages'],
      keyNoun: 'a path',
      part: IMPACT_PARTS.views,
      window: weekQuery(week),
      pageSize: options.pageSize,
      fetch: (query) => options.client.getViews(options.projectId, query),
      rowsOf: (page: ViewsPage) => page.views,
      keyOf: (row: PageViews) => row.path,
      hasMoreOf: (page) => page.hasMore,
    }),
    ...loopOptions(options),
    onFirst: (page) => {
      siteViews = page.totals.human;
    },
    onRows: (rows) => {
      for (const row of rows) {
        const path = servedPath(row.path);
        if (!wanted.has(path)) continue;
        signals.seen.add(path);
        views.set(path, (views.get(path) ?? 0) + row.human);
      }
    },
    // The list is ordered by views: once every page asked about was seen, the rest is not needed.
    enough: () => views.size >= wanted.size,
  });
  signals.views = views;
  if (siteViews !== undefined) signals.siteViews = siteViews;
  return partial(result);
}

async function readSearches(
  options: SignalOptions,
  week: CalendarWeek,
  wanted: ReadonlySet<string>,
  signals: WeekSignals,
): Promise<string | void> {
  const searches = new Map<string, SearchCount>();
  let other = { hits: 0, clicks: 0 };
  const result = await paginate({
    paging: cursorPaging({
      report: `Impact searches ${dayText(week.from)}`,
      request: 'Impact searches request',
      rowNoun: ['search term', 'search terms'],
      keyNoun: 'a search term',
      part: IMPACT_PARTS.searches,
      window: weekQuery(week),
      pageSize: SEARCHES_PAGE_LIMIT,
      fetch: (query) => options.client.getSearches(options.projectId, query),
      rowsOf: (page: SearchesPage) => page.searches,
      keyOf: (_row: SearchTerm, index, page: SearchesPage) => page.keys[index] ?? '',
      cursorOf: (page) => page.nextCursor,
    }),
    ...loopOptions(options),
    onRows: (rows) => {
      for (const row of rows) {
        const path = row.topClickedPage === undefined ? undefined : servedPath(row.topClickedPage);
        if (path === undefined) continue;
        const clicks = row.hits * Math.min(1, row.ctr);
        if (!wanted.has(path)) {
          other = { hits: other.hits + row.hits, clicks: other.clicks + clicks };
          continue;
        }
        signals.seen.add(path);
        const held = searches.get(path) ?? { hits: 0, clicks: 0 };
        searches.set(path, { hits: held.hits + row.hits, clicks: held.clicks + clicks });
      }
    },
  });
  signals.searches = searches;
  signals.otherSearches = other;
  return partial(result);
}

function partial(result: { readonly complete: boolean; readonly failure?: Error; readonly requests: number }): string | void {
  if (result.failure !== undefined) return `read in part (${counted(result.requests, 'request')}): ${result.failure.message}`;
  if (!result.complete) return `read in part (${counted(result.requests, 'request')}), see the warnings`;
}

const READERS: Readonly<Record<Signal, typeof readVotes>> = { votes: readVotes, views: readViews, searches: readSearches };

/** One signal of one week; a failure or the budget's end is a reason, never a throw. */
async function readOne(
  options: SignalOptions,
  signal: Signal,
  week: CalendarWeek,
  wanted: ReadonlySet<string>,
  signals: WeekSignals,
): Promise<string | void> {
  if (options.clock() >= options.deadline) return 'the timeout ran out before it';
  try {
    return await READERS[signal](options, week, wanted, signals);
  } catch (error) {
    // paginate throws a RangeError when no request is left for a first page.
    if (error instanceof RangeError) return BUDGET_ENDED;
    return `the request failed: ${messageOf(error)}`;
  }
}

/** Every signal of the `weeks` (in the order given), for the `wanted` pages (served paths). */
export async function readSignals(
  options: SignalOptions,
  weeks: readonly CalendarWeek[],
  wanted: ReadonlySet<string>,
): Promise<ReadSignals> {
  const read = new Map<number, WeekSignals>(weeks.map((week) => [week.index, { seen: new Set<string>() }]));
  const missed: Missed[] = [];
  for (const signal of ['votes', 'views', 'searches'] as const) {
    for (const week of weeks) {
      const signals = read.get(week.index);
      if (signals === undefined) continue;
      const reason = await readOne(options, signal, week, wanted, signals);
      if (reason !== undefined) missed.push({ signal, week, reason });
    }
  }
  return { weeks: read, leftOut: describeMissed(missed) };
}

function describeMissed(missed: readonly Missed[]): string[] {
  const groups = new Map<string, Missed[]>();
  for (const item of missed) groups.set(`${item.signal}\n${item.reason}`, [...(groups.get(`${item.signal}\n${item.reason}`) ?? []), item]);
  return [...groups.values()].map((items) => {
    const first = items[0] as Missed;
    const weeks = items.map((item) => `${dayText(item.week.from)}–${dayText(item.week.to - 1)}`).join(', ');
    return `${SIGNAL_NAMES[first.signal]} of ${counted(items.length, 'week')} (${weeks}): ${first.reason}.`;
  });
}
