/**
 * The analytics endpoints beyond visitors: the client's requests (path, query) over MockAgent, and
 * the runtime guards of their answers, including the privacy rules: a feedback entry's `contact`
 * is never copied, and e-mail addresses in reader text are removed on arrival.
 */
import { describe, expect, test } from '@jest/globals';
import { ResponseShapeError } from '../../../src/errors.js';
import {
  parseCallerStats,
  parseFeedbackByPage,
  parseFeedbackList,
  parseSearchesPage,
  parseViewsPage,
} from '../../../src/service/analytics-guards.js';
import { MintlifyClient } from '../../../src/service/client.js';
import { parseVisitorsPage } from '../../../src/service/guards.js';
import { answerText, type AnswerText } from '../../../src/service/answer-text.js';
import { EMAIL_PLACEHOLDER, withoutEmails } from '../../../src/text/emails.js';
import { ORIGIN, testClientOptions, useMockAgent } from '../../helpers/mock-client.js';
import { thrownBy } from '../../helpers/thrown.js';

const agent = useMockAgent();

/** As the client reads an answer's text, without secrets of its own: key-shaped text removed. */
const QUOTE: AnswerText = answerText([]);

function client(): MintlifyClient {
  return new MintlifyClient(
    testClientOptions({ agent: agent(), apiKey: 'mint_unit_key', clock: () => 0, sleep: async () => {}, warnings: [] }),
  );
}

const SEARCH = {
  searchQuery: 'rate limit',
  hits: 40,
  ctr: 0.25,
  topClickedPage: '/api-reference/rate-limits',
  lastSearchedAt: '2026-01-02T03:04:05Z',
};

describe('requests', () => {
  test.each([
    [
      'views',
      (c: MintlifyClient) => c.getViews('p/1', { dateFrom: '2026-01-01', dateTo: '2026-01-08', limit: 250, offset: 250 }),
      '/v1/analytics/p%2F1/views?dateFrom=2026-01-01&dateTo=2026-01-08&limit=250&offset=250',
      { totals: { human: 1, ai: 1, total: 2 }, views: [], hasMore: false },
    ],
    [
      'searches, first page',
      (c: MintlifyClient) => c.getSearches('p/1', { dateFrom: '2026-01-01', limit: 100 }),
      '/v1/analytics/p%2F1/searches?dateFrom=2026-01-01&limit=100',
      { searches: [], totalSearches: 0, nextCursor: null },
    ],
    [
      'searches, next page',
      (c: MintlifyClient) => c.getSearches('p/1', { limit: 100, cursor: 'a+b/c=' }),
      '/v1/analytics/p%2F1/searches?limit=100&cursor=a%2Bb%2Fc%3D',
      { searches: [], totalSearches: 0, nextCursor: null },
    ],
    [
      'feedback by page',
      (c: MintlifyClient) => c.getFeedbackByPage('p/1', { dateTo: '2026-01-08', limit: 100 }),
      '/v1/analytics/p%2F1/feedback/by-page?dateTo=2026-01-08&limit=100',
      { feedback: [], hasMore: false },
    ],
    [
      'feedback list',
      (c: MintlifyClient) => c.getFeedback('p/1', { limit: 100, cursor: 'xyz' }),
      '/v1/analytics/p%2F1/feedback?limit=100&cursor=xyz',
      { feedback: [], nextCursor: null, hasMore: false },
    ],
    [
      'assistant caller stats without a window',
      (c: MintlifyClient) => c.getAssistantCallerStats('p/1', {}),
      '/v1/analytics/p%2F1/assistant/caller-stats',
      { web: 1, api: 2, other: 3, total: 6 },
    ],
  ])('%s', async (_name, send, path, answer) => {
    agent().get(ORIGIN).intercept({ path, method: 'GET' }).reply(200, answer);
    await expect(send(client())).resolves.toBeDefined();
  });
});

describe('views', () => {
  test('totals and rows as sent', () => {
    const body = { totals: { human: 9, ai: 4, total: 13 }, views: [{ path: '/a', human: 5, ai: 1, total: 6, extra: true }], hasMore: true };
    expect(parseViewsPage(body, QUOTE)).toEqual({
      totals: { human: 9, ai: 4, total: 13 },
      views: [{ path: '/a', human: 5, ai: 1, total: 6 }],
      hasMore: true,
    });
  });

  test.each([
    [[], 'expected a JSON object, got an array'],
    [{ totals: { human: 1, ai: 1, total: 1 }, views: {}, hasMore: false }, "'views' is not an array"],
    [{ totals: { human: 1, ai: 1, total: 1 }, views: [], hasMore: 'no' }, "'hasMore' is not a boolean"],
    [{ totals: { human: 'x', ai: 1, total: 1 }, views: [], hasMore: false }, 'views report totals'],
    [{ totals: { human: 1, ai: 1, total: 1 }, views: [{ human: 1 }], hasMore: false }, "entry 0 has no string 'path'"],
  ])('%j is rejected: %s', (body, message) => {
    expect(() => parseViewsPage(body, QUOTE)).toThrow(ResponseShapeError);
    expect(() => parseViewsPage(body, QUOTE)).toThrow(message);
  });
});

test('a path quoted in a shape error loses anything shaped like a key', () => {
  const body = {
    totals: { human: 1, ai: 1, total: 1 },
    views: [{ path: '/mint_abcdef1234567890', human: 'many', ai: 0, total: 0 }],
    hasMore: false,
  };
  expect(() => parseViewsPage(body, QUOTE)).toThrow('views report: entry 0 (/[redacted])');
  const rated = { feedback: [{ path: '/x/ghp_0123456789abcdefghijklmnopqrstuvwxyz', thumbsUp: 'many' }], hasMore: false };
  expect(() => parseFeedbackByPage(rated, QUOTE)).toThrow('(/x/[redacted])');
});

describe('searches', () => {
  test('a null topClickedPage and a null nextCursor become absent', () => {
    const unclicked = { ...SEARCH, searchQuery: 'terraform', ctr: 0, topClickedPage: null };
    expect(parseSearchesPage({ searches: [SEARCH, unclicked], totalSearches: 99, nextCursor: null }, QUOTE)).toEqual({
      searches: [SEARCH, { searchQuery: 'terraform', hits: 40, ctr: 0, lastSearchedAt: SEARCH.lastSearchedAt }],
      keys: [expect.any(String), expect.any(String)],
      totalSearches: 99,
    });
    expect(parseSearchesPage({ searches: [], totalSearches: 0, nextCursor: 'c2' }, QUOTE).nextCursor).toBe('c2');
  });

  test('e-mail addresses in search terms are removed', () => {
    const page = parseSearchesPage(
      {
        searches: [{ ...SEARCH, searchQuery: 'invite bob.smith+docs@corp.example.com' }],
        totalSearches: 1,
        nextCursor: null,
      },
      QUOTE,
    );
    expect(page.searches[0]?.searchQuery).toBe(`invite ${EMAIL_PLACEHOLDER}`);
  });

  test.each([
    [{ searches: [], nextCursor: null }, "'totalSearches' is not a number"],
    [{ searches: [], totalSearches: 1, nextCursor: 7 }, "'nextCursor' is not a string or null"],
    [{ searches: [], totalSearches: 1, nextCursor: '' }, "'nextCursor' is not a string or null"],
    [{ searches: [{ ...SEARCH, hits: '3' }], totalSearches: 1, nextCursor: null }, "entry 0: 'hits'"],
    [{ searches: [{ ...SEARCH, ctr: Number.NaN }], totalSearches: 1, nextCursor: null }, "entry 0: 'ctr'"],
    [{ searches: [{ hits: 1 }], totalSearches: 1, nextCursor: null }, "entry 0 has no string 'searchQuery'"],
  ])('%j is rejected: %s', (body, message) => {
    expect(() => parseSearchesPage(body, QUOTE)).toThrow(message);
  });
});

describe('feedback', () => {
  test('by page: counts per path and hasMore', () => {
    const row = { path: '/a', thumbsUp: 1, thumbsDown: 7, code: 2, total: 10 };
    expect(parseFeedbackByPage({ feedback: [row], hasMore: true }, QUOTE)).toEqual({ pages: [row], hasMore: true });
    expect(() => parseFeedbackByPage({ feedback: [{ ...row, thumbsDown: null }], hasMore: false }, QUOTE)).toThrow("(/a): 'thumbsDown'");
    expect(() => parseFeedbackByPage({ feedback: [row] }, QUOTE)).toThrow("'hasMore' is not a boolean");
  });

  test("the list keeps what the report uses and never the reader's contact address", () => {
    const contextual = {
      id: 'f1',
      path: '/auth',
      comment: 'Broken example; write to me at jane.doe@example.org or call',
      createdAt: '2026-01-03T10:00:00Z',
      source: 'contextual',
      status: 'pending',
      helpful: false,
      contact: 'jane.doe@example.org',
    };
    const snippet = {
      id: 'f2',
      path: '/sdk',
      comment: null,
      createdAt: null,
      source: 'code_snippet',
      status: 'resolved',
      code: 'x()',
      filename: null,
      lang: 'ts',
    };
    const list = parseFeedbackList({ feedback: [contextual, snippet], nextCursor: 'n1', hasMore: true }, QUOTE);
    expect(list).toEqual({
      entries: [
        {
          id: 'f1',
          path: '/auth',
          comment: `Broken example; write to me at ${EMAIL_PLACEHOLDER} or call`,
          createdAt: '2026-01-03T10:00:00Z',
          source: 'contextual',
          status: 'pending',
          helpful: false,
        },
        { id: 'f2', path: '/sdk', source: 'code_snippet', status: 'resolved', code: 'x()', lang: 'ts' },
      ],
      nextCursor: 'n1',
      hasMore: true,
    });
    expect(JSON.stringify(list)).not.toContain('jane.doe');
    expect(JSON.stringify(list)).not.toContain('contact');
  });

  test.each([
    [{ feedback: [{ path: '/a', source: 'agent' }], nextCursor: null, hasMore: false }, "entry 0 has no string 'id'"],
    [{ feedback: [{ id: 'x', source: 'agent' }], nextCursor: null, hasMore: false }, "entry 0 has no string 'path'"],
    [{ feedback: [7], nextCursor: null, hasMore: false }, 'entry 0 is not an object'],
    [{ feedback: [], nextCursor: null }, "'hasMore' is not a boolean"],
    [{ feedback: 'none', nextCursor: null, hasMore: false }, "'feedback' is not an array"],
  ])('%j is rejected: %s', (body, message) => {
    expect(() => parseFeedbackList(body, QUOTE)).toThrow(message);
  });
});

test('assistant caller stats: four counts', () => {
  expect(parseCallerStats({ web: 5, api: 2, other: 0, total: 7, extra: 'x' }, QUOTE)).toEqual({ web: 5, api: 2, other: 0, total: 7 });
  expect(() => parseCallerStats({ web: 5, api: 2, total: 7 }, QUOTE)).toThrow("assistant caller stats: 'other' is not a number.");
  expect(() => parseCallerStats(null, QUOTE)).toThrow('expected a JSON object, got null');
});

describe('a count above 2^53 is refused as a bad answer (its sums and shares would be Infinity and NaN); 2^53 − 1 is a count', () => {
  const HUGE = 2 ** 53;
  const MOST = Number.MAX_SAFE_INTEGER;
  const counts = (total: number) => ({ human: 1, ai: 0, total });
  test.each([
    [
      'visitors totals',
      (n: number) => parseVisitorsPage({ totals: counts(n), visitors: [], hasMore: false }, QUOTE),
      "visitors report totals: 'total'",
    ],
    [
      'a visitors row',
      (n: number) => parseVisitorsPage({ totals: counts(1), visitors: [{ path: '/a', human: n, ai: 0, total: 1 }], hasMore: false }, QUOTE),
      "visitors report: entry 0 (/a): 'human'",
    ],
    [
      'views totals',
      (n: number) => parseViewsPage({ totals: counts(n), views: [], hasMore: false }, QUOTE),
      "views report totals: 'total'",
    ],
    [
      'a search term',
      (n: number) => parseSearchesPage({ searches: [{ ...SEARCH, hits: n }], totalSearches: 1, nextCursor: null }, QUOTE),
      "searches report: entry 0: 'hits'",
    ],
    [
      'all searches',
      (n: number) => parseSearchesPage({ searches: [], totalSearches: n, nextCursor: null }, QUOTE),
      "searches report: 'totalSearches'",
    ],
    [
      'feedback by page',
      (n: number) =>
        parseFeedbackByPage({ feedback: [{ path: '/a', thumbsUp: 1, thumbsDown: n, code: 0, total: 1 }], hasMore: false }, QUOTE),
      "feedback by page: entry 0 (/a): 'thumbsDown'",
    ],
    ['assistant callers', (n: number) => parseCallerStats({ web: n, api: 0, other: 0, total: 1 }, QUOTE), "assistant caller stats: 'web'"],
  ])('%s', (_name, parse, where) => {
    expect(thrownBy(ResponseShapeError, () => parse(HUGE), where).message).toBe(`${where} is ${HUGE}, more than any count can be (2^53).`);
    expect(() => parse(1e308)).toThrow('more than any count can be (2^53)');
    expect(() => parse(MOST)).not.toThrow();
  });
});

test.each([
  ['mail me: a@b.co', `mail me: ${EMAIL_PLACEHOLDER}`],
  ['first.last+tag@sub.example.co.uk, second@x.io', `${EMAIL_PLACEHOLDER}, ${EMAIL_PLACEHOLDER}`],
  ['@mention and user@localhost and 2@3', '@mention and user@localhost and 2@3'],
  ['a@b.com123 and x@@y.org and @@ and .@a.bc', `${EMAIL_PLACEHOLDER}123 and x@@y.org and @@ and ${EMAIL_PLACEHOLDER}`],
])('withoutEmails(%j)', (text, expected) => {
  expect(withoutEmails(text)).toBe(expected);
});

test('withoutEmails finds what the plain regular expression finds, on random text', () => {
  const reference = (text: string): string =>
    text.replace(/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, EMAIL_PLACEHOLDER);
  const alphabet = 'ab1.-_+@ %!';
  let seed = 7;
  const next = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  for (let sample = 0; sample < 3000; sample++) {
    const text = Array.from({ length: next() % 40 }, () => alphabet.charAt(next() % alphabet.length)).join('');
    expect(withoutEmails(text)).toBe(reference(text));
  }
});

test('withoutEmails takes one pass over long text: megabytes of local-part characters, with and without an @', () => {
  const run = 'x'.repeat(2 * 1024 * 1024);
  expect(withoutEmails(`/p/${run}`)).toBe(`/p/${run}`);
  expect(withoutEmails(`${run}@`)).toBe(`${run}@`);
  expect(withoutEmails(`${run}@example.com`)).toBe(EMAIL_PLACEHOLDER);
});

test("a feedback list cut short by a gateway is quoted in the error without the reader's e-mail address", async () => {
  const cut = '{"feedback":[{"id":"f1","path":"/quickstart","comment":"unclear","contact":"jane.doe@example.com"';
  agent().get(ORIGIN).intercept({ path: '/v1/analytics/p%2F1/feedback?limit=100', method: 'GET' }).reply(200, cut).times(6);
  const error = await client()
    .getFeedback('p/1', { limit: 100 })
    .then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
  expect(error).toBeInstanceOf(Error);
  const message = error instanceof Error ? error.message : '';
  expect(message).toContain('a body that is not JSON');
  expect(message).not.toContain('jane.doe');
  expect(message).not.toContain('example.com');
});

describe('e-mail addresses however they are written: normalised (NFKC, invisible characters out) before matching', () => {
  test.each([
    ['an internationalised domain', 'write to info@bücher.de please', `write to ${EMAIL_PLACEHOLDER} please`],
    ['a Unicode local part', 'josé.núñez@example.es asked', `${EMAIL_PLACEHOLDER} asked`],
    ['a script without Latin letters', '联系 用户@例子.广告 谢谢', `联系 ${EMAIL_PLACEHOLDER} 谢谢`],
    ['a punycode domain', 'mail ivan@xn--e1afmkfd.xn--p1ai', `mail ${EMAIL_PLACEHOLDER}`],
    ['a zero-width space inside the local part', 'ja\u200bne@example.org', EMAIL_PLACEHOLDER],
    ['a zero-width joiner inside the domain', 'jane@exam\u200dple.org', EMAIL_PLACEHOLDER],
    ['a full-width at sign', 'jane＠example.org', EMAIL_PLACEHOLDER],
    ['full-width letters throughout', 'ｊａｎｅ＠ｅｘａｍｐｌｅ．ｏｒｇ', EMAIL_PLACEHOLDER],
    ['a small commercial at', 'jane﹫example.org', EMAIL_PLACEHOLDER],
  ])('%s', (_name, text, expected) => {
    expect(withoutEmails(text)).toBe(expected);
  });

  test('text without an at sign is left as it was, ellipses and full-width letters included', () => {
    expect(withoutEmails('ｆｕｌｌ width… and #tag')).toBe('ｆｕｌｌ width… and #tag');
  });

  test('every path that removes addresses normalises: a search term, a comment, and text quoted in an error', () => {
    const page = parseSearchesPage(
      { searches: [{ ...SEARCH, searchQuery: 'invite ｊａｎｅ＠ｅｘａｍｐｌｅ．ｏｒｇ' }], totalSearches: 1, nextCursor: null },
      QUOTE,
    );
    expect(page.searches[0]?.searchQuery).toBe(`invite ${EMAIL_PLACEHOLDER}`);
    const list = parseFeedbackList(
      { feedback: [{ id: 'f', path: '/a', source: 'contextual', comment: 'mail ja\u200bne@bücher.de' }], nextCursor: null, hasMore: false },
      QUOTE,
    );
    expect(list.entries[0]?.comment).toBe(`mail ${EMAIL_PLACEHOLDER}`);
    expect(QUOTE.quote('{"contact":"ｊａｎｅ＠ｅｘａｍｐｌｅ．ｏｒｇ"}', 300)).toBe(`{"contact":"${EMAIL_PLACEHOLDER}"}`);
  });
});

describe("the run's secrets and token-shaped strings in answers: replaced on arrival", () => {
  const KEY = 'mint_run_key_0123456789';
  const TOKEN = 'ghs_RunToken0123456789abcdefXYZ';
  const TEXT = answerText([KEY, TOKEN]);

  test.each([
    ['the API key', `my key is ${KEY}`],
    ['the GitHub token', `token ${TOKEN} works`],
    ['a personal token', 'ghp_0123456789abcdefghijABCDEFGHIJ'],
    ['an OAuth token', 'gho_0123456789abcdefghijABCDEFGHIJ'],
    ['a user-to-server token', 'ghu_0123456789abcdefghijABCDEFGHIJ'],
    ['a server-to-server token', 'ghs_0123456789abcdefghijABCDEFGHIJ'],
    ['a refresh token', 'ghr_0123456789abcdefghijABCDEFGHIJ'],
    ['a fine-grained token', 'github_pat_11ABCDEFG0123456789_abcdefghijKLMNOP'],
    ['another admin key', 'mint_0ther_k3y_abcdef'],
    ['the key in full-width letters', `key ${[...KEY].map((char) => String.fromCodePoint(char.codePointAt(0)! + 0xfee0)).join('')}`],
    ['the token with a zero-width space inside', `${TOKEN.slice(0, 10)}\u200b${TOKEN.slice(10)}`],
  ])('%s, in a search term and a comment', (_name, secret) => {
    const page = parseSearchesPage(
      { searches: [{ ...SEARCH, searchQuery: `find ${secret} here` }], totalSearches: 1, nextCursor: null },
      TEXT,
    );
    const list = parseFeedbackList(
      { feedback: [{ id: 'f', path: '/a', source: 'contextual', comment: `see ${secret}.` }], nextCursor: null, hasMore: false },
      TEXT,
    );
    for (const text of [page.searches[0]?.searchQuery, list.entries[0]?.comment]) {
      expect(text).toContain('[redacted]');
      expect(text).not.toMatch(/mint_|gh[oprsu]_|github_pat_|0123456789/);
    }
    expect(page.searches[0]?.searchQuery).toMatch(/^find .*\[redacted\].* here$/);
  });
});
