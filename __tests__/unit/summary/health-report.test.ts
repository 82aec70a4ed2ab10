/**
 * The docs health report as a reader sees it: rendered with a GFM renderer (marked) and reduced to
 * visible text, so every reader string (comments, search terms, paths, errors) is shown as written,
 * escaped once, capped, and cannot inject HTML, links, mentions or table cells. Also the sections,
 * the ranking line, the footer's request counts, plurals and the size bound.
 */
import { describe, expect, test } from '@jest/globals';
import type { FeedbackReport, HealthReport, SearchesReport } from '../../../src/analytics/health-report.js';
import type { AnalyticsReport } from '../../../src/analytics/report.js';
import type { FeedbackEntry, SearchTerm } from '../../../src/service/analytics-types.js';
import { composeSummary } from '../../../src/summary/compose.js';
import { MAX_READER_CHARS } from '../../../src/summary/health-blocks.js';
import { renderHealthFailure, renderHealthReport, type HealthRenderOptions } from '../../../src/summary/health-report.js';
import { formatRate } from '../../../src/summary/health-searches.js';
import { renderHtml, visibleText as renderedText } from '../../helpers/render-markdown.js';

/** What a reader sees; the word joiner escapeText puts after an escaped @ or # is invisible. */
const visibleText = (markdown: string): string => renderedText(markdown).replace(/\u2060/g, '');

const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  '[click](javascript:alert(1)) and ![x](https://evil.example/x.png)',
  'a|b|c',
  '@octocat please look',
  'line\nbreak | injected | row',
  'it\'s <b>bold</b> &amp; "quoted"',
  '# heading ``` fence',
  '<!-- hidden --> </td></tr><tr><td>',
];

const visitors: AnalyticsReport = {
  window: {},
  totals: { human: 900, ai: 300, total: 1000 },
  pages: 3,
  topPages: [{ path: '/quickstart', human: 500, ai: 100, total: 550 }],
  requests: 1,
  complete: true,
  warnings: [],
};

function searches(extra: Partial<SearchesReport> = {}): SearchesReport {
  const term = (searchQuery: string, hits: number, clicked: boolean): SearchTerm => ({
    searchQuery,
    hits,
    ctr: clicked ? 0.25 : 0,
    ...(clicked && { topClickedPage: '/guides/webhooks' }),
    lastSearchedAt: '2026-01-05T10:00:00Z',
  });
  return {
    totalSearches: 1,
    terms: 2,
    top: [term('rate limit', 40, true), term('terraform', 12, false)],
    unclicked: [term('terraform', 12, false)],
    unclickedTerms: 1,
    requests: 1,
    complete: true,
    warnings: [],
    ...extra,
  };
}

function feedback(comments: readonly FeedbackEntry[] = [], extra: Partial<FeedbackReport> = {}): FeedbackReport {
  return {
    pages: [
      { path: '/authentication', thumbsUp: 3, thumbsDown: 9, code: 0, total: 12 },
      { path: '/quickstart', thumbsUp: 40, thumbsDown: 0, code: 0, total: 40 },
    ],
    pagesHaveMore: false,
    thumbsUp: 43,
    thumbsDown: 9,
    entries: comments.length,
    noVerdict: 0,
    comments: new Map([['/authentication', { path: '/authentication', comments, received: comments.length }]]),
    requests: 2,
    complete: true,
    warnings: [],
    ...extra,
  };
}

function report(extra: Partial<HealthReport> = {}): HealthReport {
  return {
    window: {},
    reports: ['visitors', 'searches', 'feedback', 'assistant'],
    top: 10,
    visitors: { ok: true, report: visitors },
    searches: { ok: true, report: searches() },
    feedback: { ok: true, report: feedback() },
    assistant: { ok: true, report: { stats: { web: 6, api: 3, other: 1, total: 10 }, requests: 1, complete: true, warnings: [] } },
    attention: [{ path: '/authentication', visitors: 220, thumbsUp: 3, thumbsDown: 9, downShare: 0.75, score: 21 }],
    attentionTraffic: 'visitors',
    budget: { limit: 100, total: 5, used: { visitors: 1, views: 0, searches: 1, feedback: 2, assistant: 1, impact: 0 } },
    ...extra,
  };
}

const comment = (text: string, index = 0): FeedbackEntry => ({
  id: `f${index}`,
  path: '/authentication',
  source: 'contextual',
  comment: text,
  helpful: false,
  createdAt: `2026-01-0${(index % 9) + 1}T00:00:00Z`,
});

/** The report's Markdown as the summary gets it (under `limitBytes`, trimmed least important first). */
function render(health: HealthReport, options: HealthRenderOptions = {}, limitBytes?: number): string {
  return composeSummary(renderHealthReport(health, options), limitBytes);
}

/** The HTML a reader's browser would get, for checks that nothing but our own markup is there. */
function tagsIn(markdown: string): string[] {
  return [...renderHtml(markdown).matchAll(/<\/?([a-z0-9]+)[^>]*>/gi)].map((match) => (match[1] ?? '').toLowerCase());
}

const OWN_TAGS = new Set([
  'h2',
  'h3',
  'h4',
  'p',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'sub',
  'br',
  'blockquote',
  'strong',
  'code',
  'pre',
  'ul',
  'li',
]);

describe('reader strings are shown as written, and only as text', () => {
  test.each(HOSTILE)('a comment %j', (text) => {
    const markdown = render(report({ feedback: { ok: true, report: feedback([comment(text)]) } }));
    const shown = text.replace(/\s+/g, ' ').trim();
    expect(visibleText(markdown)).toContain(`“${shown}”`);
    expect(tagsIn(markdown).filter((tag) => !OWN_TAGS.has(tag))).toEqual([]);
    expect(renderHtml(markdown)).not.toMatch(/<a |<img|<script|href=/);
  });

  test.each(HOSTILE)('a search term %j, in the top and the unclicked tables', (text) => {
    const term: SearchTerm = { searchQuery: text, hits: 5, ctr: 0, lastSearchedAt: '2026-01-05T00:00:00Z' };
    const markdown = render(report({ searches: { ok: true, report: searches({ top: [term], unclicked: [term] }) } }));
    const shown = `“${text.replace(/\s+/g, ' ').trim()}”`;
    expect(visibleText(markdown).split(shown)).toHaveLength(3);
    expect(tagsIn(markdown).filter((tag) => !OWN_TAGS.has(tag))).toEqual([]);
  });

  test.each(HOSTILE)('a path and a top clicked page %j', (text) => {
    const term: SearchTerm = { searchQuery: 'q', hits: 5, ctr: 0.5, topClickedPage: text };
    const markdown = render(
      report({
        attention: [{ path: text, thumbsUp: 0, thumbsDown: 1, downShare: 1, score: 1 }],
        searches: { ok: true, report: searches({ top: [term], unclicked: [] }) },
      }),
    );
    expect(tagsIn(markdown).filter((tag) => !OWN_TAGS.has(tag))).toEqual([]);
    expect(visibleText(markdown)).toContain(text.replace(/\s+/g, ' ').trim());
  });

  test('an apostrophe is escaped once: a reader sees it, not an entity', () => {
    const markdown = render(report({ feedback: { ok: true, report: feedback([comment("doesn't work")]) } }));
    expect(visibleText(markdown)).toContain("“doesn't work”");
    expect(visibleText(markdown)).not.toContain('&#39;');
  });

  test(`a comment is cut to ${MAX_READER_CHARS} characters`, () => {
    const long = `${'word '.repeat(100)}END`;
    const markdown = render(report({ feedback: { ok: true, report: feedback([comment(long)]) } }));
    const quotedText = /“(word[^”]*)”/.exec(visibleText(markdown))?.[1] ?? '';
    expect(quotedText.length).toBe(MAX_READER_CHARS);
    expect(quotedText.endsWith('…')).toBe(true);
    expect(markdown).not.toContain('END');
  });

  test('a service error in a failed section is escaped', () => {
    const markdown = render(report({ searches: { ok: false, error: 'HTTP 400: <img src=x> [a](javascript:x) @team', requests: 1 } }));
    expect(visibleText(markdown)).toContain(
      'The searches report could not be fetched (1 request): HTTP 400: <img src=x> [a](javascript:x) @team',
    );
    expect(tagsIn(markdown).filter((tag) => !OWN_TAGS.has(tag))).toEqual([]);
    expect(visibleText(renderHealthFailure('<b>x</b>').markdown)).toContain('The analytics reports could not be fetched: <b>x</b>');
  });
});

describe('sections', () => {
  test('the overview, attention with its ranking line, the content gaps, rated-down pages with comments, top searches, assistant, footer, visitors', () => {
    const markdown = render(
      report({ feedback: { ok: true, report: feedback([comment('Which header?', 1), comment('Example fails', 2)]) } }),
    );
    const text = visibleText(markdown);
    const order = [
      'Docs health',
      'Pages that need attention',
      'Searches nobody clicked',
      'Pages rated down',
      'Top searches',
      'Docs visitors',
      'From the docs site',
      'Requests:',
    ];
    const positions = order.map((heading) => text.indexOf(heading));
    expect(positions.every((position, index) => position >= 0 && (index === 0 || position > (positions[index - 1] ?? 0)))).toBe(true);
    expect(text).toContain('Unique visitors Searches 👍 / 👎 Assistant queries 1,000 1 43 / 9 10');
    expect(text).toContain('1 /authentication 220 9 3 75.0%');
    expect(text).toContain(
      'Ranked by down votes × log₁₀(10 + visitors): down votes count most, and between pages with as many down votes the more-read one comes first.',
    );
    expect(text).toContain('“terraform” 12 2026-01-05');
    expect(text).toContain('“Which header?” — 2026-01-02');
    expect(text).toContain('“rate limit” 40 25.0% /guides/webhooks');
    expect(text).toContain('6 (60.0%) 3 (30.0%) 1 (10.0%) 10');
    expect(text).toContain(
      'Requests: visitors 1, searches 1, feedback 2, assistant 1 — 5 requests of the 100 analytics-max-requests allows; 95 left.',
    );
    // Only down-voted pages are listed as rated down.
    expect(text).not.toMatch(/Pages rated down.*\/quickstart 0 40/);
  });

  test('plurals: 1 request, 1 search, 1 rated page', () => {
    const single = feedback([], { pages: [{ path: '/a', thumbsUp: 1, thumbsDown: 1, code: 0, total: 2 }], thumbsUp: 1, thumbsDown: 1 });
    const markdown = render(
      report({
        feedback: { ok: true, report: single },
        budget: { limit: 1, total: 1, used: { visitors: 1, views: 0, searches: 0, feedback: 0, assistant: 0, impact: 0 } },
      }),
    );
    const text = visibleText(markdown);
    expect(text).toContain('1 search in the window; 2 distinct terms received in 1 request.');
    expect(text).toContain('1 thumbs-up vote and 1 thumbs-down vote on 1 rated page.');
    expect(text).toContain('1 request of the 1 analytics-max-requests allows; 0 left.');
    expect(text).not.toMatch(/\b1 (requests|searches|rated pages)\b/);
  });

  test('failed reports say so where their sections would be; the others are unaffected', () => {
    const markdown = render(report({ feedback: { ok: false, error: 'HTTP 429 after 6 attempts', requests: 1 }, attention: undefined }));
    const text = visibleText(markdown);
    expect(text).toContain('This table needs the feedback report, which could not be fetched (see below).');
    expect(text).toContain('The feedback report could not be fetched (1 request): HTTP 429 after 6 attempts');
    expect(text).toContain('Top searches');
  });

  test('an incomplete report lists its warnings; by-page hasMore is said', () => {
    const markdown = render(
      report({
        feedback: {
          ok: true,
          report: feedback([], { complete: false, pagesHaveMore: true, warnings: ['Feedback report: stopped <b>early</b>'] }),
        },
      }),
    );
    const text = visibleText(markdown);
    expect(text).toContain('This report may be incomplete: Feedback report: stopped <b>early</b>');
    expect(text).toContain('that feedback/by-page returns, and that endpoint cannot be paged');
  });

  test('with evidence in the prompt, the overview says so and how large it was', () => {
    expect(visibleText(render(report(), { evidenceBytes: 5312 }))).toContain(
      "The agent's prompt carried the evidence of this report (5,312 bytes)",
    );
    expect(render(report())).not.toContain('evidence');
  });

  test('the top searches say how click-through is read, and show both readings: a fraction of 1 and a percentage above 1', () => {
    const asPercentage: SearchTerm = { searchQuery: 'webhooks', hits: 30, ctr: 37.5, topClickedPage: '/guides/webhooks' };
    const text = visibleText(render(report({ searches: { ok: true, report: searches({ top: [...searches().top, asPercentage] }) } })));
    const rows = text.split('\n');
    expect(rows.find((row) => row.includes('rate limit'))).toContain('25.0%');
    expect(rows.find((row) => row.includes('webhooks') && row.includes('30'))).toContain('37.5%');
    expect(text).toContain(
      'a value up to 1 is read as a fraction of 1 (0.25 is 25%), a larger one as a percentage already (37.5 is 37.5%)',
    );
  });

  test.each([
    [0.25, '25.0%'],
    [0, '0.0%'],
    [1, '100.0%'],
    [37.5, '37.5%'],
    [250, '100.0%'],
  ])('formatRate(%p) = %s', (rate, expected) => {
    expect(formatRate(rate)).toBe(expected);
  });
});

describe('size', () => {
  test('a report with huge tables stays within maxBytes, cutting the least important rows with a note', () => {
    const many = Array.from({ length: 100 }, (_, index) => ({
      path: `/p${index}/${'x'.repeat(110)}`,
      thumbsUp: 1,
      thumbsDown: 100 - index,
      code: 0,
      total: 101 - index,
    }));
    const comments = new Map(
      many.map((page) => [
        page.path,
        { path: page.path, comments: [0, 1, 2].map((n) => ({ ...comment('&'.repeat(500), n), path: page.path })), received: 3 },
      ]),
    );
    const big = report({
      top: 1000,
      feedback: { ok: true, report: { ...feedback(), pages: many, comments } },
      attention: many.map((page) => ({
        path: page.path,
        thumbsUp: 1,
        thumbsDown: page.thumbsDown,
        downShare: 0.9,
        score: page.thumbsDown,
      })),
    });
    for (const limitBytes of [60_000, 200_000]) {
      const markdown = render(big, {}, limitBytes);
      expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(limitBytes);
      // The least important table goes first: the last tables first, the attention table last.
      expect(markdown).toContain('The summary was trimmed to stay under GitHub');
      expect(markdown).toContain("to keep the report under GitHub's size limit");
      expect(markdown).toContain('### Pages that need attention');
      expect(markdown).toContain('Requests:');
      expect(markdown).toContain('### Docs visitors');
    }
  });
});
