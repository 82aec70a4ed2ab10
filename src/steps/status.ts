/**
 * A change run's `docs-agent` status: pending once the job is known, then what became of it. Every
 * commit the run decided to document ends with a final state, a failed request's and a cancelled
 * run's included (`error`: the next run takes its commits). The writes go one after another, so the
 * final state is the last; the first refusal is one notice and ends them, never a failed step.
 */
import * as log from '../log.js';
import type { CancelledStatus } from '../cancel.js';
import { AmbiguousRequestError } from '../errors.js';
import type { Repository } from '../event/run-event.js';
import { GitHubError } from '../github/errors.js';
import { failureText } from '../github/failure.js';
import type { GitHubClient } from '../github/client.js';
import type { JobResult } from '../job/outcome.js';
import type { RunContext, RunPlan, SkipStatus } from '../plan/plan.js';
import { recordOwnerOf } from '../plan/stream.js';
import type { Settings } from '../settings.js';
import { writeDocsStatus, type StatusOwner } from '../stream/docs-status.js';
import type { StaleStatus } from '../stream/stale-status.js';
import {
  abandonedStatus,
  cancelledStatus,
  documentedStatus,
  failedStatus,
  noChangeStatus,
  notSentStatus,
  pullRequestStatus,
  skippedStatus,
  stoppedStatus,
  workingStatus,
  type DocsStatus,
} from '../stream/status-texts.js';
import type { SettledRun } from './settle.js';

interface StatusTarget {
  readonly github: GitHubClient;
  /** The same client without the run's abort signal: a cancelled run still sets its status. */
  readonly cancelGitHub: GitHubClient;
  readonly repository: Repository;
  readonly owner: StatusOwner;
  readonly runUrl: string | undefined;
}

export class StatusWriter implements CancelledStatus {
  private writes: Promise<void> = Promise.resolve();
  /** No more are tried after a refusal. */
  private stopped = false;
  /** The cancellation's status is the last word. */
  private cancelling = false;
  private jobId: string | undefined;

  constructor(
    private readonly target: StatusTarget,
    private readonly sha: string,
    private readonly stale?: StaleStatus,
  ) {}

  /** An earlier commit left pending is taken over. */
  working(jobId: string): void {
    this.jobId = jobId;
    this.enqueue(workingStatus(jobId, this.target.runUrl));
    if (this.stale !== undefined) this.enqueue(abandonedStatus(this.stale.jobId, this.target.runUrl), this.stale.sha);
  }

  /**
   * Without a result: the job stopped being followed when known; else no job was accepted, and the
   * status names none, so a re-run sends the change again rather than follow a job that may not have it.
   */
  finished(settled: Pick<SettledRun, 'jobResult' | 'failure'>): Promise<void> {
    const { jobResult: result, failure } = settled;
    const { runUrl } = this.target;
    const unclear = failure instanceof AmbiguousRequestError;
    const known = this.jobId ?? (unclear ? failure.jobId : undefined);
    const status =
      result !== undefined
        ? this.endedStatus(result)
        : known !== undefined
          ? stoppedStatus(known, runUrl)
          : notSentStatus(unclear ? 'unclear' : 'refused', runUrl);
    if (status !== undefined) this.enqueue(status);
    return this.writes;
  }

  skipped(skip: SkipStatus): Promise<void> {
    const { runUrl } = this.target;
    this.enqueue(skip.reason === 'documented' ? documentedStatus(skip.head, skip.runUrl ?? runUrl) : skippedStatus(skip.reason, runUrl));
    return this.writes;
  }

  /** A job that had already ended shows its result. Resolves to whether it was written. */
  async cancelled(jobId: string | undefined, ended: JobResult | undefined): Promise<boolean> {
    this.cancelling = true;
    if (this.stopped) return false;
    const status = (ended && this.endedStatus(ended)) ?? cancelledStatus(jobId ?? this.jobId, this.target.runUrl);
    return this.write(status, this.sha, this.target.cancelGitHub);
  }

  private endedStatus(result: JobResult): DocsStatus | undefined {
    const { jobId } = result;
    const { runUrl } = this.target;
    switch (result.outcome) {
      case 'completed':
        return result.job?.prLink ? pullRequestStatus(jobId, result.job.prLink) : noChangeStatus(jobId, runUrl);
      case 'no-pr':
        return noChangeStatus(jobId, runUrl);
      case 'failed':
        return failedStatus(jobId, 'failed', runUrl);
      case 'archived':
        return failedStatus(jobId, 'was archived', runUrl);
      case 'timeout':
        return failedStatus(jobId, 'timed out', runUrl);
      case 'started':
        return undefined;
    }
  }

  private enqueue(status: DocsStatus, sha = this.sha): void {
    this.writes = this.writes.then(async () => {
      if (!this.cancelling) await this.write(status, sha);
    });
  }

  private async write(status: DocsStatus, sha: string, github = this.target.github): Promise<boolean> {
    if (this.stopped) return false;
    const short = sha.slice(0, 7);
    const { context } = this.target.owner;
    try {
      const written = await writeDocsStatus(github, this.target.repository, sha, status, this.target.owner);
      if (written.kind === 'written') {
        log.info(`Commit status ${context} on ${short}: ${status.state}, "${written.description}".`);
        return true;
      }
      this.stopped = true;
      const why = failureText(written, 'workflow');
      log.notice(
        `The commit status '${context}' could not be set on ${short} (${why}). Nothing else changes; 'commit-status: false' turns it off.`,
      );
    } catch (error) {
      // Only a cancelled run's aborted call gets here: the cancellation writes its own status.
      if (!(error instanceof GitHubError)) throw error;
    }
    return false;
  }
}

/** `sha`: the plan's, unless a skip names its own. */
export function openStatus(
  settings: Settings,
  plan: Pick<RunPlan, 'statusSha' | 'staleStatus'>,
  context: Pick<RunContext, 'event' | 'github'>,
  sha = plan.statusSha,
): StatusWriter | undefined {
  const { github, event } = context;
  if (sha === undefined || !github.ok) return undefined;
  const target = {
    github: github.client,
    cancelGitHub: github.client.detached(),
    repository: github.repository,
    owner: recordOwnerOf(settings, event),
    runUrl: event.runUrl,
  };
  return new StatusWriter(target, sha, plan.staleStatus);
}

export async function writeSkipStatus(
  settings: Settings,
  skip: SkipStatus | undefined,
  context: Pick<RunContext, 'event' | 'github'>,
): Promise<void> {
  if (skip !== undefined) await openStatus(settings, {}, context, skip.sha)?.skipped(skip);
}
