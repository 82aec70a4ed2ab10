/**
 * The pagination loop over the visitors report: `offset += limit` while `hasMore`, one response at
 * a time, each handed to `onRows` before the next is requested (so the caller can stream it).
 *
 * A well-behaved service costs exactly ceil(pages / limit) requests. A misbehaving one cannot make
 * the loop run forever: it stops, with a warning, keeping what it has, on an empty page that claims
 * more, on a page whose paths were all received already (offset ignored, pages repeated), at a hard
 * cap on requests, and at the run's deadline (also when a page's retries run into it). `onRows`
 * can stop it too (the export file is full).
 */
import { DeadlineError } from '../errors.js';
import type { PageVisitors, VisitorCounts, VisitorsPage } from '../service/types.js';
import type { VisitorsQuery } from '../service/client.js';
import { counted } from '../plural.js';
import type { Timing } from '../timing.js';
import { SeenPaths } from './seen-paths.js';

/**
 * 20 times the service's hourly analytics rate limit (100 requests): a report needing more could not
 * finish in one run anyway, and the cap bounds a service that says `hasMore` forever.
 */
export const MAX_PAGE_REQUESTS = 2000;
/** A progress line at info level every this many requests, for long exports. */
export const PROGRESS_EVERY = 20;

export interface PaginationLog {
  debug(message: string): void;
  info(message: string): void;
  warning(message: string): void;
}

/** `deadline`: no new request is started after it. */
export interface PaginateOptions extends Pick<Timing, 'clock' | 'deadline'> {
  readonly getVisitors: (query: VisitorsQuery) => Promise<VisitorsPage>;
  readonly dateFrom?: string;
  readonly dateTo?: string;
  readonly pageSize: number;
  /** Called with the service's totals from the first response, before its rows. */
  readonly onTotals: (totals: VisitorCounts) => Promise<void> | void;
  /** New rows of each response (repeats removed); awaited before the next request. */
  readonly onRows: (rows: readonly PageVisitors[]) => Promise<StopPaging | void> | StopPaging | void;
  readonly maxRequests?: number;
  readonly log: PaginationLog;
}

/** Returned by `onRows` to end the report early: only the first `kept` rows of that response count. */
export interface StopPaging {
  readonly kept: number;
  /** Why, as the middle of a warning: "the export file reached its size limit (…)". */
  readonly reason: string;
}

export interface PaginationResult {
  readonly totals: VisitorCounts;
  /** Distinct pages (rows) received and kept. */
  readonly pages: number;
  /** Report requests made (a retried request counts once). */
  readonly requests: number;
  /** False when a guard stopped the loop before the service said there was no more. */
  readonly complete: boolean;
  readonly warnings: readonly string[];
}

export async function paginateVisitors(options: PaginateOptions): Promise<PaginationResult> {
  const { pageSize, log } = options;
  const maxRequests = options.maxRequests ?? MAX_PAGE_REQUESTS;
  const seen = new SeenPaths();
  const warnings: string[] = [];
  const warn = (message: string): void => {
    warnings.push(message);
    log.warning(message);
  };
  let requests = 0;
  const fetchAt = (offset: number): Promise<VisitorsPage> => {
    requests++;
    return options.getVisitors({
      ...(options.dateFrom !== undefined && { dateFrom: options.dateFrom }),
      ...(options.dateTo !== undefined && { dateTo: options.dateTo }),
      limit: pageSize,
      offset,
    });
  };

  let offset = 0;
  let page = await fetchAt(offset);
  // Every response repeats the totals; the first one's are the report's.
  const totals = page.totals;
  await options.onTotals(totals);
  let duplicates = 0;
  let pages = 0;
  let complete = false;
  for (;;) {
    const fresh = page.visitors.filter((row) => seen.add(row.path));
    duplicates += page.visitors.length - fresh.length;
    log.debug(
      `Visitors request ${requests}: offset ${offset}, ${counted(page.visitors.length, 'row')} (${fresh.length} new), hasMore ${page.hasMore}.`,
    );
    const stop = await options.onRows(fresh);
    pages += stop?.kept ?? fresh.length;
    const kept = `keeping the ${counted(pages, 'page')} received in ${counted(requests, 'request')}`;
    if (stop) {
      warn(`Visitors report: ${stop.reason}; stopped, ${kept}.`);
      break;
    }
    if (requests % PROGRESS_EVERY === 0) log.info(`Visitors report: ${counted(pages, 'page')} after ${counted(requests, 'request')}…`);

    if (!page.hasMore) {
      complete = true;
      break;
    }
    if (page.visitors.length === 0) {
      warn(`Visitors report: the service sent an empty page at offset ${offset} but said there is more; stopped, ${kept}.`);
      break;
    }
    if (fresh.length === 0) {
      warn(`Visitors report: the service repeated pages already received (offset ${offset}); stopped, ${kept}.`);
      break;
    }
    if (requests >= maxRequests) {
      warn(`Visitors report: stopped at the limit of ${counted(maxRequests, 'request')} although the service says there is more; ${kept}.`);
      break;
    }
    if (options.clock() >= options.deadline) {
      warn(`Visitors report: the timeout ran out before the last page; ${kept}.`);
      break;
    }
    offset += pageSize;
    try {
      page = await fetchAt(offset);
    } catch (error) {
      // Retries that run into the deadline end the report like the deadline check above does:
      // the pages received are kept. Any other failure still fails the report.
      if (!(error instanceof DeadlineError)) throw error;
      // Not "the timeout ran out": the service may have asked (Retry-After) to wait longer than was left.
      warn(`Visitors report: stopped at offset ${offset} before the timeout: ${error.message.replace(/\.$/, '')}; ${kept}.`);
      break;
    }
  }
  if (duplicates > 0) {
    const repeated =
      duplicates === 1 ? '1 row repeated a path already received and was' : `${duplicates} rows repeated a path already received and were`;
    warn(`Visitors report: ${repeated} left out.`);
  }
  return { totals, pages, requests, complete, warnings };
}
