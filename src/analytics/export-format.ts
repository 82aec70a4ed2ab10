/** CSV (RFC 4180), or JSON `{"window":{...},"totals":{...},"pages":[...]}` that can be written as the rows arrive. */
import type { PageVisitors, VisitorCounts } from '../service/types.js';
import type { AnalyticsWindow } from './settings.js';

export type ExportFormatName = 'csv' | 'json';

export interface ExportFormat {
  header(window: AnalyticsWindow, totals: VisitorCounts): string;
  /** One row; `first` is true for the first row of the file. Rows are whole: the writer may stop between any two. */
  row(row: PageVisitors, first: boolean): string;
  footer(): string;
}

/** RFC 4180 line break. */
const CRLF = '\r\n';

/**
 * Quoted when it holds a comma, a quote, CR or LF; quotes doubled. Formula injection (a cell starting with =, +, -, @) is
 * deliberately not "neutralised": RFC 4180 does not ask for it, a prefix changes the data for every program reading the file,
 * and the service's paths begin with '/'. Untrusted files belong in a spreadsheet as text columns.
 */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const CSV_HEADER = 'path,human,ai,total';

const csv: ExportFormat = {
  header: () => CSV_HEADER + CRLF,
  row: (row) => `${csvField(row.path)},${row.human},${row.ai},${row.total}${CRLF}`,
  footer: () => '',
};

/** `null` for an end left to the service, so readers see that none was sent. */
function windowJson(window: AnalyticsWindow): string {
  return JSON.stringify({ from: window.from?.text ?? null, to: window.to?.text ?? null });
}

const json: ExportFormat = {
  header: (window, totals) =>
    `{"window":${windowJson(window)},"totals":${JSON.stringify({ human: totals.human, ai: totals.ai, total: totals.total })},"pages":[`,
  // One page per line keeps the file greppable; the separator goes before each row after the first.
  row: (row, first) => `${first ? '' : ','}\n${JSON.stringify({ path: row.path, human: row.human, ai: row.ai, total: row.total })}`,
  footer: () => '\n]}\n',
};

export const EXPORT_FORMATS: Readonly<Record<ExportFormatName, ExportFormat>> = { csv, json };
