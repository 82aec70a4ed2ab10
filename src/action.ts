/**
 * One run of the action, after the settings are read: the job phase and the analytics phase run
 * side by side (analytics never delays or changes the job's outcome), then outputs, the summary
 * and the issue comment are written, and a failing outcome is thrown for `run()` to report.
 */
import * as core from '@actions/core';
import * as log from './log.js';
import type { Dispatcher } from 'undici';
import { runHealthPhase } from './analytics/run-health.js';
import { settleHealth } from './analytics/settle-health.js';
import { postReportComment } from './comment/post-report.js';
import type { CommentSession } from './comment/publisher.js';
import { AmbiguousRequestError, JobOutcomeError, messageOf } from './errors.js';
import { prepareJob, type NamedSecret } from './evidence/prompt.js';
import { formatDuration } from './inputs/duration.js';
import { isVisitorsOnly } from './inputs/reports.js';
import { failsStep, outcomeMessage, prNumberOf, type JobResult } from './job/outcome.js';
import type { PendingRequest } from './job/pending.js';
import { runJobPhase } from './job/run-job.js';
import { setOutput } from './outputs.js';
import { counted } from './plural.js';
import { MintlifyClient } from './service/client.js';
import type { Job } from './service/types.js';
import type { Settings } from './settings.js';
import { composeSummary, type SummaryBlock } from './summary/compose.js';
import { renderJobCard } from './summary/job-card.js';
import type { Timing } from './timing.js';
import { userAgent } from './version.js';

/** Everything from outside that a run depends on, injected so tests can control it. */
export interface Runtime extends Omit<Timing, 'deadline'> {
  readonly dispatcher: Dispatcher;
  readonly random: () => number;
}

/** What a cancelled run can still tell the user, kept current while the run goes on. */
export interface Progress {
  /** The job this run follows: the `job-id` input from the start, a created job's id once known. */
  jobId?: string;
  /** The create or message request, once sent: a cancelled run waits briefly for its answer. */
  request?: PendingRequest;
  /** The issue comment, when this run writes one: a cancelled run says so there. */
  comment?: Promise<CommentSession | undefined>;
  /** The job phase's result, once it has one: a job that already ended is not "still running". */
  result?: JobResult;
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

/**
 * Loads the issue-comment feature only when it is wanted: Octokit lives in a separate ncc chunk
 * that a plain run never parses. Never rejects: a comment must not fail the step.
 */
async function openComment(settings: Settings): Promise<CommentSession | undefined> {
  if (settings.comment === undefined) return undefined;
  if (settings.job === undefined) {
    log.notice("'comment' is true, but this run starts or follows no agent job: no comment is written.");
    return undefined;
  }
  try {
    const { openCommentSession } = await import('./comment/publisher.js');
    return openCommentSession({
      settings: settings.comment,
      request: settings.job.kind,
      wait: settings.wait,
      requestTimeoutMs: settings.requestTimeoutMs,
    });
  } catch (error) {
    log.warning(`The issue comment could not be prepared: ${messageOf(error)}. The agent job is not affected.`);
    return undefined;
  }
}

export async function runAction(settings: Settings, runtime: Runtime, progress: Progress): Promise<void> {
  const started = runtime.clock();
  // One deadline for every phase: `timeout` bounds the whole run.
  const timing: Timing = { clock: runtime.clock, sleep: runtime.sleep, deadline: started + settings.timeoutMs };
  const client = new MintlifyClient({
    ...timing,
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    userAgent: userAgent(),
    dispatcher: runtime.dispatcher,
    requestTimeoutMs: settings.requestTimeoutMs,
    retryBaseMs: Math.min(settings.pollIntervalMs, 5000),
    retryMaxMs: settings.maxPollIntervalMs,
    random: runtime.random,
    log: { debug: (message) => log.debug(message), warning: (message) => log.warning(message) },
  });

  // Side by side with the job, or before it when the job's prompt carries the reports' evidence
  // (analytics-in-prompt). Its failure is settled below without touching the job's outcome.
  const inPrompt = settings.analytics?.inPrompt === true;
  const analyticsPhase = settings.analytics
    ? runHealthPhase({
        ...timing,
        client,
        projectId: settings.projectId,
        settings: settings.analytics,
        grouped: settings.job === undefined || inPrompt,
      })
    : undefined;
  const secrets: NamedSecret[] = [{ input: 'api-key', value: settings.apiKey }];
  if (settings.githubToken !== undefined) secrets.push({ input: 'github-token', value: settings.githubToken });
  const prepared = await prepareJob(settings.job, inPrompt, analyticsPhase, secrets);

  // Loads while the job is being created; undefined when there is nothing to comment on.
  const commentSession = openComment(settings);
  progress.comment = commentSession;
  if (prepared.request !== undefined && prepared.request.kind !== 'create') progress.jobId = prepared.request.jobId;
  const jobPhase = prepared.request
    ? runJobPhase({
        ...timing,
        client,
        projectId: settings.projectId,
        request: prepared.request,
        wait: settings.wait,
        pollIntervalMs: settings.pollIntervalMs,
        maxPollIntervalMs: settings.maxPollIntervalMs,
        onRequestSent: (request) => {
          progress.request = request;
        },
        onJobKnown: async (job, jobId) => {
          progress.jobId = jobId;
          // Written before waiting, so a later step sees the id even if this one is cancelled.
          setOutput('job-id', jobId);
          if (job !== undefined) setOutput('status', job.status);
          // Not awaited by the job: GitHub's latency must not delay polling.
          (await commentSession)?.started(jobId);
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
    const fails = failsStep(jobResult.outcome, settings.failOn);
    blocks.push({ markdown: renderJobCard(jobResult, fails), keep: 'essential', name: 'the job card' });
    if (fails) failure = new JobOutcomeError(outcomeMessage(jobResult, formatDuration(settings.timeoutMs)));
    else if (jobResult.outcome !== 'completed' && jobResult.outcome !== 'started')
      log.warning(outcomeMessage(jobResult, formatDuration(settings.timeoutMs)));
  } else if (jobSettled.status === 'rejected') {
    failure = jobSettled.reason instanceof Error ? jobSettled.reason : new Error(messageOf(jobSettled.reason));
    // The service may have acted on a create or message: hand on the job it is about, when known.
    if (failure instanceof AmbiguousRequestError) {
      unclearJobId = failure.jobId ?? (settings.job?.kind === 'message' ? settings.job.jobId : undefined);
      if (unclearJobId !== undefined) {
        progress.jobId = unclearJobId;
        setOutput('job-id', unclearJobId);
      }
    }
  }
  const analytics = settleHealth(
    analyticsSettled,
    jobPhase !== undefined,
    settings.analytics === undefined || isVisitorsOnly(settings.analytics.reports),
    { ...(prepared.evidence && { evidenceBytes: prepared.evidence.bytes }) },
  );
  if (analytics.blocks !== undefined) blocks.push(...analytics.blocks);
  failure ??= analytics.failure;

  if (settings.summary && blocks.length > 0) {
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
      projectId: settings.projectId,
      report: analytics.report,
      visitorsOnly: isVisitorsOnly(settings.analytics.reports),
      ...(prepared.evidence && { evidenceBytes: prepared.evidence.bytes }),
      requestTimeoutMs: settings.requestTimeoutMs,
    });
  }
  // After a failed create there is no job to report on, unless its answer named one; `finished` then writes nothing.
  const comment = await commentSession;
  if (comment !== undefined)
    setOutput('comment-url', await comment.finished(jobSettled.status === 'fulfilled' ? jobSettled.value : undefined, unclearJobId));
  log.debug(`${counted(client.requestCount, 'request')} in ${formatDuration(runtime.clock() - started)}`);
  if (failure !== undefined) throw failure;
}
