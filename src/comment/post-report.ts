/**
 * report-issue: the report rendered smaller than the summary (GitHub caps comments at 65,536
 * characters). Never throws: the report itself is already in the summary and outputs.
 */
import type { RepositoryHandle } from '../github/repository.js';
import type { HealthReport } from '../analytics/health-report.js';
import type { AnalyticsSettings } from '../analytics/settings.js';
import type { ReportIssueSettings } from './settings.js';
import { renderReport } from '../summary/analytics.js';
import { composeSummary } from '../summary/compose.js';
import { MAX_REPORT_COMMENT_BYTES, reportMarker } from './report-body.js';
import { publishReportComment, reportCommentsApi } from './report-publisher.js';

export interface PostReportOptions {
  readonly issue: ReportIssueSettings;
  readonly analytics: AnalyticsSettings;
  readonly projectId: string;
  readonly report: HealthReport;
  readonly visitorsOnly: boolean;
  readonly evidenceBytes?: number;
  readonly runUrl: string | undefined;
  readonly github: RepositoryHandle;
}

export async function postReportComment(options: PostReportOptions): Promise<string | undefined> {
  const { report, analytics } = options;
  const blocks = renderReport(report, options.visitorsOnly, {
    ...(options.evidenceBytes !== undefined && { evidenceBytes: options.evidenceBytes }),
  });
  const markdown = composeSummary(
    blocks,
    MAX_REPORT_COMMENT_BYTES,
    'The report was trimmed to fit in an issue comment (GitHub takes at most 65,536 characters)',
  );
  const comments = reportCommentsApi(options.github, options.issue.number);
  if (comments === undefined) return undefined;
  return publishReportComment(
    {
      token: options.issue.token,
      issue: options.issue.number,
      marker: reportMarker(options.projectId, analytics.window.from?.text, analytics.window.to?.text),
      report: markdown,
      runUrl: options.runUrl,
    },
    comments,
  );
}

export class ReportComment {
  constructor(private readonly target: Omit<PostReportOptions, 'report' | 'visitorsOnly' | 'evidenceBytes'>) {}

  /** The comment's URL, or undefined when it could not be written (after a warning). */
  post(report: HealthReport, visitorsOnly: boolean, evidenceBytes: number | undefined): Promise<string | undefined> {
    return postReportComment({ ...this.target, report, visitorsOnly, ...(evidenceBytes !== undefined && { evidenceBytes }) });
  }
}
