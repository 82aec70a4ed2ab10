/**
 * Which job a change run works with, from the `docs-agent` statuses: the one its own commit records
 * is resumed, not started twice; with `extend-open-pr`, the last documented commit's job gets the
 * change while its pull request is open; else a new job. A record that cannot be read never fails the
 * run: it only costs the guarantee.
 */
import type { Repository, RunEvent } from '../event/run-event.js';
import type { GitHubClient } from '../github/client.js';
import { docsRefusalNotice, type DocsRepository } from '../github/docs-repository.js';
import { readDocsStatus, type JobStatusRecord, type StatusReader } from './docs-status.js';
import { lastSuccessfulHead, type AnsweredLookup } from './last-success.js';
import { pullRequestName, pullRequestState } from './pull-state.js';
import { failureText, type Refused, type Unavailable } from '../github/failure.js';

export interface StreamReads {
  readonly github: GitHubClient;
  /** Where an extended job's pull request is read. */
  readonly docs: DocsRepository;
  readonly repository: Repository;
  readonly event: RunEvent;
  readonly status: StatusReader;
}

export type Continuation =
  /** `note`: why the job is new although a record was looked for (logged as a notice when `notice`). */
  | { readonly kind: 'new'; readonly note?: string; readonly notice?: boolean }
  | { readonly kind: 'resume'; readonly jobId: string; readonly note: string }
  | { readonly kind: 'extend'; readonly jobId: string; readonly prLink: string; readonly note: string };

const short = (sha: string): string => sha.slice(0, 7);

function failed(read: Refused | Unavailable): string {
  return failureText(read, 'workflow', 'refused');
}

/** A status without a writer: an earlier version wrote it, for some workflow and project. */
function legacyNote(article: 'The' | 'the', sha: string, jobId: string): string {
  return (
    `${article} docs-agent status of commit ${short(sha)} names agent job ${jobId} but not the workflow and project that wrote it ` +
    '(an earlier version of the action): it is not followed, so a new job starts.'
  );
}

/**
 * Whether the commit can already carry this run's record, so it is worth a request: a re-run; the
 * last successful run's head is this commit (runs of one concurrency group are serialized); or
 * unknown (no attempt number, no answer from the look-up). An ordinary push does not pay for the read.
 */
export function mayCarryRecord(event: RunEvent, sha: string, lastSuccess: AnsweredLookup | undefined): boolean {
  if (event.runAttempt === undefined || event.runAttempt > 1 || lastSuccess === undefined) return true;
  return lastSuccess.kind === 'found' && lastSuccess.sha === sha;
}

/** Resumed unless the record says the job failed. */
export async function recordedJob(reads: StreamReads, sha: string): Promise<Continuation> {
  const read = await readDocsStatus(reads.github, reads.repository, sha, reads.status);
  if (read.kind === 'none') return read.legacy === undefined ? { kind: 'new' } : { kind: 'new', note: legacyNote('The', sha, read.legacy) };
  if (read.kind !== 'found') {
    const note = `The docs-agent status of commit ${short(sha)} could not be read (${failed(read)}), so a re-run of this run may repeat the job.`;
    return { kind: 'new', note };
  }
  if (read.ended)
    return { kind: 'new', note: `Commit ${short(sha)} records agent job ${read.jobId}, which ended without its docs: starting a new job.` };
  const note = `Commit ${short(sha)} already records agent job ${read.jobId} (a re-run, or the same commit again): following it, not starting another.`;
  return { kind: 'resume', jobId: read.jobId, note };
}

/** The head of this workflow's last successful run on the default branch: a digest's last documented commit. */
export async function lastSuccessHead(reads: StreamReads): Promise<string | Refused | Unavailable | undefined> {
  const runId = reads.event.runId;
  if (runId === undefined) return undefined;
  const found = await lastSuccessfulHead(reads.github, reads.repository, { runId });
  return found.kind === 'found' ? found.sha : found.kind === 'none' ? undefined : found;
}

async function extendable(reads: StreamReads, record: JobStatusRecord, base: string): Promise<Continuation> {
  const job = `agent job ${record.jobId} of the last documented commit ${short(base)}`;
  if (record.ended) return { kind: 'new', note: `The ${job} ended without its docs: starting a new job.`, notice: true };
  if (record.prLink === undefined)
    return { kind: 'new', note: `The ${job} has no pull request yet (its status is ${record.state}): starting a new job.`, notice: true };
  const state = await pullRequestState(reads.docs, record.prLink, reads.event.serverUrl);
  const name = pullRequestName(record.prLink) ?? record.prLink;
  switch (state.kind) {
    case 'docs-refused': {
      const couldNot = `read the state of the pull request ${name} of the ${job}: it starts a new job instead of extending that one`;
      return { kind: 'new', note: docsRefusalNotice(state.refusal, couldNot), notice: true };
    }
    case 'docs-unusable':
      // Not a notice: a refusal earlier in the run has said it once.
      return { kind: 'new', note: `The pull request ${name} of the ${job} is not read (${state.reason}): starting a new job.` };
    case 'open':
      return {
        kind: 'extend',
        jobId: record.jobId,
        prLink: record.prLink,
        note: `Extending the ${job}: its pull request ${name} is open.`,
      };
    case 'merged':
    case 'closed':
      return { kind: 'new', note: `The pull request ${name} of the ${job} was ${state.kind}: starting a new job.`, notice: true };
    case 'not-a-pull-request':
      return {
        kind: 'new',
        note: `The ${job} links to ${name}, which is not a pull request on this GitHub: starting a new job.`,
        notice: true,
      };
    default:
      return {
        kind: 'new',
        note: `The state of the pull request ${name} of the ${job} could not be read (${failed(state)}): starting a new job.`,
        notice: true,
      };
  }
}

/**
 * `extend-open-pr`: the job of the last documented commit (`base`, as the change's kind found it)
 * while its pull request is open, else a new job.
 */
export async function openPullRequestJob(reads: StreamReads, base: string | Refused | Unavailable | undefined): Promise<Continuation> {
  if (base === undefined) return { kind: 'new', note: "'extend-open-pr': no earlier documented commit: starting a new job." };
  if (typeof base !== 'string')
    return {
      kind: 'new',
      note: `'extend-open-pr': the last documented commit could not be found (${failed(base)}): starting a new job.`,
      notice: true,
    };
  const read = await readDocsStatus(reads.github, reads.repository, base, reads.status);
  if (read.kind === 'none') {
    if (read.legacy !== undefined) return { kind: 'new', note: `'extend-open-pr': ${legacyNote('the', base, read.legacy)}`, notice: true };
    return { kind: 'new', note: `'extend-open-pr': commit ${short(base)} records no agent job of this workflow: starting a new job.` };
  }
  if (read.kind !== 'found') {
    const note = `'extend-open-pr': the docs-agent status of commit ${short(base)} could not be read (${failed(read)}): starting a new job.`;
    return { kind: 'new', note, notice: true };
  }
  return extendable(reads, read, base);
}
