/** What the impact renderers take, and the settings that shape it; built in impact/, renders nothing. */

export interface ImpactSettings {
  /** `impact-weeks`: pull requests merged within this many weeks before the report's end date. */
  readonly weeks: number;
  /** `impact-window`: days of each window, before and after the merge (read as whole weeks). */
  readonly windowDays: number;
  /** `impact-min-votes`: votes each window needs before the test may give a verdict (at least MIN_VOTES_FLOOR). */
  readonly minVotes: number;
  /** `impact-authors`: only pull requests opened by these logins (compared case-insensitively); undefined: everyone. */
  readonly authors?: readonly string[];
  /** `docs-root`: the folder of the docs in the repository; '' for its root. */
  readonly docsRoot: string;
  /** `impact-comment`: comment on each measured pull request once its verdict is final. */
  readonly comment: boolean;
}

export const IMPACT_DEFAULTS: ImpactSettings = { weeks: 8, windowDays: 28, minVotes: 20, docsRoot: '', comment: false };

/** Fewer votes in a window support no verdict: a smaller `impact-min-votes` is raised to this. */
export const MIN_VOTES_FLOOR = 10;

/**
 * The order verdicts are listed in: the ones the data supports first, then the rest. `no clear
 * change` is shown as "inconclusive (± N points)": the name stays, as the export and outputs had it.
 */
export const VERDICTS = ['improved', 'worse', 'no clear change', 'too little data', 'measuring'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** A verdict an earlier report gave and recorded in the pull request's impact comment: final. */
export interface RecordedVerdict {
  readonly verdict: Exclude<Verdict, 'measuring'>;
  readonly look: number;
}

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

export interface VoteCounts {
  readonly thumbsUp: number;
  readonly thumbsDown: number;
}

/** In points of helpful share (10: ten points more of the votes helpful): after minus before, minus the same on the control. */
export interface ChangeEstimate {
  readonly points: number;
  /** The 95 % interval (the look's sequential boundary × the standard error either side). */
  readonly low: number;
  readonly high: number;
  readonly standardError: number;
  /** The repeated p-value at the look: valid at any weekly look. */
  readonly pValue: number;
  /** Benjamini–Hochberg adjusted: across the report's pull requests (for a page, across the report's pages). */
  readonly adjustedP?: number;
}

/** The control of a pull request's windows: the rated pages no merged docs pull request changed. */
export interface ControlCounts {
  /** How many had votes in both windows. */
  readonly pages: number;
  readonly before: VoteCounts;
  readonly after: VoteCounts;
  /** Their change in helpful share, in points (random-effects mean). */
  readonly points: number;
  /** How much a page's change varies beyond its votes' noise (τ, points). */
  readonly spread: number;
}

/** Views and searches against the rest of the site: shown, never a verdict. */
export interface TrafficChange {
  /** Human views a week after ÷ before, over the site's other pages' same ratio, minus 1, in percent. */
  readonly viewsPercent?: number;
  /** Search click-through after minus before, minus the same for the searches that led to other pages, in points. */
  readonly searchClickPoints?: number;
}

export interface PageImpact {
  readonly path: string;
  /** The path it was served under before a rename in this pull request; its readers count in `before`. */
  readonly previousPath?: string;
  readonly before: WindowCounts;
  readonly after: WindowCounts;
  /** False: no analytics answer read for the impact named the page ("no readers yet"). */
  readonly seen: boolean;
  /** Its own change against the control, at the pull request's look; undefined without votes in both windows. */
  readonly effect?: ChangeEstimate;
  readonly traffic?: TrafficChange;
}

export interface PullImpact {
  readonly number: number;
  /** As GitHub gave it (untrusted: the renderers quote it as data). */
  readonly title: string;
  readonly author: string;
  readonly url: string;
  /** ISO 8601, as GitHub gave it. */
  readonly mergedAt: string;
  /** ISO 8601: when it was opened (the before window ends a week before that week). */
  readonly createdAt: string;
  /** The after window up to the look the numbers are from (`after` ends there); `before` whole. */
  readonly windows: { readonly before: DayRange; readonly after: DayRange };
  readonly pages: readonly PageImpact[];
  /** The pages summed; `after` up to the look the numbers are from. */
  readonly before: WindowCounts;
  readonly after: WindowCounts;
  /** Thumbs down ÷ (up + down); undefined without votes. */
  readonly downShareBefore?: number;
  readonly downShareAfter?: number;
  /** The p-value the verdict rests on (the repeated p-value of its looks); undefined without a test. */
  readonly pValue?: number;
  readonly verdict: Verdict;
  /** While measuring: the day the after window is complete and the verdict is given (`YYYY-MM-DD`). */
  readonly verdictOn?: string;
  /** Why the verdict is `too little data` although votes came in (a week's votes not read); undefined otherwise. */
  readonly gap?: string;
  /** The weekly looks of the after window: ended so far (`look`, of `looks`), and the one the numbers are from. */
  readonly look: number;
  readonly looks: number;
  /** The change against the control at that look, with its interval and the correction across the report's pull requests. */
  readonly effect?: ChangeEstimate & {
    /** The smallest change its window's votes detect 80 % of the time (on its own), in points. */
    readonly detectable: number;
  };
  readonly control?: ControlCounts;
  readonly traffic?: TrafficChange;
  /** Why it has no verdict: fewer votes than impact-min-votes, too few control pages, or a week's votes not read. */
  readonly shortOf?: 'votes' | 'controls' | 'unread';
  /** Its verdict was given by an earlier report and recorded in its impact comment: final. */
  readonly recorded?: boolean;
}

export interface ImpactCosts {
  /** Analytics requests the impact spent from `analytics-max-requests`. */
  readonly analyticsRequests: number;
  /** GitHub requests: the pull request list, and one files request per pull request read (more for more than 100 files). */
  readonly githubRequests: number;
  readonly listRequests: number;
  readonly filesRequests: number;
}

export interface ImpactReport {
  /** The report's end date (exclusive): windows and the merge range end here. */
  readonly end: string;
  readonly settings: ImpactSettings;
  /** The measured pull requests, sorted by verdict (VERDICTS) then the size of the change. */
  readonly pulls: readonly PullImpact[];
  /** Pull requests merged in range whose files were not read: past the newest MAX_PULLS docs pull requests, or the bound on file reads. */
  readonly morePulls: number;
  /** The bound on file reads (MAX_FILE_READS) ended the search for docs pull requests. */
  readonly searchBounded?: boolean;
  /** Rated pages no merged docs pull request changed, in the feedback-by-page answers read: the control. */
  readonly controlPages: number;
  readonly totals: Readonly<Record<Verdict, number>>;
  readonly costs: ImpactCosts;
  /** What was not read and why (the budget, a failed request, a list cut short); each a sentence. */
  readonly leftOut: readonly string[];
  /** The method and its limits, two sentences for the report and the docs. */
  readonly method: string;
}

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
