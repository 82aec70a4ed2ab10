import { describe, expect, test } from '@jest/globals';
import { TopPages, compareByTotal } from '../../../src/analytics/top-pages.js';
import type { PageVisitors } from '../../../src/service/types.js';

/** Deterministic pseudo-random sequence (LCG), so a failure is reproducible. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function page(path: string, total: number): PageVisitors {
  return { path, human: total, ai: 0, total };
}

describe('TopPages', () => {
  test.each([1, 3, 10, 250])('keeps exactly the top %i of 5,000 shuffled pages, in report order', (capacity) => {
    const random = sequence(capacity);
    // Few distinct totals, so ties by path are exercised heavily.
    const all = Array.from({ length: 5000 }, (_, index) => page(`/p/${index}`, Math.floor(random() * 50)));
    const top = new TopPages(capacity);
    for (const entry of all) {
      top.offer(entry);
      expect(top.size).toBeLessThanOrEqual(capacity);
    }
    expect(top.sorted()).toEqual([...all].sort(compareByTotal).slice(0, capacity));
  });

  test('ties on total are broken by path ascending, by code unit (not locale)', () => {
    const top = new TopPages(3);
    for (const path of ['/b', '/a', '/B', '/c']) top.offer(page(path, 5));
    expect(top.sorted().map((entry) => entry.path)).toEqual(['/B', '/a', '/b']);
  });

  test('fewer pages than capacity: all kept, sorted by total descending', () => {
    const top = new TopPages(10);
    [page('/x', 1), page('/y', 30), page('/z', 7)].forEach((entry) => top.offer(entry));
    expect(top.sorted().map((entry) => entry.total)).toEqual([30, 7, 1]);
  });

  test('a page ranking below the kept ones is not taken in', () => {
    const top = new TopPages(2);
    [page('/a', 10), page('/b', 9), page('/c', 1), page('/c2', 9)].forEach((entry) => top.offer(entry));
    expect(top.sorted().map((entry) => entry.path)).toEqual(['/a', '/b']);
  });

  test('rejects a capacity below 1', () => {
    expect(() => new TopPages(0)).toThrow(RangeError);
  });
});
