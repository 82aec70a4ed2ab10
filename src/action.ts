/**
 * One run of the action, after the settings are read: the job phase and the analytics phase run
 * side by side (analytics never delays or changes the job's outcome), then outputs, the summary
 * and the issue comment are written, and a failing outcome is thrown for `run()` to report.
 */
import * as core from '@actions/core';
import * as log from './log.js';
import { isVisitorsOnly } from './analytics/report-names.js';
import { runHealthPhase } from './analytics/run-health.js';
import { TemporaryFiles } from './analytics/export-file.js';
import { settleAnalytics } from './analytics/settle.js';
import type { Progress } from './cancel.js';
import { postReportComment } from './comment/post-report.js';
import { openCommentSession } from './comment/open.js';
import type { CommentSession } from './comment/session.js';
import { answerBareCommand, markPullRequestOf, reactToCommandComment, type ConversationWrites } from './conversation/writes.js';
import type { RunEvent } from './event/run-event.js';
import type { GitHubAccess } from './github/open.js';
import { AmbiguousRequestError, JobOutcomeError, messageOf } from './errors.js';
import { prepareJob } from './evidence/prompt.js';
import { formatDuration } from './inputs/duration.js';
import { secretsOf, serviceAccessOf } from './inputs/run.js';
import { failsStep, outcomeMessage, prNumberOf, type JobResult } from './job/outcome.js';
import { runJobPhase } from './job/run-job.js';
import { setOutput } from './outputs.js';
import { resolveRun, type Plan } from './plan/plan.js';
import { reportSkip } from './plan/skip.js';
import type { Runtime, Timing } from './runtime.js';
import { ANALYTICS_WAIT_LIMIT_MS, MintlifyClient } from './service/client.js';
import type { Job } from './service/types.js';
import type { Settings } from './settings.js';
import { renderAnalytics } from './summary/analytics.js';
import { composeSummary, type SummaryBlock } from './summary/compose.js';
import { renderJobCard } from './summary/job-card.js';
import { counted } from './text/plural.js';
import { userAgent } from './version.js';

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

/** The comment of this run's job, when `comment: true` and there is a job. Never throws: a comment must not fail the step. */
function openComment(settings: Settings, plan: Extract<Plan, { kind: 'run' }>, context: RunContext): CommentSession | undefined {
  const request = plan.request;
  if (settings.comment === undefined) return undefined;
  if (request === undefined) {
    log.notice("'comment' is true, but this run starts or follows no agent job: no comment is written.");
    return undefined;
  }
  try {
    return openCommentSession({
      settings: settings.comment,
      request: request.kind,
      ...(plan.change !== undefined && { forChange: true }),
      wait: settings.job.wait,
      event: context.event,
      github: context.github,
    });
  } catch (error) {
    log.warning(`The issue comment could not be prepared: ${messageOf(error)}. The agent job is not affected.`);
    return undefined;
  }
}

/** What a run works with besides its settings: the outside world, the event, GitHub and the clock's bounds. */
export interface RunContext {
  readonly runtime: Runtime;
  readonly event: RunEvent;
  /** The run's GitHub client, shared by every feature that calls GitHub, or why there is none. */
  readonly github: GitHubAccess;
  /** Epoch milliseconds when the run started; `timeout` counts from here. */
  readonly started: number;
  /** `started` + `timeout`: no request or wait starts after it. */
  readonly deadline: number;
}

export async function runAction(settings: Settings, screened: Plan, context: RunContext, progress: Progress): Promise<void> {
  const { run, job } = settings;
  const { runtime, started } = context;
  // One deadline for every phase: `timeout` bounds the whole run.
  const timing: Timing = { clock: runtime.clock, sleep: runtime.sleep, deadline: context.deadline };
  const plan = await resolveRun(settings, screened, { ...timing, event: context.event, github: context.github });
  const writes: ConversationWrites = {
    event: context.event,
    github: context.github,
    command: settings.conversation.command,
    writesComments: settings.comment !== undefined,
    token: run.githubToken,
  };
  if (plan.kind === 'skip') {
    if (plan.reply !== undefined) await answerBareCommand(writes, plan.reply.tracking);
    return reportSkip(plan.reason, run.summary);
  }
  // Only now, with the run certain to call the service, may an empty key or project fail it.
  const { apiKey, projectId } = serviceAccessOf(run);
  const request = plan.request;
  // The commenter sees at once that the command was heard; the job does not wait for it.
  const reaction = plan.reactTo === undefined ? undefined : reactToCommandComment(writes, plan.reactTo);
  // A report waits for the service's Retry-After only while a job keeps the step open anyway.
  const jobKeepsStepOpen = request !== undefined && job.wait && !settings.analyticsInPrompt;
  const client = new MintlifyClient({
    ...timing,
    baseUrl: run.baseUrl,
    apiKey,
    // Whatever the service sends loses the run's secrets on arrival: a reader can paste one into a search.
    secrets: secretsOf(run).map((secret) => secret.value),
    userAgent: userAgent(),
    dispatcher: runtime.dispatcher,
    requestTimeoutMs: run.requestTimeoutMs,
    retryBaseMs: Math.min(job.pollIntervalMs, 5000),
    retryMaxMs: job.maxPollIntervalMs,
    random: runtime.random,
    log: { debug: (message) => log.debug(message), warning: (message) => log.warning(message) },
    ...(!jobKeepsStepOpen && { analyticsWaitLimitMs: ANALYTICS_WAIT_LIMIT_MS }),
  });

  // Side by side with the job, or before it when the job's prompt carries the reports' evidence
  // (analytics-in-prompt). Its failure is settled below without touching the job's outcome.
  const inPrompt = settings.analyticsInPrompt;
  // A cancelled run removes the export's temporary file before it exits.
  const temporaryFiles = new TemporaryFiles();
  progress.temporaryFiles = temporaryFiles;
  const analyticsPhase = settings.analytics
    ? runHealthPhase({
        ...timing,
        client,
        temporaryFiles,
        projectId,
        settings: settings.analytics,
        grouped: request === undefined || inPrompt,
      })
    : undefined;
  const prepared = await prepareJob(request, inPrompt, analyticsPhase, secretsOf(run));

  // Undefined when there is nothing to comment on.
  const commentSession = openComment(settings, plan, context);
  progress.comment = commentSession;
  if (prepared.request !== undefined && prepared.request.kind !== 'create') progress.jobId = prepared.request.jobId;
  const jobPhase = prepared.request
    ? runJobPhase({
        ...timing,
        client,
        projectId,
        request: prepared.request,
        wait: job.wait,
        pollIntervalMs: job.pollIntervalMs,
        maxPollIntervalMs: job.maxPollIntervalMs,
        onRequestSent: (request) => {
          progress.request = request;
        },
        onJobKnown: async (known, jobId) => {
          progress.jobId = jobId;
          // Written before waiting, so a later step sees the id even if this one is cancelled.
          setOutput('job-id', jobId);
          if (known !== undefined) setOutput('status', known.status);
          // Not awaited by the job: GitHub's latency must not delay polling.
          commentSession?.started(jobId);
        },
      }).then((result) => {
        progress.result = result;
        return result;
      })
    : undefined;

  const [jobSettled, analyticsSettled] = await Promise.allSettled([jobPhase, analyticsPhase]);

  const blocks: SummaryBlock[] = [];
  let failure: Error | undefined = prepared.failure;
  let jobResult: JobResult | undefined;
  // The job a create or message that failed ambiguously is about: the service may have acted on it.
  let unclearJobId: string | undefined;
  if (jobSettled.status === 'fulfilled' && jobSettled.value !== undefined) {
    jobResult = jobSettled.value;
    writeJobOutputs(jobResult.jobId, jobResult.job);
    const fails = failsStep(jobResult.outcome, job.failOn);
    blocks.push({ markdown: renderJobCard(jobResult, fails), keep: 'essential', name: 'the job card' });
    if (fails) failure = new JobOutcomeError(outcomeMessage(jobResult, formatDuration(run.timeoutMs)));
    else if (jobResult.outcome !== 'completed' && jobResult.outcome !== 'started')
      log.warning(outcomeMessage(jobResult, formatDuration(run.timeoutMs)));
  } else if (jobSettled.status === 'rejected') {
    failure = jobSettled.reason instanceof Error ? jobSettled.reason : new Error(messageOf(jobSettled.reason));
    // The service may have acted on a create or message: hand on the job it is about, when known.
    if (failure instanceof AmbiguousRequestError) {
      unclearJobId = failure.jobId ?? (request?.kind === 'message' ? request.jobId : undefined);
      if (unclearJobId !== undefined) {
        progress.jobId = unclearJobId;
        setOutput('job-id', unclearJobId);
      }
    }
  }
  const visitorsOnly = settings.analytics === undefined || isVisitorsOnly(settings.analytics.reports);
  const analytics = settleAnalytics(analyticsSettled, jobPhase !== undefined, visitorsOnly);
  const evidenceBytes = prepared.evidence && { evidenceBytes: prepared.evidence.bytes };
  if (analytics.shown !== undefined) blocks.push(...renderAnalytics(analytics.shown, visitorsOnly, { ...evidenceBytes }));
  failure ??= analytics.failure;

  if (run.summary && blocks.length > 0) {
    try {
      await core.summary.addRaw(composeSummary(blocks)).write();
    } catch (error) {
      // The outputs and the outcome matter more than their rendering (e.g. no GITHUB_STEP_SUMMARY outside a runner).
      log.warning(`The job summary could not be written: ${messageOf(error)}`);
    }
  }
  if (settings.reportIssue !== undefined && settings.analytics !== undefined && analytics.report !== undefined) {
    await postReportComment({
      issue: settings.reportIssue,
      analytics: settings.analytics,
      projectId,
      report: analytics.report,
      visitorsOnly,
      ...evidenceBytes,
      event: context.event,
      github: context.github,
    });
  }
  await reaction;
  // The job's pull request says how to ask for changes there (comment: true).
  if (settings.comment !== undefined) await markPullRequestOf(writes, jobResult);
  // After a failed create there is no job to report on, unless its answer named one; `finished` then writes nothing.
  if (commentSession !== undefined) {
    const result = jobSettled.status === 'fulfilled' ? jobSettled.value : undefined;
    setOutput('comment-url', await commentSession.finished(result, unclearJobId));
  }
  log.debug(`${counted(client.requestCount, 'request')} in ${formatDuration(runtime.clock() - started)}`);
  if (failure !== undefined) throw failure;
}
