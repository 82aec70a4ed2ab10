/** Offset paging over `GET …/visitors`, rows identified by path; the totals are the first answer's (every answer repeats them). */
import type { VisitorsQuery } from '../service/client.js';
import type { PageVisitors, VisitorCounts, VisitorsPage } from '../service/types.js';
import type { Timing } from '../runtime.js';
import { MAX_ANALYTICS_REQUESTS, RequestBudget } from './budget.js';
import { PARTS } from './parts.js';
import { offsetPaging, paginate, type PaginationLog, type StopPaging } from './paginate.js';

export interface PaginateVisitorsOptions extends Pick<Timing, 'clock' | 'deadline'> {
  readonly getVisitors: (query: VisitorsQuery) => Promise<VisitorsPage>;
  readonly dateFrom?: string;
  readonly dateTo?: string;
  readonly pageSize: number;
  /** Called with the service's totals from the first response, before its rows. */
  readonly onTotals: (totals: VisitorCounts) => Promise<void> | void;
  /** New rows of each response (repeats removed); awaited before the next request. It may stop the report (StopPaging). */
  readonly onRows: (rows: readonly PageVisitors[]) => Promise<StopPaging | void> | StopPaging | void;
  /** The run's shared budget; alone, the visitors report may use up to MAX_ANALYTICS_REQUESTS. */
  readonly budget?: RequestBudget;
  /** Keep the pages received when a later page fails (the failure is returned), instead of rejecting. */
  readonly keepOnFailure?: boolean;
  readonly log: PaginationLog;
}

export interface PaginationResult {
  readonly totals: VisitorCounts;
  /** Distinct pages (rows) received and kept. */
  readonly pages: number;
  /** Report requests made (a retried request counts once). */
  readonly requests: number;
  /** False when a guard, the budget, the deadline or a failure stopped the loop before the service said there was no more. */
  readonly complete: boolean;
  readonly warnings: readonly string[];
  /** With keepOnFailure: why a later page failed. */
  readonly failure?: Error;
}

export async function paginateVisitors(options: PaginateVisitorsOptions): Promise<PaginationResult> {
  const window = {
    ...(options.dateFrom !== undefined && { dateFrom: options.dateFrom }),
    ...(options.dateTo !== undefined && { dateTo: options.dateTo }),
  };
  const result = await paginate({
    paging: offsetPaging({
      report: 'Visitors report',
      request: 'Visitors request',
      rowNoun: ['page', 'pages'],
      keyNoun: 'a path',
      part: PARTS.visitors,
      window,
      pageSize: options.pageSize,
      fetch: options.getVisitors,
      rowsOf: (page: VisitorsPage) => page.visitors,
      keyOf: (row: PageVisitors) => row.path,
      hasMoreOf: (page) => page.hasMore,
    }),
    budget: options.budget ?? new RequestBudget(MAX_ANALYTICS_REQUESTS, [PARTS.visitors]),
    onFirst: (page) => options.onTotals(page.totals),
    onRows: options.onRows,
    clock: options.clock,
    deadline: options.deadline,
    log: options.log,
  });
  if (result.failure !== undefined && options.keepOnFailure !== true) throw result.failure;
  const { first, rows, ...rest } = result;
  return { totals: first.totals, pages: rows, ...rest };
}
