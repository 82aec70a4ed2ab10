import { describe, expect, test } from '@jest/globals';
import type { AnalyticsReport } from '../../../src/analytics/report.js';
import { describeWindow } from '../../../src/analytics/window.js';
import type { AnalyticsDate } from '../../../src/inputs/dates.js';
import type { PageVisitors } from '../../../src/service/types.js';
import { CHART_PAGES, renderAnalyticsFailure, renderAnalyticsReport } from '../../../src/summary/analytics-report.js';
import { mermaidLabel } from '../../../src/summary/mermaid.js';
import { SUMMARY_LIMIT_BYTES, composeSummary, type SummaryBlock } from '../../../src/summary/compose.js';
import { formatChange } from '../../../src/text/numbers.js';
import { visibleText } from '../../helpers/render-markdown.js';

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

/** The report as the summary shows it on its own. */
function render(extra: Partial<AnalyticsReport> = {}): string {
  return composeSummary(renderAnalyticsReport(report(extra)));
}

const JOB_CARD: SummaryBlock = {
  markdown: `## Mintlify agent job\n\n${'| x | y |\n'.repeat(200)}`,
  keep: 'essential',
  name: 'the job card',
};

/** The body lines of the top pages table. */
function tableRows(markdown: string): string[] {
  return markdown.split('\n').filter((line) => /^\| \d+ \|/.test(line));
}

describe('headline', () => {
  test('the three totals as the service gave them and both shares of the deduplicated total', () => {
    const text = render();
    expect(text).toContain('**10,000** unique visitors: **9,000** human (90.0%) and **4,000** AI agents (40.0%).');
    // 90% + 40% > 100%: the note says why.
    expect(text).toMatch(/deduplicated.*more than 100%/);
    expect(text).toContain('· 1,234 pages · 5 requests');
  });

  test('counts and words agree for 0, 1 and many', () => {
    const one = render({ pages: 1, requests: 1, topPages: [{ path: '/only', human: 1, ai: 0, total: 1 }] });
    expect(one).toContain('· 1 page · 1 request');
    expect(one).toContain('### Top 1 of 1 page\n');
    expect(one).toContain('title "Top 1 page by unique visitors"');
    expect(visibleText(one)).not.toMatch(/\b1 (pages|requests)\b/);
    const none = render({ pages: 0, requests: 1, topPages: [] });
    expect(none).toContain('· 0 pages · 1 request');
  });

  test('a total of 0 shows no share instead of dividing by zero', () => {
    const text = render({ totals: { human: 0, ai: 0, total: 0 }, topPages: [], pages: 0 });
    expect(text).toContain('**0** unique visitors: **0** human (—) and **0** AI agents (—).');
    expect(text).toContain('No page had visitors in this window.');
    expect(text).not.toContain('```mermaid');
    expect(text).not.toContain('NaN');
  });

  test('the export file is named', () => {
    expect(render({ file: { path: '/tmp/work/visitors.csv', format: 'csv' } })).toContain('export: `/tmp/work/visitors.csv` (CSV)');
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
    expect(render({ window })).toContain(`Window: ${expected}`);
  });
});

describe('top pages table', () => {
  test('rows in the order given with counts and share of the site total', () => {
    const rows = tableRows(render());
    expect(rows).toEqual(['| 1 | /quickstart | 3,000 | 900 | 3,500 | 35.0% |', '| 2 | /api/create | 1,000 | 800 | 1,500 | 15.0% |']);
  });

  test('hostile paths cannot inject HTML, links, mentions, table cells or lines', () => {
    const pages = HOSTILE.map((path, index) => ({ path, human: 1, ai: 1, total: 100 - index }));
    const text = render({ topPages: pages });
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
    expect(rows[3]).toContain('&#64;\u2060user');
  });

  test('a very long path is cut with an ellipsis, keeping its last segment', () => {
    const long = `/docs/${'a'.repeat(500)}/last-segment`;
    const row = tableRows(render({ topPages: [{ path: long, human: 1, ai: 1, total: 1 }] }))[0] ?? '';
    expect(row).toBe(`| 1 | /docs/${'a'.repeat(100)}…/last&#45;segment | 1 | 1 | 1 | 0.0% |`);
    const segment = `/${'b'.repeat(500)}`;
    const cut = tableRows(render({ topPages: [{ path: segment, human: 1, ai: 1, total: 1 }] }))[0] ?? '';
    expect(cut).toBe(`| 1 | /${'b'.repeat(59)}…${'b'.repeat(59)} | 1 | 1 | 1 | 0.0% |`);
  });

  test('a cut never splits a surrogate pair', () => {
    const emoji = `/${'😀'.repeat(100)}`;
    const row = tableRows(render({ topPages: [{ path: emoji, human: 1, ai: 1, total: 1 }] }))[0] ?? '';
    expect(row).toContain('😀…😀');
    expect(row).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(row).not.toMatch(/(?<![\ud800-\udbff])[\udc00-\udfff]/);
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

  test('a huge top-N with the job card fits under 1 MiB, untrimmed', () => {
    const summary = composeSummary([JOB_CARD, ...renderAnalyticsReport(report({ topPages: huge }))]);
    expect(Buffer.byteLength(summary)).toBeLessThan(SUMMARY_LIMIT_BYTES);
    expect(summary).not.toContain('was trimmed');
    expect(tableRows(summary)).toHaveLength(1000);
  });

  test('when the table would not fit, it stops at a row boundary and says so; the rest stays whole', () => {
    const limit = 64 * 1024;
    const blocks = renderAnalyticsReport(
      report({ topPages: huge, file: { path: 'v.csv', format: 'csv' }, warnings: ['stopped early'], complete: false }),
    );
    const text = composeSummary([JOB_CARD, ...blocks], limit);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(limit);
    const rows = tableRows(text);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(1000);
    expect(text).toContain(
      `The table stops after ${rows.length} pages to keep the summary under GitHub's size limit; the export file has every page.`,
    );
    expect(text).toContain('shortened: the top pages table.');
    for (const block of blocks.filter((candidate) => candidate.keep !== 'bulk')) expect(text).toContain(block.markdown);
    expect(text).toContain(JOB_CARD.markdown);
  });

  test('with less room still, the table goes before the chart, and both before the totals and warnings', () => {
    const blocks = renderAnalyticsReport(
      report({
        topPages: huge,
        warnings: ['stopped early'],
        complete: false,
        previous: { window: { from: date('2025-12-01'), to: date('2026-01-01') }, totals: { human: 1, ai: 1, total: 1 } },
      }),
    );
    // Room for the essentials and 100 bytes more: not for the comparison and the chart.
    const essentials = [JOB_CARD, ...blocks.filter((block) => block.keep === 'essential')];
    const limit = 4 * 1024 + essentials.reduce((sum, block) => sum + Buffer.byteLength(block.markdown) + 1, 0) + 100;
    const text = composeSummary([JOB_CARD, ...blocks], limit);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(limit);
    expect(text).toContain(JOB_CARD.markdown);
    expect(text).toContain('**10,000** unique visitors');
    expect(text).toContain('> - stopped early');
    expect(text).not.toContain('```mermaid');
    expect(tableRows(text)).toEqual([]);
    expect(text).toMatch(/left out: .*the top pages table/);
    expect(text).toMatch(/left out: .*the top pages chart/);
    expect(text).toMatch(/left out: .*the comparison with the previous window/);
    expect(text).not.toContain('### Change vs previous window');
  });
});

describe('chart', () => {
  const pages = Array.from({ length: 25 }, (_, index) => ({ path: `/p${index}`, human: 1, ai: 1, total: 100 - index }));

  function chartOf(text: string): string[] {
    return (/```mermaid\n([\s\S]*?)\n```/.exec(text)?.[1] ?? '').split('\n');
  }

  test('horizontal bars of the first pages, ranked as in the table, on an axis from 0', () => {
    const chart = chartOf(render({ topPages: pages }));
    expect(chart).toContain('xychart-beta horizontal');
    expect(chart).toContain(`    title "Top ${CHART_PAGES} pages by unique visitors"`);
    expect(chart).toContain(
      '    x-axis ["1. /p0", "2. /p1", "3. /p2", "4. /p3", "5. /p4", "6. /p5", "7. /p6", "8. /p7", "9. /p8", "10. /p9"]',
    );
    expect(chart).toContain('    y-axis "Unique visitors" 0 --> 100');
    expect(chart.filter((line) => line.startsWith('    bar '))[0]).toBe('    bar [100, 99, 98, 97, 96, 95, 94, 93, 92, 91]');
  });

  test('each bar shows human only, both and AI only, from the axis out, with a legend', () => {
    const text = render({
      topPages: [
        { path: '/mostly-human', human: 900, ai: 150, total: 1000 },
        { path: '/mostly-ai', human: 100, ai: 700, total: 750 },
        { path: '/ai-only', human: 0, ai: 300, total: 300 },
        { path: '/inconsistent', human: 500, ai: 10, total: 200 },
      ],
    });
    const bars = chartOf(text).filter((line) => line.startsWith('    bar '));
    // Drawn in this order, each over the one before: total (the AI-only part shows), human (both), human only.
    expect(bars).toEqual(['    bar [1000, 750, 300, 200]', '    bar [900, 100, 0, 200]', '    bar [850, 50, 0, 190]']);
    expect(chartOf(text)).toContain('    y-axis "Unique visitors" 0 --> 1000');
    expect(text).toContain('from the axis out: 🟦 human only · 🟪 seen as both · 🟧 AI agents only');
  });

  test('the two parts of a bar add up as the counts say: human = human only + both, AI = both + AI only', () => {
    const page = { path: '/p', human: 640, ai: 410, total: 900 };
    const [total, human, humanOnly] = chartOf(render({ topPages: [page] }))
      .filter((line) => line.startsWith('    bar '))
      .map((line) => Number(/\[(\d+)\]/.exec(line)?.[1]));
    expect(human).toBe(page.human);
    expect((total ?? 0) - (humanOnly ?? 0)).toBe(page.ai);
  });

  test('long real paths stay readable: the start and the last segment', () => {
    const long = '/api-reference/endpoint/organizations/projects/deployments/create-preview-deployment';
    const chart = chartOf(
      render({
        topPages: [
          { path: '/api-reference/endpoint/create-job', human: 2, ai: 1, total: 2 },
          { path: long, human: 1, ai: 1, total: 1 },
        ],
      }),
    );
    expect(chart).toContain('    x-axis ["1. /api-reference/endpoint/create-job", "2. /api-referenc…/create-preview-deployment"]');
  });

  test('no chart when a count is too large for Mermaid to read; the table still lists the page', () => {
    const text = render({ topPages: [{ path: '/huge', human: 1e21, ai: 1, total: 1e21 }] });
    expect(text).not.toContain('```mermaid');
    expect(tableRows(text)).toHaveLength(1);
  });

  test('labels that escape to the same text stay distinct bars', () => {
    const chart = chartOf(
      render({ topPages: ['/a"b', "/a'b", '/a`b'].map((path, index) => ({ path, human: 1, ai: 1, total: 3 - index })) }),
    );
    expect(chart).toContain('    x-axis ["1. /a_b", "2. /a_b", "3. /a_b"]');
  });

  test('hostile labels cannot end the string, the statement, the axis list or the fence', () => {
    const text = render({ topPages: HOSTILE.map((path, index) => ({ path, human: 1, ai: 1, total: 10 - index })) });
    const chart = /```mermaid\n([\s\S]*?)\n```/.exec(text)?.[1] ?? '';
    const axis = chart.split('\n').find((line) => line.includes('x-axis')) ?? '';
    const labels = /x-axis \[(.*)\]$/.exec(axis)?.[1] ?? '';
    expect(labels).not.toBe('');
    // Every label is "..." with no quote, bracket, %% or # inside.
    expect(labels.split(', ')).toHaveLength(HOSTILE.length);
    for (const label of labels.split(', ')) expect(label).toMatch(/^"[^"[\]%#`<>]*"$/);
    expect(chart.split('\n')).toHaveLength(8);
    expect(text.match(/^```/gm)).toHaveLength(2);
  });

  test.each([
    ['/say "hi"', '/say _hi_'],
    ['a\nb', 'a_b'],
    ['%%{init}%%', '___init___'],
    ['[x]', '_x_'],
    ['', '_'],
    ['/docs/ünïcode-页面', '/docs/ünïcode-页面'],
    [`/${'x'.repeat(100)}`, `/${'x'.repeat(19)}…${'x'.repeat(19)}`],
    ['/section/sub/', '/section/sub/'],
    // Pages that differ only inside a long path stay apart: the end is kept in whole segments.
    ['/api-reference/endpoint/resource-110/create', '/api-refer…/endpoint/resource-110/create'],
    ['/api-reference/endpoint/resource-111/create', '/api-refer…/endpoint/resource-111/create'],
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
    const text = render({ previous: { window: previousWindow, totals: { human: 6000, ai: 0, total: 8000 } } });
    expect(text).toContain('### Change vs previous window');
    expect(text).toContain('Previous window: 2025-12-01 to 2026-01-01 (exclusive)');
    expect(text).toContain('| Total | 10,000 | 8,000 | +2,000 (+25.0%) |');
    expect(text).toContain('| Human | 9,000 | 6,000 | +3,000 (+50.0%) |');
    expect(text).toContain('| AI agents | 4,000 | 0 | +4,000 (no percentage: previous window had 0) |');
  });

  test('without a previous window there is no comparison', () => {
    expect(render()).not.toContain('previous window');
  });
});

describe('warnings', () => {
  test('an incomplete report says so, with each warning escaped', () => {
    const text = render({ complete: false, warnings: ['Visitors report: stopped <b>here</b> @team'] });
    expect(text).toContain('> **The report may be incomplete:**');
    expect(text).toContain('> - Visitors report&#58; stopped &lt;b&gt;here&lt;/b&gt; &#64;\u2060team');
  });

  test('the failure section escapes the service message', () => {
    const text = renderAnalyticsFailure('HTTP 400: <img src=x> [a](b)').markdown;
    expect(text).toContain('## Docs visitors');
    expect(text).not.toMatch(/<img|\]\(/);
  });
});
