/** The analytics part of the job summary and of the report comment. */
import type { AnalyticsShown } from '../analytics/settle.js';
import type { HealthReport } from '../analytics/health-report.js';
import { renderAnalyticsFailure, renderAnalyticsReport } from './analytics-report.js';
import type { SummaryBlock } from './compose.js';
import { renderHealthFailure, renderHealthReport, type HealthRenderOptions } from './health-report.js';

/** The report's blocks: the visitors report alone when it is all that was asked for. */
export function renderReport(report: HealthReport, visitorsOnly: boolean, options: HealthRenderOptions = {}): SummaryBlock[] {
  return visitorsOnly && report.visitors?.ok === true ? renderAnalyticsReport(report.visitors.report) : renderHealthReport(report, options);
}

export function renderAnalytics(shown: AnalyticsShown, visitorsOnly: boolean, options: HealthRenderOptions = {}): SummaryBlock[] {
  if (shown.kind === 'report') return renderReport(shown.report, visitorsOnly, options);
  return [visitorsOnly ? renderAnalyticsFailure(shown.message) : renderHealthFailure(shown.message)];
}
