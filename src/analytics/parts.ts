/** Budget parts, each with its first request reserved: a report with two endpoints, or the compare request, has two. */
import type { ReportName } from './report-names.js';

export const PARTS = {
  visitors: 'visitors',
  previousWindow: 'visitors-previous',
  views: 'views',
  searches: 'searches',
  feedbackByPage: 'feedback-by-page',
  feedbackList: 'feedback-list',
  assistant: 'assistant',
  impactVotes: 'impact-votes',
  impactViews: 'impact-views',
  impactSearches: 'impact-searches',
} as const;

export type Part = (typeof PARTS)[keyof typeof PARTS];

const PARTS_OF: Readonly<Record<ReportName, readonly Part[]>> = {
  visitors: [PARTS.visitors, PARTS.previousWindow],
  views: [PARTS.views],
  searches: [PARTS.searches],
  feedback: [PARTS.feedbackByPage, PARTS.feedbackList],
  assistant: [PARTS.assistant],
  impact: [PARTS.impactVotes, PARTS.impactViews, PARTS.impactSearches],
};

/** The parts of one report; the previous window only with compare. */
export function partsOf(report: ReportName, compare: boolean): readonly Part[] {
  return PARTS_OF[report].filter((part) => compare || part !== PARTS.previousWindow);
}

/** Every part of the chosen reports: the requests a run needs at the least. */
export function reservedParts(reports: Iterable<ReportName>, compare: boolean): Part[] {
  return [...reports].flatMap((report) => partsOf(report, compare));
}
