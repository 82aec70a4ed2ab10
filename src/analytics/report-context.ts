/** What every report of a run shares: the client, the settings, the request budget, the export and the log. */
import type { AnswerSource } from '../service/answer-text.js';
import type { MintlifyClient } from '../service/client.js';
import type { ReportProgress } from './health-report.js';
import type { AnalyticsSettings } from './settings.js';
import type { Timing } from '../runtime.js';
import type { RequestBudget } from './budget.js';
import type { HealthExport } from './health-export.js';
import { pageFailed } from './messages.js';
import type { PaginationLog } from './paginate.js';

export type AnalyticsClient = Pick<
  MintlifyClient,
  'getVisitors' | 'getViews' | 'getSearches' | 'getFeedbackByPage' | 'getFeedback' | 'getAssistantCallerStats'
> &
  Partial<Pick<MintlifyClient, 'repairs'>>;

export interface ReportContext extends Pick<Timing, 'clock' | 'deadline'> {
  readonly client: AnalyticsClient;
  readonly projectId: string;
  readonly settings: AnalyticsSettings;
  readonly budget: RequestBudget;
  /** The multi-report export, when analytics-file is set. */
  readonly export?: HealthExport;
  readonly log: PaginationLog;
}

/** What the end of a paged report says about how it went (Pagination, PaginationResult). */
interface PagingOutcome {
  readonly requests: number;
  readonly complete: boolean;
  readonly warnings: readonly string[];
  readonly failure?: Error;
}

/** A paged report's warnings; a later page's failure joins them (and the log), saying what was kept. */
export function pagingWarnings(report: string, result: PagingOutcome, kept: string, log: Pick<PaginationLog, 'warning'>): string[] {
  if (result.failure === undefined) return [...result.warnings];
  const message = pageFailed(report, result.requests, kept, result.failure.message);
  log.warning(message);
  return [...result.warnings, message];
}

/** The last fields of a report's key in the export: its cost, whether it is complete, and a failure. */
export function exportTail(result: PagingOutcome, requests = result.requests): Record<string, unknown> {
  return { requests, complete: result.complete, ...(result.failure && { error: result.failure.message }) };
}

/** One warning per field its answers had corrected or left out (a negative or fractional count, a malformed date or enum). */
export function withRepairs<T extends ReportProgress>(
  client: Pick<AnalyticsClient, 'repairs'>,
  source: AnswerSource,
  report: T,
  log: Pick<PaginationLog, 'warning'>,
): T {
  const repairs = client.repairs?.take(source) ?? [];
  if (repairs.length === 0) return report;
  for (const warning of repairs) log.warning(warning);
  return { ...report, warnings: [...report.warnings, ...repairs] };
}
