/**
 * How the analytics phase's result joins the run. A visitors-only run settles exactly as the
 * visitors report always has (settle.ts). With more reports, a report that failed is a warning and
 * a note in its section; an analytics-only run fails only when no report at all could be fetched,
 * because what the others found is still worth reading. Next to a job, analytics never fails the step.
 */
import * as log from '../log.js';
import { messageOf } from '../errors.js';
import { renderHealthFailure, renderHealthReport, type HealthRenderOptions } from '../summary/health-report.js';
import { writeHealthOutputs } from './health-outputs.js';
import type { HealthReport } from './health-report.js';
import { settleAnalytics, type AnalyticsSettlement } from './settle.js';

export interface HealthSettlement extends AnalyticsSettlement {
  /** The reports, for the issue comment (report-issue). */
  readonly report?: HealthReport;
}

export function settleHealth(
  settled: PromiseSettledResult<HealthReport | undefined>,
  withJob: boolean,
  visitorsOnly: boolean,
  render: HealthRenderOptions = {},
): HealthSettlement {
  if (visitorsOnly) {
    const report = settled.status === 'fulfilled' ? settled.value : undefined;
    const visitors = report?.visitors?.ok === true ? report.visitors.report : undefined;
    const settlement = settleAnalytics(settled.status === 'fulfilled' ? { status: 'fulfilled', value: visitors } : settled, withJob);
    return { ...settlement, ...(report && { report }) };
  }
  if (settled.status === 'rejected') {
    const error = settled.reason instanceof Error ? settled.reason : new Error(messageOf(settled.reason));
    if (!withJob) return { failure: error };
    log.warning(`The analytics reports failed; the job's result decides this step: ${error.message}`);
    return { blocks: [renderHealthFailure(error.message)] };
  }
  const report = settled.value;
  if (report === undefined) return {};
  writeHealthOutputs(report);
  const blocks = renderHealthReport(report, render);
  const failed = report.reports.flatMap((name) => {
    const outcome = report[name];
    return outcome?.ok === false ? [`${name}: ${outcome.error}`] : [];
  });
  if (!withJob && failed.length === report.reports.length) {
    return { blocks, report, failure: new Error(`No analytics report could be fetched. ${failed.join('; ')}`) };
  }
  return { blocks, report };
}
