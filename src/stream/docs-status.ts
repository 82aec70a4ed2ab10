/**
 * The `docs-agent` commit status: what the docs agent made of a commit, on the commit itself, and
 * the record a later run reads to resume the commit's job instead of starting another.
 *
 * The record's form: every status for a job names it in its description as `job <id>`, the id
 * followed by the end, a space, `:` or `,` (never cut: an id the 140-character cut would reach is
 * not read back); a status for a job that opened a pull request links to it (`target_url`), the
 * others link to the workflow run. Only a status written by the token's own account counts: writing
 * statuses needs write access, but the creator is checked all the same.
 */
import type { Repository } from '../event/run-event.js';
import type { GitHubClient } from '../github/client.js';
import { isRecord } from '../is-record.js';
import { idProblem } from '../inputs/identifier.js';
import { truncateCodePoints } from '../text/truncate.js';
import { encodeSegment, wellFormed } from '../text/uri.js';
import { pullRequestName } from './pull-state.js';
import { failureOf, learnLogin, repoPath, unread, type Refused, type Unavailable } from './result.js';

export const STATUS_CONTEXT = 'docs-agent';
/** GitHub refuses (422) a longer description. */
export const DESCRIPTION_CHARS = 140;
export const STATUS_PER_PAGE = 100;
/** 3 requests cover the newest 300 statuses of a commit, every context together. */
export const MAX_STATUS_PAGES = 3;

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
  return { state: 'pending', description: `Docs agent working: job ${jobId}`, ...(runUrl !== undefined && { targetUrl: runUrl }) };
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
    ...(runUrl !== undefined && { targetUrl: runUrl }),
  };
}

/** The run started no job: `paths`, no file in `change-paths` changed; `marker`, a commit asked for `[skip docs]`. */
export function skippedStatus(reason: 'paths' | 'marker', runUrl: string | undefined): DocsStatus {
  const description = reason === 'paths' ? 'skipped: no file in change-paths changed' : 'skipped: [skip docs]';
  return { state: 'success', description, ...(runUrl !== undefined && { targetUrl: runUrl }) };
}

/** The job failed or was archived, or the run stopped waiting for it when its time ran out. */
export function failedStatus(jobId: string, how: JobFailure, runUrl: string | undefined): DocsStatus {
  return { state: 'failure', description: `Docs agent job ${jobId} ${how}`, ...(runUrl !== undefined && { targetUrl: runUrl }) };
}

/** The run stopped following the job before it ended (an error while waiting): a re-run resumes it. */
export function stoppedStatus(jobId: string, runUrl: string | undefined): DocsStatus {
  return {
    state: 'error',
    description: `Docs agent job ${jobId}: this run stopped following it`,
    ...(runUrl !== undefined && { targetUrl: runUrl }),
  };
}

/** One line (control characters and line breaks become spaces) of at most DESCRIPTION_CHARS characters. */
export function statusDescription(text: string): string {
  return truncateCodePoints(text.replace(/[\p{Cc}\s]+/gu, ' ').trim(), DESCRIPTION_CHARS);
}

export type StatusWrite = { readonly kind: 'written'; readonly description: string } | Refused | Unavailable;

/** `POST /statuses/{sha}` with the context `docs-agent`. Never throws for GitHub's failures: 403 names `statuses: write`. */
export async function writeDocsStatus(github: GitHubClient, repository: Repository, sha: string, status: DocsStatus): Promise<StatusWrite> {
  const description = statusDescription(status.description);
  const targetUrl = status.targetUrl !== undefined && /^https?:\/\//.test(status.targetUrl) ? status.targetUrl : undefined;
  try {
    await (
      await github.rest()
    ).repos.createCommitStatus({
      ...repository,
      sha: wellFormed(sha),
      state: status.state,
      context: STATUS_CONTEXT,
      description,
      ...(targetUrl !== undefined && { target_url: targetUrl }),
    });
  } catch (error) {
    return failureOf(error, 'statuses: write');
  }
  return { kind: 'written', description };
}

const JOB_IN_DESCRIPTION = /(?:^|\s)job ([A-Za-z0-9._~-]+)(?=$|[\s:,])/;

/** The job a description names, as the status builders above write it; undefined when it names none (or a cut one). */
export function jobIdOf(description: string): string | undefined {
  const id = JOB_IN_DESCRIPTION.exec(description)?.[1];
  return id !== undefined && idProblem(id) === undefined ? id : undefined;
}

export interface JobStatusRecord {
  readonly jobId: string;
  readonly state: StatusState;
  /** The job's pull request, when the status links to one. */
  readonly prLink?: string;
  readonly targetUrl?: string;
  /** The status says the job failed or was archived: it ended without the docs, so a re-run starts another. */
  readonly ended: boolean;
}

const STATES: readonly StatusState[] = ['pending', 'success', 'failure', 'error'];

/** A `docs-agent` status that names a job, with its creator; undefined for any other item. */
function jobStatusOf(value: unknown): (JobStatusRecord & { readonly creator?: string }) | undefined {
  if (!isRecord(value) || value['context'] !== STATUS_CONTEXT || typeof value['description'] !== 'string') return undefined;
  const state = STATES.find((known) => known === value['state']);
  const jobId = jobIdOf(value['description']);
  if (state === undefined || jobId === undefined) return undefined;
  const target = typeof value['target_url'] === 'string' && /^https?:\/\//.test(value['target_url']) ? value['target_url'] : undefined;
  const creator = isRecord(value['creator']) && typeof value['creator']['login'] === 'string' ? value['creator']['login'] : undefined;
  const ended = state === 'failure' && / (?:failed|was archived)$/.test(value['description']);
  return {
    jobId,
    state,
    ended,
    ...(target !== undefined && { targetUrl: target }),
    ...(target !== undefined && pullRequestName(target) !== undefined && { prLink: target }),
    ...(creator !== undefined && creator !== '' && { creator }),
  };
}

export type StatusRead = ({ readonly kind: 'found' } & JobStatusRecord) | { readonly kind: 'none' } | Refused | Unavailable;

/**
 * The newest `docs-agent` status on `sha` that names a job and was written by the token's own
 * account (`ownLogin`, asked only once such a status turns up). GitHub lists a commit's statuses
 * newest first; at most MAX_STATUS_PAGES pages are read, and a commit with more is unavailable
 * rather than `none` (a re-run must not take a missed record for no record).
 */
export async function readDocsStatus(
  github: GitHubClient,
  repository: Repository,
  sha: string,
  ownLogin: () => Promise<string>,
): Promise<StatusRead> {
  const path = `${repoPath(repository)}/commits/${encodeSegment(sha)}/statuses`;
  let login: string | undefined;
  let more = false;
  try {
    const params = { ...repository, ref: wellFormed(sha), per_page: STATUS_PER_PAGE };
    for await (const page of github.pages((rest) => rest.repos.listCommitStatusesForRef, params, MAX_STATUS_PAGES)) {
      const candidates = page.items.flatMap((item) => jobStatusOf(item) ?? []);
      if (candidates.length > 0 && login === undefined) {
        const learnt = await learnLogin(ownLogin);
        if (typeof learnt !== 'string') return learnt;
        login = learnt;
      }
      const own = candidates.find((candidate) => candidate.creator === login);
      if (own !== undefined) {
        const { creator: _creator, ...record } = own;
        return { kind: 'found', ...record };
      }
      more = page.more;
    }
  } catch (error) {
    return failureOf(error, 'statuses: read');
  }
  return more ? unread(`GET ${path}`, MAX_STATUS_PAGES * STATUS_PER_PAGE) : { kind: 'none' };
}
