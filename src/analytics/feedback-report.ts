/**
 * `feedback/by-page` first: one request of at most 100 rows (no paging; `hasMore` is reported, not followed), before the
 * traffic reports, so they know which pages to pick out. Then the feedback list, keeping the newest few comments of each
 * rated-down page: at most 100 × COMMENTS_PER_PAGE entries, whatever the list's length.
 */
import { messageOf } from '../errors.js';
import { counted } from '../text/plural.js';
import type { CursorQuery } from '../service/client.js';
import type { FeedbackByPage, FeedbackEntry, FeedbackList, PageFeedback } from '../service/analytics-types.js';
import { ExportFailure } from './health-export.js';
import type { FeedbackReport, PageComments } from './health-report.js';
import { feedbackDone } from './messages.js';
import { cursorPaging, paginate, type Paging } from './paginate.js';
import { PARTS } from './parts.js';
import { pagingWarnings, type ReportContext } from './report-context.js';
import { windowQuery } from './window.js';

/** The most either feedback endpoint returns per request. */
export const FEEDBACK_PAGE_LIMIT = 100;
/** Comments kept (and shown) per rated-down page: the newest. */
export const COMMENTS_PER_PAGE = 3;

export interface RatedPages {
  readonly pages: readonly PageFeedback[];
  readonly hasMore: boolean;
}

/** Paths with at least one down vote: the pages whose comments and traffic the report wants. */
export function downVotedPaths(rated: RatedPages): Set<string> {
  return new Set(rated.pages.filter((page) => page.thumbsDown > 0).map((page) => page.path));
}

/** A path the service lists twice (or that reads the same once cleaned) is one page, its counts added: no vote twice or lost. */
export function mergeRatedPages(pages: readonly PageFeedback[]): { pages: PageFeedback[]; merged: number } {
  const byPath = new Map<string, PageFeedback>();
  for (const page of pages) {
    const held = byPath.get(page.path);
    byPath.set(
      page.path,
      held === undefined
        ? page
        : {
            path: page.path,
            thumbsUp: held.thumbsUp + page.thumbsUp,
            thumbsDown: held.thumbsDown + page.thumbsDown,
            code: held.code + page.code,
            total: held.total + page.total,
          },
    );
  }
  return { pages: [...byPath.values()], merged: pages.length - byPath.size };
}

export async function fetchRatedPages(context: ReportContext): Promise<RatedPages> {
  const { settings, client, projectId, log } = context;
  if (!context.budget.take(PARTS.feedbackByPage)) throw new RangeError('Feedback report: no request left for feedback by page');
  const answer: FeedbackByPage = await client.getFeedbackByPage(projectId, {
    ...windowQuery(settings.window),
    limit: Math.min(settings.pageSize, FEEDBACK_PAGE_LIMIT),
  });
  const { pages, merged } = mergeRatedPages(answer.pages);
  if (merged > 0) log.debug(`Feedback report: feedback/by-page listed ${counted(merged, 'path')} more than once; their counts were added.`);
  const more = answer.hasMore ? ' (the service has more rated pages; this endpoint returns one page only)' : '';
  log.info(`Feedback report: ${counted(pages.length, 'rated page')} in 1 request${more}.`);
  return { pages, hasMore: answer.hasMore };
}

/** A thumbs-only vote without `helpful` says neither: counted as "no verdict", never taken for a complaint. */
export function hasNoVerdict(entry: FeedbackEntry): boolean {
  return entry.source === 'thumbs_only' && entry.helpful === undefined;
}

/** Newest first; an entry without a date sorts after dated ones, in arrival order. */
function newerFirst(a: FeedbackEntry, b: FeedbackEntry): number {
  const [left, right] = [Date.parse(a.createdAt ?? ''), Date.parse(b.createdAt ?? '')];
  if (Number.isNaN(left) || Number.isNaN(right)) return Number.isNaN(left) ? (Number.isNaN(right) ? 0 : 1) : -1;
  return right - left;
}

/** The newest comments of each watched page, COMMENTS_PER_PAGE at most, from entries streaming by. */
class CommentKeeper {
  private readonly byPath = new Map<string, { comments: FeedbackEntry[]; received: number }>();

  constructor(private readonly paths: ReadonlySet<string>) {}

  /** Only words a reader wrote about a problem: a comment, on an entry not marked helpful and not without a verdict. */
  offer(entry: FeedbackEntry): void {
    if (!this.paths.has(entry.path) || entry.comment === undefined || entry.helpful === true || hasNoVerdict(entry)) return;
    const kept = this.byPath.get(entry.path) ?? { comments: [], received: 0 };
    kept.received++;
    kept.comments.push(entry);
    kept.comments.sort(newerFirst);
    kept.comments.length = Math.min(kept.comments.length, COMMENTS_PER_PAGE);
    this.byPath.set(entry.path, kept);
  }

  result(): ReadonlyMap<string, PageComments> {
    return new Map([...this.byPath].map(([path, kept]) => [path, { path, ...kept }]));
  }
}

interface FeedbackListResult {
  readonly entries: number;
  readonly noVerdict: number;
  readonly complete: boolean;
  readonly warnings: readonly string[];
  /** Why the list is incomplete, when a page failed. */
  readonly error?: string;
}

function feedbackListPaging(context: ReportContext): Paging<CursorQuery, FeedbackList, FeedbackEntry> {
  const { settings, client, projectId } = context;
  return cursorPaging({
    report: 'Feedback report',
    request: 'Feedback list request',
    rowNoun: ['feedback entry', 'feedback entries'],
    keyNoun: 'an entry id',
    part: PARTS.feedbackList,
    window: windowQuery(settings.window),
    pageSize: Math.min(settings.pageSize, FEEDBACK_PAGE_LIMIT),
    fetch: (query) => client.getFeedback(projectId, query),
    rowsOf: (list: FeedbackList) => list.entries,
    keyOf: (entry: FeedbackEntry) => entry.id,
    cursorOf: (list) => list.nextCursor,
    hasMoreOf: (list) => list.hasMore,
  });
}

/** Streams the feedback list past the export and `keeper`; a failure leaves the votes per page standing. */
async function fetchFeedbackList(context: ReportContext, keeper: CommentKeeper): Promise<FeedbackListResult> {
  const { log } = context;
  let noVerdict = 0;
  try {
    const result = await paginate({
      paging: feedbackListPaging(context),
      budget: context.budget,
      onRows: async (rows) => {
        const stop = await context.export?.rows(rows);
        for (const entry of rows.slice(0, stop?.kept ?? rows.length)) {
          if (hasNoVerdict(entry)) noVerdict++;
          keeper.offer(entry);
        }
        return stop;
      },
      clock: context.clock,
      deadline: context.deadline,
      log,
    });
    const warnings = pagingWarnings('Feedback report', result, counted(result.rows, 'feedback entry', 'feedback entries'), log);
    const error = result.failure?.message;
    return { entries: result.rows, noVerdict, complete: result.complete, warnings, ...(error !== undefined && { error }) };
  } catch (thrown) {
    // The votes per page are in; only the comments are missing. The report says so and goes on.
    if (thrown instanceof ExportFailure) throw thrown;
    const error = messageOf(thrown);
    const message = `Feedback report: the comments could not be fetched, so none are shown: ${error}`;
    log.warning(message);
    return { entries: 0, noVerdict, complete: false, warnings: [message], error };
  }
}

export async function fetchFeedbackReport(context: ReportContext, rated: RatedPages): Promise<FeedbackReport> {
  const keeper = new CommentKeeper(downVotedPaths(rated));
  const thumbsUp = rated.pages.reduce((sum, page) => sum + page.thumbsUp, 0);
  const thumbsDown = rated.pages.reduce((sum, page) => sum + page.thumbsDown, 0);
  await context.export?.begin('feedback', { pages: rated.pages, pagesHaveMore: rated.hasMore }, 'entries');
  const { entries, noVerdict, complete, warnings, error } = await fetchFeedbackList(context, keeper);
  const listRequests = context.budget.used(PARTS.feedbackList);
  const requests = 1 + listRequests;
  context.log.info(feedbackDone(entries, listRequests, thumbsUp, thumbsDown, rated.pages.length));
  await context.export?.end('feedback', { requests, complete, ...(error !== undefined && { error }) });
  return {
    pages: rated.pages,
    pagesHaveMore: rated.hasMore,
    thumbsUp,
    thumbsDown,
    entries,
    noVerdict,
    comments: keeper.result(),
    requests,
    complete,
    warnings,
  };
}
