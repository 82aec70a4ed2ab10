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

function encoded(text: string): string {
  return Array.from(new TextEncoder().encode(text), (byte) => {
    const char = String.fromCharCode(byte);
    return /^[A-Za-z0-9_.]$/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

export function checkRecordLine(pages: readonly RecordedPage[]): string {
  const kept = pages.slice(0, MAX_RECORDED_PAGES).map((page) => ({
    page: page.page.slice(0, MAX_TEXT_CHARS),
    reason: page.reason,
    names: page.names.slice(0, MAX_RECORDED_NAMES).map((name) => name.slice(0, MAX_TEXT_CHARS)),
  }));
  return `${RECORD_PREFIX}${encoded(JSON.stringify(kept))}${RECORD_SUFFIX}`;
}

function recordedPageOf(value: unknown): RecordedPage | undefined {
  if (!isRecord(value)) return undefined;
  const { page, reason, names } = value;
  if (typeof page !== 'string' || page === '' || (reason !== 'fact' && reason !== 'likely') || !Array.isArray(names)) return undefined;
  const strings = names.filter((name): name is string => typeof name === 'string');
  return { page: page.slice(0, MAX_TEXT_CHARS), reason, names: strings.slice(0, MAX_RECORDED_NAMES) };
}

/** The pages the comment records; undefined when the body carries no readable record. */
export function recordedPagesOf(body: string): RecordedPage[] | undefined {
  if (!body.startsWith(DOCS_CHECK_MARKER)) return undefined;
  const line = RECORD_LINE.exec(body)?.[1];
  if (line === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(decodeURIComponent(line));
  } catch {
    return undefined;
  }
  if (!Array.isArray(data)) return undefined;
  return data.slice(0, MAX_RECORDED_PAGES).flatMap((value) => recordedPageOf(value) ?? []);
}
