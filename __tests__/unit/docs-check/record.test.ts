/**
 * The docs check comment's record of the pages it named (src/docs-check/record.ts): read back as
 * written, whatever the page paths and names hold, and nothing from a body that is not the check's.
 */
import { describe, expect, test } from '@jest/globals';
import { checkRecordLine, DOCS_CHECK_MARKER, recordedPagesOf, type RecordedPage } from '../../../src/docs-check/record.js';

const body = (pages: readonly RecordedPage[]): string => `${DOCS_CHECK_MARKER}\n${checkRecordLine(pages)}\n\n### Docs check`;

describe('the record line', () => {
  test('reads back what it wrote, hostile text included, inside one HTML comment', () => {
    const pages: RecordedPage[] = [
      { page: 'guides/memory', reason: 'fact', names: ['purge_memories'] },
      { page: 'x --> <script>alert(1)</script> -- é', reason: 'likely', names: ['a"b', '\n-->'] },
    ];
    const line = checkRecordLine(pages);
    expect(line).toMatch(/^<!-- mintlify-docs-agent docs-check-pages=[A-Za-z0-9_.%]+ -->$/);
    expect(recordedPagesOf(body(pages))).toEqual(pages);
  });

  test('at most 10 pages and 10 names each', () => {
    const pages = Array.from({ length: 12 }, (_, i): RecordedPage => ({
      page: `p${i}`,
      reason: 'likely',
      names: Array.from({ length: 12 }, (_, j) => `n${j}`),
    }));
    const read = recordedPagesOf(body(pages)) ?? [];
    expect(read.map((page) => page.page)).toEqual(pages.slice(0, 10).map((page) => page.page));
    expect(read[0]?.names).toHaveLength(10);
  });

  test('nothing from a body without the marker first, without the line, or with a line that is not the data', () => {
    const line = checkRecordLine([{ page: 'a', reason: 'fact', names: [] }]);
    expect(recordedPagesOf(`hello\n${DOCS_CHECK_MARKER}\n${line}`)).toBeUndefined();
    expect(recordedPagesOf(`${DOCS_CHECK_MARKER}\n### Docs check`)).toBeUndefined();
    expect(recordedPagesOf(`${DOCS_CHECK_MARKER}\n<!-- mintlify-docs-agent docs-check-pages=%7B -->`)).toBeUndefined();
    const wrong = encodeURIComponent(
      JSON.stringify([
        { page: 'a', reason: 'maybe', names: [] },
        { page: 'b', reason: 'fact', names: [1, 'x'] },
      ]),
    );
    expect(
      recordedPagesOf(
        `${DOCS_CHECK_MARKER}\n<!-- mintlify-docs-agent docs-check-pages=${wrong.replace(/[^A-Za-z0-9_.%]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)} -->`,
      ),
    ).toEqual([{ page: 'b', reason: 'fact', names: ['x'] }]);
  });

  test('a cleared comment records no page', () => {
    expect(recordedPagesOf(body([]))).toEqual([]);
  });
});
