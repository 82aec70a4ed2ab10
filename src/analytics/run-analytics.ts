/**
 * The analytics phase: page through the visitors report, keeping only the top pages in memory and
 * streaming every page to the export file, then (with compare) fetch the previous window's totals.
 */
import * as log from '../log.js';
import { messageOf } from '../errors.js';
import { counted } from '../plural.js';
import type { MintlifyClient } from '../service/client.js';
import type { VisitorCounts } from '../service/types.js';
import type { AnalyticsSettings } from '../settings.js';
import type { Timing } from '../timing.js';
import { ExportWriter } from './export-file.js';
import { paginateVisitors, type PaginationResult } from './paginate.js';
import type { AnalyticsReport } from './report.js';
import { TopPages } from './top-pages.js';
import { describeWindow, windowQuery } from './window.js';

export interface AnalyticsPhaseOptions extends Pick<Timing, 'clock' | 'deadline'> {
  readonly client: Pick<MintlifyClient, 'getVisitors'>;
  readonly projectId: string;
  readonly settings: AnalyticsSettings;
  /**
   * Log inside a collapsible group. Off while the job phase logs at the same time: the runner's
   * groups cannot interleave, and the job's lines would land inside this one.
   */
  readonly grouped: boolean;
}

function formatCounts(counts: VisitorCounts): string {
  return `${counts.total} unique visitors (human ${counts.human}, AI ${counts.ai})`;
}

async function fetchPreviousTotals(options: AnalyticsPhaseOptions, warnings: string[]): Promise<AnalyticsReport['previous']> {
  const previousWindow = options.settings.previousWindow;
  if (previousWindow === undefined) return undefined;
  try {
    // Only the totals are needed: the smallest page the service allows.
    const page = await options.client.getVisitors(options.projectId, { ...windowQuery(previousWindow), limit: 1, offset: 0 });
    log.info(`Previous window, ${describeWindow(previousWindow)}: ${formatCounts(page.totals)}.`);
    return { window: previousWindow, totals: page.totals };
  } catch (error) {
    // The report itself is complete; a missing comparison should not throw it away.
    const message = `Visitors report: the previous window's totals could not be fetched, so there is no comparison: ${messageOf(error)}`;
    warnings.push(message);
    log.warning(message);
    return undefined;
  }
}

/** Paginates, feeding the top pages and the export; the export is discarded if anything fails. */
async function collectPages(
  options: AnalyticsPhaseOptions,
  top: TopPages,
  writer: ExportWriter | undefined,
): Promise<{ result: PaginationResult; filePath: string | undefined }> {
  const { settings, client, projectId } = options;
  try {
    const result = await paginateVisitors({
      getVisitors: (query) => client.getVisitors(projectId, query),
      ...windowQuery(settings.window),
      pageSize: settings.pageSize,
      onTotals: (totals) => writer?.begin(settings.window, totals),
      onRows: async (rows) => {
        // Only the rows the export could take count anywhere, so the file, the table and the counts agree.
        const stop = await writer?.writeRows(rows);
        for (const row of rows.slice(0, stop?.kept ?? rows.length)) top.offer(row);
        return stop;
      },
      clock: options.clock,
      deadline: options.deadline,
      log,
    });
    return { result, filePath: await writer?.finish() };
  } catch (error) {
    await writer?.discard();
    throw error;
  }
}

async function fetchReport(options: AnalyticsPhaseOptions): Promise<AnalyticsReport> {
  const { settings } = options;
  const top = new TopPages(settings.top);
  const writer = settings.file === undefined ? undefined : await ExportWriter.open(settings.file);
  const exporting = writer === undefined ? '' : `, writing every page to ${writer.path}`;
  log.info(`Visitors report for ${describeWindow(settings.window)}: ${counted(settings.pageSize, 'page')} per request${exporting}.`);
  const { result, filePath } = await collectPages(options, top, writer);
  const warnings = [...result.warnings];
  const previous = await fetchPreviousTotals(options, warnings);
  // One count for the log and the summary: the previous window's request is one of the report's.
  const requests = result.requests + (settings.previousWindow === undefined ? 0 : 1);
  log.info(`Visitors report: ${counted(result.pages, 'page')}, ${counted(requests, 'request')}; ${formatCounts(result.totals)}.`);
  return {
    window: settings.window,
    totals: result.totals,
    pages: result.pages,
    topPages: top.sorted(),
    ...(filePath !== undefined && settings.file && { file: { path: filePath, format: settings.file.format } }),
    ...(previous && { previous }),
    requests,
    complete: result.complete,
    warnings,
  };
}

export function runAnalyticsPhase(options: AnalyticsPhaseOptions): Promise<AnalyticsReport> {
  return options.grouped ? log.group('Fetch visitors report', () => fetchReport(options)) : fetchReport(options);
}
