/**
 * The merged pull requests whose readers the impact report compares: those of the workflow's
 * repository merged within `impact-weeks` before the report's end date, optionally only by
 * `impact-authors`, each with the pages its files change (pull requests that change no page are
 * dropped).
 *
 * Read from the closed pull requests, newest-updated first (`GET /pulls?state=closed&sort=updated`),
 * 100 a page, stopping at the first page that reaches back before the range: a pull request merged
 * in range was updated (merged) in range, so nothing older can be one. That costs at most
 * 1 + ⌈closed pull requests updated in range / 100⌉ list requests, and never more than
 * MAX_LIST_PAGES. Not the search API: for a token that may not read the repository it answers an
 * empty list instead of a refusal, its index lags behind merges, and it has its own rate limit.
 * Then one files request per pull request (more only past 100 files), for the newest MAX_PULLS.
 */
import { fileOf } from '../change/guards.js';
import type { Repository } from '../event/run-event.js';
import type { GitHubClient } from '../github/client.js';
import { FILES_ANSWER_BYTES, PULL_FILES_CAP } from '../change/change.js';
import { isRecord } from '../is-record.js';
import { failureOf, type Refused, type Unavailable } from '../stream/result.js';
import { changedPages, type ChangedPage } from './pages.js';
import type { ImpactSettings } from '../analytics/impact-report.js';
import { dayOf, dayText, type Day } from './windows.js';

/** Pull requests measured at most: the newest merged; the report says how many more there were. */
export const MAX_PULLS = 50;
/** List pages read at most (100 closed pull requests each). */
export const MAX_LIST_PAGES = 10;
const PER_PAGE = 100;

export interface MergedPull {
  readonly number: number;
  /** As GitHub gave it: untrusted. */
  readonly title: string;
  /** The login of who opened it. */
  readonly author: string;
  readonly url: string;
  /** ISO 8601. */
  readonly mergedAt: string;
  readonly pages: readonly ChangedPage[];
}

export interface MergedPulls {
  readonly kind: 'pulls';
  /** Newest merged first. */
  readonly pulls: readonly MergedPull[];
  /** Merged in range (and by the authors asked for) past the newest MAX_PULLS: not read. */
  readonly more: number;
  readonly listRequests: number;
  readonly filesRequests: number;
  /** What was not read and why, each a sentence. */
  readonly notes: readonly string[];
}

export type MergedPullsResult = MergedPulls | Refused | Unavailable;

export interface PullsQuery {
  readonly repository: Repository;
  /** The report's end date (exclusive). */
  readonly end: Day;
  readonly settings: Pick<ImpactSettings, 'weeks' | 'authors' | 'docsRoot'>;
}

interface ListedPull extends Omit<MergedPull, 'pages'> {
  readonly updatedAt: string;
}

/** One pull request of the list; undefined when malformed. `mergedAt` '' when it was closed unmerged. */
export function listedPullOf(value: unknown): ListedPull | undefined {
  if (!isRecord(value) || typeof value['number'] !== 'number' || typeof value['updated_at'] !== 'string') return undefined;
  const user = value['user'];
  const login = isRecord(user) && typeof user['login'] === 'string' ? user['login'] : '';
  const merged = value['merged_at'];
  return {
    number: value['number'],
    title: typeof value['title'] === 'string' ? value['title'] : '',
    author: login,
    url: typeof value['html_url'] === 'string' ? value['html_url'] : '',
    mergedAt: typeof merged === 'string' && !Number.isNaN(Date.parse(merged)) ? merged : '',
    updatedAt: value['updated_at'],
  };
}

interface Listed {
  readonly merged: ListedPull[];
  readonly requests: number;
  readonly notes: string[];
}

/** The closed pull requests merged in [since, end), by the authors asked for, newest merged first. */
async function listMerged(github: GitHubClient, query: PullsQuery, since: Day): Promise<Listed> {
  const { owner, repo } = query.repository;
  const authors = query.settings.authors && new Set(query.settings.authors.map((login) => login.toLowerCase()));
  const parameters = { owner, repo, state: 'closed', sort: 'updated', direction: 'desc', per_page: PER_PAGE } as const;
  const merged: ListedPull[] = [];
  let requests = 0;
  let reachedStart = false;
  let more = false;
  for await (const page of github.pages((rest) => rest.pulls.list, parameters, MAX_LIST_PAGES)) {
    requests++;
    const pulls = page.items.flatMap((item) => listedPullOf(item) ?? []);
    for (const pull of pulls) {
      const day = pull.mergedAt === '' ? undefined : dayOf(pull.mergedAt);
      if (day === undefined || day < since || day >= query.end) continue;
      if (authors === undefined || authors.has(pull.author.toLowerCase())) merged.push(pull);
    }
    more = page.more;
    // Updated before the range: merged before it too, and so is everything listed after it.
    reachedStart = pulls.some((pull) => dayOf(pull.updatedAt) < since);
    if (reachedStart) break;
  }
  const notes =
    more && !reachedStart
      ? [`The closed pull requests were read up to ${MAX_LIST_PAGES * PER_PAGE} (the list's cap); older merges in range may be missing.`]
      : [];
  merged.sort((a, b) => Date.parse(b.mergedAt) - Date.parse(a.mergedAt) || b.number - a.number);
  return { merged, requests, notes };
}

/** A pull request's files, paged within GitHub's own cap (3,000 files). */
async function filesOf(github: GitHubClient, repository: Repository, number: number): Promise<{ files: PullFileList; requests: number }> {
  const parameters = { ...repository, pull_number: number, per_page: PER_PAGE };
  const files: PullFileList = [];
  let requests = 0;
  for await (const page of github.pages((rest) => rest.pulls.listFiles, parameters, PULL_FILES_CAP / PER_PAGE, FILES_ANSWER_BYTES)) {
    requests++;
    files.push(...page.items.flatMap((item) => fileOf(item) ?? []));
  }
  return { files, requests };
}

type PullFileList = NonNullable<ReturnType<typeof fileOf>>[];

/** Never throws for GitHub's failures: a refused list or files request is a refusal naming `pull-requests: read`. */
export async function readMergedPulls(github: GitHubClient, query: PullsQuery): Promise<MergedPullsResult> {
  const since = query.end - 7 * query.settings.weeks;
  let listed: Listed;
  try {
    listed = await listMerged(github, query, since);
  } catch (error) {
    return failureOf(error, 'pull-requests: read', true);
  }
  const newest = listed.merged.slice(0, MAX_PULLS);
  const pulls: MergedPull[] = [];
  const notes = [...listed.notes];
  let filesRequests = 0;
  for (const pull of newest) {
    try {
      const { files, requests } = await filesOf(github, query.repository, pull.number);
      filesRequests += requests;
      const pages = changedPages(files, query.settings.docsRoot);
      if (pages.length > 0) pulls.push({ ...withoutUpdated(pull), pages });
    } catch (error) {
      const failure = failureOf(error, 'pull-requests: read', true);
      if (failure.kind === 'refused') return failure;
      notes.push(`Pull request #${pull.number}: its files could not be read, so it is left out: ${failure.detail}`);
    }
  }
  const more = listed.merged.length - newest.length;
  if (more > 0) notes.push(`${more} more pull requests merged since ${dayText(since)} were not read: the newest ${MAX_PULLS} were.`);
  return { kind: 'pulls', pulls, more, listRequests: listed.requests, filesRequests, notes };
}

function withoutUpdated(pull: ListedPull): Omit<MergedPull, 'pages'> {
  const { updatedAt: _updatedAt, ...rest } = pull;
  return rest;
}
