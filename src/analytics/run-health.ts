/**
 * The reports of `analytics-reports`, one after another, sharing one request budget and one export file. Feedback by page
 * comes first (it names the rated-down pages whose traffic the visitors and views rows are searched for), then visitors
 * (and the previous window), the feedback comments, searches, views, assistant, impact. A report that fails, after the
 * client's retries, is a warning and a failed outcome; the others go on. Only a failed export write ends the phase.
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
import { downVotedPaths, fetchFeedbackReport, fetchRatedPages, type RatedPages } from './feedback-report.js';
import { budgetUse, reportsStart } from './messages.js';
import type { TemporaryFiles } from './export-file.js';
import { ExportFailure, HealthExport } from './health-export.js';
import type { HealthReport, ImpactProgress, ReportOutcome, ReportOutcomes, ReportProgress } from './health-report.js';
import type { ImpactReport } from './impact-report.js';
import { partsOf, reservedParts } from './parts.js';
import { withRepairs, type AnalyticsClient, type ReportContext } from './report-context.js';
import { fetchVisitorsReport, runAnalyticsPhase } from './run-analytics.js';
import { fetchSearchesReport } from './searches-report.js';
import { TrafficWatch } from './traffic-watch.js';
import { fetchViewsReport } from './views-report.js';

/** What the impact report reads the analytics with: the run's client, budget and timing. */
export interface ImpactReadOptions extends Pick<Timing, 'clock' | 'deadline'> {
  readonly client: AnalyticsClient;
  readonly projectId: string;
  readonly budget: RequestBudget;
  readonly pageSize: number;
  readonly log: typeof log;
}

/** Given by the caller (it reads GitHub too); throws when GitHub refuses the pull request list, failing the impact part alone. */
export type ImpactRunner = (options: ImpactReadOptions) => Promise<ImpactReport>;

export interface HealthPhaseOptions extends Pick<Timing, 'clock' | 'deadline'> {
  readonly client: AnalyticsClient;
  readonly projectId: string;
  readonly settings: AnalyticsSettings;
  /** Log inside a collapsible group: off while the job phase logs at the same time. */
  readonly grouped: boolean;
  /** Where the export's temporary file is listed while it is written, for a cancelled run to remove. */
  readonly temporaryFiles?: TemporaryFiles;
  readonly impact?: ImpactRunner;
}

const LABEL: Readonly<Record<ReportName, string>> = {
  visitors: 'Visitors report',
  views: 'Views report',
  searches: 'Searches report',
  feedback: 'Feedback report',
  assistant: 'Assistant report',
  impact: 'Impact report',
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

/** What the reports of one run share: the budget, the export file and the context they fetch with. */
interface SharedRun {
  readonly options: HealthPhaseOptions;
  readonly budget: RequestBudget;
  readonly file: HealthExport | undefined;
  readonly context: ReportContext;
}

type Outcomes = { -readonly [K in keyof ReportOutcomes]: ReportOutcomes[K] };

/** The outcomes of the chosen reports, and the rated pages and traffic watch that the attention join needs. */
interface Fetched {
  readonly outcomes: Outcomes;
  readonly rated: ReportOutcome<RatedPages> | undefined;
  readonly watch: TrafficWatch;
}

/** Runs one report (or part); its failure is a warning and a failed outcome, never the others' end. */
async function attempt<T>(run: SharedRun, name: ReportName, fetch: () => Promise<T>): Promise<ReportOutcome<T>> {
  const { options, budget, file } = run;
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
    if (name !== 'impact') options.client.repairs?.take(name);
    const error = messageOf(thrown);
    const requests = usedBy(budget, options.settings)[name];
    log.warning(`${LABEL[name]} failed after ${counted(requests, 'request')}; the other reports go on: ${error}`);
    await file?.end(name, { requests, complete: false, error });
    return { ok: false, error, requests };
  }
}

function attemptRepaired<T extends ReportProgress>(
  run: SharedRun,
  name: Exclude<ReportName, 'impact'>,
  fetch: () => Promise<T>,
): Promise<ReportOutcome<T>> {
  return attempt(run, name, async () => withRepairs(run.options.client, name, await fetch(), log));
}

/** Runs last: it reads every week of its windows, and the other reports' first requests are reserved anyway. */
async function fetchImpact(run: SharedRun, impact: ImpactRunner): Promise<ImpactProgress> {
  const { options, budget, file } = run;
  const report = await impact({ ...options, budget, pageSize: options.settings.pageSize, log });
  for (const line of report.leftOut) log.warning(`Impact report: ${line}`);
  const progress: ImpactProgress = {
    ...report,
    requests: report.costs.analyticsRequests,
    complete: report.leftOut.length === 0,
    warnings: [],
  };
  const head = { end: report.end, settings: report.settings, totals: report.totals, morePulls: report.morePulls };
  await file?.begin(
    'impact',
    { ...head, controlPages: report.controlPages, searchBounded: report.searchBounded === true, method: report.method },
    'pulls',
  );
  // Every pull request with its pages: both windows' raw counts, the control's, the change with its interval and p-values.
  await file?.rows(report.pulls.map(({ title, ...pull }) => ({ ...pull, title })));
  await file?.end('impact', { costs: report.costs, leftOut: report.leftOut, requests: progress.requests, complete: progress.complete });
  return progress;
}

/** The chosen reports, one after another in the order the module's header gives. */
async function fetchAll(run: SharedRun): Promise<Fetched> {
  const { options, budget, file, context } = run;
  const chosen = options.settings.reports;
  const outcomes: Outcomes = {};
  const rated = chosen.has('feedback') ? await attempt(run, 'feedback', () => fetchRatedPages(context)) : undefined;
  const watch = rated?.ok === true ? new TrafficWatch(downVotedPaths(rated.report)) : TrafficWatch.none();
  if (chosen.has('visitors')) {
    const target = { budget, ...(file && { export: file }), watch, keepOnFailure: true };
    outcomes.visitors = await attemptRepaired(run, 'visitors', () => fetchVisitorsReport({ ...options, grouped: false }, target));
  }
  if (rated !== undefined) {
    outcomes.feedback = rated.ok ? await attemptRepaired(run, 'feedback', () => fetchFeedbackReport(context, rated.report)) : rated;
  }
  if (chosen.has('searches')) outcomes.searches = await attemptRepaired(run, 'searches', () => fetchSearchesReport(context));
  if (chosen.has('views')) outcomes.views = await attemptRepaired(run, 'views', () => fetchViewsReport(context, watch));
  if (chosen.has('assistant')) outcomes.assistant = await attemptRepaired(run, 'assistant', () => fetchAssistantReport(context));
  const { impact } = options;
  if (chosen.has('impact') && impact !== undefined) outcomes.impact = await attempt(run, 'impact', () => fetchImpact(run, impact));
  return { outcomes, rated, watch };
}

/** The run's report: the outcomes, the pages that need attention, the requests used and the export file, once written. */
async function assemble(run: SharedRun, reports: readonly ReportName[], fetched: Fetched): Promise<HealthReport> {
  const { settings } = run.options;
  const { budget } = run;
  const { outcomes, rated, watch } = fetched;
  const attentionTraffic = outcomes.visitors?.ok === true ? 'visitors' : outcomes.views?.ok === true ? 'views' : undefined;
  const attention = rated?.ok === true ? rankAttention(rated.report.pages, watch, attentionTraffic, settings.top) : undefined;
  const path = await run.file?.finish();
  const used = usedBy(budget, settings);
  log.info(
    budgetUse(
      budget.total,
      budget.limit,
      reports.map((name) => [name, used[name]] as const),
      budget.remaining,
    ),
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
  log.info(reportsStart(reports, settings.maxRequests, file?.path));
  const run: SharedRun = { options, budget, file, context: { ...options, budget, ...(file && { export: file }), log } };
  try {
    return await assemble(run, reports, await fetchAll(run));
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
