/**
 * The job phase: create, follow up or wait for the job. What it learns as it goes (the request in
 * flight, the job's id, its result) is what a cancelled run reports, so it goes to `progress` at
 * once: this step is the only one that tells `progress` about the job.
 */
import type { Progress } from '../cancel.js';
import type { CommentSession } from '../comment/session.js';
import { AmbiguousRequestError } from '../errors.js';
import type { JobResult } from '../job/outcome.js';
import { runJobPhase } from '../job/run-job.js';
import type { JobRequest } from '../job/settings.js';
import { setOutput } from '../outputs.js';
import { timingOf, type RunContext } from '../plan/plan.js';
import type { Settings } from '../settings.js';
import type { Service } from './service.js';

/**
 * Undefined when the run has no job request (analytics only, or evidence that could not be built).
 * `onAccepted`: the job is known (the service accepted the create or follow-up, or the job to wait for answered).
 */
export function startJob(
  settings: Settings,
  request: JobRequest | undefined,
  service: Service,
  context: RunContext,
  comment: CommentSession | undefined,
  progress: Progress,
  onAccepted: (jobId: string) => void = () => undefined,
): Promise<JobResult> | undefined {
  if (request === undefined) return undefined;
  if (request.kind !== 'create') progress.jobId = request.jobId;
  const { job } = settings;
  return runJobPhase({
    ...timingOf(context),
    client: service.client,
    projectId: service.projectId,
    request,
    wait: job.wait,
    pollIntervalMs: job.pollIntervalMs,
    maxPollIntervalMs: job.maxPollIntervalMs,
    onRequestSent: (sent) => {
      progress.request = sent;
    },
    onJobKnown: async (known, jobId) => {
      progress.jobId = jobId;
      // Written before waiting, so a later step sees the id even if this one is cancelled.
      setOutput('job-id', jobId);
      if (known !== undefined) setOutput('status', known.status);
      // Not awaited by the job: GitHub's latency must not delay polling.
      comment?.started(jobId);
      onAccepted(jobId);
    },
  }).then(
    (result) => {
      progress.result = result;
      return result;
    },
    (error: unknown) => {
      // An unclear create may still name the job the service started: a cancelled run reports it.
      if (error instanceof AmbiguousRequestError && error.jobId !== undefined) progress.jobId = error.jobId;
      throw error;
    },
  );
}
