/**
 * The visitors report in the job summary: a pure function from the report to Markdown. Every path
 * comes from the service and goes through escapeText (or mermaidLabel inside the chart); the
 * section keeps itself under MAX_REPORT_BYTES so that a huge top-N with long paths cannot push the
 * summary past GitHub's 1 MiB limit.
 */
import type { AnalyticsReport } from '../analytics/report.js';
import { describeWindow } from '../analytics/window.js';
import type { PageVisitors, VisitorCounts } from '../service/types.js';
import { escapeCode, escapeText, tableRow } from './markdown.js';

/** Leaves room under the 1 MiB summary limit for the job card and the trim note. */
export const MAX_REPORT_BYTES = 900 * 1024;
/** Longer paths are cut with an ellipsis in the table; the export file has them whole. */
export const MAX_PATH_CHARS = 120;
/** Bars in the chart: more would be unreadable. */
export const CHART_PAGES = 10;
const CHART_LABEL_CHARS = 40;

const COUNT_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatCount(value: number): string {
  return COUNT_FORMAT.format(value);
}

/** `part` as a percentage of `whole`, one decimal; a dash when there is no whole. */
export function formatShare(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '—';
}

/** Absolute and relative change; a previous value of 0 has no percentage. */
export function formatChange(current: number, previous: number): string {
  const delta = current - previous;
  const absolute = `${delta > 0 ? '+' : delta < 0 ? '-' : '±'}${formatCount(Math.abs(delta))}`;
  if (previous === 0) return delta === 0 ? `${absolute} (0.0%)` : `${absolute} (no percentage: previous window had 0)`;
  const relative = (delta / previous) * 100;
  return `${absolute} (${relative > 0 ? '+' : relative < 0 ? '-' : '±'}${Math.abs(relative).toFixed(1)}%)`;
}

/** At most `max` characters, ending in an ellipsis when cut; never splits a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * Text safe inside a double-quoted Mermaid string within a fenced block. Only letters, digits,
 * spaces and `/ - _ . ~` are kept: quotes would end the string, newlines the statement, `%%` starts
 * a comment, `#…;` is an entity code, brackets end the axis list, and backticks could close the
 * Markdown fence itself.
 */
export function mermaidLabel(text: string): string {
  const safe = text
    .replace(/[^\p{L}\p{N} /\-_.~]/gu, '_')
    .replace(/\s+/g, ' ')
    .trim();
  return truncate(safe === '' ? '_' : safe, CHART_LABEL_CHARS);
}

function headline(report: AnalyticsReport): string[] {
  const { totals } = report;
  const file = report.file === undefined ? '' : ` · export: ${escapeCode(report.file.path)} (${report.file.format.toUpperCase()})`;
  return [
    '## Docs visitors',
    '',
    `**${formatCount(totals.total)}** unique visitors: **${formatCount(totals.human)}** human (${formatShare(totals.human, totals.total)}) and **${formatCount(totals.ai)}** AI agents (${formatShare(totals.ai, totals.total)}).`,
    '',
    `Window: ${describeWindow(report.window)} · ${formatCount(report.pages)} pages in ${report.requests} request${report.requests === 1 ? '' : 's'}${file}`,
    '',
    "<sub>Shares are of the service's total, which is deduplicated: a visitor seen both as a human and as an AI agent counts once in the total and once in each group, so the two shares can add up to more than 100%.</sub>",
  ];
}

function warningsBlock(report: AnalyticsReport): string[] {
  if (report.warnings.length === 0) return [];
  const title = report.complete ? '> [!WARNING]' : '> [!WARNING]\n> **The report may be incomplete:**';
  return ['', title, ...report.warnings.map((warning) => `> - ${escapeText(warning)}`)];
}

function comparison(report: AnalyticsReport): string[] {
  const previous = report.previous;
  if (previous === undefined) return [];
  const rows: Array<[string, keyof VisitorCounts]> = [
    ['Total', 'total'],
    ['Human', 'human'],
    ['AI agents', 'ai'],
  ];
  return [
    '',
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
}

function chart(pages: readonly PageVisitors[]): string[] {
  const shown = pages.slice(0, CHART_PAGES);
  if (shown.length === 0) return [];
  const labels = shown.map((page) => `"${mermaidLabel(page.path)}"`).join(', ');
  return [
    '',
    '```mermaid',
    'xychart-beta',
    `    title "Top ${shown.length} pages by unique visitors"`,
    `    x-axis [${labels}]`,
    '    y-axis "Unique visitors"',
    `    bar [${shown.map((page) => String(page.total)).join(', ')}]`,
    '```',
  ];
}

function topPagesTable(report: AnalyticsReport, budgetBytes: number): string[] {
  const pages = report.topPages;
  if (pages.length === 0) return ['', 'No page had visitors in this window.'];
  const lines = [
    '',
    `### Top ${pages.length} of ${formatCount(report.pages)} pages`,
    '',
    tableRow(['#', 'Path', 'Human', 'AI', 'Total', 'Share of site total']),
    '|---:|---|---:|---:|---:|---:|',
  ];
  let used = lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
  for (const [index, page] of pages.entries()) {
    const row = tableRow([
      String(index + 1),
      escapeText(truncate(page.path, MAX_PATH_CHARS)),
      formatCount(page.human),
      formatCount(page.ai),
      formatCount(page.total),
      formatShare(page.total, report.totals.total),
    ]);
    const size = Buffer.byteLength(row) + 1;
    if (used + size > budgetBytes) {
      lines.push(
        '',
        `The table stops after ${index} pages to keep the summary under GitHub's size limit${report.file ? '; the export file has every page' : ''}.`,
      );
      break;
    }
    lines.push(row);
    used += size;
  }
  return lines;
}

export function renderAnalyticsReport(report: AnalyticsReport, maxBytes = MAX_REPORT_BYTES): string {
  // Everything but the table is small and bounded; the table gets what is left.
  const before = [...headline(report), ...warningsBlock(report), ...comparison(report), ...chart(report.topPages)];
  const room = maxBytes - Buffer.byteLength(before.join('\n')) - 512;
  return [...before, ...topPagesTable(report, room)].join('\n') + '\n';
}

/** The section shown instead of the report when it failed next to a job (the job decides the step). */
export function renderAnalyticsFailure(message: string): string {
  return (
    ['## Docs visitors', '', '> [!WARNING]', `> The visitors report could not be fetched: ${escapeText(truncate(message, 2000))}`].join(
      '\n',
    ) + '\n'
  );
}
