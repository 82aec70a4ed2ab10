/**
 * How the analytics phase's result joins the run. Alone, a failure fails the step. Next to a job it
 * is only a warning: the job decides the step, and the report is a by-product of the run.
 */
import * as log from '../log.js';
import { messageOf } from '../errors.js';
import { renderAnalyticsFailure, renderAnalyticsReport } from '../summary/analytics-report.js';
import type { SummaryBlock } from '../summary/compose.js';
import { writeAnalyticsOutputs } from './outputs.js';
import type { AnalyticsReport } from './report.js';

export interface AnalyticsSettlement {
  /** Summary blocks to add after the job card. */
  readonly blocks?: readonly SummaryBlock[];
  /** Set only for an analytics-only run: the step fails with it. */
  readonly failure?: Error;
}

export function settleAnalytics(settled: PromiseSettledResult<AnalyticsReport | undefined>, withJob: boolean): AnalyticsSettlement {
  if (settled.status === 'fulfilled') {
    if (settled.value === undefined) return {};
    writeAnalyticsOutputs(settled.value);
    return { blocks: renderAnalyticsReport(settled.value) };
  }
  const error = settled.reason instanceof Error ? settled.reason : new Error(messageOf(settled.reason));
  if (!withJob) return { failure: error };
  log.warning(`Visitors report failed; the job's result decides this step: ${error.message}`);
  return { blocks: [renderAnalyticsFailure(error.message)] };
}
