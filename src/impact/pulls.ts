/**
 * Merged within `impact-weeks` before the end date (optionally only by `impact-authors`), with the pages their files change.
 *
 * Read from the closed pull requests, newest-updated first, 100 a page, stopping at the first page that reaches back before
 * the range: a pull request merged in range was updated in range. That costs at most 1 + ⌈closed pull requests updated in
 * range / 100⌉ list requests, never more than MAX_LIST_PAGES. Not the search API: for a token that may not read the
 * repository it answers an empty list instead of a refusal, its index lags behind merges, and it has its own rate limit.
 * Then each merged pull request's files, newest merged first, until MAX_PULLS docs pull requests are found: the cap applies
 * after the pick, so code pull requests do not crowd the docs ones out. A busy code repository stops at MAX_FILE_READS, and
 * the report says so and points to `impact-authors`.
 */
import { fileOf } from '../change/guards.js';
import type { Repository } from '../event/run-event.js';
import type { GitHubClient } from '../github/client.js';
import { FILES_ANSWER_BYTES, PULL_FILES_CAP } from '../change/change.js';
import { isRecord } from '../is-record.js';
import { failureOf, type Refused, type Unavailable } from '../github/failure.js';
import { changedPages, type ChangedPage } from './pages.js';
import type { ImpactSettings } from '../analytics/impact-report.js';
import { dayOf, dayText, type Day } from './windows.js';

/** Docs pull requests measured at most: the newest merged; the report says how many more were not read. */
export const MAX_PULLS = 50;
/** Files requests a report makes at most while it looks for docs pull requests (one a pull request of up to 100 files). */
export const MAX_FILE_READS = 200;
/** List pages read at most (100 closed pull requests each). */
export const MAX_LIST_PAGES = 10;
const PER_PAGE = 100;

export interface MergedPull {
  readonly number: number;
  /** As GitHub gave it: untrusted. */
  readonly title: string;
  readonly author: string;
  readonly url: string;
  /** ISO 8601. */
  readonly mergedAt: string;
  /** ISO 8601: when it was opened (its `mergedAt` when GitHub's answer had no valid date). */
  readonly createdAt: string;
  readonly pages: readonly ChangedPage[];
}

export interface MergedPulls {
  readonly kind: 'pulls';
  /** Newest merged first. */
  readonly pulls: readonly MergedPull[];
  /** Merged in range (and by the authors asked for) whose files were not read: past MAX_PULLS docs pull requests, or MAX_FILE_READS. */
  readonly more: number;
  /** MAX_FILE_READS ended the search before MAX_PULLS docs pull requests were found or the list ended. */
  readonly searchBounded: boolean;
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
  const created = value['created_at'];
  const mergedAt = typeof merged === 'string' && !Number.isNaN(Date.parse(merged)) ? merged : '';
  return {
    number: value['number'],
    title: typeof value['title'] === 'string' ? value['title'] : '',
    author: login,
    url: typeof value['html_url'] === 'string' ? value['html_url'] : '',
    mergedAt,
    createdAt: typeof created === 'string' && !Number.isNaN(Date.parse(created)) ? created : mergedAt,
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

interface Picked {
  readonly pulls: MergedPull[];
  /** Pull requests whose files were asked for. */
  read: number;
  filesRequests: number;
  readonly notes: string[];
}

/** The docs pull requests among `listed` (newest merged first): files read until MAX_PULLS are found or MAX_FILE_READS made. */
async function pickDocsPulls(github: GitHubClient, query: PullsQuery, listed: readonly ListedPull[]): Promise<Picked | Refused> {
  const picked: Picked = { pulls: [], read: 0, filesRequests: 0, notes: [] };
  for (const pull of listed) {
    if (picked.pulls.length >= MAX_PULLS || picked.filesRequests >= MAX_FILE_READS) break;
    try {
      const { files, requests } = await filesOf(github, query.repository, pull.number);
      picked.filesRequests += requests;
      const pages = changedPages(files, query.settings.docsRoot);
      if (pages.length > 0) picked.pulls.push({ ...withoutUpdated(pull), pages });
    } catch (error) {
      const failure = failureOf(error, 'pull-requests: read', true);
      if (failure.kind === 'refused') return failure;
      picked.notes.push(`Pull request #${pull.number}: its files could not be read, so it is left out: ${failure.detail}`);
    }
    picked.read++;
  }
  return picked;
}

/** Never throws for GitHub's failures: a refused list or files request is a refusal naming `pull-requests: read`. */
export async function readMergedPulls(github: GitHubClient, query: PullsQuery): Promise<MergedPullsResult> {
  const since = query.end - 7 * query.settings.weeks;
  let listed: Listed;
  try {
    listed = await listMerged(github, query, since);
  } catch (error) {
    return failureOf(error, 'pull-requests: read', true);
  }
  const picked = await pickDocsPulls(github, query, listed.merged);
  if (!('read' in picked)) return picked;
  const more = listed.merged.length - picked.read;
  const searchBounded = more > 0 && picked.pulls.length < MAX_PULLS;
  const notes = [...listed.notes, ...picked.notes];
  if (searchBounded) {
    notes.push(
      `The search for docs pull requests stopped after ${MAX_FILE_READS} file reads: ${more} more pull requests merged since ` +
        `${dayText(since)} were not read. Set impact-authors to who opens the docs pull requests (such as the agent's bot) to narrow it.`,
    );
  } else if (more > 0) {
    notes.push(`${more} more pull requests merged since ${dayText(since)} were not read: the newest ${MAX_PULLS} docs pull requests were.`);
  }
  const { requests: listRequests } = listed;
  return { kind: 'pulls', pulls: picked.pulls, more, searchBounded, listRequests, filesRequests: picked.filesRequests, notes };
}

function withoutUpdated(pull: ListedPull): Omit<MergedPull, 'pages'> {
  const { updatedAt: _updatedAt, ...rest } = pull;
  return rest;
}
