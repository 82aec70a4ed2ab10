/**
 * The analytics payloads beyond visitors, as the action uses them. Reader text arrives without e-mail addresses, and a
 * feedback entry has no `contact` field: the guards never copy it.
 */
import type { PageVisitors, VisitorCounts } from './types.js';

/** Content view events: the same three counts as visitors, but events are not deduplicated. */
export type ViewCounts = VisitorCounts;
export type PageViews = PageVisitors;

export interface ViewsPage {
  readonly totals: ViewCounts;
  readonly views: readonly PageViews[];
  readonly hasMore: boolean;
}

export interface SearchTerm {
  /** What readers typed (reader text: untrusted). */
  readonly searchQuery: string;
  readonly hits: number;
  /** Click-through rate as the service sends it (read as a fraction 0–1; see formatRate). */
  readonly ctr: number;
  /** The most-clicked result for the term; undefined when nobody clicked one. */
  readonly topClickedPage?: string;
  readonly lastSearchedAt?: string;
}

export interface SearchesPage {
  readonly searches: readonly SearchTerm[];
  /**
   * The service's identity of each row (a digest of its text before cleaning), in `searches`' order: paging tells repeats
   * by these, as two terms the service kept apart can read the same once cleaned.
   */
  readonly keys: readonly string[];
  /** Search events in the window: the sum of all hits, not distinct terms. */
  readonly totalSearches: number;
  /** Undefined on the last page. */
  readonly nextCursor?: string;
}

export interface PageFeedback {
  readonly path: string;
  readonly thumbsUp: number;
  readonly thumbsDown: number;
  /** Code-snippet feedback entries. */
  readonly code: number;
  readonly total: number;
}

export interface FeedbackByPage {
  readonly pages: readonly PageFeedback[];
  /** More rated pages exist than `limit`; the API has no way to fetch them. */
  readonly hasMore: boolean;
}

/** Where a feedback entry comes from, as the public document lists them. */
export const FEEDBACK_SOURCES = ['code_snippet', 'contextual', 'agent', 'thumbs_only'] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];
/** A feedback entry's review status, as the public document lists them. */
export const FEEDBACK_STATUSES = ['pending', 'in_progress', 'resolved', 'dismissed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** One entry of the feedback list. There is deliberately no `contact`: see the file comment. */
export interface FeedbackEntry {
  readonly id: string;
  /** The page's path (a URL the service sent is reduced to its path). */
  readonly path: string;
  /** What the reader wrote (untrusted), e-mail addresses and secrets removed; undefined when none. */
  readonly comment?: string;
  /** An ISO 8601 date; left out when the service sent something else. */
  readonly createdAt?: string;
  /** Left out when the service sent a value the document does not list. */
  readonly source?: FeedbackSource;
  readonly status?: FeedbackStatus;
  /** Page-level (contextual) feedback only: did the reader find the page helpful. */
  readonly helpful?: boolean;
  /** Code-snippet feedback only. */
  readonly code?: string;
  readonly filename?: string;
  readonly lang?: string;
}

export interface FeedbackList {
  readonly entries: readonly FeedbackEntry[];
  readonly nextCursor?: string;
  readonly hasMore: boolean;
}

export interface AssistantCallerStats {
  readonly web: number;
  readonly api: number;
  readonly other: number;
  readonly total: number;
}
