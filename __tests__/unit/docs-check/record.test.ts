/**
 * The docs check comment's record of what it named (src/docs-check/record.ts): read back as written,
 * whatever the page paths, files and names hold, and nothing from a body that is not the check's.
 */
import { describe, expect, test } from '@jest/globals';
import {
  checkRecordLine,
  checkRecordOf,
  DOCS_CHECK_MARKER,
  MAX_RECORD_CHARS,
  type CheckRecord,
  type RecordedPage,
} from '../../../src/docs-check/record.js';

const body = (record: CheckRecord): string => `${DOCS_CHECK_MARKER}\n${checkRecordLine(record)}\n\n### Docs check`;
const only = (pages: RecordedPage[]): CheckRecord => ({ pages, files: [], names: [] });

/** The record line of arbitrary data, encoded as the check encodes it. */
const rawLine = (data: unknown): string =>
  `${DOCS_CHECK_MARKER}\n<!-- mintlify-docs-agent docs-check-pages=${encodeURIComponent(JSON.stringify(data)).replace(
    /[^A-Za-z0-9_.%]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )} -->`;

describe('the record line', () => {
  test('reads back what it wrote, hostile text included, inside one HTML comment', () => {
    const record: CheckRecord = {
      pages: [
        { page: 'guides/memory', reason: 'fact', names: ['purge_memories'] },
        { page: 'x --> <script>alert(1)</script> -- é', reason: 'likely', names: ['a"b', '\n-->'] },
      ],
      files: ['src/memory.py', 'src/--><b>.py'],
      names: [
        { name: 'purge_memories', status: 'removed' },
        { name: 'get_user', status: 'renamed', renamedTo: 'fetch_user' },
      ],
    };
    const line = checkRecordLine(record);
    expect(line).toMatch(/^<!-- mintlify-docs-agent docs-check-pages=[A-Za-z0-9_.%]+ -->$/);
    expect(checkRecordOf(body(record))).toEqual(record);
  });

  test('at most 10 pages with 10 names each, and 30 files and names', () => {
    const pages = Array.from({ length: 12 }, (_, i): RecordedPage => ({
      page: `p${i}`,
      reason: 'likely',
      names: Array.from({ length: 12 }, (_, j) => `n${j}`),
    }));
    const files = Array.from({ length: 40 }, (_, i) => `f${i}`);
    const read = checkRecordOf(body({ pages, files, names: [] }));
    expect(read?.pages.map((page) => page.page)).toEqual(pages.slice(0, 10).map((page) => page.page));
    expect(read?.pages[0]?.names).toHaveLength(10);
    expect(read?.files).toEqual(files.slice(0, 30));
  });

  test('nothing from a body without the marker first, without the line, or with a line that is no record', () => {
    const line = checkRecordLine(only([{ page: 'a', reason: 'fact', names: [] }]));
    expect(checkRecordOf(`hello\n${DOCS_CHECK_MARKER}\n${line}`)).toBeUndefined();
    expect(checkRecordOf(`${DOCS_CHECK_MARKER}\n### Docs check`)).toBeUndefined();
    expect(checkRecordOf(`${DOCS_CHECK_MARKER}\n<!-- mintlify-docs-agent docs-check-pages=%7B -->`)).toBeUndefined();
    expect(checkRecordOf(rawLine([{ page: 'a', reason: 'fact', names: [] }]))).toBeUndefined();
  });

  test('entries of the wrong shape are left out, field by field', () => {
    const data = {
      pages: [{ page: 'a', reason: 'maybe', names: [] }, { page: 'b', reason: 'fact', names: [1, 'x'] }, 'c'],
      files: ['src/a.py', 3],
      names: [
        { name: 'x', status: 'gone' },
        { name: 'y', status: 'added', renamedTo: 4 },
      ],
    };
    expect(checkRecordOf(rawLine(data))).toEqual({
      pages: [{ page: 'b', reason: 'fact', names: ['x'] }],
      files: ['src/a.py'],
      names: [{ name: 'y', status: 'added' }],
    });
  });

  test('long paths and names: fewer files and names until the line fits, the pages always kept', () => {
    const long = (prefix: string, i: number): string => `${prefix}${i}-${'é'.repeat(400)}`;
    const record: CheckRecord = {
      pages: Array.from({ length: 10 }, (_, i) => ({ page: long('page', i), reason: 'likely', names: [long('n', i)] })),
      files: Array.from({ length: 30 }, (_, i) => long('file', i)),
      names: Array.from({ length: 30 }, (_, i) => ({ name: long('name', i), status: 'added' })),
    };
    const line = checkRecordLine(record);
    expect(line.length).toBeLessThanOrEqual(MAX_RECORD_CHARS);
    const read = checkRecordOf(`${DOCS_CHECK_MARKER}\n${line}`);
    expect(read?.pages.map((page) => page.page)).toEqual(record.pages.map((page) => page.page.slice(0, 100)));
    expect(read?.files).toEqual([]);
    // Short paths keep everything.
    const short: CheckRecord = {
      ...record,
      pages: record.pages.map((page) => ({ ...page, page: page.page.slice(0, 6), names: ['x'] })),
      files: ['a.py'],
      names: [],
    };
    expect(checkRecordOf(`${DOCS_CHECK_MARKER}\n${checkRecordLine(short)}`)).toEqual(short);
  });

  test('a cleared comment records no page', () => {
    expect(checkRecordOf(body(only([])))).toEqual(only([]));
  });
});
