/**
 * The analytics phase: the reports of `analytics-reports`, one after another, sharing one request
 * budget and one export file.
 *
 * Order: feedback by page first (one request; it names the rated-down pages whose traffic the
 * visitors and views rows are searched for as they stream by), then visitors (and the previous
 * window), the feedback comments, searches, views and assistant. Every part's first request is
 * reserved (RequestBudget), so a long visitors report cannot starve the others of their totals.
 *
 * A report that fails, after the client's retries, is a warning and a failed outcome; the others
 * go on. Only the export file failing to be written ends the phase. A visitors-only run is the
 * plain visitors report, exactly as before: its failure is the phase's.
 */
import * as log from '../log.js';
import { messageOf } from '../errors.js';
import { REPORT_NAMES, isVisitorsOnly, type ReportName } from './report-names.js';
import { counted } from '../text/plural.js';
import type { AnalyticsSettings } from './settings.js';
import type { Timing } from '../runtime.js';
import { fetchAssistantReport } from './assistant-report.js';
import { rankAttention } from './attention.js';
import { RequestBudget } from './budget.js';
import { downVotedPaths, fetchFeedbackReport, fetchRatedPages } from './feedback-report.js';
import type { TemporaryFiles } from './export-file.js';
import { ExportFailure, HealthExport } from './health-export.js';
import type { HealthReport, ReportOutcome, ReportOutcomes, ReportProgress } from './health-report.js';
import { partsOf, reservedParts } from './parts.js';
import { withRepairs, type AnalyticsClient, type ReportContext } from './report-context.js';
import { fetchVisitorsReport, runAnalyticsPhase } from './run-analytics.js';
import { fetchSearchesReport } from './searches-report.js';
import { TrafficWatch } from './traffic-watch.js';
import { fetchViewsReport } from './views-report.js';

export interface HealthPhaseOptions extends Pick<Timing, 'clock' | 'deadline'> {
  readonly client: AnalyticsClient;
  readonly projectId: string;
  readonly settings: AnalyticsSettings;
  /** Log inside a collapsible group: off while the job phase logs at the same time. */
  readonly grouped: boolean;
  /** Where the export's temporary file is listed while it is written, for a cancelled run to remove. */
  readonly temporaryFiles?: TemporaryFiles;
}

const LABEL: Readonly<Record<ReportName, string>> = {
  visitors: 'Visitors report',
  views: 'Views report',
  searches: 'Searches report',
  feedback: 'Feedback report',
  assistant: 'Assistant report',
};

function usedBy(budget: RequestBudget, settings: AnalyticsSettings): Record<ReportName, number> {
  const compare = settings.previousWindow !== undefined;
  const entries = REPORT_NAMES.map((name) => [name, partsOf(name, compare).reduce((sum, part) => sum + budget.used(part), 0)] as const);
  return Object.fromEntries(entries) as Record<ReportName, number>;
}

async function visitorsOnly(options: HealthPhaseOptions): Promise<HealthReport> {
  const { settings } = options;
  const report = withRepairs(options.client, 'visitors', await runAnalyticsPhase({ ...options, grouped: false }), log);
  const used = Object.fromEntries(REPORT_NAMES.map((name) => [name, name === 'visitors' ? report.requests : 0])) as Record<
    ReportName,
    number
  >;
  return {
    window: settings.window,
    reports: ['visitors'],
    top: settings.top,
    visitors: { ok: true, report },
    budget: { limit: settings.maxRequests, used, total: report.requests },
  };
}

async function allReports(options: HealthPhaseOptions): Promise<HealthReport> {
  const { settings } = options;
  const reports = REPORT_NAMES.filter((name) => settings.reports.has(name));
  const budget = new RequestBudget(settings.maxRequests, reservedParts(reports, settings.previousWindow !== undefined));
  const file =
    settings.file === undefined
      ? undefined
      : await HealthExport.open(settings.file, settings.window, {
          ...(options.temporaryFiles && { temporaryFiles: options.temporaryFiles }),
        });
  log.info(
    `Analytics reports ${reports.join(', ')} for the same window, up to ${counted(settings.maxRequests, 'request')} (analytics-max-requests)${file === undefined ? '' : `, writing every row to ${file.path}`}.`,
  );
  const context: ReportContext = { ...options, budget, ...(file && { export: file }), log };

  const repaired = <T extends ReportProgress>(name: ReportName, report: T): T => withRepairs(options.client, name, report, log);

  /** Runs one report (or part); its failure is a warning and a failed outcome, never the others' end. */
  const attempt = async <T>(name: ReportName, fetch: () => Promise<T>): Promise<ReportOutcome<T>> => {
    if (options.clock() >= options.deadline) {
      const error = `${LABEL[name]}: not fetched, the timeout ran out before it`;
      log.warning(`${error}.`);
      await file?.end(name, { requests: 0, complete: false, error });
      return { ok: false, error, requests: 0 };
    }
    try {
      return { ok: true, report: await fetch() };
    } catch (thrown) {
      if (thrown instanceof ExportFailure) throw thrown;
      // The failure says what went wrong; what was corrected in its answers no longer matters.
      options.client.repairs?.take(name);
      const error = messageOf(thrown);
      const requests = usedBy(budget, settings)[name];
      log.warning(`${LABEL[name]} failed after ${counted(requests, 'request')}; the other reports go on: ${error}`);
      await file?.end(name, { requests, complete: false, error });
      return { ok: false, error, requests };
    }
  };

  try {
    const outcomes: { -readonly [K in keyof ReportOutcomes]: ReportOutcomes[K] } = {};
    const rated = settings.reports.has('feedback') ? await attempt('feedback', () => fetchRatedPages(context)) : undefined;
    const watch = rated?.ok === true ? new TrafficWatch(downVotedPaths(rated.report)) : TrafficWatch.none();
    if (settings.reports.has('visitors')) {
      outcomes.visitors = await attempt('visitors', async () =>
        repaired(
          'visitors',
          await fetchVisitorsReport({ ...options, grouped: false }, { budget, ...(file && { export: file }), watch, keepOnFailure: true }),
        ),
      );
    }
    if (rated !== undefined) {
      outcomes.feedback = rated.ok
        ? await attempt('feedback', async () => repaired('feedback', await fetchFeedbackReport(context, rated.report)))
        : rated;
    }
    if (settings.reports.has('searches')) {
      outcomes.searches = await attempt('searches', async () => repaired('searches', await fetchSearchesReport(context)));
    }
    if (settings.reports.has('views'))
      outcomes.views = await attempt('views', async () => repaired('views', await fetchViewsReport(context, watch)));
    if (settings.reports.has('assistant')) {
      outcomes.assistant = await attempt('assistant', async () => repaired('assistant', await fetchAssistantReport(context)));
    }

    const attentionTraffic = outcomes.visitors?.ok === true ? 'visitors' : outcomes.views?.ok === true ? 'views' : undefined;
    const attention = rated?.ok === true ? rankAttention(rated.report.pages, watch, attentionTraffic, settings.top) : undefined;
    const path = await file?.finish();
    const used = usedBy(budget, settings);
    log.info(
      `Analytics: ${budget.total} of ${counted(budget.limit, 'request')} used (${reports.map((name) => `${name} ${used[name]}`).join(', ')}); ${budget.remaining} left.`,
    );
    return {
      window: settings.window,
      reports,
      top: settings.top,
      ...outcomes,
      ...(attention && { attention }),
      ...(attention && attentionTraffic && { attentionTraffic }),
      budget: { limit: budget.limit, used, total: budget.total },
      ...(path !== undefined && settings.file && { file: { path, format: settings.file.format } }),
    };
  } catch (error) {
    await file?.discard();
    throw error;
  }
}

export function runHealthPhase(options: HealthPhaseOptions): Promise<HealthReport> {
  const single = isVisitorsOnly(options.settings.reports);
  const fetch = (): Promise<HealthReport> => (single ? visitorsOnly(options) : allReports(options));
  return options.grouped ? log.group(single ? 'Fetch visitors report' : 'Fetch analytics reports', fetch) : fetch();
}
