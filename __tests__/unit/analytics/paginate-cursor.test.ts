/**
 * The shared pagination loop with cursor paging (searches, the feedback list) and the run's
 * request budget: exact request counts, the guards against a misbehaving service, stopping when the
 * caller has enough, keeping what was received when a later page fails.
 */
import { describe, expect, test } from '@jest/globals';
import { RequestBudget } from '../../../src/analytics/budget.js';
import { cursorPaging, paginate } from '../../../src/analytics/paginate.js';
import { DeadlineError, ServiceError } from '../../../src/errors.js';
import type { CursorQuery } from '../../../src/service/client.js';

interface Answer {
  readonly rows: readonly string[];
  readonly nextCursor?: string;
  readonly hasMore?: boolean;
}

/** A service over `items`, `pageSize` per page, cursors `c<position>`; `misbehave` can change each answer. */
function service(
  items: readonly string[],
  options: { withHasMore?: boolean; misbehave?: (answer: Answer, request: number) => Answer } = {},
) {
  const queries: CursorQuery[] = [];
  const fetch = async (query: CursorQuery): Promise<Answer> => {
    queries.push(query);
    const start = query.cursor === undefined ? 0 : Number(query.cursor.slice(1));
    const end = Math.min(items.length, start + query.limit);
    const more = end < items.length;
    const answer: Answer = {
      rows: items.slice(start, end),
      ...(more && { nextCursor: `c${end}` }),
      ...(options.withHasMore === true && { hasMore: more }),
    };
    return options.misbehave?.(answer, queries.length) ?? answer;
  };
  return { fetch, queries };
}

const items = (count: number): string[] => Array.from({ length: count }, (_, index) => `term ${index}`);

function run(
  fetch: (query: CursorQuery) => Promise<Answer>,
  extra: { withHasMore?: boolean; budget?: RequestBudget; enough?: () => boolean; deadline?: number; clock?: () => number } = {},
) {
  const received: string[] = [];
  const warnings: string[] = [];
  const done = paginate({
    paging: cursorPaging({
      report: 'Searches report',
      request: 'Searches request',
      rowNoun: ['search term', 'search terms'],
      keyNoun: 'a search term',
      part: 'searches',
      window: { dateFrom: '2026-01-01' },
      pageSize: 10,
      fetch,
      rowsOf: (answer: Answer) => answer.rows,
      keyOf: (row: string) => row,
      cursorOf: (answer) => answer.nextCursor,
      ...(extra.withHasMore === true && { hasMoreOf: (answer: Answer) => answer.hasMore === true }),
    }),
    budget: extra.budget ?? new RequestBudget(100, ['searches']),
    onRows: (rows) => void received.push(...rows),
    ...(extra.enough && { enough: extra.enough }),
    clock: extra.clock ?? (() => 0),
    deadline: extra.deadline ?? 1,
    log: { debug: () => undefined, info: () => undefined, warning: (message) => void warnings.push(message) },
  });
  return { done, received, warnings };
}

describe('a well-behaved service', () => {
  test.each([
    [0, 1],
    [10, 1],
    [11, 2],
    [95, 10],
  ])(
    '%i terms at 10 per page take %i requests; each request carries the window, the limit and the last cursor',
    async (count, expected) => {
      const fake = service(items(count));
      const { done, received } = run(fake.fetch);
      const result = await done;
      expect(result).toMatchObject({ requests: expected, rows: count, complete: true, warnings: [] });
      expect(received).toEqual(items(count));
      expect(fake.queries[0]).toEqual({ dateFrom: '2026-01-01', limit: 10 });
      expect(fake.queries.slice(1).map((query) => query.cursor)).toEqual(
        Array.from({ length: expected - 1 }, (_, index) => `c${(index + 1) * 10}`),
      );
      expect(fake.queries.every((query) => query.dateFrom === '2026-01-01' && query.limit === 10)).toBe(true);
    },
  );

  test('with hasMore, a false hasMore ends the list even when a cursor comes along', async () => {
    const fake = service(items(30), { withHasMore: true, misbehave: (answer) => ({ ...answer, hasMore: false, nextCursor: 'c10' }) });
    const result = await run(fake.fetch, { withHasMore: true }).done;
    expect(result).toMatchObject({ requests: 1, complete: true });
  });

  test('enough(): no further page once the caller has what it needs', async () => {
    const fake = service(items(95));
    const { done, received } = run(fake.fetch, { enough: () => received.length >= 25 });
    const result = await done;
    expect(result).toMatchObject({ requests: 3, complete: true, warnings: [] });
  });
});

describe('a misbehaving service is stopped, keeping what it sent', () => {
  test('a cursor that repeats', async () => {
    const fake = service(items(100), { misbehave: (answer) => ({ ...answer, nextCursor: 'c10' }) });
    const { done, received } = run(fake.fetch);
    const result = await done;
    expect(fake.queries).toHaveLength(2);
    expect(received).toEqual(items(20));
    expect(result.complete).toBe(false);
    expect(result.warnings).toEqual([
      'Searches report: the service sent a cursor it had sent before; stopped, keeping the 20 search terms received in 2 requests.',
    ]);
  });

  test('hasMore with no cursor', async () => {
    const fake = service(items(100), {
      withHasMore: true,
      misbehave: ({ nextCursor: _dropped, ...answer }) => ({ ...answer, hasMore: true }),
    });
    const result = await run(fake.fetch, { withHasMore: true }).done;
    expect(result).toMatchObject({ requests: 1, rows: 10, complete: false });
    expect(result.warnings.join('\n')).toContain('said there is more but sent no cursor to it');
  });

  test('an empty page with a cursor to more', async () => {
    const fake = service(items(100), { misbehave: (answer, request) => (request === 2 ? { rows: [], nextCursor: 'c99' } : answer) });
    const result = await run(fake.fetch).done;
    expect(result).toMatchObject({ requests: 2, rows: 10, complete: false });
    expect(result.warnings.join('\n')).toContain('empty page with a cursor to more');
  });

  test('fresh cursors over the same rows: stopped at the first page of repeats, each repeat counted', async () => {
    const fake = service(items(100), { misbehave: (answer, request) => ({ rows: items(10), nextCursor: `c${request * 10}` }) });
    const result = await run(fake.fetch).done;
    expect(result).toMatchObject({ requests: 2, rows: 10, complete: false });
    expect(result.warnings).toEqual([
      'Searches report: the service repeated search terms already received (page 2); stopped, keeping the 10 search terms received in 2 requests.',
      'Searches report: 10 rows repeated a search term already received and were left out.',
    ]);
  });
});

describe('budget, deadline and failures', () => {
  test('the budget stops paging; a reserved first request is there for every part', async () => {
    const budget = new RequestBudget(4, ['searches', 'feedback-list', 'assistant']);
    const fake = service(items(100));
    const result = await run(fake.fetch, { budget }).done;
    // 4 requests, 2 of them reserved for the parts that have not run yet.
    expect(result).toMatchObject({ requests: 2, rows: 20, complete: false });
    expect(result.warnings.join('\n')).toContain("stopped at the run's limit of 4 analytics requests (analytics-max-requests)");
    expect([budget.take('feedback-list'), budget.take('assistant'), budget.take('assistant')]).toEqual([true, true, false]);
    expect([budget.used('searches'), budget.used('feedback-list'), budget.total, budget.remaining]).toEqual([2, 1, 4, 0]);
  });

  test('a budget smaller than its reservations is a programming error', () => {
    expect(() => new RequestBudget(1, ['a', 'b'])).toThrow(RangeError);
  });

  test('no page starts after the deadline', async () => {
    let now = 0;
    const fake = service(items(100));
    const result = await run(
      async (query) => {
        now += 60_000;
        return fake.fetch(query);
      },
      { clock: () => now, deadline: 100_000 },
    ).done;
    expect(result).toMatchObject({ requests: 2, complete: false });
    expect(result.warnings.join('\n')).toContain('the timeout ran out before the last page');
  });

  test('a later page that fails hands the failure back with the rows received; a first page that fails rejects', async () => {
    const limited = new ServiceError('searches report: HTTP 429 after 6 attempts: slow down', 429);
    const fake = service(items(100));
    const { done, received } = run(async (query) => {
      if (query.cursor === 'c20') throw limited;
      return fake.fetch(query);
    });
    const result = await done;
    expect(result).toMatchObject({ requests: 3, rows: 20, complete: false, failure: limited });
    expect(received).toHaveLength(20);

    await expect(run(() => Promise.reject(limited)).done).rejects.toBe(limited);
  });

  test('a later page whose retries run into the deadline keeps the rows with a warning, no failure', async () => {
    const fake = service(items(100));
    const result = await run(async (query) => {
      if (query.cursor !== undefined) throw new DeadlineError('searches report: HTTP 503; the next retry would pass the timeout.');
      return fake.fetch(query);
    }).done;
    expect(result.failure).toBeUndefined();
    expect(result.warnings.join('\n')).toContain(
      'Searches report: stopped at page 2 before the timeout: searches report: HTTP 503; the next retry would pass the timeout; keeping the 10 search terms received in 1 request.',
    );
  });
});
