import { describe, expect, test } from '@jest/globals';
import type { AnalyticsReport } from '../../src/analytics/report.js';
import { describeWindow } from '../../src/analytics/window.js';
import type { AnalyticsDate } from '../../src/inputs/dates.js';
import type { PageVisitors } from '../../src/service/types.js';
import {
  CHART_PAGES,
  MAX_REPORT_BYTES,
  formatChange,
  mermaidLabel,
  renderAnalyticsFailure,
  renderAnalyticsReport,
} from '../../src/summary/analytics-report.js';
import { SUMMARY_LIMIT_BYTES, composeSummary } from '../../src/summary/compose.js';

function date(text: string): AnalyticsDate {
  return { text, epochMs: Date.parse(text), dateOnly: !text.includes('T') };
}

function report(extra: Partial<AnalyticsReport> = {}): AnalyticsReport {
  return {
    window: { from: date('2026-01-01'), to: date('2026-02-01') },
    totals: { human: 9000, ai: 4000, total: 10_000 },
    pages: 1234,
    topPages: [
      { path: '/quickstart', human: 3000, ai: 900, total: 3500 },
      { path: '/api/create', human: 1000, ai: 800, total: 1500 },
    ],
    requests: 5,
    complete: true,
    warnings: [],
    ...extra,
  };
}

const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  'a|b',
  '@user',
  '/line\nbreak\r\n| injected | row |',
  '/```\n</details><script>x</script>',
  '/"quote" %%{init: {"theme":"dark"}}%% [bracket] #quot; `tick`',
];

/** The body lines of the top pages table. */
function tableRows(markdown: string): string[] {
  return markdown.split('\n').filter((line) => /^\| \d+ \|/.test(line));
}

describe('headline', () => {
  test('the three totals as the service gave them and both shares of the deduplicated total', () => {
    const text = renderAnalyticsReport(report());
    expect(text).toContain('**10,000** unique visitors: **9,000** human (90.0%) and **4,000** AI agents (40.0%).');
    // 90% + 40% > 100%: the note says why.
    expect(text).toMatch(/deduplicated.*more than 100%/);
    expect(text).toContain('1,234 pages in 5 requests');
  });

  test('a total of 0 shows no share instead of dividing by zero', () => {
    const text = renderAnalyticsReport(report({ totals: { human: 0, ai: 0, total: 0 }, topPages: [], pages: 0 }));
    expect(text).toContain('**0** unique visitors: **0** human (—) and **0** AI agents (—).');
    expect(text).toContain('No page had visitors in this window.');
    expect(text).not.toContain('```mermaid');
    expect(text).not.toContain('NaN');
  });

  test('the export file is named', () => {
    expect(renderAnalyticsReport(report({ file: { path: '/tmp/work/visitors.csv', format: 'csv' } }))).toContain(
      'export: `/tmp/work/visitors.csv` (CSV)',
    );
  });
});

describe('window', () => {
  test.each<[string, AnalyticsReport['window'], string]>([
    ['none', {}, 'service default (no dateFrom or dateTo sent)'],
    ['both', { from: date('2026-01-01'), to: date('2026-02-01') }, '2026-01-01 to 2026-02-01 (exclusive)'],
    ['from only', { from: date('2026-01-01') }, "from 2026-01-01 to the service's default end"],
    ['to only', { to: date('2026-02-01T00:00:00Z') }, "from the service's default start to 2026-02-01T00:00:00Z (exclusive)"],
  ])('%s', (_, window, expected) => {
    expect(describeWindow(window)).toBe(expected);
    expect(renderAnalyticsReport(report({ window }))).toContain(`Window: ${expected}`);
  });
});

describe('top pages table', () => {
  test('rows in the order given with counts and share of the site total', () => {
    const rows = tableRows(renderAnalyticsReport(report()));
    expect(rows).toEqual(['| 1 | /quickstart | 3,000 | 900 | 3,500 | 35.0% |', '| 2 | /api/create | 1,000 | 800 | 1,500 | 15.0% |']);
  });

  test('hostile paths cannot inject HTML, links, mentions, table cells or lines', () => {
    const pages = HOSTILE.map((path, index) => ({ path, human: 1, ai: 1, total: 100 - index }));
    const text = renderAnalyticsReport(report({ topPages: pages }));
    const table = text.slice(text.indexOf('### Top'));
    expect(table).not.toMatch(/<[a-z/]/i);
    expect(table).not.toContain('](');
    expect(table).not.toContain('@user');
    expect(table).not.toContain('```');
    const rows = tableRows(table);
    expect(rows).toHaveLength(HOSTILE.length);
    for (const row of rows) {
      // Exactly the 7 pipes of 6 cells: none from the path.
      expect(row.match(/\|/g)).toHaveLength(7);
    }
    expect(rows[0]).toContain('&lt;img src=x onerror=alert&#40;1&#41;&gt;');
    expect(rows[3]).toContain('&#64;user');
  });

  test('a very long path is cut with an ellipsis', () => {
    const long = `/${'a'.repeat(500)}`;
    const row = tableRows(renderAnalyticsReport(report({ topPages: [{ path: long, human: 1, ai: 1, total: 1 }] })))[0] ?? '';
    expect(row).toContain(`/${'a'.repeat(118)}…`);
    expect(row).not.toContain('a'.repeat(119));
  });

  test('a cut never splits a surrogate pair', () => {
    const emoji = `/${'😀'.repeat(100)}`;
    const row = tableRows(renderAnalyticsReport(report({ topPages: [{ path: emoji, human: 1, ai: 1, total: 1 }] })))[0] ?? '';
    expect(row).toContain('😀…');
    expect(row).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe('size', () => {
  // 1,000 pages of 5,000 hostile characters each: every character becomes an entity when escaped.
  const huge: PageVisitors[] = Array.from({ length: 1000 }, (_, index) => ({
    path: `/${index}|`.padEnd(5000, '|<@'),
    human: 1,
    ai: 1,
    total: 5000 - index,
  }));

  test('a huge top-N stays under the section budget and the whole summary under 1 MiB, untrimmed', () => {
    const text = renderAnalyticsReport(report({ topPages: huge }));
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_REPORT_BYTES);
    const card = `## Mintlify agent job\n\n${'| x | y |\n'.repeat(200)}`;
    const summary = composeSummary([card, text]);
    expect(Buffer.byteLength(summary)).toBeLessThan(SUMMARY_LIMIT_BYTES);
    expect(summary).not.toContain('was trimmed');
    expect(tableRows(text)).toHaveLength(1000);
  });

  test('when the table would not fit, it stops at a row boundary and says so', () => {
    const text = renderAnalyticsReport(report({ topPages: huge, file: { path: 'v.csv', format: 'csv' } }), 64 * 1024);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(64 * 1024);
    const rows = tableRows(text);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(1000);
    expect(text).toContain(`The table stops after ${rows.length} pages`);
    expect(text).toContain('the export file has every page');
  });
});

describe('chart', () => {
  const pages = Array.from({ length: 25 }, (_, index) => ({ path: `/p${index}`, human: 1, ai: 1, total: 100 - index }));

  test('an xychart-beta bar chart of the first pages by total', () => {
    const text = renderAnalyticsReport(report({ topPages: pages }));
    const chart = /```mermaid\n([\s\S]*?)\n```/.exec(text)?.[1] ?? '';
    expect(chart).toContain('xychart-beta');
    expect(chart).toContain(`title "Top ${CHART_PAGES} pages by unique visitors"`);
    expect(chart).toContain('x-axis ["/p0", "/p1", "/p2", "/p3", "/p4", "/p5", "/p6", "/p7", "/p8", "/p9"]');
    expect(chart).toContain('bar [100, 99, 98, 97, 96, 95, 94, 93, 92, 91]');
  });

  test('hostile labels cannot end the string, the statement, the axis list or the fence', () => {
    const text = renderAnalyticsReport(report({ topPages: HOSTILE.map((path, index) => ({ path, human: 1, ai: 1, total: 10 - index })) }));
    const chart = /```mermaid\n([\s\S]*?)\n```/.exec(text)?.[1] ?? '';
    const axis = chart.split('\n').find((line) => line.includes('x-axis')) ?? '';
    const labels = /x-axis \[(.*)\]$/.exec(axis)?.[1] ?? '';
    // Every label is "..." with no quote, bracket, %% or # inside.
    expect(labels.split(', ')).toHaveLength(HOSTILE.length);
    for (const label of labels.split(', ')) expect(label).toMatch(/^"[^"[\]%#`<>]*"$/);
    expect(chart.split('\n')).toHaveLength(5);
    expect(text.match(/^```/gm)).toHaveLength(2);
  });

  test.each([
    ['/say "hi"', '/say _hi_'],
    ['a\nb', 'a_b'],
    ['%%{init}%%', '___init___'],
    ['[x]', '_x_'],
    ['', '_'],
    ['/docs/ünïcode-页面', '/docs/ünïcode-页面'],
    [`/${'x'.repeat(100)}`, `/${'x'.repeat(38)}…`],
  ])('mermaidLabel(%j) = %j', (input, expected) => {
    expect(mermaidLabel(input)).toBe(expected);
  });
});

describe('compare', () => {
  const previousWindow = { from: date('2025-12-01'), to: date('2026-01-01') };

  test.each([
    [1500, 1000, '+500 (+50.0%)'],
    [500, 1000, '-500 (-50.0%)'],
    [1000, 1000, '±0 (±0.0%)'],
    [7, 0, '+7 (no percentage: previous window had 0)'],
    [0, 0, '±0 (0.0%)'],
    [1_234_567, 1, '+1,234,566 (+123456600.0%)'],
  ])('formatChange(%i, %i) = %s', (current, previous, expected) => {
    expect(formatChange(current, previous)).toBe(expected);
  });

  test('a table of this window, the previous one and the change', () => {
    const text = renderAnalyticsReport(report({ previous: { window: previousWindow, totals: { human: 6000, ai: 0, total: 8000 } } }));
    expect(text).toContain('### Change vs previous window');
    expect(text).toContain('Previous window: 2025-12-01 to 2026-01-01 (exclusive)');
    expect(text).toContain('| Total | 10,000 | 8,000 | +2,000 (+25.0%) |');
    expect(text).toContain('| Human | 9,000 | 6,000 | +3,000 (+50.0%) |');
    expect(text).toContain('| AI agents | 4,000 | 0 | +4,000 (no percentage: previous window had 0) |');
  });

  test('without a previous window there is no comparison', () => {
    expect(renderAnalyticsReport(report())).not.toContain('previous window');
  });
});

describe('warnings', () => {
  test('an incomplete report says so, with each warning escaped', () => {
    const text = renderAnalyticsReport(report({ complete: false, warnings: ['Visitors report: stopped <b>here</b> @team'] }));
    expect(text).toContain('> **The report may be incomplete:**');
    expect(text).toContain('> - Visitors report&#58; stopped &lt;b&gt;here&lt;/b&gt; &#64;team');
  });

  test('the failure section escapes the service message', () => {
    const text = renderAnalyticsFailure('HTTP 400: <img src=x> [a](b)');
    expect(text).toContain('## Docs visitors');
    expect(text).not.toMatch(/<img|\]\(/);
  });
});
