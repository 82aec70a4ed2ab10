/**
 * The `docs-agent` commit status of a change run (`commit-status`): pending once the job is known,
 * then what became of it; a skipped change run's says why. The writes go one after another, so the
 * final state is the last one. A status is a courtesy: the first failure is one notice (a refusal
 * names `statuses: write`) and ends the writes; it never fails the step or changes anything else.
 */
import * as log from '../log.js';
import type { Repository } from '../event/run-event.js';
import { GitHubError } from '../github/errors.js';
import type { GitHubClient } from '../github/client.js';
import type { JobResult } from '../job/outcome.js';
import type { RunContext, RunPlan, SkipStatus } from '../plan/plan.js';
import {
  failedStatus,
  noChangeStatus,
  pullRequestStatus,
  skippedStatus,
  stoppedStatus,
  workingStatus,
  writeDocsStatus,
  type DocsStatus,
} from '../stream/docs-status.js';

export class StatusWriter {
  private writes: Promise<void> = Promise.resolve();
  private stopped = false;
  private jobId: string | undefined;

  constructor(
    private readonly github: GitHubClient,
    private readonly repository: Repository,
    private readonly sha: string,
    private readonly runUrl: string | undefined,
  ) {}

  /** The job is known: pending, linking to the run. Not awaited by the job. */
  working(jobId: string): void {
    this.jobId = jobId;
    this.enqueue(workingStatus(jobId, this.runUrl));
  }

  /** What became of the job (undefined when the job phase threw); a run that did not wait leaves it pending. */
  finished(result: JobResult | undefined): Promise<void> {
    const status =
      result !== undefined ? this.endedStatus(result) : this.jobId !== undefined ? stoppedStatus(this.jobId, this.runUrl) : undefined;
    if (status !== undefined) this.enqueue(status);
    return this.writes;
  }

  skipped(reason: SkipStatus['reason']): Promise<void> {
    this.enqueue(skippedStatus(reason, this.runUrl));
    return this.writes;
  }

  private endedStatus(result: JobResult): DocsStatus | undefined {
    const { jobId } = result;
    switch (result.outcome) {
      case 'completed':
        return result.job?.prLink ? pullRequestStatus(jobId, result.job.prLink) : noChangeStatus(jobId, this.runUrl);
      case 'no-pr':
        return noChangeStatus(jobId, this.runUrl);
      case 'failed':
        return failedStatus(jobId, 'failed', this.runUrl);
      case 'archived':
        return failedStatus(jobId, 'was archived', this.runUrl);
      case 'timeout':
        return failedStatus(jobId, 'timed out', this.runUrl);
      case 'started':
        return undefined;
    }
  }

  private enqueue(status: DocsStatus): void {
    this.writes = this.writes.then(() => this.write(status));
  }

  private async write(status: DocsStatus): Promise<void> {
    if (this.stopped) return;
    const short = this.sha.slice(0, 7);
    try {
      const written = await writeDocsStatus(this.github, this.repository, this.sha, status);
      if (written.kind === 'written') return log.info(`Commit status docs-agent on ${short}: ${status.state}, "${written.description}".`);
      this.stopped = true;
      const why =
        written.kind === 'refused'
          ? `GitHub refused it (${written.status}); add '${written.permission}' to the workflow's permissions`
          : written.detail;
      log.notice(
        `The commit status 'docs-agent' could not be set on ${short} (${why}). Nothing else changes; 'commit-status: false' turns it off.`,
      );
    } catch (error) {
      // Only a cancelled run's aborted call gets here: the cancellation reports the run.
      this.stopped = true;
      if (!(error instanceof GitHubError)) throw error;
    }
  }
}

/** Undefined when the run writes no status: `commit-status: false`, not a change run, or no GitHub to write to. */
export function openStatus(
  plan: Pick<RunPlan, 'statusSha'>,
  context: Pick<RunContext, 'event' | 'github'>,
  sha = plan.statusSha,
): StatusWriter | undefined {
  const { github, event } = context;
  if (sha === undefined || !github.ok || event.repository === undefined) return undefined;
  return new StatusWriter(github.client, event.repository, sha, event.runUrl);
}

/** A change run the plan skipped: its commit says why. */
export async function writeSkipStatus(skip: SkipStatus | undefined, context: Pick<RunContext, 'event' | 'github'>): Promise<void> {
  if (skip !== undefined) await openStatus({}, context, skip.sha)?.skipped(skip.reason);
}
