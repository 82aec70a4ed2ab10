/**
 * A visitors-only run has nothing else to show, so its report's failure fails the step. With more reports, a run without a
 * job fails only when no report could be fetched, as what the others found is still worth reading. Next to a job, analytics
 * never fails the step.
 */
import * as log from '../log.js';
import { messageOf } from '../errors.js';
import type { HealthReport } from './health-report.js';
import { writeHealthOutputs, writeVisitorsOutputs } from './outputs.js';

export type AnalyticsShown =
  | { readonly kind: 'report'; readonly report: HealthReport }
  /** The phase failed next to a job: a note says so, and the job decides the step. */
  | { readonly kind: 'failed'; readonly message: string };

export interface AnalyticsSettlement {
  /** Undefined when there is nothing to show (no analytics, or a run without a job that failed). */
  readonly shown?: AnalyticsShown;
  /** The reports, for the issue comment (report-issue). */
  readonly report?: HealthReport;
  /** Set only for a run without a job: the step fails with it. */
  readonly failure?: Error;
}

function errorOf(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(messageOf(reason));
}

export function settleAnalytics(
  settled: PromiseSettledResult<HealthReport | undefined>,
  withJob: boolean,
  visitorsOnly: boolean,
): AnalyticsSettlement {
  if (settled.status === 'rejected') {
    const error = errorOf(settled.reason);
    if (!withJob) return { failure: error };
    const what = visitorsOnly ? 'Visitors report failed' : 'The analytics reports failed';
    log.warning(`${what}; the job's result decides this step: ${error.message}`);
    return { shown: { kind: 'failed', message: error.message } };
  }
  const report = settled.value;
  if (report === undefined) return {};
  if (visitorsOnly) {
    const visitors = report.visitors?.ok === true ? report.visitors.report : undefined;
    if (visitors === undefined) return { report };
    writeVisitorsOutputs(visitors);
    return { shown: { kind: 'report', report }, report };
  }
  writeHealthOutputs(report);
  const failed = report.reports.flatMap((name) => {
    const outcome = report[name];
    return outcome?.ok === false ? [`${name}: ${outcome.error}`] : [];
  });
  if (!withJob && failed.length === report.reports.length) {
    return { shown: { kind: 'report', report }, report, failure: new Error(`No analytics report could be fetched. ${failed.join('; ')}`) };
  }
  return { shown: { kind: 'report', report }, report };
}
