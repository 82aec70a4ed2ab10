/** The site's index: BM25F words and name-shaped tokens (src/docs-check/docs-index.ts). */
import { describe, expect, test } from '@jest/globals';
import { bm25, buildIndex, documentsWith, PATH_WEIGHT, TITLE_WEIGHT } from '../../../src/docs-check/docs-index.js';
import { page, site } from './fixtures.js';

const index = buildIndex(
  site(
    page('alpha', 'memory memory store', { title: 'Alpha' }),
    page('beta', 'memory cache', { title: 'Beta' }),
    page('gamma', 'cache cache cache queue `memory_store`', { title: 'Gamma' }),
  ),
);

/** BM25 with k1 = 1.2 and b = 0.75, written out. */
function expected(tf: number, df: number, n: number, length: number, average: number): number {
  const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
  return (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * length) / average));
}

describe('bm25', () => {
  test('scores a word by its frequency, its rarity and the length of each document', () => {
    // Text lengths in words: alpha 3, beta 2, gamma 4 + memory_store's three words (memory, store, memory_store) = 7; average 4.
    const scores = bm25(index, new Map([['memory', 1]]));
    expect(scores[0]).toBeCloseTo(expected(2, 3, 3, 3, 4), 10);
    expect(scores[1]).toBeCloseTo(expected(1, 3, 3, 2, 4), 10);
    expect(scores[2]).toBeCloseTo(expected(1, 3, 3, 7, 4), 10);
  });

  test('a word in the title and the path counts their weights', () => {
    const scores = bm25(index, new Map([['alpha', 2]]));
    expect(scores[0]).toBeCloseTo(2 * expected(TITLE_WEIGHT + PATH_WEIGHT, 1, 3, 3, 4), 10);
    expect([scores[1], scores[2]]).toEqual([0, 0]);
  });

  test('a word no document has scores nothing', () => {
    expect([...bm25(index, new Map([['absent', 1]]))]).toEqual([0, 0, 0]);
  });
});

describe('documentsWith', () => {
  test('the documents of a token, marked where it stands in code', () => {
    expect([...documentsWith(index, 'memory')]).toEqual([0 * 2, 1 * 2]);
    expect([...documentsWith(index, 'memory_store')]).toEqual([2 * 2 + 1]);
    expect([...documentsWith(index, 'missing')]).toEqual([]);
  });

  test('a token in prose and in code counts as in code', () => {
    const both = buildIndex(site(page('p', 'Use `max_retries`. The max_retries setting.')));
    expect([...documentsWith(both, 'max_retries')]).toEqual([1]);
  });

  test('a route of the document is a token in code', () => {
    const routed = buildIndex(site(page('users', 'Text.', { routes: [{ method: 'GET', path: '/users/{user_id}' }] })));
    expect([...documentsWith(routed, 'user_id')]).toEqual([1]);
  });
});

describe('buildIndex', () => {
  test('environment-shaped tokens sorted for prefix look-ups, and the words of document names', () => {
    const built = buildIndex(
      site(page('deployment/redis-config', 'Set REDIS_HOST and REDIS_DB, not Redis or X.'), page('integrations/slack', 'Slack')),
    );
    expect(built.envTokens).toEqual(['REDIS_DB', 'REDIS_HOST']);
    expect(built.nameWords.map((words) => [...words])).toEqual([
      ['deployment', 'redis', 'config'],
      ['integration', 'slack'],
    ]);
    expect(built.nameWordCounts.get('slack')).toBe(1);
  });
});
