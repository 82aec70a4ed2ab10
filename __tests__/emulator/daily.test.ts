/**
 * Date-aware analytics (emulator/daily.js): a scenario's `daily` pages answer views, feedback by
 * page and searches for the days asked about, with a change on a date, so two windows differ; a
 * scenario without `daily` answers as before.
 */
import { afterEach, describe, expect, test } from '@jest/globals';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import { parseScenario } from '../../emulator/scenario.js';

const running: Emulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
});

const DAILY = {
  pages: [
    {
      path: '/guides/webhooks',
      thumbsUp: 3,
      thumbsDown: 2,
      views: 40,
      changeOn: '2026-02-01',
      after: { thumbsUp: 4.5, thumbsDown: 0.5, views: 60 },
      searches: [{ searchQuery: 'webhook retries', hits: 10, ctr: 0.2, afterCtr: 0.6 }],
    },
    { path: '/quickstart', views: 100, thumbsUp: 1 },
    { path: '/new-page', since: '2026-02-10', views: 5 },
  ],
};

async function get(emulator: Emulator, resource: string, query: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${emulator.url}/v1/analytics/proj/${resource}?${query}`, {
    headers: { authorization: `Bearer ${emulator.apiKey}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function start(scenario: unknown): Promise<Emulator> {
  const emulator = await startEmulator({ scenario: parseScenario(scenario) });
  running.push(emulator);
  return emulator;
}

describe('daily analytics', () => {
  test('votes before and after the change: 40 % down for 28 days, then 10 %', async () => {
    const emulator = await start({ daily: DAILY });
    const before = await get(emulator, 'feedback/by-page', 'dateFrom=2026-01-04&dateTo=2026-02-01&limit=100');
    const after = await get(emulator, 'feedback/by-page', 'dateFrom=2026-02-01&dateTo=2026-03-01&limit=100');
    expect(before['feedback']).toEqual([
      { path: '/guides/webhooks', thumbsUp: 84, thumbsDown: 56, code: 0, total: 140 },
      { path: '/quickstart', thumbsUp: 28, thumbsDown: 0, code: 0, total: 28 },
    ]);
    expect((after['feedback'] as unknown[])[0]).toEqual({ path: '/guides/webhooks', thumbsUp: 126, thumbsDown: 14, code: 0, total: 140 });
  });

  test('a window across the change adds each side’s days; views most first, paged; a page counts from `since`', async () => {
    const emulator = await start({ daily: DAILY });
    const week = await get(emulator, 'views', 'dateFrom=2026-01-29&dateTo=2026-02-12&limit=2&offset=0');
    expect(week['views']).toEqual([
      { path: '/quickstart', human: 1400, ai: 0, total: 1400 },
      { path: '/guides/webhooks', human: 3 * 40 + 11 * 60, ai: 0, total: 780 },
    ]);
    expect(week['hasMore']).toBe(true);
    const rest = await get(emulator, 'views', 'dateFrom=2026-01-29&dateTo=2026-02-12&limit=2&offset=2');
    expect(rest['views']).toEqual([{ path: '/new-page', human: 10, ai: 0, total: 10 }]);
    expect(rest['hasMore']).toBe(false);
  });

  test("searches: the page is the term's most clicked result; click-through moves with the change", async () => {
    const emulator = await start({ daily: DAILY });
    const before = await get(emulator, 'searches', 'dateFrom=2026-01-04&dateTo=2026-02-01');
    const after = await get(emulator, 'searches', 'dateFrom=2026-02-01&dateTo=2026-03-01');
    expect(before['searches']).toEqual([
      expect.objectContaining({ searchQuery: 'webhook retries', hits: 280, ctr: 0.2, topClickedPage: '/guides/webhooks' }),
    ]);
    expect(after['searches']).toEqual([expect.objectContaining({ hits: 280, ctr: 0.6 })]);
  });

  test('generated pages (pageCount) fill a site; a scenario without daily keeps its answers', async () => {
    const emulator = await start({ daily: { pageCount: 1000 } });
    const views = await get(emulator, 'views', 'dateFrom=2026-01-04&dateTo=2026-01-11&limit=250&offset=750');
    expect(views['views']).toHaveLength(250);
    expect(views['hasMore']).toBe(false);
    const plain = await start({});
    const answer = await get(plain, 'feedback/by-page', 'dateFrom=2026-01-04&dateTo=2026-02-01&limit=5');
    const other = await get(plain, 'feedback/by-page', 'dateFrom=2025-01-04&dateTo=2025-02-01&limit=5');
    expect(answer).toEqual(other);
  });

  test('the scenario is checked: unknown fields and bad dates are rejected', () => {
    expect(() => parseScenario({ daily: { pages: [{ path: '/a', veiws: 3 }] } })).toThrow(/scenario.daily.pages has an invalid value/);
    expect(() => parseScenario({ daily: { pages: [{ path: '/a', changeOn: '2026-02-30x' }] } })).toThrow(/invalid value/);
    expect(() => parseScenario({ daily: { pageCount: -1 } })).toThrow(/scenario.daily.pageCount has an invalid value/);
    expect(parseScenario({})).not.toHaveProperty('daily');
  });
});
