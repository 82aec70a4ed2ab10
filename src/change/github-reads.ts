/**
 * The GitHub reads every change reader shares: a comparison (its files and its newest commits), a
 * single commit with its files, and the pull requests commits came from. All through the run's one
 * GitHub client; each answer is checked by guards.ts.
 */
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
  /** The repository read: `owner` and `repo`, as Octokit's methods take them. */
  readonly repository: Repository;
  /** A warning for the run's log: something could not be read, and what the section does instead. */
  readonly warn: (message: string) => void;
}

/** GitHub answered, but not with the documented shape. */
export function badAnswer(what: string): GitHubError {
  return new GitHubError(`GitHub's answer to ${what} is not the documented shape`, { kind: 'bad-body', what, detail: 'unexpected shape' });
}

/** Why a read failed, for a warning: what GitHub said (the call and its attempts), and the permission to add when it refused. */
export function describeFailure(error: unknown, permission: 'contents: read' | 'pull-requests: read'): string {
  const refused = ({ message }: FailureFacts): string => `${message} (${askFor(permission, 'lacks')})`;
  return adviseOnGitHubFailure(error, {
    fix: askFor(permission, 'job'),
    // A read has no conversation to be locked: any 403 but a rate limit is a missing permission.
    wording: { forbidden: refused, locked: refused, otherwise: ({ message }) => message },
  }).text;
}

/** A list's items; an answer that is not a list is a bad answer naming the call. */
export function itemsOf(context: ReadContext, response: { readonly data: unknown; readonly url: string }): readonly unknown[] {
  const data: unknown = response.data;
  if (!Array.isArray(data)) throw badAnswer(context.client.callOf(response));
  return data;
}

/** `owner` and `repo` of the repository read, for a typed call. */
export function repoOf(context: ReadContext): { readonly owner: string; readonly repo: string } {
  return { owner: context.repository.owner, repo: context.repository.repo };
}

/**
 * `per_page` and `page` of the one page of an oldest-first list of `total` items that holds the newest
 * `want`: the largest page size (at most 100, GitHub's limit) whose last page holds at least `want`
 * items. One exists for every total above 100 (checked for every total up to 200,000 in the tests).
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
  /** Commits of the base that are not in the head: above 0 after a forced push. */
  readonly behindBy: number;
  /** Newest first, at most MAX_LISTED_COMMITS. */
  readonly commits: readonly ChangeCommit[];
  /** As GitHub lists them: at most 300 for a comparison. */
  readonly files: readonly ChangedFile[];
}

/**
 * `GET /compare/{base}...{head}`, paged as GitHub documents: the first page carries the files (at
 * most 300 for the whole comparison) and the oldest commits; when there are more commits than one
 * page, one more request reads the page that holds the newest ones. Two requests at most.
 */
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

/** The files between two commits: the first page of a comparison carries them (at most 300); one commit a page is enough. */
export async function readComparisonFiles(context: ReadContext, base: string, head: string): Promise<ChangeFiles> {
  const files = (await readComparisonPage(context, base, head, { per_page: 1 }, FILES_ANSWER_BYTES)).files ?? [];
  return { files, total: files.length, complete: files.length < COMPARE_FILES_CAP };
}

/**
 * One page of `GET /compare/{base}...{head}`, checked; `maxBodyBytes` for the page that carries the
 * files. Refs come from event payloads: each is made well-formed, as encoding a lone surrogate throws.
 */
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

/** `GET /commits/{ref}`: one commit and the first page of its files (GitHub pages a commit's files 300 at a time). */
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

/** One page of commits as `GET /commits` and `GET /pulls/{n}/commits` list them; malformed items are left out. */
export function commitsOf(items: readonly unknown[]): (ChangeCommit & { readonly parents: readonly string[] })[] {
  return items.flatMap((item) => commitOf(item) ?? []);
}

export interface PullsRead {
  readonly pulls: readonly ChangePull[];
  /** How many commits were looked up. */
  readonly lookedUp: number;
}

/**
 * The pull requests the newest commits came from (`GET /commits/{sha}/pulls`, one commit a call, at
 * most MAX_PULL_LOOKUPS). The first look-up goes alone: when it fails (often a token without
 * `pull-requests: read`) the others would too, so none is sent and one warning says why. The rest
 * go together. A pull request found for several commits is listed once.
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

/**
 * The change between two refs that GitHub compares from the commit both share (a release and the
 * previous one, a new branch and the default branch, a tag and the previous tag): one comparison
 * and the newest commits' pull requests. Complete unless GitHub's cap of 300 files was reached.
 */
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

/** The change of one commit (a new branch, a pushed tag, a first release): the commit, its pull requests and its files. */
export async function readOneCommitChange(context: ReadContext, ref: string): Promise<Omit<Change, 'subject' | 'notes'>> {
  const { commit, files } = await readSingleCommit(context, ref);
  const pulls = await readPulls(context, [commit]);
  return { commits: [commit], totalCommits: 1, commitsComplete: true, pulls: pulls.pulls, pullsFor: pulls.lookedUp, files };
}
