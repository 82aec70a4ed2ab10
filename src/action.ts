/**
 * A run once its plan is resolved: the job and the analytics side by side (analytics never changes
 * the job's outcome), then what it shows; a failing outcome is thrown for `run()`.
 */
import * as log from './log.js';
import type { Progress } from './cancel.js';
import { prepareJob } from './evidence/prompt.js';
import { formatDuration } from './inputs/duration.js';
import { secretsOf } from './inputs/run.js';
import type { RunContext, RunPlan } from './plan/plan.js';
import type { Settings } from './settings.js';
import { afterJob } from './steps/after-job.js';
import { openImpactComments, startAnalytics } from './steps/analytics.js';
import { openComment } from './steps/comment.js';
import { openAgentPullRequest, recordOnceAccepted, rocketOnceAccepted, startReaction } from './steps/conversation.js';
import { startJob } from './steps/job.js';
import { openReportComment, publishRun } from './steps/publish.js';
import { openService, type Service } from './steps/service.js';
import { settleRun } from './steps/settle.js';
import { openStatus, type StatusWriter } from './steps/status.js';
import { counted } from './text/plural.js';

/** A run that cannot call the service (an empty key) still ends its commit's status first. */
async function openServiceOr(status: StatusWriter | undefined, open: () => Service): Promise<Service> {
  try {
    return open();
  } catch (error) {
    await status?.finished({ jobResult: undefined, failure: undefined });
    throw error;
  }
}

/** `progress`: what a cancelled run can still report (cancel.ts); the run puts there what each step returns. */
export async function runAction(settings: Settings, plan: RunPlan, context: RunContext, progress: Progress): Promise<void> {
  const status = openStatus(settings, plan, context);
  progress.status = status;
  const service = await openServiceOr(status, () => openService(settings, plan, context));
  const reaction = startReaction(plan, context);
  const impactComments = openImpactComments(settings, service, context);
  const reportComment = openReportComment(settings, service, context);
  const pullRequest = openAgentPullRequest(settings, context);
  const analytics = startAnalytics(settings, plan, service, context.github, impactComments);
  progress.temporaryFiles = analytics?.temporaryFiles;
  const prepared = await prepareJob(plan.request, settings.analyticsInPrompt, analytics?.report, secretsOf(settings.run));
  const comment = openComment(settings, plan, context);
  progress.comment = comment;
  const job = startJob(settings, prepared.request, service, comment);
  progress.job = job?.tracked;
  const accepted = job?.accepted ?? Promise.resolve(undefined);
  void accepted.then((jobId) => {
    if (jobId !== undefined) status?.working(jobId);
  });
  const rocket = rocketOnceAccepted(plan, context, accepted);
  const sentRecord = recordOnceAccepted(plan, context, comment, accepted);
  const phases = await Promise.allSettled([job?.result, analytics?.report]);
  const settled = settleRun(settings, plan, prepared, phases);
  await publishRun(settings, settled, reportComment, impactComments);
  await afterJob({ reaction, comment, status, rocket, sentRecord, pullRequest }, settled);
  log.debug(`${counted(service.client.requestCount, 'request')} in ${formatDuration(context.runtime.clock() - context.started)}`);
  if (settled.failure !== undefined) throw settled.failure;
}
