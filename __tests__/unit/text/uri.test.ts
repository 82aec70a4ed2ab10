/** Percent-encoding that never throws (src/text/uri.ts). */
import { expect, test } from '@jest/globals';
import { encodePath, encodeSegment } from '../../../src/text/uri.js';

test('a segment is encoded whole, a lone surrogate as U+FFFD instead of throwing', () => {
  expect(encodeSegment('a/b c#?')).toBe('a%2Fb%20c%23%3F');
  expect(() => encodeURIComponent('x\ud800')).toThrow();
  expect(encodeSegment('x\ud800')).toBe('x%EF%BF%BD');
});

test("a path keeps its '/' and encodes each segment", () => {
  expect(encodePath('guides/a) [x]#?%/page.mdx')).toBe('guides/a)%20%5Bx%5D%23%3F%25/page.mdx');
  expect(encodePath('docs/\udc00.mdx')).toBe('docs/%EF%BF%BD.mdx');
});
