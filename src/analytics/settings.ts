/** The analytics inputs. */
import * as log from '../log.js';
import { InputError } from '../errors.js';
import { DATE_FORM, DAY_MS, dateFromEpoch, parseAnalyticsDate, startOfUtcDay, type AnalyticsDate } from '../inputs/dates.js';
import type { InputReader } from '../inputs/reader.js';
import { MAX_ANALYTICS_REQUESTS } from './budget.js';
import type { ImpactSettings } from './impact-report.js';
import { readImpactSettings, type ImpactInput } from './impact-settings.js';
import { reservedParts } from './parts.js';
import { REPORTS_FORM, isVisitorsOnly, parseReports, type ReportName } from './report-names.js';

export const ANALYTICS_INPUTS = {
  analytics: 'false',
  'analytics-from': '',
  'analytics-to': '',
  'analytics-days': '',
  'analytics-top': '10',
  'analytics-page-size': '250',
  'analytics-file': '',
  'analytics-compare': 'false',
  'analytics-reports': 'visitors',
  'analytics-max-requests': '100',
} as const;

export type AnalyticsInput = keyof typeof ANALYTICS_INPUTS;

/** A half-open window `[from, to)`; either end may be left to the service. */
export interface AnalyticsWindow {
  readonly from?: AnalyticsDate;
  readonly to?: AnalyticsDate;
}

export interface AnalyticsSettings {
  readonly window: AnalyticsWindow;
  /** The window of equal length just before `window`, when `analytics-compare` is on. */
  readonly previousWindow?: { readonly from: AnalyticsDate; readonly to: AnalyticsDate };
  /** Rows shown in each summary table. */
  readonly top: number;
  /** `limit` per request, 1..250 (searches and feedback take at most 100). */
  readonly pageSize: number;
  /** Export of every row, streamed while paginating (JSON only with more than the visitors report). */
  readonly file?: { readonly path: string; readonly format: 'csv' | 'json' };
  /** The reports to fetch, in REPORT_NAMES order; `visitors` alone is the plain visitors report. */
  readonly reports: ReadonlySet<ReportName>;
  /** Analytics requests this run may make, every report and the compare request together. */
  readonly maxRequests: number;
  readonly impact?: ImpactSettings;
}

const MAX_ANALYTICS_DAYS = 3660;

/** Injected so that tests can fix "today". */
export interface SettingsContext {
  readonly now: () => number;
}

function readDate(inputs: InputReader<AnalyticsInput>, name: 'analytics-from' | 'analytics-to'): AnalyticsDate | undefined {
  const value = inputs.text(name);
  if (value === '') return undefined;
  const date = parseAnalyticsDate(value);
  if (date === undefined) throw new InputError(name, `must be ${DATE_FORM}, got '${value}'.`);
  return date;
}

function readWindow(inputs: InputReader<AnalyticsInput>, context: SettingsContext): AnalyticsWindow {
  const from = readDate(inputs, 'analytics-from');
  const to = readDate(inputs, 'analytics-to');
  if (inputs.text('analytics-days') !== '') {
    if (from !== undefined || to !== undefined) {
      throw new InputError('analytics-days', "give either 'analytics-days' or 'analytics-from'/'analytics-to', not both.");
    }
    const days = inputs.integer('analytics-days', 1, MAX_ANALYTICS_DAYS);
    const today = startOfUtcDay(context.now());
    return { from: dateFromEpoch(today - days * DAY_MS, true), to: dateFromEpoch(today, true) };
  }
  if (from !== undefined && to !== undefined && from.epochMs >= to.epochMs) {
    throw new InputError('analytics-to', `must be after 'analytics-from' (${from.text}); it is exclusive, got '${to.text}'.`);
  }
  return { ...(from && { from }), ...(to && { to }) };
}

function readAnalyticsFile(inputs: InputReader<AnalyticsInput>, reports: ReadonlySet<ReportName>): AnalyticsSettings['file'] {
  const path = inputs.text('analytics-file');
  if (path === '') return undefined;
  const extension = /\.(csv|json)$/i.exec(path)?.[1]?.toLowerCase();
  if (extension !== 'csv' && extension !== 'json') {
    throw new InputError('analytics-file', `must be a path ending in .csv or .json, got '${path}'.`);
  }
  if (extension === 'csv' && !isVisitorsOnly(reports)) {
    throw new InputError(
      'analytics-file',
      `with analytics-reports other than visitors the export is one JSON document with one key per report; give a path ending in .json, got '${path}'.`,
    );
  }
  return { path, format: extension };
}

/** The impact report reads the merged pull requests from GitHub: naming it without a GitHub token is an error. */
function readReports(inputs: InputReader<AnalyticsInput>, githubToken: boolean): ReadonlySet<ReportName> {
  const value = inputs.text('analytics-reports');
  const parsed = parseReports(value);
  if ('reason' in parsed) throw new InputError('analytics-reports', `${parsed.reason}; use ${REPORTS_FORM}, got '${value}'.`);
  if (githubToken || !parsed.reports.has('impact')) return parsed.reports;
  throw new InputError(
    'analytics-reports',
    "'impact' reads the merged pull requests from GitHub: set github-token (such as ${{ github.token }}).",
  );
}

/** The budget must cover the first request of every part of the chosen reports (RequestBudget). */
function readMaxRequests(inputs: InputReader<AnalyticsInput>, reports: ReadonlySet<ReportName>, compare: boolean): number {
  const max = inputs.integer('analytics-max-requests', 1, MAX_ANALYTICS_REQUESTS);
  const needed = reservedParts(reports, compare);
  if (max < needed.length) {
    throw new InputError(
      'analytics-max-requests',
      `must be at least ${needed.length} for the reports chosen (one first request each: ${needed.join(', ')}), ` +
        `got '${inputs.text('analytics-max-requests')}'.`,
    );
  }
  return max;
}

function previousWindowOf(window: AnalyticsWindow): AnalyticsSettings['previousWindow'] {
  const { from, to } = window;
  if (from === undefined || to === undefined) {
    throw new InputError('analytics-compare', "needs a whole window: set 'analytics-days', or both 'analytics-from' and 'analytics-to'.");
  }
  const length = to.epochMs - from.epochMs;
  const dateOnly = from.dateOnly && to.dateOnly;
  return { from: dateFromEpoch(from.epochMs - length, dateOnly), to: dateFromEpoch(from.epochMs, dateOnly) };
}

/** Undefined when `analytics` is false; every input is still validated, and one warning names those set to no effect. */
export function readAnalyticsSettings(
  inputs: InputReader<AnalyticsInput | ImpactInput>,
  context: SettingsContext,
  githubToken = false,
): AnalyticsSettings | undefined {
  const enabled = inputs.bool('analytics');
  const window = readWindow(inputs, context);
  const top = inputs.integer('analytics-top', 1, 1000);
  const pageSize = inputs.integer('analytics-page-size', 1, 250);
  const reports = readReports(inputs, githubToken);
  const impact = readImpactSettings(inputs, enabled && reports.has('impact'));
  const file = readAnalyticsFile(inputs, reports);
  const compare = inputs.bool('analytics-compare');
  const maxRequests = readMaxRequests(inputs, reports, compare);
  if (!enabled) {
    const ignored = [
      ...(['analytics-from', 'analytics-to', 'analytics-days', 'analytics-file'] as const).filter((name) => inputs.isSet(name)),
      ...(compare ? ['analytics-compare'] : []),
      ...(['analytics-reports', 'analytics-max-requests'] as const).filter((name) => inputs.isSet(name)),
    ];
    if (ignored.length > 0) log.warning(`${ignored.join(', ')} set but 'analytics' is false: no report is fetched.`);
    return undefined;
  }
  let previousWindow: AnalyticsSettings['previousWindow'];
  if (compare) {
    if (!reports.has('visitors')) {
      throw new InputError(
        'analytics-compare',
        "compares unique visitors: add 'visitors' to analytics-reports, or drop analytics-compare.",
      );
    }
    previousWindow = previousWindowOf(window);
  }
  const optional = { ...(file && { file }), ...(previousWindow && { previousWindow }), ...(impact && { impact }) };
  return { window, top, pageSize, reports, maxRequests, ...optional };
}
