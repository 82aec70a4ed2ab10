/**
 * One run of the action, after the settings are read: the job phase and the analytics phase run
 * side by side (analytics never delays or changes the job's outcome), then outputs, the summary
 * and the issue comment are written, and a failing outcome is thrown for `run()` to report.
 */
import * as core from '@actions/core';
import type { Dispatcher } from 'undici';
import { JobOutcomeError, messageOf } from './errors.js';
import { formatDuration } from './inputs/duration.js';
import { failsStep, outcomeMessage, prNumberOf, type JobResult } from './job/outcome.js';
import { runJobPhase } from './job/run-job.js';
import { setOutput } from './outputs.js';
import { MintlifyClient } from './service/client.js';
import type { Job } from './service/types.js';
import type { Settings } from './settings.js';
import { composeSummary } from './summary/compose.js';
import { renderJobCard } from './summary/job-card.js';
import { userAgent } from './version.js';

/** Everything from outside that a run depends on, injected so tests can control it. */
export interface Runtime {
  readonly dispatcher: Dispatcher;
  readonly clock: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: () => number;
}

/** What a cancelled run can still tell the user. */
export interface Progress {
  jobId?: string;
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

export async function runAction(settings: Settings, runtime: Runtime, progress: Progress): Promise<void> {
  const started = runtime.clock();
  const deadline = started + settings.timeoutMs;
  const client = new MintlifyClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    userAgent: userAgent(),
    dispatcher: runtime.dispatcher,
    requestTimeoutMs: settings.requestTimeoutMs,
    deadline,
    retryBaseMs: Math.min(settings.pollIntervalMs, 5000),
    retryMaxMs: settings.maxPollIntervalMs,
    clock: runtime.clock,
    sleep: runtime.sleep,
    random: runtime.random,
    log: { debug: (message) => core.debug(message), warning: (message) => core.warning(message) },
  });

  const jobPhase = settings.job
    ? runJobPhase({
        client,
        projectId: settings.projectId,
        request: settings.job,
        wait: settings.wait,
        pollIntervalMs: settings.pollIntervalMs,
        maxPollIntervalMs: settings.maxPollIntervalMs,
        deadline,
        clock: runtime.clock,
        sleep: runtime.sleep,
        onJobKnown: (job, jobId) => {
          progress.jobId = jobId;
          // Written before waiting, so a later step sees the id even if this one is cancelled.
          setOutput('job-id', jobId);
          if (job !== undefined) setOutput('status', job.status);
        },
      })
    : undefined;

  const [jobSettled] = await Promise.allSettled([jobPhase]);

  const sections: string[] = [];
  let failure: Error | undefined;
  let jobResult: JobResult | undefined;
  if (jobSettled.status === 'fulfilled' && jobSettled.value !== undefined) {
    jobResult = jobSettled.value;
    writeJobOutputs(jobResult.jobId, jobResult.job);
    const fails = failsStep(jobResult.outcome, settings.failOn);
    sections.push(renderJobCard(jobResult, fails));
    if (fails) failure = new JobOutcomeError(outcomeMessage(jobResult, formatDuration(settings.timeoutMs)));
    else if (jobResult.outcome !== 'completed' && jobResult.outcome !== 'started') core.warning(outcomeMessage(jobResult, formatDuration(settings.timeoutMs)));
  } else if (jobSettled.status === 'rejected') {
    failure = jobSettled.reason instanceof Error ? jobSettled.reason : new Error(messageOf(jobSettled.reason));
  }

  if (settings.summary && sections.length > 0) {
    await core.summary.addRaw(composeSummary(sections)).write();
  }
  core.debug(`${client.requestCount} requests in ${formatDuration(runtime.clock() - started)}`);
  if (failure !== undefined) throw failure;
}
