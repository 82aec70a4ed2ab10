/** What the analytics phase hands to the summary and the outputs. */
import type { PageVisitors, VisitorCounts } from '../service/types.js';
import type { AnalyticsWindow } from './settings.js';
import type { ExportFormatName } from './export-format.js';

export interface AnalyticsReport {
  readonly window: AnalyticsWindow;
  /** The service's totals from the first response, never recomputed from pages. */
  readonly totals: VisitorCounts;
  /** Distinct pages received. */
  readonly pages: number;
  /** At most `analytics-top` pages, total descending, then path ascending. */
  readonly topPages: readonly PageVisitors[];
  /** The export written, with an absolute path. */
  readonly file?: { readonly path: string; readonly format: ExportFormatName };
  /** With `analytics-compare`, when the previous window's request succeeded. */
  readonly previous?: { readonly window: AnalyticsWindow; readonly totals: VisitorCounts };
  /** Report requests made, the previous window's included (retries not counted). */
  readonly requests: number;
  /** False when pagination was stopped by a guard (see warnings). */
  readonly complete: boolean;
  /** Warnings already logged, repeated in the summary. */
  readonly warnings: readonly string[];
}
