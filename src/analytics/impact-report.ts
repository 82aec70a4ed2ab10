/**
 * The impact report: what the renderers (summary section, report-issue, the comment on each pull
 * request, the export, the outputs and the evidence) take, and the settings that shape it. Built
 * by `buildImpactReport` (measure.ts) from the merged pull requests (pulls.ts); renders nothing.
 */

/** The impact inputs, as the settings module will read them (`impact-*`, `docs-root`). */
export interface ImpactSettings {
  /** `impact-weeks`: pull requests merged within this many weeks before the report's end date. */
  readonly weeks: number;
  /** `impact-window`: days of each window, before and after the merge (read as whole weeks). */
  readonly windowDays: number;
  /** `impact-min-votes`: votes each window needs before the test may give a verdict. */
  readonly minVotes: number;
  /** `impact-authors`: only pull requests opened by these logins (compared case-insensitively); undefined: everyone. */
  readonly authors?: readonly string[];
  /** `docs-root`: the folder of the docs in the repository; '' for its root. */
  readonly docsRoot: string;
  /** `impact-comment`: comment on each measured pull request once its verdict is final. */
  readonly comment: boolean;
}

export const IMPACT_DEFAULTS: ImpactSettings = { weeks: 8, windowDays: 28, minVotes: 20, docsRoot: '', comment: false };

/** The order verdicts are listed in: the ones the data supports first, then the rest. */
export const VERDICTS = ['improved', 'worse', 'no clear change', 'too little data', 'measuring'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** A day as `YYYY-MM-DD` (UTC); a range is `from` inclusive, `to` exclusive, as the analytics API reads dates. */
export interface DayRange {
  readonly from: string;
  readonly to: string;
}

/** What the analytics said about a page (or a pull request's pages summed) over one window. */
export interface WindowCounts {
  readonly thumbsUp: number;
  readonly thumbsDown: number;
  /** Human views (not AI agents'). */
  readonly views: number;
  /** Searches whose most-clicked result is the page: their hits, and the hits that clicked a result. */
  readonly searchHits: number;
  readonly searchClicks: number;
}

export const NO_COUNTS: WindowCounts = { thumbsUp: 0, thumbsDown: 0, views: 0, searchHits: 0, searchClicks: 0 };

export interface PageImpact {
  readonly path: string;
  /** The path it was served under before a rename in this pull request; its readers count in `before`. */
  readonly previousPath?: string;
  readonly before: WindowCounts;
  readonly after: WindowCounts;
  /** False: no analytics answer read for the impact named the page ("no readers yet"). */
  readonly seen: boolean;
}

export interface PullImpact {
  readonly number: number;
  /** As GitHub gave it (untrusted: the renderers quote it as data). */
  readonly title: string;
  /** Who opened it. */
  readonly author: string;
  readonly url: string;
  /** ISO 8601, as GitHub gave it. */
  readonly mergedAt: string;
  readonly windows: { readonly before: DayRange; readonly after: DayRange };
  readonly pages: readonly PageImpact[];
  /** The pages summed; `after` holds what has come in so far while measuring. */
  readonly before: WindowCounts;
  readonly after: WindowCounts;
  /** Thumbs down ÷ (up + down); undefined without votes. */
  readonly downShareBefore?: number;
  readonly downShareAfter?: number;
  /** Two-sided p-value of the two-proportion test, when both windows had the minimum of votes. */
  readonly pValue?: number;
  readonly verdict: Verdict;
  /** While measuring: the day the after window is complete and the verdict is given (`YYYY-MM-DD`). */
  readonly verdictOn?: string;
  /** Why the verdict is `too little data` although votes came in (a week's votes not read); undefined otherwise. */
  readonly gap?: string;
}

export interface ImpactCosts {
  /** Analytics requests the impact spent from `analytics-max-requests`. */
  readonly analyticsRequests: number;
  /** GitHub requests: the pull request list, and one files request per pull request (more for more than 100 files). */
  readonly githubRequests: number;
  readonly listRequests: number;
  readonly filesRequests: number;
}

export interface ImpactReport {
  /** The report's end date (exclusive): windows and the merge range end here. */
  readonly end: string;
  readonly settings: ImpactSettings;
  /** The measured pull requests, sorted by verdict (VERDICTS) then the size of the move. */
  readonly pulls: readonly PullImpact[];
  /** Pull requests merged in range that change a page, left out past the first MAX_PULLS (the newest kept). */
  readonly morePulls: number;
  readonly totals: Readonly<Record<Verdict, number>>;
  readonly costs: ImpactCosts;
  /** What was not read and why (the budget, a failed request, a list cut short); each a sentence. */
  readonly leftOut: readonly string[];
  /** The method and its limits, two sentences for the report and the docs. */
  readonly method: string;
}

/** Thumbs down ÷ (up + down), undefined without votes. */
export function downShare(counts: WindowCounts): number | undefined {
  const votes = counts.thumbsUp + counts.thumbsDown;
  return votes === 0 ? undefined : counts.thumbsDown / votes;
}

export function addCounts(a: WindowCounts, b: WindowCounts): WindowCounts {
  return {
    thumbsUp: a.thumbsUp + b.thumbsUp,
    thumbsDown: a.thumbsDown + b.thumbsDown,
    views: a.views + b.views,
    searchHits: a.searchHits + b.searchHits,
    searchClicks: a.searchClicks + b.searchClicks,
  };
}
