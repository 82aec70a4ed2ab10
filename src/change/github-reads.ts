/** The reads the change readers share: a comparison, one commit, the commits' pull requests; each answer checked (guards.ts). */
import type { Repository } from '../event/run-event.js';
import { linkOf, type GitHubClient } from '../github/client.js';
import { adviseOnGitHubFailure, askFor, type FailureFacts } from '../github/failure.js';
import { GitHubError } from '../github/errors.js';
import {
  COMPARE_FILES_CAP,
  FILES_ANSWER_BYTES,
  MAX_LISTED_COMMITS,
  MAX_PULL_LOOKUPS,
  type Change,
  type ChangeCommit,
  type ChangedFile,
  type ChangeFiles,
  type ChangePull,
} from './change.js';
import { commitOf, comparisonOf, pullAnswerOf, singleCommitOf, type Comparison } from './guards.js';
import { wellFormed } from '../text/uri.js';

export interface ReadContext {
  readonly client: GitHubClient;
  readonly repository: Repository;
  /** Something could not be read, and what the section does instead. */
  readonly warn: (message: string) => void;
}

export function badAnswer(what: string): GitHubError {
  return new GitHubError(`GitHub's answer to ${what} is not the documented shape`, { kind: 'bad-body', what, detail: 'unexpected shape' });
}

export function describeFailure(error: unknown, permission: 'contents: read' | 'pull-requests: read'): string {
  const refused = ({ message }: FailureFacts): string => `${message} (${askFor(permission, 'lacks')})`;
  return adviseOnGitHubFailure(error, {
    fix: askFor(permission, 'job'),
    // A read has no conversation to be locked: any 403 but a rate limit is a missing permission.
    wording: { forbidden: refused, locked: refused, otherwise: ({ message }) => message },
  }).text;
}

export function itemsOf(context: ReadContext, response: { readonly data: unknown; readonly url: string }): readonly unknown[] {
  const data: unknown = response.data;
  if (!Array.isArray(data)) throw badAnswer(context.client.callOf(response));
  return data;
}

export function repoOf(context: ReadContext): { readonly owner: string; readonly repo: string } {
  return { owner: context.repository.owner, repo: context.repository.repo };
}

/**
 * The one page of an oldest-first list of `total` items that holds the newest `want`: the largest
 * page size (at most 100) whose last page holds `want`. One exists for every total above 100 (tested to 200,000).
 */
export function newestPage(total: number, want = MAX_LISTED_COMMITS): { readonly perPage: number; readonly page: number } {
  for (let perPage = 100; perPage >= want; perPage--) {
    const rest = total % perPage;
    if (rest === 0 || rest >= want) return { perPage, page: Math.ceil(total / perPage) };
  }
  return { perPage: 100, page: Math.ceil(total / 100) };
}

export interface ComparisonRead {
  readonly totalCommits: number;
  /** Above 0 after a forced push. */
  readonly behindBy: number;
  readonly commits: readonly ChangeCommit[];
  readonly files: readonly ChangedFile[];
}

/** The first page carries the files (300 at most) and the oldest commits; a second reads the page of the newest. */
export async function readComparison(context: ReadContext, base: string, head: string): Promise<ComparisonRead> {
  const first = await readComparisonPage(context, base, head, { per_page: 100 }, FILES_ANSWER_BYTES);
  let commits = first.commits;
  if (first.totalCommits > first.commits.length && first.commits.length > 0) {
    const { perPage, page } = newestPage(first.totalCommits);
    commits = (await readComparisonPage(context, base, head, { per_page: perPage, page })).commits;
  }
  return {
    totalCommits: first.totalCommits,
    behindBy: first.behindBy,
    commits: commits.slice(-MAX_LISTED_COMMITS).reverse(),
    files: first.files ?? [],
  };
}

/** One commit a page is enough: the first page carries the files. */
export async function readComparisonFiles(context: ReadContext, base: string, head: string): Promise<ChangeFiles> {
  const files = (await readComparisonPage(context, base, head, { per_page: 1 }, FILES_ANSWER_BYTES)).files ?? [];
  return { files, total: files.length, complete: files.length < COMPARE_FILES_CAP };
}

/** Refs come from event payloads: each is made well-formed, as encoding a lone surrogate throws. */
async function readComparisonPage(
  context: ReadContext,
  base: string,
  head: string,
  page: { readonly per_page: number; readonly page?: number },
  maxBodyBytes?: number,
): Promise<Comparison> {
  const basehead = `${wellFormed(base)}...${wellFormed(head)}`;
  const request = maxBodyBytes === undefined ? {} : { request: context.client.bodyCap(maxBodyBytes) };
  const response = await (
    await context.client.rest()
  ).repos.compareCommitsWithBasehead({ ...repoOf(context), basehead, ...page, ...request });
  const comparison = comparisonOf(response.data);
  if (comparison === undefined) throw badAnswer(context.client.callOf(response));
  return comparison;
}

/** GitHub pages a commit's files 300 at a time: the first page. */
export async function readSingleCommit(context: ReadContext, ref: string): Promise<{ commit: ChangeCommit; files: ChangeFiles }> {
  const rest = await context.client.rest();
  const response = await rest.repos.getCommit({
    ...repoOf(context),
    ref: wellFormed(ref),
    request: context.client.bodyCap(FILES_ANSWER_BYTES),
  });
  const read = singleCommitOf(response.data);
  if (read === undefined) throw badAnswer(context.client.callOf(response));
  const more = linkOf(response.headers.link, 'next') !== undefined;
  return { commit: read.commit, files: { files: read.files, total: read.files.length, complete: !more } };
}

/** Malformed items are left out. */
export function commitsOf(items: readonly unknown[]): (ChangeCommit & { readonly parents: readonly string[] })[] {
  return items.flatMap((item) => commitOf(item) ?? []);
}

export interface PullsRead {
  readonly pulls: readonly ChangePull[];
  readonly lookedUp: number;
}

/**
 * The newest commits' pull requests, one commit a call. The first look-up goes alone: when it fails
 * (often a token without `pull-requests: read`) the others would too, so one warning says why.
 */
export async function readPulls(context: ReadContext, commits: readonly ChangeCommit[]): Promise<PullsRead> {
  const wanted = commits.slice(0, MAX_PULL_LOOKUPS);
  const lookUp = async (commit: ChangeCommit): Promise<ChangePull[]> => {
    const rest = await context.client.rest();
    const response = await rest.repos.listPullRequestsAssociatedWithCommit({ ...repoOf(context), commit_sha: commit.sha });
    return itemsOf(context, response).flatMap((item) => pullAnswerOf(item) ?? []);
  };
  const found = new Map<number, ChangePull>();
  const keep = (pulls: readonly ChangePull[]): void => {
    for (const pull of pulls) if (!found.has(pull.number)) found.set(pull.number, pull);
  };
  const failed = (error: unknown): void => {
    context.warn(
      `The pull requests of the commits could not be looked up: ${describeFailure(error, 'pull-requests: read')}. The section lists the commits without them.`,
    );
  };
  const [first, ...rest] = wanted;
  if (first === undefined) return { pulls: [], lookedUp: 0 };
  try {
    keep(await lookUp(first));
  } catch (error) {
    failed(error);
    return { pulls: [], lookedUp: 0 };
  }
  const settled = await Promise.allSettled(rest.map(lookUp));
  let lookedUp = 1;
  for (const result of settled) {
    if (result.status === 'fulfilled') {
      keep(result.value);
      lookedUp++;
    }
  }
  const rejected = settled.find((result) => result.status === 'rejected');
  if (rejected !== undefined) failed(rejected.reason);
  return { pulls: [...found.values()], lookedUp };
}

/** Between two refs GitHub compares from the commit both share: a release and the previous one, a new branch, a tag. */
export async function readComparedChange(context: ReadContext, base: string, head: string): Promise<Omit<Change, 'subject'>> {
  const comparison = await readComparison(context, base, head);
  const pulls = await readPulls(context, comparison.commits);
  const complete = comparison.files.length < COMPARE_FILES_CAP;
  return {
    commits: comparison.commits,
    totalCommits: comparison.totalCommits,
    commitsComplete: true,
    pulls: pulls.pulls,
    pullsFor: pulls.lookedUp,
    files: { files: comparison.files, total: comparison.files.length, complete },
    notes: complete ? [] : [`GitHub lists at most ${COMPARE_FILES_CAP} files of a comparison; there are more.`],
  };
}

/** One commit's change: a new branch, a pushed tag, a first release. */
export async function readOneCommitChange(context: ReadContext, ref: string): Promise<Omit<Change, 'subject' | 'notes'>> {
  const { commit, files } = await readSingleCommit(context, ref);
  const pulls = await readPulls(context, [commit]);
  return { commits: [commit], totalCommits: 1, commitsComplete: true, pulls: pulls.pulls, pullsFor: pulls.lookedUp, files };
}
