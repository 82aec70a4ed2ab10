/** Text in UTF-8 bytes: the one bound of a prompt's sections, and whole items fitted into a budget. */
import { describe, expect, test } from '@jest/globals';
import { byteLength, fitWhole, linesBytes, SECTION_BYTES } from '../../../src/text/byte-budget.js';
import { MAX_CHANGE_BYTES } from '../../../src/change/section.js';
import { MAX_EVIDENCE_BYTES } from '../../../src/evidence/limits.js';
import { MAX_REVIEW_BYTES } from '../../../src/conversation/review.js';

test('the change section, the analytics evidence and a review follow-up share one bound of 16 KiB', () => {
  expect(SECTION_BYTES).toBe(16_384);
  expect([MAX_CHANGE_BYTES, MAX_EVIDENCE_BYTES, MAX_REVIEW_BYTES]).toEqual([SECTION_BYTES, SECTION_BYTES, SECTION_BYTES]);
});

test('bytes, not characters: each line counted with its line break', () => {
  expect(byteLength('é€😀')).toBe(2 + 3 + 4);
  expect(linesBytes(['ab', 'é'])).toBe(3 + 3);
  expect(linesBytes([])).toBe(0);
});

describe('fitting whole items', () => {
  const size = (item: string): number => item.length;

  test('takes the leading items while they fit, exactly up to the budget', () => {
    expect(fitWhole(['aaa', 'bb', 'c'], 5, size)).toEqual({ taken: ['aaa', 'bb'], used: 5 });
    expect(fitWhole(['aaa', 'bb', 'c'], 4, size)).toEqual({ taken: ['aaa'], used: 3 });
  });

  test('stops at the first item that does not fit, so a smaller one after it does not jump the order', () => {
    expect(fitWhole(['aa', 'bbbb', 'c'], 4, size)).toEqual({ taken: ['aa'], used: 2 });
  });

  test('nothing fits a budget below the first item, or a negative one', () => {
    expect(fitWhole(['aaa'], 2, size)).toEqual({ taken: [], used: 0 });
    expect(fitWhole(['a'], -1, size)).toEqual({ taken: [], used: 0 });
  });

  test('the reserve after an item keeps room free for what follows it', () => {
    // After item 0, 2 bytes stay free; after the last, none.
    const reserve = (index: number): number => (index < 2 ? 2 : 0);
    expect(fitWhole(['aa', 'bb', 'cc'], 5, size, reserve)).toEqual({ taken: ['aa'], used: 2 });
    expect(fitWhole(['aa', 'bb', 'cc'], 6, size, reserve)).toEqual({ taken: ['aa', 'bb', 'cc'], used: 6 });
  });
});
