/**
 * The pagination loop shared by every paged report: one answer at a time, each handed to `onRows`
 * before the next is requested (so the caller can stream it). How a report pages is a `Paging`:
 * offset paging (`offset += limit` while `hasMore`: visitors, views) or cursor paging (follow
 * `nextCursor`: searches, the feedback list).
 *
 * A well-behaved service costs exactly the pages it has (ceil(rows / limit)), or fewer when the
 * caller already has all it needs. A misbehaving one cannot make the loop run forever: it stops,
 * with a warning, keeping what it has, on an empty page that claims more, on a cursor it already
 * sent, on `hasMore` without a cursor, on a page whose rows were all received already, when the
 * run's request budget is spent, and at the run's deadline (also when a page's retries run into it).
 * `onRows` can stop it too (the export file is full).
 */
import { DeadlineError, messageOf } from '../errors.js';
import { counted } from '../text/plural.js';
import type { CursorQuery, VisitorsQuery, WindowQuery } from '../service/client.js';
import type { Timing } from '../runtime.js';
import type { RequestBudget } from './budget.js';
import { SeenPaths } from './seen-paths.js';

/** A progress line at info level every this many requests, for long exports. */
export const PROGRESS_EVERY = 20;

export interface PaginationLog {
  debug(message: string): void;
  info(message: string): void;
  warning(message: string): void;
}

/** Returned by `onRows` to end the report early: only the first `kept` rows of that answer count. */
export interface StopPaging {
  readonly kept: number;
  /** Why, as the middle of a warning: "the export file reached its size limit (…)". */
  readonly reason: string;
}

/** After an answer: the next query, the end of the list, or a reason to stop early. */
export type NextPage<Query> = { readonly query: Query } | { readonly end: true } | { readonly stop: string };

/** How one report pages. Single use: cursor paging remembers the cursors it has seen. */
export interface Paging<Query, Answer, Row> {
  /** Starts every warning and progress line, e.g. 'Visitors report'. */
  readonly report: string;
  /** Starts every per-request debug line, e.g. 'Visitors request'. */
  readonly request: string;
  /** A row and rows, e.g. ['page', 'pages']. */
  readonly rowNoun: readonly [string, string];
  /** What identifies a row, e.g. 'a path'. */
  readonly keyNoun: string;
  /** The budget part this paging spends (RequestBudget). */
  readonly part: string;
  readonly first: Query;
  readonly fetch: (query: Query) => Promise<Answer>;
  readonly rowsOf: (answer: Answer) => readonly Row[];
  /**
   * The service's own identity of a row, the `index`th of `answer`: what tells a repeat. Never
   * derived from cleaned text (two rows can read the same once e-mail addresses are removed).
   */
  readonly keyOf: (row: Row, index: number, answer: Answer) => string;
  /** Where a query points, for messages, e.g. 'offset 250'; `request` counts from 1. */
  readonly where: (query: Query, request: number) => string;
  /** The answer's paging fields for the debug line, e.g. ', hasMore true'. */
  readonly detail: (answer: Answer) => string;
  readonly next: (answer: Answer, query: Query) => NextPage<Query>;
}

/** `deadline`: no new request is started after it. */
export interface PaginateOptions<Query, Answer, Row> extends Pick<Timing, 'clock' | 'deadline'> {
  readonly paging: Paging<Query, Answer, Row>;
  readonly budget: RequestBudget;
  /** Called with the first answer (totals), before its rows. */
  readonly onFirst?: (answer: Answer) => Promise<void> | void;
  /** New rows of each answer (repeats removed); awaited before the next request. */
  readonly onRows: (rows: readonly Row[]) => Promise<StopPaging | void> | StopPaging | void;
  /** Asked after each answer that has a next page: true when the caller needs no more rows. */
  readonly enough?: () => boolean;
  readonly log: PaginationLog;
}

export interface Pagination<Answer> {
  readonly first: Answer;
  /** Distinct rows received and kept. */
  readonly rows: number;
  /** Requests made (a retried request counts once). */
  readonly requests: number;
  /** False when the loop stopped before the list's end (see warnings, or `failure`). */
  readonly complete: boolean;
  /** Warnings already logged. */
  readonly warnings: readonly string[];
  /** Why a page after the first failed; the rows before it were handed on. The caller reports it. */
  readonly failure?: Error;
}

export async function paginate<Query, Answer, Row>(options: PaginateOptions<Query, Answer, Row>): Promise<Pagination<Answer>> {
  const { paging, budget, log } = options;
  const seen = new SeenPaths();
  const warnings: string[] = [];
  const warn = (message: string): void => {
    warnings.push(message);
    log.warning(message);
  };
  let requests = 0;
  const fetch = (query: Query): Promise<Answer> => {
    requests++;
    return paging.fetch(query);
  };

  let query = paging.first;
  if (!budget.take(paging.part)) throw new RangeError(`${paging.report}: no request left for its first page`);
  let answer = await fetch(query);
  const first = answer;
  await options.onFirst?.(first);
  let duplicates = 0;
  let kept = 0;
  let complete = false;
  let failure: Error | undefined;
  const rowsText = (count: number): string => counted(count, ...paging.rowNoun);
  for (;;) {
    const rows = paging.rowsOf(answer);
    const fresh = rows.filter((row, index) => seen.add(paging.keyOf(row, index, answer)));
    duplicates += rows.length - fresh.length;
    log.debug(
      `${paging.request} ${requests}: ${paging.where(query, requests)}, ${counted(rows.length, 'row')} (${fresh.length} new)${paging.detail(answer)}.`,
    );
    const stop = await options.onRows(fresh);
    kept += stop?.kept ?? fresh.length;
    const keeping = `keeping the ${rowsText(kept)} received in ${counted(requests, 'request')}`;
    if (stop) {
      warn(`${paging.report}: ${stop.reason}; stopped, ${keeping}.`);
      break;
    }
    if (requests % PROGRESS_EVERY === 0) log.info(`${paging.report}: ${rowsText(kept)} after ${counted(requests, 'request')}…`);

    const next = paging.next(answer, query);
    if ('end' in next) {
      complete = true;
      break;
    }
    if ('stop' in next) {
      warn(`${paging.report}: ${next.stop}; stopped, ${keeping}.`);
      break;
    }
    if (fresh.length === 0) {
      warn(
        `${paging.report}: the service repeated ${paging.rowNoun[1]} already received (${paging.where(query, requests)}); stopped, ${keeping}.`,
      );
      break;
    }
    if (options.enough?.() === true) {
      log.debug(`${paging.report}: the rest of the list is not needed; stopped after ${counted(requests, 'request')}.`);
      complete = true;
      break;
    }
    if (options.clock() >= options.deadline) {
      warn(`${paging.report}: the timeout ran out before the last page; ${keeping}.`);
      break;
    }
    if (!budget.take(paging.part)) {
      warn(
        `${paging.report}: stopped at the run's limit of ${counted(budget.limit, 'analytics request')} (analytics-max-requests) although the service says there is more; ${keeping}.`,
      );
      break;
    }
    query = next.query;
    try {
      answer = await fetch(query);
    } catch (error) {
      // Retries that run into the deadline end the report like the deadline check above does:
      // the rows received are kept. Any other failure is handed to the caller, rows kept too.
      if (error instanceof DeadlineError) {
        // Not "the timeout ran out": the service may have asked (Retry-After) to wait longer than was left.
        warn(
          `${paging.report}: stopped at ${paging.where(query, requests)} before the timeout: ${error.message.replace(/\.$/, '')}; ${keeping}.`,
        );
      } else {
        failure = error instanceof Error ? error : new Error(messageOf(error));
      }
      break;
    }
  }
  if (duplicates > 0) {
    const repeated =
      duplicates === 1
        ? `1 row repeated ${paging.keyNoun} already received and was`
        : `${duplicates} rows repeated ${paging.keyNoun} already received and were`;
    warn(`${paging.report}: ${repeated} left out.`);
  }
  return { first, rows: kept, requests, complete, warnings, ...(failure !== undefined && { failure }) };
}

/** What every report's paging names: its messages, its budget part, its rows and their identity. */
type PagingNames<Answer, Row> = Pick<
  Paging<unknown, Answer, Row>,
  'report' | 'request' | 'rowNoun' | 'keyNoun' | 'part' | 'rowsOf' | 'keyOf'
>;

export interface OffsetPagingSpec<Answer, Row> extends PagingNames<Answer, Row> {
  readonly window: WindowQuery;
  readonly pageSize: number;
  readonly fetch: (query: VisitorsQuery) => Promise<Answer>;
  readonly hasMoreOf: (answer: Answer) => boolean;
}

/** `offset += limit` while `hasMore` (visitors, views). */
export function offsetPaging<Answer, Row>(spec: OffsetPagingSpec<Answer, Row>): Paging<VisitorsQuery, Answer, Row> {
  return {
    ...spec,
    first: { ...spec.window, limit: spec.pageSize, offset: 0 },
    where: (query) => `offset ${query.offset}`,
    detail: (answer) => `, hasMore ${spec.hasMoreOf(answer)}`,
    next: (answer, query) => {
      if (!spec.hasMoreOf(answer)) return { end: true };
      if (spec.rowsOf(answer).length === 0)
        return { stop: `the service sent an empty page at offset ${query.offset} but said there is more` };
      return { query: { ...query, offset: query.offset + query.limit } };
    },
  };
}

export interface CursorPagingSpec<Answer, Row> extends PagingNames<Answer, Row> {
  readonly window: WindowQuery;
  readonly pageSize: number;
  readonly fetch: (query: CursorQuery) => Promise<Answer>;
  readonly cursorOf: (answer: Answer) => string | undefined;
  /** For answers that also say `hasMore` (the feedback list); searches have only the cursor. */
  readonly hasMoreOf?: (answer: Answer) => boolean;
}

/** Follow `nextCursor` until there is none (searches, the feedback list). Cursors are opaque and never logged. */
export function cursorPaging<Answer, Row>(spec: CursorPagingSpec<Answer, Row>): Paging<CursorQuery, Answer, Row> {
  const cursors = new Set<string>();
  return {
    ...spec,
    first: { ...spec.window, limit: spec.pageSize },
    where: (_query, request) => `page ${request}`,
    detail: (answer) =>
      `${spec.hasMoreOf === undefined ? '' : `, hasMore ${spec.hasMoreOf(answer)}`}, ${spec.cursorOf(answer) === undefined ? 'no' : 'a'} next cursor`,
    next: (answer, query) => {
      const cursor = spec.cursorOf(answer);
      const hasMore = spec.hasMoreOf?.(answer);
      if (hasMore === false || (cursor === undefined && hasMore === undefined)) return { end: true };
      if (cursor === undefined) return { stop: 'the service said there is more but sent no cursor to it' };
      if (cursors.has(cursor)) return { stop: 'the service sent a cursor it had sent before' };
      if (spec.rowsOf(answer).length === 0) return { stop: 'the service sent an empty page with a cursor to more' };
      cursors.add(cursor);
      return { query: { ...query, cursor } };
    },
  };
}
