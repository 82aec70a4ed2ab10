/**
 * What each `docs-agent` status says, as a run writes it (docs-status.ts writes and reads them):
 * a job known and followed, its end, a skip, and a run that ended without a job of its own.
 * Every status that a re-run should follow names its job as `job <id>`; the others name none.
 */
import { pullRequestName } from './pull-state.js';

const withRun = (runUrl: string | undefined) => (runUrl === undefined ? {} : { targetUrl: runUrl });

export type StatusState = 'pending' | 'success' | 'failure' | 'error';

/** How a job ended without its docs: a re-run starts a new job after `failed` and `was archived`, and resumes one that `timed out`. */
export type JobFailure = 'failed' | 'was archived' | 'timed out';

export interface DocsStatus {
  readonly state: StatusState;
  readonly description: string;
  /** The run, or the job's pull request. */
  readonly targetUrl?: string;
}

/** The job was created (or resumed) and this run follows it. */
export function workingStatus(jobId: string, runUrl: string | undefined): DocsStatus {
  return { state: 'pending', description: `Docs agent working: job ${jobId}`, ...withRun(runUrl) };
}

/** The job ended with a pull request: named in the description, linked. */
export function pullRequestStatus(jobId: string, prLink: string): DocsStatus {
  const name = pullRequestName(prLink);
  return { state: 'success', description: `Docs agent job ${jobId}: pull request ${name ?? 'opened'}`, targetUrl: prLink };
}

/** The job ended without a pull request. */
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

/** The job failed or was archived, or the run stopped waiting for it when its time ran out. */
export function failedStatus(jobId: string, how: JobFailure, runUrl: string | undefined): DocsStatus {
  return { state: 'failure', description: `Docs agent job ${jobId} ${how}`, ...withRun(runUrl) };
}

/** The run stopped following the job before it ended (an error while waiting): a re-run resumes it. */
export function stoppedStatus(jobId: string, runUrl: string | undefined): DocsStatus {
  return {
    state: 'error',
    description: `Docs agent job ${jobId}: this run stopped following it`,
    ...withRun(runUrl),
  };
}

/** The run was cancelled: its job (when it had one) keeps running on the service, and the next run takes its commits. */
export function cancelledStatus(jobId: string | undefined, runUrl: string | undefined): DocsStatus {
  const agent = jobId === undefined ? 'Docs agent' : `Docs agent job ${jobId}`;
  return { state: 'error', description: `${agent}: this run was cancelled; the next run takes its commits`, ...withRun(runUrl) };
}

/** No job was known: the request failed (`refused`), or got no clear answer (`unclear`: the service may have acted). */
export function notSentStatus(how: 'refused' | 'unclear', runUrl: string | undefined): DocsStatus {
  const what = how === 'refused' ? 'the change could not be sent to the agent' : 'the agent service gave no clear answer';
  return { state: 'error', description: `Docs agent: ${what}; the next run takes its commits`, ...withRun(runUrl) };
}

/** A re-run whose commits a newer run already documented: `head`, that run's head, has them. */
export function documentedStatus(head: string, runUrl: string | undefined): DocsStatus {
  return { state: 'success', description: `skipped: a newer run documented this commit (at ${head.slice(0, 7)})`, ...withRun(runUrl) };
}

/** A `pending` status its run never ended (the runner killed it), replaced by the later run (`runUrl`) that took its commits. */
export function abandonedStatus(jobId: string, runUrl: string | undefined): DocsStatus {
  return { state: 'error', description: `Docs agent job ${jobId}: its run stopped; a later run took its commits`, ...withRun(runUrl) };
}
