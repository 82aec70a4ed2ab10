/**
 * One answer at a time, each handed to `onRows` before the next is requested (so the caller can stream it). A well-behaved
 * service costs exactly its pages (ceil(rows / limit)), or fewer when the caller has all it needs. A misbehaving one cannot
 * make the loop run forever: it stops, with a warning, keeping what it has, on an empty page that claims more, a cursor
 * already sent, `hasMore` without a cursor, a page of rows all received already, the spent budget, and at the run's
 * deadline (also when a page's retries run into it). `onRows` can stop it too (the export file is full).
 */
import { DeadlineError, messageOf } from '../errors.js';
import { counted } from '../text/plural.js';
import type { CursorQuery, VisitorsQuery, WindowQuery } from '../service/client.js';
import type { Timing } from '../runtime.js';
import type { RequestBudget } from './budget.js';
import { budgetSpent, pageLine, repeatedRows } from './messages.js';
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
  readonly rowNoun: readonly [string, string];
  /** What identifies a row, e.g. 'a path'. */
  readonly keyNoun: string;
  /** The budget part this paging spends (RequestBudget). */
  readonly part: string;
  readonly first: Query;
  readonly fetch: (query: Query) => Promise<Answer>;
  readonly rowsOf: (answer: Answer) => readonly Row[];
  /** What tells a repeat: the service's own identity, never cleaned text (two rows can read the same once e-mail addresses go). */
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

/** How the loop ended: at the list's end (or with all the caller needs), or early (see warnings, or `failure`). */
interface LoopEnd {
  readonly complete: boolean;
  readonly failure?: Error;
}

type Step<Next> = Next | { readonly end: LoopEnd };

/** One run of the loop: the rows seen, the requests made, and the warnings, each logged once. */
class PageLoop<Query, Answer, Row> {
  readonly warnings: string[] = [];
  requests = 0;
  kept = 0;
  private duplicates = 0;
  private readonly seen = new SeenPaths();
  private readonly paging: Paging<Query, Answer, Row>;

  constructor(private readonly options: PaginateOptions<Query, Answer, Row>) {
    this.paging = options.paging;
  }

  fetch(query: Query): Promise<Answer> {
    this.requests++;
    return this.paging.fetch(query);
  }

  /** Hands the answer's new rows to `onRows`; how many were new, or the end when `onRows` stopped the loop. */
  async handOn(answer: Answer, query: Query): Promise<Step<{ readonly fresh: number }>> {
    const { paging, log } = this.options;
    const rows = paging.rowsOf(answer);
    const fresh = rows.filter((row, index) => this.seen.add(paging.keyOf(row, index, answer)));
    this.duplicates += rows.length - fresh.length;
    log.debug(
      pageLine(paging.request, this.requests, paging.where(query, this.requests), rows.length, fresh.length, paging.detail(answer)),
    );
    const stop = await this.options.onRows(fresh);
    this.kept += stop?.kept ?? fresh.length;
    if (stop) return this.stopped(stop.reason);
    if (this.requests % PROGRESS_EVERY === 0) log.info(`${paging.report}: ${this.rowsText()} after ${counted(this.requests, 'request')}…`);
    return { fresh: fresh.length };
  }

  /** After a page was handed on: the next query, or the end (the list's, the caller's, or a reason to stop). */
  nextQuery(answer: Answer, query: Query, fresh: number): Step<{ readonly query: Query }> {
    const { paging, options } = this;
    const next = paging.next(answer, query);
    if ('end' in next) return { end: { complete: true } };
    if ('stop' in next) return this.stopped(next.stop);
    if (fresh === 0) {
      return this.stopped(`the service repeated ${paging.rowNoun[1]} already received (${paging.where(query, this.requests)})`);
    }
    if (options.enough?.() === true) {
      options.log.debug(`${paging.report}: the rest of the list is not needed; stopped after ${counted(this.requests, 'request')}.`);
      return { end: { complete: true } };
    }
    if (options.clock() >= options.deadline) {
      this.warn(`${paging.report}: the timeout ran out before the last page; ${this.keeping()}.`);
      return { end: { complete: false } };
    }
    if (!options.budget.take(paging.part)) {
      this.warn(`${paging.report}: ${budgetSpent(options.budget.limit)}; ${this.keeping()}.`);
      return { end: { complete: false } };
    }
    return { query: next.query };
  }

  /** Retries that run into the deadline end the report like the deadline check, rows kept; other failures go to the caller. */
  async fetchNext(query: Query): Promise<Step<{ readonly answer: Answer }>> {
    const keeping = this.keeping();
    try {
      return { answer: await this.fetch(query) };
    } catch (error) {
      if (!(error instanceof DeadlineError)) return { end: { complete: false, failure: asError(error) } };
      // Not "the timeout ran out": the service may have asked (Retry-After) to wait longer than was left.
      const reason = error.message.replace(/\.$/, '');
      this.warn(`${this.paging.report}: stopped at ${this.paging.where(query, this.requests)} before the timeout: ${reason}; ${keeping}.`);
      return { end: { complete: false } };
    }
  }

  /** The loop's result; warns once about the rows that repeated an identity already received. */
  result(first: Answer, end: LoopEnd): Pagination<Answer> {
    if (this.duplicates > 0) this.warn(`${this.paging.report}: ${repeatedRows(this.duplicates, this.paging.keyNoun)}`);
    const { kept: rows, requests, warnings } = this;
    return { first, rows, requests, complete: end.complete, warnings, ...(end.failure !== undefined && { failure: end.failure }) };
  }

  private stopped(reason: string): { readonly end: LoopEnd } {
    this.warn(`${this.paging.report}: ${reason}; stopped, ${this.keeping()}.`);
    return { end: { complete: false } };
  }

  private warn(message: string): void {
    this.warnings.push(message);
    this.options.log.warning(message);
  }

  private rowsText(): string {
    return counted(this.kept, ...this.paging.rowNoun);
  }

  private keeping(): string {
    return `keeping the ${this.rowsText()} received in ${counted(this.requests, 'request')}`;
  }
}

function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(messageOf(thrown));
}

export async function paginate<Query, Answer, Row>(options: PaginateOptions<Query, Answer, Row>): Promise<Pagination<Answer>> {
  const { paging, budget } = options;
  if (!budget.take(paging.part)) throw new RangeError(`${paging.report}: no request left for its first page`);
  const loop = new PageLoop(options);
  let query = paging.first;
  let answer: Answer = await loop.fetch(query);
  const first = answer;
  await options.onFirst?.(first);
  for (;;) {
    const handed = await loop.handOn(answer, query);
    if ('end' in handed) return loop.result(first, handed.end);
    const next = loop.nextQuery(answer, query, handed.fresh);
    if ('end' in next) return loop.result(first, next.end);
    query = next.query;
    const fetched = await loop.fetchNext(query);
    if ('end' in fetched) return loop.result(first, fetched.end);
    answer = fetched.answer;
  }
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
