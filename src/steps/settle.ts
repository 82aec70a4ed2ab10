/** After both phases: what the run shows, as data; the first failure is the one the step fails with. */
import * as log from '../log.js';
import { isVisitorsOnly } from '../analytics/report-names.js';
import type { HealthReport } from '../analytics/health-report.js';
import { settleAnalytics, type AnalyticsSettlement } from '../analytics/settle.js';
import { AmbiguousRequestError, JobOutcomeError, messageOf } from '../errors.js';
import type { PreparedJob } from '../evidence/prompt.js';
import { formatDuration } from '../inputs/duration.js';
import { failsStep, outcomeMessage, prNumberOf, type JobResult } from '../job/outcome.js';
import { setOutput } from '../outputs.js';
import type { RunPlan } from '../plan/plan.js';
import type { Job } from '../service/types.js';
import type { Settings } from '../settings.js';
import { renderAnalytics } from '../summary/analytics.js';
import type { SummaryBlock } from '../summary/compose.js';
import { renderJobCard } from '../summary/job-card.js';

export interface SettledRun {
  readonly blocks: readonly SummaryBlock[];
  readonly failure: Error | undefined;
  readonly jobResult: JobResult | undefined;
  /** A create or message failed ambiguously: the service may have acted on this job. */
  readonly unclearJobId: string | undefined;
  readonly analytics: AnalyticsSettlement & { readonly visitorsOnly: boolean; readonly evidenceBytes?: number };
}

interface SettledJob {
  readonly block?: SummaryBlock;
  readonly failure?: Error;
  readonly result?: JobResult;
  readonly unclearJobId?: string;
}

function writeJobOutputs(jobId: string, job: Job | undefined): void {
  setOutput('job-id', jobId);
  setOutput('status', job?.status ?? 'active');
  setOutput('pr-link', job?.prLink);
  setOutput('pr-number', prNumberOf(job?.prLink));
  setOutput('model', job?.model);
  setOutput('source-repository', job?.sourceRepository);
  setOutput('source-ref', job?.sourceRef);
  setOutput('created-at', job?.createdAt);
}

function settleJob(settings: Settings, plan: RunPlan, settled: PromiseSettledResult<JobResult | undefined>): SettledJob {
  const timeout = formatDuration(settings.run.timeoutMs);
  if (settled.status === 'fulfilled') {
    const result = settled.value;
    if (result === undefined) return {};
    writeJobOutputs(result.jobId, result.job);
    const fails = failsStep(result.outcome, settings.job.failOn);
    const block: SummaryBlock = { markdown: renderJobCard(result, fails), keep: 'essential', name: 'the job card' };
    if (fails) return { block, result, failure: new JobOutcomeError(outcomeMessage(result, timeout)) };
    if (result.outcome !== 'completed' && result.outcome !== 'started') log.warning(outcomeMessage(result, timeout));
    return { block, result };
  }
  const failure = settled.reason instanceof Error ? settled.reason : new Error(messageOf(settled.reason));
  if (!(failure instanceof AmbiguousRequestError)) return { failure };
  // The service may have acted on a create or message: hand on the job it is about, when known.
  const unclearJobId = failure.jobId ?? (plan.request?.kind === 'message' ? plan.request.jobId : undefined);
  if (unclearJobId === undefined) return { failure };
  setOutput('job-id', unclearJobId);
  return { failure, unclearJobId };
}

export function settleRun(
  settings: Settings,
  plan: RunPlan,
  prepared: PreparedJob,
  [jobSettled, analyticsSettled]: [PromiseSettledResult<JobResult | undefined>, PromiseSettledResult<HealthReport | undefined>],
): SettledRun {
  const job = settleJob(settings, plan, jobSettled);
  const withJob = prepared.request !== undefined;
  const visitorsOnly = settings.analytics === undefined || isVisitorsOnly(settings.analytics.reports);
  const analytics = settleAnalytics(analyticsSettled, withJob, visitorsOnly);
  const evidenceBytes = prepared.evidence && { evidenceBytes: prepared.evidence.bytes };
  const blocks = job.block === undefined ? [] : [job.block];
  if (analytics.shown !== undefined) blocks.push(...renderAnalytics(analytics.shown, visitorsOnly, { ...evidenceBytes }));
  return {
    blocks,
    failure: prepared.failure ?? job.failure ?? analytics.failure,
    jobResult: job.result,
    unclearJobId: job.unclearJobId,
    analytics: { ...analytics, visitorsOnly, ...evidenceBytes },
  };
}
