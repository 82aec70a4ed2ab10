/** What each `docs-agent` status says. A status a re-run should follow names its job as `job <id>`; the others name none. */
import { pullRequestName } from './pull-state.js';

const withRun = (runUrl: string | undefined) => (runUrl === undefined ? {} : { targetUrl: runUrl });

export type StatusState = 'pending' | 'success' | 'failure' | 'error';

/** How a job ended without its docs: a re-run starts a new job after `failed` and `was archived`, and resumes one that `timed out`. */
export type JobFailure = 'failed' | 'was archived' | 'timed out';

export interface DocsStatus {
  readonly state: StatusState;
  readonly description: string;
  readonly targetUrl?: string;
}

export function workingStatus(jobId: string, runUrl: string | undefined): DocsStatus {
  return { state: 'pending', description: `Docs agent working: job ${jobId}`, ...withRun(runUrl) };
}

export function pullRequestStatus(jobId: string, prLink: string): DocsStatus {
  const name = pullRequestName(prLink);
  return { state: 'success', description: `Docs agent job ${jobId}: pull request ${name ?? 'opened'}`, targetUrl: prLink };
}

export function noChangeStatus(jobId: string, runUrl: string | undefined): DocsStatus {
  return {
    state: 'success',
    description: `Docs agent job ${jobId}: no docs change needed`,
    ...withRun(runUrl),
  };
}

/** The run started no job: `paths`, no file in `change-paths` changed; `marker`, a commit asked for `[skip docs]`. */
export function skippedStatus(reason: 'paths' | 'marker', runUrl: string | undefined): DocsStatus {
  const description = reason === 'paths' ? 'skipped: no file in change-paths changed' : 'skipped: [skip docs]';
  return { state: 'success', description, ...withRun(runUrl) };
}

export function failedStatus(jobId: string, how: JobFailure, runUrl: string | undefined): DocsStatus {
  return { state: 'failure', description: `Docs agent job ${jobId} ${how}`, ...withRun(runUrl) };
}

/** An error while waiting: a re-run resumes the job. */
export function stoppedStatus(jobId: string, runUrl: string | undefined): DocsStatus {
  return {
    state: 'error',
    description: `Docs agent job ${jobId}: this run stopped following it`,
    ...withRun(runUrl),
  };
}

/** The job keeps running on the service, and the next run takes the commits. */
export function cancelledStatus(jobId: string | undefined, runUrl: string | undefined): DocsStatus {
  const agent = jobId === undefined ? 'Docs agent' : `Docs agent job ${jobId}`;
  return { state: 'error', description: `${agent}: this run was cancelled; the next run takes its commits`, ...withRun(runUrl) };
}

/** No job was known; `unclear`: the service may have acted. */
export function notSentStatus(how: 'refused' | 'unclear', runUrl: string | undefined): DocsStatus {
  const what = how === 'refused' ? 'the change could not be sent to the agent' : 'the agent service gave no clear answer';
  return { state: 'error', description: `Docs agent: ${what}; the next run takes its commits`, ...withRun(runUrl) };
}

export function documentedStatus(head: string, runUrl: string | undefined): DocsStatus {
  return { state: 'success', description: `skipped: a newer run documented this commit (at ${head.slice(0, 7)})`, ...withRun(runUrl) };
}

/** Replaces a `pending` status its run never ended. */
export function abandonedStatus(jobId: string, runUrl: string | undefined): DocsStatus {
  return { state: 'error', description: `Docs agent job ${jobId}: its run stopped; a later run took its commits`, ...withRun(runUrl) };
}
