/** The pieces every section of the docs health report is made of. */
import type { ReportName } from '../analytics/report-names.js';
import type { ReportOutcome } from '../analytics/health-report.js';
import { countOf } from '../text/numbers.js';
import { truncate, truncatePath } from '../text/truncate.js';
import type { SummaryBlock } from './compose.js';
import { FIELD_CHARS, MAX_PATH_CHARS } from './limits.js';
import { escapeText } from './markdown.js';
import { tableBlock, type TableSpec } from './table-block.js';

/** Reader text (a comment, a search term) is cut to this many characters; the export has it whole. */
export const MAX_READER_CHARS = 200;

export const cutNote = (noun: string, plural?: string) => (shown: number) =>
  `The table stops after ${countOf(shown, noun, plural)} to keep the report under GitHub's size limit.`;

export function essential(name: string, lines: readonly string[]): SummaryBlock {
  return { markdown: lines.join('\n') + '\n', keep: 'essential', name };
}

/** A report's section: what it found (essential), then its table, or `empty` when the table has no row. */
export function section(name: string, intro: readonly string[], table: Omit<TableSpec, 'name' | 'head'>, empty: string): SummaryBlock[] {
  if (table.rows.length === 0) return [essential(name, [...intro, '', empty])];
  return [essential(name, intro), tableBlock({ name: `${name} table`, head: [], ...table })];
}

/** Reader or service text for a table cell or a paragraph: flattened, cut, then escaped once. */
export function cell(text: string, max: number): string {
  return escapeText(truncate(text.replace(/\s+/g, ' ').trim(), max));
}

export function pathCell(path: string): string {
  return escapeText(truncatePath(path, MAX_PATH_CHARS));
}

export function quoted(text: string): string {
  return `“${cell(text, MAX_READER_CHARS)}”`;
}

/** `YYYY-MM-DD` of a date the service sent, or nothing when it is not a date. */
export function day(text: string | undefined): string | undefined {
  const ms = Date.parse(text ?? '');
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString().slice(0, 10);
}

export function failedLines(name: ReportName, outcome: { error: string; requests: number }): string[] {
  return [
    '> [!WARNING]',
    `> The ${name} report could not be fetched (${countOf(outcome.requests, 'request')}): ${escapeText(truncate(outcome.error, FIELD_CHARS.message))}`,
  ];
}

export function warningLines(report: { complete: boolean; warnings: readonly string[] }): string[] {
  if (report.warnings.length === 0) return [];
  const title = report.complete ? ['> [!WARNING]'] : ['> [!WARNING]', '> **This report may be incomplete:**'];
  return ['', ...title, ...report.warnings.map((warning) => `> - ${escapeText(truncate(warning, FIELD_CHARS.message))}`)];
}

export function value<T>(outcome: ReportOutcome<T> | undefined): T | undefined {
  return outcome?.ok === true ? outcome.report : undefined;
}
