/** The visitors report: top pages in memory, every page streamed to the export, then (with compare) the previous totals. */
import * as log from '../log.js';
import { messageOf } from '../errors.js';
import { counted } from '../text/plural.js';
import type { MintlifyClient } from '../service/client.js';
import type { VisitorCounts } from '../service/types.js';
import type { AnalyticsSettings } from './settings.js';
import type { Timing } from '../runtime.js';
import { RequestBudget } from './budget.js';
import { ExportWriter, type TemporaryFiles } from './export-file.js';
import type { HealthExport } from './health-export.js';
import { paginateVisitors, type PaginationResult } from './paginate-visitors.js';
import { PARTS, reservedParts } from './parts.js';
import { exportTail, pagingWarnings } from './report-context.js';
import type { AnalyticsReport } from './report.js';
import { TopPages } from './top-pages.js';
import type { TrafficWatch } from './traffic-watch.js';
import { describeWindow, windowQuery } from './window.js';

export interface AnalyticsPhaseOptions extends Pick<Timing, 'clock' | 'deadline'> {
  readonly client: Pick<MintlifyClient, 'getVisitors'>;
  readonly projectId: string;
  readonly settings: AnalyticsSettings;
  /** Off while the job phase logs at the same time: the runner's groups cannot interleave. */
  readonly grouped: boolean;
  /** Where the export's temporary file is listed while it is written, for a cancelled run to remove. */
  readonly temporaryFiles?: TemporaryFiles;
}

/** How a multi-report run takes part in the visitors report. */
export interface VisitorsRun {
  readonly budget: RequestBudget;
  /** The multi-report export; without it, analytics-file gets the visitors export of its own. */
  readonly export?: HealthExport;
  /** Picks the traffic of the pages "Pages that need attention" joins. */
  readonly watch?: TrafficWatch;
  /** Keep the pages received when a later page fails, with a warning, instead of failing the report. */
  readonly keepOnFailure: boolean;
}

function formatCounts(counts: VisitorCounts): string {
  return `${counts.total} unique visitors (human ${counts.human}, AI ${counts.ai})`;
}

async function fetchPreviousTotals(
  options: AnalyticsPhaseOptions,
  budget: RequestBudget,
  warnings: string[],
): Promise<AnalyticsReport['previous']> {
  const previousWindow = options.settings.previousWindow;
  if (previousWindow === undefined || !budget.take(PARTS.previousWindow)) return undefined;
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

/** Paginates, feeding the top pages and the export; the visitors-only export is discarded if anything fails. */
async function collectPages(
  options: AnalyticsPhaseOptions,
  run: VisitorsRun,
  top: TopPages,
  writer: ExportWriter | undefined,
): Promise<{ result: PaginationResult; filePath: string | undefined }> {
  const { settings, client, projectId } = options;
  try {
    const result = await paginateVisitors({
      getVisitors: (query) => client.getVisitors(projectId, query),
      ...windowQuery(settings.window),
      pageSize: settings.pageSize,
      budget: run.budget,
      keepOnFailure: run.keepOnFailure,
      onTotals: async (totals) => {
        await writer?.begin(settings.window, totals);
        await run.export?.begin('visitors', { totals }, 'pages');
      },
      onRows: async (rows) => {
        // Only the rows the export could take count anywhere, so the file, the table and the counts agree.
        const stop = (await writer?.writeRows(rows)) ?? (await run.export?.rows(rows));
        const kept = rows.slice(0, stop?.kept ?? rows.length);
        for (const row of kept) top.offer(row);
        run.watch?.offerVisitors(kept);
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

export async function fetchVisitorsReport(options: AnalyticsPhaseOptions, run: VisitorsRun): Promise<AnalyticsReport> {
  const { settings } = options;
  const top = new TopPages(settings.top);
  const writer =
    settings.file === undefined || run.export !== undefined
      ? undefined
      : await ExportWriter.open(settings.file, { ...(options.temporaryFiles && { temporaryFiles: options.temporaryFiles }) });
  const exporting = writer === undefined ? '' : `, writing every page to ${writer.path}`;
  log.info(`Visitors report for ${describeWindow(settings.window)}: ${counted(settings.pageSize, 'page')} per request${exporting}.`);
  const { result, filePath } = await collectPages(options, run, top, writer);
  const warnings = pagingWarnings('Visitors report', result, counted(result.pages, 'page'), log);
  const previous = await fetchPreviousTotals(options, run.budget, warnings);
  // One count for the log and the summary: the previous window's request is one of the report's.
  const requests = result.requests + run.budget.used(PARTS.previousWindow);
  log.info(`Visitors report: ${counted(result.pages, 'page')}, ${counted(requests, 'request')}; ${formatCounts(result.totals)}.`);
  await run.export?.end('visitors', {
    ...(previous && {
      previous: { from: previous.window.from?.text ?? null, to: previous.window.to?.text ?? null, totals: previous.totals },
    }),
    ...exportTail(result, requests),
  });
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

/** The analytics phase of a visitors-only run: the whole budget is the visitors report's. */
export function runAnalyticsPhase(options: AnalyticsPhaseOptions): Promise<AnalyticsReport> {
  const { settings } = options;
  const budget = new RequestBudget(settings.maxRequests, reservedParts(['visitors'], settings.previousWindow !== undefined));
  const fetch = (): Promise<AnalyticsReport> => fetchVisitorsReport(options, { budget, keepOnFailure: false });
  return options.grouped ? log.group('Fetch visitors report', fetch) : fetch();
}
