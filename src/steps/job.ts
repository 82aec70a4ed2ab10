/** The job phase; what it learns as it goes it keeps in its own record, which a cancelled run reads. */
import type { TrackedJob } from '../cancel.js';
import type { CommentSession } from '../comment/session.js';
import { AmbiguousRequestError } from '../errors.js';
import type { JobResult } from '../job/outcome.js';
import type { PendingRequest } from '../job/pending.js';
import { runJobPhase } from '../job/run-job.js';
import type { JobRequest } from '../job/settings.js';
import { setOutput } from '../outputs.js';
import type { Settings } from '../settings.js';
import type { Service } from './service.js';

class JobRecord implements TrackedJob {
  request: PendingRequest | undefined;
  result: JobResult | undefined;

  constructor(public jobId: string | undefined) {}
}

export interface JobPhase {
  readonly result: Promise<JobResult>;
  /** The job's id once the service accepted the request; undefined when the phase ended without one. */
  readonly accepted: Promise<string | undefined>;
  readonly tracked: TrackedJob;
}

export function startJob(
  settings: Settings,
  request: JobRequest | undefined,
  service: Service,
  comment: Pick<CommentSession, 'started'> | undefined,
): JobPhase | undefined {
  if (request === undefined) return undefined;
  const tracked = new JobRecord(request.kind === 'create' ? undefined : request.jobId);
  let accept: (jobId: string | undefined) => void = () => undefined;
  const accepted = new Promise<string | undefined>((resolve) => (accept = resolve));
  const { job } = settings;
  const result = runJobPhase({
    ...service.timing,
    client: service.client,
    projectId: service.projectId,
    request,
    wait: job.wait,
    pollIntervalMs: job.pollIntervalMs,
    maxPollIntervalMs: job.maxPollIntervalMs,
    onRequestSent: (sent) => {
      tracked.request = sent;
    },
    onJobKnown: (known, jobId) => {
      tracked.jobId = jobId;
      // Written before waiting, so a later step sees the id even if this one is cancelled.
      setOutput('job-id', jobId);
      if (known !== undefined) setOutput('status', known.status);
      // Not awaited by the job: GitHub's latency must not delay polling.
      comment?.started(jobId);
      accept(jobId);
    },
  }).then(
    (ended) => {
      tracked.result = ended;
      return ended;
    },
    (error: unknown) => {
      // An unclear create may still name the job the service started: a cancelled run reports it.
      if (error instanceof AmbiguousRequestError && error.jobId !== undefined) tracked.jobId = error.jobId;
      throw error;
    },
  );
  void result.then(
    () => accept(undefined),
    () => accept(undefined),
  );
  return { result, accepted, tracked };
}
