/**
 * What the docs check's comment records for a later `/docs-agent` command on the pull request: the
 * pages it named and why, in a hidden line after its marker. The line is percent-encoded down to
 * `[A-Za-z0-9_.%]`, so it can neither close the HTML comment nor be mistaken for another marker; it
 * is read back only from the token's own comment, and checked field by field.
 */
import { isRecord } from '../is-record.js';

/** Its own marker, apart from the job comment's (`job=`): the conversation never takes it for a job. */
export const DOCS_CHECK_MARKER = '<!-- mintlify-docs-agent docs-check -->';

const RECORD_PREFIX = '<!-- mintlify-docs-agent docs-check-pages=';
const RECORD_SUFFIX = ' -->';
const RECORD_LINE = /^<!-- mintlify-docs-agent docs-check-pages=([A-Za-z0-9_.%]*) -->$/m;
/** The comment shows 10 pages; the agent gets the same. */
export const MAX_RECORDED_PAGES = 10;
const MAX_RECORDED_NAMES = 10;
const MAX_TEXT_CHARS = 300;

export interface RecordedPage {
  readonly page: string;
  readonly reason: 'fact' | 'likely';
  readonly names: readonly string[];
}

/** A name the change touches, as the check read it from the patches. */
export interface RecordedName {
  readonly name: string;
  readonly status: 'removed' | 'renamed' | 'changed' | 'added';
  readonly renamedTo?: string;
}

/** What a later command's job gets: the pages and why, and the change they were named for. */
export interface CheckRecord {
  readonly pages: readonly RecordedPage[];
  /** The files that counted as code. */
  readonly files: readonly string[];
  readonly names: readonly RecordedName[];
}

const MAX_RECORDED_FILES = 30;
const STATUSES: readonly string[] = ['removed', 'renamed', 'changed', 'added'];
const isStatus = (value: unknown): value is RecordedName['status'] => typeof value === 'string' && STATUSES.includes(value);
const cut = (text: string): string => text.slice(0, MAX_TEXT_CHARS);

function encoded(text: string): string {
  return Array.from(new TextEncoder().encode(text), (byte) => {
    const char = String.fromCharCode(byte);
    return /^[A-Za-z0-9_.]$/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

/** A comment holds at most 65,536 characters: the record keeps well within, however long the paths and names. */
export const MAX_RECORD_CHARS = 16 * 1024;

function lineOf(record: CheckRecord, items: number, pageChars = MAX_TEXT_CHARS): string {
  const kept: CheckRecord = {
    pages: record.pages.slice(0, MAX_RECORDED_PAGES).map((page) => ({
      page: page.page.slice(0, pageChars),
      reason: page.reason,
      names: page.names.slice(0, Math.min(items, MAX_RECORDED_NAMES)).map(cut),
    })),
    files: record.files.slice(0, items).map(cut),
    names: record.names.slice(0, items).map((name) => ({
      name: cut(name.name),
      status: name.status,
      ...(name.renamedTo !== undefined && { renamedTo: cut(name.renamedTo) }),
    })),
  };
  return `${RECORD_PREFIX}${encoded(JSON.stringify(kept))}${RECORD_SUFFIX}`;
}

/** Fewer files and names until it fits; at the last, the pages alone, their paths cut to 100 characters. */
export function checkRecordLine(record: CheckRecord): string {
  for (const items of [MAX_RECORDED_FILES, 10, 3]) {
    const line = lineOf(record, items);
    if (line.length <= MAX_RECORD_CHARS) return line;
  }
  return lineOf(record, 0, 100);
}

const strings = (value: unknown, max: number): string[] =>
  Array.isArray(value)
    ? value
        .filter((item): item is string => typeof item === 'string')
        .slice(0, max)
        .map(cut)
    : [];

function recordedPageOf(value: unknown): RecordedPage | undefined {
  if (!isRecord(value)) return undefined;
  const { page, reason, names } = value;
  if (typeof page !== 'string' || page === '' || (reason !== 'fact' && reason !== 'likely')) return undefined;
  return { page: cut(page), reason, names: strings(names, MAX_RECORDED_NAMES) };
}

function recordedNameOf(value: unknown): RecordedName | undefined {
  if (!isRecord(value)) return undefined;
  const { name, status, renamedTo } = value;
  if (typeof name !== 'string' || name === '' || !isStatus(status)) return undefined;
  return { name: cut(name), status, ...(typeof renamedTo === 'string' && { renamedTo: cut(renamedTo) }) };
}

const listOf = <Item>(value: unknown, max: number, read: (item: unknown) => Item | undefined): Item[] =>
  Array.isArray(value)
    ? Array.from<unknown>(value)
        .slice(0, max)
        .flatMap((item) => read(item) ?? [])
    : [];

/** What the comment records; undefined when the body is not the check's or carries no readable record. */
export function checkRecordOf(body: string): CheckRecord | undefined {
  if (!body.startsWith(DOCS_CHECK_MARKER)) return undefined;
  const line = RECORD_LINE.exec(body)?.[1];
  if (line === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(decodeURIComponent(line));
  } catch {
    return undefined;
  }
  if (!isRecord(data)) return undefined;
  return {
    pages: listOf(data['pages'], MAX_RECORDED_PAGES, recordedPageOf),
    files: strings(data['files'], MAX_RECORDED_FILES),
    names: listOf(data['names'], MAX_RECORDED_FILES, recordedNameOf),
  };
}
