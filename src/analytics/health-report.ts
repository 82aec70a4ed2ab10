/** One outcome per report asked for; every list here is bounded (top N, at most 100 rated pages, a few comments a page). */
import type { ReportName } from './report-names.js';
import type { AssistantCallerStats, FeedbackEntry, PageFeedback, PageViews, SearchTerm, ViewCounts } from '../service/analytics-types.js';
import type { AnalyticsWindow } from './settings.js';
import type { ExportFormatName } from './export-format.js';
import type { AnalyticsReport } from './report.js';
import type { ImpactReport } from './impact-report.js';

export interface ReportProgress {
  /** Requests made (a retried request counts once). */
  readonly requests: number;
  /** False when paging stopped before the end (budget, deadline, a misbehaving service, a failure). */
  readonly complete: boolean;
  /** Warnings already logged, repeated in the summary. */
  readonly warnings: readonly string[];
}

export interface ViewsReport extends ReportProgress {
  /** The service's site-wide totals, never recomputed. */
  readonly totals: ViewCounts;
  /** Distinct pages received. */
  readonly pages: number;
  /** At most `analytics-top` pages, total descending, then path. */
  readonly topPages: readonly PageViews[];
}

export interface SearchesReport extends ReportProgress {
  /** The service's totalSearches: every search in the window, not distinct terms. */
  readonly totalSearches: number;
  /** Distinct terms received. */
  readonly terms: number;
  /** At most `analytics-top` terms, hits descending. */
  readonly top: readonly SearchTerm[];
  /** At most `analytics-top` terms nobody clicked (ctr 0 or no top clicked page), hits descending. */
  readonly unclicked: readonly SearchTerm[];
  readonly unclickedTerms: number;
}

/** The newest comments of one rated-down page, and how many comments it had in all. */
export interface PageComments {
  readonly path: string;
  /** At most COMMENTS_PER_PAGE, newest first. */
  readonly comments: readonly FeedbackEntry[];
  readonly received: number;
}

export interface FeedbackReport extends ReportProgress {
  /** The rows of feedback/by-page (at most 100), in the service's order. */
  readonly pages: readonly PageFeedback[];
  /** The service has more rated pages than the one request returns; the API cannot page further. */
  readonly pagesHaveMore: boolean;
  /** Sums over `pages`. */
  readonly thumbsUp: number;
  readonly thumbsDown: number;
  readonly entries: number;
  /** Thumbs-only entries without `helpful`: neither praise nor complaint, never listed as one. */
  readonly noVerdict: number;
  /** Comments of the pages with down votes, by path. */
  readonly comments: ReadonlyMap<string, PageComments>;
}

export interface AssistantReport extends ReportProgress {
  readonly stats: AssistantCallerStats;
}

/** One rated-down page with its traffic, for "Pages that need attention". */
export interface AttentionRow {
  readonly path: string;
  /** Undefined when that report was not fetched or did not list the page. */
  readonly visitors?: number;
  readonly views?: number;
  readonly thumbsUp: number;
  readonly thumbsDown: number;
  /** thumbsDown / (thumbsUp + thumbsDown). */
  readonly downShare: number;
  readonly score: number;
}

/** The impact report with what every report says about how it was fetched (`warnings`: what it left out). */
export type ImpactProgress = ImpactReport & ReportProgress;

export type ReportOutcome<T> =
  { readonly ok: true; readonly report: T } | { readonly ok: false; readonly error: string; readonly requests: number };

export interface ReportOutcomes {
  readonly visitors?: ReportOutcome<AnalyticsReport>;
  readonly views?: ReportOutcome<ViewsReport>;
  readonly searches?: ReportOutcome<SearchesReport>;
  readonly feedback?: ReportOutcome<FeedbackReport>;
  readonly assistant?: ReportOutcome<AssistantReport>;
  readonly impact?: ReportOutcome<ImpactProgress>;
}

export interface HealthReport extends ReportOutcomes {
  readonly window: AnalyticsWindow;
  /** The reports asked for, in REPORT_NAMES order. */
  readonly reports: readonly ReportName[];
  /** Rows each table shows at the most (analytics-top). */
  readonly top: number;
  /** Ranked; present when the feedback report was fetched. */
  readonly attention?: readonly AttentionRow[];
  readonly attentionTraffic?: 'visitors' | 'views';
  readonly budget: { readonly limit: number; readonly used: Readonly<Record<ReportName, number>>; readonly total: number };
  /** The multi-report export written (the visitors-only export is on `visitors.report.file`). */
  readonly file?: { readonly path: string; readonly format: ExportFormatName };
}
