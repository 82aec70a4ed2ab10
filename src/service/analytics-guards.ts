/**
 * Runtime checks for the analytics payloads beyond the visitors report, in the style of guards.ts:
 * unknown fields are accepted, a missing or malformed field the action relies on is an error
 * naming the report. Reader text loses its e-mail addresses here, and a feedback entry's `contact`
 * (the reader's e-mail address) is never read at all.
 */
import { ResponseShapeError } from '../errors.js';
import { isRecord } from '../is-record.js';
import type {
  AssistantCallerStats,
  FeedbackByPage,
  FeedbackEntry,
  FeedbackList,
  PageFeedback,
  SearchTerm,
  SearchesPage,
  ViewsPage,
} from './analytics-types.js';
import { describe, described, isCount, parseCounts, type Described, type Quote } from './guards.js';
import { withoutEmails } from '../text/emails.js';

function requireObject(body: unknown, what: string): Readonly<Record<string, unknown>> {
  if (!isRecord(body)) throw new ResponseShapeError(`${what}: expected a JSON object, got ${describe(body)}.`);
  return body;
}

function requireArray(value: unknown, what: string, field: string): readonly unknown[] {
  if (!Array.isArray(value)) throw new ResponseShapeError(`${what}: '${field}' is not an array.`);
  return value;
}

function requireBoolean(value: unknown, what: string, field: string): boolean {
  if (typeof value !== 'boolean') throw new ResponseShapeError(`${what}: '${field}' is not a boolean.`);
  return value;
}

/** A cursor is a non-empty string, or null / absent on the last page. */
function optionalCursor(value: unknown, what: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new ResponseShapeError(`${what}: 'nextCursor' is not a string or null.`);
  return value;
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** One count from the service: a non-negative number. */
function count(record: Readonly<Record<string, unknown>>, field: string, what: Described): number {
  const value = record[field];
  if (!isCount(value)) throw new ResponseShapeError(`${described(what)}: '${field}' is not a non-negative number.`);
  return value;
}

export function parseViewsPage(body: unknown, quote: Quote): ViewsPage {
  const what = 'views report';
  const { totals, views, hasMore } = requireObject(body, what);
  const rows = requireArray(views, what, 'views').map((row, index) => {
    if (!isRecord(row) || typeof row['path'] !== 'string') throw new ResponseShapeError(`${what}: entry ${index} has no string 'path'.`);
    const path = row['path'];
    return { path, ...parseCounts(row, () => `${what}: entry ${index} (${quote(path, 80)})`) };
  });
  return { totals: parseCounts(totals, `${what} totals`), views: rows, hasMore: requireBoolean(hasMore, what, 'hasMore') };
}

function parseSearchTerm(value: unknown, index: number): SearchTerm {
  const what = `searches report: entry ${index}`;
  if (!isRecord(value) || typeof value['searchQuery'] !== 'string') throw new ResponseShapeError(`${what} has no string 'searchQuery'.`);
  const hits = count(value, 'hits', what);
  const ctr = count(value, 'ctr', what);
  const topClickedPage = optionalText(value['topClickedPage']);
  const lastSearchedAt = optionalText(value['lastSearchedAt']);
  return {
    searchQuery: withoutEmails(value['searchQuery']),
    hits,
    ctr,
    ...(topClickedPage !== undefined && { topClickedPage }),
    ...(lastSearchedAt !== undefined && { lastSearchedAt }),
  };
}

export function parseSearchesPage(body: unknown): SearchesPage {
  const what = 'searches report';
  const record = requireObject(body, what);
  const totalSearches = count(record, 'totalSearches', what);
  const nextCursor = optionalCursor(record['nextCursor'], what);
  return {
    searches: requireArray(record['searches'], what, 'searches').map(parseSearchTerm),
    totalSearches,
    ...(nextCursor !== undefined && { nextCursor }),
  };
}

function parsePageFeedback(value: unknown, index: number, quote: Quote): PageFeedback {
  const what = `feedback by page: entry ${index}`;
  if (!isRecord(value) || typeof value['path'] !== 'string') throw new ResponseShapeError(`${what} has no string 'path'.`);
  const path = value['path'];
  const where = (): string => `${what} (${quote(path, 80)})`;
  return {
    path,
    thumbsUp: count(value, 'thumbsUp', where),
    thumbsDown: count(value, 'thumbsDown', where),
    code: count(value, 'code', where),
    total: count(value, 'total', where),
  };
}

export function parseFeedbackByPage(body: unknown, quote: Quote): FeedbackByPage {
  const what = 'feedback by page';
  const { feedback, hasMore } = requireObject(body, what);
  return {
    pages: requireArray(feedback, what, 'feedback').map((row, index) => parsePageFeedback(row, index, quote)),
    hasMore: requireBoolean(hasMore, what, 'hasMore'),
  };
}

/** Copies the fields the action uses, one by one: `contact` is not among them, by design. */
function parseFeedbackEntry(value: unknown, index: number): FeedbackEntry {
  const what = `feedback list: entry ${index}`;
  if (!isRecord(value)) throw new ResponseShapeError(`${what} is not an object.`);
  const { id, path, source, helpful } = value;
  if (typeof id !== 'string' || id === '') throw new ResponseShapeError(`${what} has no string 'id'.`);
  if (typeof path !== 'string') throw new ResponseShapeError(`${what} has no string 'path'.`);
  if (typeof source !== 'string' || source === '') throw new ResponseShapeError(`${what} has no string 'source'.`);
  const comment = optionalText(value['comment']);
  const createdAt = optionalText(value['createdAt']);
  const status = optionalText(value['status']);
  const code = optionalText(value['code']);
  const filename = optionalText(value['filename']);
  const lang = optionalText(value['lang']);
  return {
    id,
    path,
    source,
    ...(comment !== undefined && { comment: withoutEmails(comment) }),
    ...(createdAt !== undefined && { createdAt }),
    ...(status !== undefined && { status }),
    ...(typeof helpful === 'boolean' && { helpful }),
    ...(code !== undefined && { code }),
    ...(filename !== undefined && { filename }),
    ...(lang !== undefined && { lang }),
  };
}

export function parseFeedbackList(body: unknown): FeedbackList {
  const what = 'feedback list';
  const record = requireObject(body, what);
  const nextCursor = optionalCursor(record['nextCursor'], what);
  return {
    entries: requireArray(record['feedback'], what, 'feedback').map(parseFeedbackEntry),
    ...(nextCursor !== undefined && { nextCursor }),
    hasMore: requireBoolean(record['hasMore'], what, 'hasMore'),
  };
}

export function parseCallerStats(body: unknown): AssistantCallerStats {
  const what = 'assistant caller stats';
  const record = requireObject(body, what);
  return {
    web: count(record, 'web', what),
    api: count(record, 'api', what),
    other: count(record, 'other', what),
    total: count(record, 'total', what),
  };
}
