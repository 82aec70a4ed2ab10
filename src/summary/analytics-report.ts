/** The visitors report as summary blocks. Every path comes from the service: escapeText, or mermaidLabel in the chart. */
import type { AnalyticsReport } from '../analytics/report.js';
import { describeWindow } from '../analytics/window.js';
import type { PageVisitors, VisitorCounts } from '../service/types.js';
import type { SummaryBlock } from './compose.js';
import { truncate, truncatePath } from '../text/truncate.js';
import { FIELD_CHARS, MAX_PATH_CHARS } from './limits.js';
import { escapeCode, escapeText, tableRow } from './markdown.js';
import { horizontalBarChart, mermaidLabel } from './mermaid.js';
import { countOf, formatChange, formatCount, formatShare } from '../text/numbers.js';

/** Bars in the chart: more would be unreadable. */
export const CHART_PAGES = 10;
/** Colours of a bar's parts, drawn in this order (see chart): AI agents only, both, human only. */
const CHART_PALETTE = ['#e16f24', '#8250df', '#0969da'];

function headline(report: AnalyticsReport): SummaryBlock {
  const { totals } = report;
  // The window is the action's own words around dates validated as YYYY-MM-DD or ISO 8601: nothing to escape.
  const file = report.file === undefined ? '' : ` · export: ${escapeCode(report.file.path)} (${report.file.format.toUpperCase()})`;
  const lines = [
    '## Docs visitors',
    '',
    `**${formatCount(totals.total)}** unique visitors: ` +
      `**${formatCount(totals.human)}** human (${formatShare(totals.human, totals.total)}) and ` +
      `**${formatCount(totals.ai)}** AI agents (${formatShare(totals.ai, totals.total)}).`,
    '',
    `Window: ${describeWindow(report.window)} · ${countOf(report.pages, 'page')} · ${countOf(report.requests, 'request')}${file}`,
    '',
    "<sub>Shares are of the service's total, which is deduplicated: " +
      'a visitor seen both as a human and as an AI agent counts once in the total and once in each group, ' +
      'so the two shares can add up to more than 100%.</sub>',
  ];
  return { markdown: lines.join('\n') + '\n', keep: 'essential', name: 'the visitors totals' };
}

function warningsBlock(report: AnalyticsReport): SummaryBlock[] {
  if (report.warnings.length === 0) return [];
  const title = report.complete ? '> [!WARNING]' : '> [!WARNING]\n> **The report may be incomplete:**';
  const items = report.warnings.map((warning) => `> - ${escapeText(truncate(warning, FIELD_CHARS.message))}`);
  return [{ markdown: [title, ...items].join('\n') + '\n', keep: 'essential', name: 'the visitors warnings' }];
}

function comparison(report: AnalyticsReport): SummaryBlock[] {
  const previous = report.previous;
  if (previous === undefined) return [];
  const rows: Array<[string, keyof VisitorCounts]> = [
    ['Total', 'total'],
    ['Human', 'human'],
    ['AI agents', 'ai'],
  ];
  const lines = [
    '### Change vs previous window',
    '',
    `Previous window: ${describeWindow(previous.window)}`,
    '',
    '| | This window | Previous window | Change |',
    '|---|---:|---:|---:|',
    ...rows.map(([label, key]) =>
      tableRow([
        label,
        formatCount(report.totals[key]),
        formatCount(previous.totals[key]),
        formatChange(report.totals[key], previous.totals[key]),
      ]),
    ),
  ];
  return [{ markdown: lines.join('\n') + '\n', keep: 'detail', name: 'the comparison with the previous window' }];
}

/**
 * Three parts drawn over each other from the axis out: human only, both, AI only. `total` is deduplicated (human + ai - both);
 * counts that contradict each other are clamped so no part is negative (the table shows them as sent).
 */
function barParts(page: PageVisitors): { total: number; human: number; humanOnly: number } {
  const human = Math.min(page.human, page.total);
  return { total: page.total, human, humanOnly: Math.min(human, Math.max(0, page.total - page.ai)) };
}

/** A label starts with the page's rank in the table; the legend names parts by position, in case a renderer ignores the palette. */
function chart(pages: readonly PageVisitors[]): SummaryBlock[] {
  const shown = pages.slice(0, CHART_PAGES);
  if (shown.length === 0) return [];
  const parts = shown.map(barParts);
  const lines = horizontalBarChart({
    title: `Top ${countOf(shown.length, 'page')} by unique visitors`,
    valueAxis: 'Unique visitors',
    labels: shown.map((page, index) => `${index + 1}. ${mermaidLabel(page.path)}`),
    // Drawn over each other: the whole bar (its AI-only end shows), then human (both shows), then human only.
    series: [parts.map((part) => part.total), parts.map((part) => part.human), parts.map((part) => part.humanOnly)],
    palette: CHART_PALETTE,
  });
  if (lines === undefined) return [];
  const legend =
    '<sub>Each bar is a page’s unique visitors, from the axis out: 🟦 human only · 🟪 seen as both · 🟧 AI agents only. The numbers are in the table below.</sub>';
  return [{ markdown: [...lines, '', legend].join('\n') + '\n', keep: 'detail', name: 'the top pages chart' }];
}

function pageRow(report: AnalyticsReport, page: PageVisitors, rank: number): string {
  return tableRow([
    String(rank),
    escapeText(truncatePath(page.path, MAX_PATH_CHARS)),
    formatCount(page.human),
    formatCount(page.ai),
    formatCount(page.total),
    formatShare(page.total, report.totals.total),
  ]);
}

/** The table, cut after `rows` rows with a line saying so when that is fewer than all. */
function pagesTable(report: AnalyticsReport, rows: number): string {
  const pages = report.topPages;
  const lines = [
    `### Top ${pages.length} of ${countOf(report.pages, 'page')}`,
    '',
    tableRow(['#', 'Path', 'Human', 'AI', 'Total', 'Share of site total']),
    '|---:|---|---:|---:|---:|---:|',
    ...pages.slice(0, rows).map((page, index) => pageRow(report, page, index + 1)),
  ];
  if (rows < pages.length) {
    const rest = report.file ? '; the export file has every page' : '';
    lines.push('', `The table stops after ${countOf(rows, 'page')} to keep the summary under GitHub's size limit${rest}.`);
  }
  return lines.join('\n') + '\n';
}

function topPagesTable(report: AnalyticsReport): SummaryBlock {
  const name = 'the top pages table';
  if (report.topPages.length === 0) return { markdown: 'No page had visitors in this window.\n', keep: 'detail', name };
  return {
    markdown: pagesTable(report, report.topPages.length),
    keep: 'bulk',
    name,
    // Whole rows only; the slack covers the row count's digits in the closing line.
    shrink: (maxBytes) => {
      const budget = maxBytes - Buffer.byteLength(pagesTable(report, 0)) - 8;
      let rows = 0;
      let used = 0;
      for (const [index, page] of report.topPages.entries()) {
        used += Buffer.byteLength(pageRow(report, page, index + 1)) + 1;
        if (used > budget) break;
        rows = index + 1;
      }
      return rows === 0 ? undefined : pagesTable(report, rows);
    },
  };
}

export function renderAnalyticsReport(report: AnalyticsReport): SummaryBlock[] {
  return [headline(report), ...warningsBlock(report), ...comparison(report), ...chart(report.topPages), topPagesTable(report)];
}

/** The section shown instead of the report when it failed next to a job (the job decides the step). */
export function renderAnalyticsFailure(message: string): SummaryBlock {
  const lines = [
    '## Docs visitors',
    '',
    '> [!WARNING]',
    `> The visitors report could not be fetched: ${escapeText(truncate(message, FIELD_CHARS.message))}`,
  ];
  return { markdown: lines.join('\n') + '\n', keep: 'essential', name: 'the visitors report failure' };
}
