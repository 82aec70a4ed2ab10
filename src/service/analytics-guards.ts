/**
 * Guards of the analytics payloads beyond visitors, as guards.ts. Every string goes through the run's AnswerText; a feedback
 * entry's `contact` (the reader's e-mail address) is never read. Read as leniently as the public OpenAPI document allows:
 * counts have no minimum there (negative read as 0, a fraction rounded, above 2^53 refused), a feedback `path` may be a URL
 * (reduced to its path), a date or enum not of its documented form is left out; each is tallied for one warning per field.
 */
import { createHash } from 'node:crypto';
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
import { FEEDBACK_SOURCES, FEEDBACK_STATUSES } from './analytics-types.js';
import type { AnswerSource, AnswerText } from './answer-text.js';
import { describe, described, parseCounts, refuseHugeCount, type Described } from './guards.js';

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

function count(record: Readonly<Record<string, unknown>>, field: string, what: Described, text: AnswerText, source: AnswerSource): number {
  refuseHugeCount(record, field, what);
  const value = text.repairs.count(source, field, record[field]);
  if (value === undefined) throw new ResponseShapeError(`${described(what)}: '${field}' is not a number.`);
  return value;
}

export function parseViewsPage(body: unknown, text: AnswerText): ViewsPage {
  const what = 'views report';
  const { totals, views, hasMore } = requireObject(body, what);
  const rows = requireArray(views, what, 'views').map((row, index) => {
    if (!isRecord(row) || typeof row['path'] !== 'string') throw new ResponseShapeError(`${what}: entry ${index} has no string 'path'.`);
    const raw = row['path'];
    const counts = parseCounts(row, () => `${what}: entry ${index} (${text.quote(raw, 80)})`, text, 'views');
    return { path: text.service(raw), ...counts };
  });
  return {
    totals: parseCounts(totals, `${what} totals`, text, 'views'),
    views: rows,
    hasMore: requireBoolean(hasMore, what, 'hasMore'),
  };
}

/** ISO 8601, with or without a time and a zone, that is a real day and time. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function isServiceDate(value: string): boolean {
  return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
}

/** An optional field with a documented form: kept when it has it, otherwise left out and tallied. */
function formed<T extends string>(
  value: unknown,
  check: (text: string) => text is T,
  where: { source: AnswerSource; field: string; form: string; noun: readonly [string, string] },
  text: AnswerText,
): T | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && check(value)) return value;
  text.repairs.malformed(where.source, where.field, where.form, where.noun);
  return undefined;
}

const isDate = (value: string): value is string => isServiceDate(value);

/** The service's own identity of a term: a digest of its text as sent, for paging (never shown or kept). */
function termKey(searchQuery: string): string {
  return createHash('sha256').update(searchQuery).digest('base64');
}

function parseSearchTerm(value: unknown, index: number, text: AnswerText): SearchTerm {
  const what = `searches report: entry ${index}`;
  if (!isRecord(value) || typeof value['searchQuery'] !== 'string') throw new ResponseShapeError(`${what} has no string 'searchQuery'.`);
  const hits = count(value, 'hits', what, text, 'searches');
  const ctr = text.repairs.rate('searches', 'ctr', value['ctr']);
  if (ctr === undefined) throw new ResponseShapeError(`${what}: 'ctr' is not a number.`);
  const topClickedPage = optionalText(value['topClickedPage']);
  const noun = ['search term', 'search terms'] as const;
  const lastSearchedAt = formed(
    value['lastSearchedAt'],
    isDate,
    { source: 'searches', field: 'lastSearchedAt', form: 'a date', noun },
    text,
  );
  return {
    searchQuery: text.reader(value['searchQuery']),
    hits,
    ctr,
    ...(topClickedPage !== undefined && { topClickedPage: text.service(topClickedPage) }),
    ...(lastSearchedAt !== undefined && { lastSearchedAt }),
  };
}

export function parseSearchesPage(body: unknown, text: AnswerText): SearchesPage {
  const what = 'searches report';
  const record = requireObject(body, what);
  const totalSearches = count(record, 'totalSearches', what, text, 'searches');
  const nextCursor = optionalCursor(record['nextCursor'], what);
  const rows = requireArray(record['searches'], what, 'searches');
  const searches = rows.map((row, index) => parseSearchTerm(row, index, text));
  return {
    searches,
    // Checked above: every row has a string searchQuery.
    keys: rows.map((row) => termKey(isRecord(row) && typeof row['searchQuery'] === 'string' ? row['searchQuery'] : '')),
    totalSearches,
    ...(nextCursor !== undefined && { nextCursor }),
  };
}

function parsePageFeedback(value: unknown, index: number, text: AnswerText): PageFeedback {
  const what = `feedback by page: entry ${index}`;
  if (!isRecord(value) || typeof value['path'] !== 'string') throw new ResponseShapeError(`${what} has no string 'path'.`);
  const raw = value['path'];
  const where = (): string => `${what} (${text.quote(raw, 80)})`;
  return {
    path: text.service(raw),
    thumbsUp: count(value, 'thumbsUp', where, text, 'feedback'),
    thumbsDown: count(value, 'thumbsDown', where, text, 'feedback'),
    code: count(value, 'code', where, text, 'feedback'),
    total: count(value, 'total', where, text, 'feedback'),
  };
}

export function parseFeedbackByPage(body: unknown, text: AnswerText): FeedbackByPage {
  const what = 'feedback by page';
  const { feedback, hasMore } = requireObject(body, what);
  return {
    pages: requireArray(feedback, what, 'feedback').map((row, index) => parsePageFeedback(row, index, text)),
    hasMore: requireBoolean(hasMore, what, 'hasMore'),
  };
}

/**
 * "The path or URL to the source document", reduced to a path without host, query, `#fragment` or trailing slash, so
 * the entry joins the page that `feedback/by-page` and the traffic reports name.
 */
export function documentPath(path: string): string {
  let result = path.trim();
  if (/^https?:\/\//i.test(result)) {
    try {
      const url = new URL(result);
      result = url.pathname;
      try {
        result = decodeURI(result);
      } catch {
        // A malformed escape stays encoded: the path is still a path.
      }
    } catch {
      // Not a URL after all: kept as the service sent it.
    }
  }
  const hash = result.indexOf('#');
  if (hash !== -1) result = result.slice(0, hash);
  while (result.length > 1 && result.endsWith('/')) result = result.slice(0, -1);
  return result;
}

const ENTRY: readonly [string, string] = ['feedback entry', 'feedback entries'];
const isSource = (value: string): value is (typeof FEEDBACK_SOURCES)[number] => FEEDBACK_SOURCES.some((known) => known === value);
const isStatus = (value: string): value is (typeof FEEDBACK_STATUSES)[number] => FEEDBACK_STATUSES.some((known) => known === value);

/** Copies the fields the action uses, one by one: `contact` is not among them, by design. */
function parseFeedbackEntry(value: unknown, index: number, text: AnswerText): FeedbackEntry {
  const what = `feedback list: entry ${index}`;
  if (!isRecord(value)) throw new ResponseShapeError(`${what} is not an object.`);
  const { id, path, helpful } = value;
  if (typeof id !== 'string' || id === '') throw new ResponseShapeError(`${what} has no string 'id'.`);
  if (typeof path !== 'string') throw new ResponseShapeError(`${what} has no string 'path'.`);
  const enumForm = (values: readonly string[]): string => `one of ${values.join(', ')}`;
  const source = formed(
    value['source'],
    isSource,
    { source: 'feedback', field: 'source', form: enumForm(FEEDBACK_SOURCES), noun: ENTRY },
    text,
  );
  const status = formed(
    value['status'],
    isStatus,
    { source: 'feedback', field: 'status', form: enumForm(FEEDBACK_STATUSES), noun: ENTRY },
    text,
  );
  const createdAt = formed(value['createdAt'], isDate, { source: 'feedback', field: 'createdAt', form: 'a date', noun: ENTRY }, text);
  const comment = optionalText(value['comment']);
  const code = optionalText(value['code']);
  const filename = optionalText(value['filename']);
  const lang = optionalText(value['lang']);
  return {
    id: text.service(id),
    path: text.service(documentPath(path)),
    ...(source !== undefined && { source }),
    ...(comment !== undefined && { comment: text.reader(comment) }),
    ...(createdAt !== undefined && { createdAt }),
    ...(status !== undefined && { status }),
    ...(typeof helpful === 'boolean' && { helpful }),
    ...(code !== undefined && { code: text.service(code) }),
    ...(filename !== undefined && { filename: text.service(filename) }),
    ...(lang !== undefined && { lang: text.service(lang) }),
  };
}

export function parseFeedbackList(body: unknown, text: AnswerText): FeedbackList {
  const what = 'feedback list';
  const record = requireObject(body, what);
  const nextCursor = optionalCursor(record['nextCursor'], what);
  return {
    entries: requireArray(record['feedback'], what, 'feedback').map((row, index) => parseFeedbackEntry(row, index, text)),
    ...(nextCursor !== undefined && { nextCursor }),
    hasMore: requireBoolean(record['hasMore'], what, 'hasMore'),
  };
}

export function parseCallerStats(body: unknown, text: AnswerText): AssistantCallerStats {
  const what = 'assistant caller stats';
  const record = requireObject(body, what);
  return {
    web: count(record, 'web', what, text, 'assistant'),
    api: count(record, 'api', what, text, 'assistant'),
    other: count(record, 'other', what, text, 'assistant'),
    total: count(record, 'total', what, text, 'assistant'),
  };
}
