/**
 * A digest's change: the default branch's commits within the window, its files from one comparison,
 * the newest commits' pull requests; with `last-success`, one comparison from the last documented commit.
 */
import { COMPARE_FILES_CAP, MAX_LISTED_COMMITS, type Change, type ChangeFiles } from './change.js';
import type { DocumentedBase, DocumentedRange, SinceSource } from './documented-base.js';
import { commitsOf, readComparedChange, readComparisonFiles, readPulls, repoOf, type ReadContext } from './github-reads.js';
import type { ChangeReader } from './read.js';

/** At most 1,000 commits are listed: a digest of more is described by its newest 1,000. */
export const SINCE_PAGES = 10;

export interface SinceSubject {
  readonly kind: 'since';
  readonly windowMs: number;
  readonly from: string;
  readonly branch?: string;
  readonly lastSuccess?: boolean;
  /** Once found, the digest is every commit after it. */
  readonly documented?: DocumentedBase;
}

export function sinceSubject(source: SinceSource, now: number): SinceSubject {
  const { windowMs, branch, lastSuccess, documented } = source;
  return {
    kind: 'since',
    windowMs,
    from: new Date(now - windowMs).toISOString(),
    ...(branch !== undefined && { branch }),
    ...(lastSuccess === true && { lastSuccess }),
    ...(documented !== undefined && { documented: documented.base }),
  };
}

/** Without GitHub the agent reads the history itself. */
export function sinceWithoutGitHub(subject: SinceSubject, note: string): Change<SinceSubject> {
  return { subject, commits: [], totalCommits: 0, commitsComplete: false, pulls: [], pullsFor: 0, notes: [note] };
}

/**
 * The first commit down the first-parent line not in the window. Not the oldest listed commit's
 * parent: after a merge that may be the merged branch's old fork point, weeks back.
 */
export function windowBase(listed: readonly { readonly sha: string; readonly parents: readonly string[] }[]): string | undefined {
  const bySha = new Map(listed.map((commit) => [commit.sha, commit]));
  let sha = listed[0]?.sha;
  // At most one step per listed commit, whatever the answer holds.
  for (let steps = 0; sha !== undefined && steps <= listed.length; steps++) {
    const commit = bySha.get(sha);
    if (commit === undefined) return sha;
    sha = commit.parents[0];
  }
  return undefined;
}

export async function readSince(context: ReadContext, subject: SinceSubject): Promise<Change<SinceSubject>> {
  const listed = [];
  let more = false;
  const window = { ...repoOf(context), since: subject.from, per_page: 100 };
  for await (const page of context.client.pages((rest) => rest.repos.listCommits, window, SINCE_PAGES)) {
    listed.push(...commitsOf(page.items));
    more = page.more;
  }
  const newest = listed[0];
  if (newest === undefined) {
    return {
      subject,
      commits: [],
      totalCommits: 0,
      commitsComplete: true,
      pulls: [],
      pullsFor: 0,
      files: { files: [], total: 0, complete: true },
      notes: [],
    };
  }
  const notes: string[] = [];
  if (more) notes.push(`Only the newest ${listed.length} commits of the window were listed; there are more.`);
  const base = windowBase(listed);
  let files: ChangeFiles | undefined;
  if (base === undefined) notes.push("The window starts at the repository's first commit: its files are not listed.");
  else files = await readComparisonFiles(context, base, newest.sha);
  if (files !== undefined && !files.complete)
    notes.push(`GitHub lists at most ${COMPARE_FILES_CAP} files of a comparison; there are more.`);
  const commits = listed.slice(0, MAX_LISTED_COMMITS);
  const pulls = await readPulls(context, commits);
  return {
    subject,
    commits,
    totalCommits: listed.length,
    commitsComplete: !more,
    pulls: pulls.pulls,
    pullsFor: pulls.lookedUp,
    ...(files && { files }),
    notes,
  };
}

/** One comparison: no commit is missed or listed twice, however late or failed the runs between. */
export async function readSinceDocumented(
  context: ReadContext,
  subject: SinceSubject,
  range: DocumentedRange,
): Promise<Change<SinceSubject>> {
  return { subject, ...(await readComparedChange(context, range.base.sha, range.until)) };
}

export const sinceReader: ChangeReader<SinceSource, SinceSubject> = {
  read: (context, since, now) =>
    since.documented === undefined
      ? readSince(context, sinceSubject(since, now))
      : readSinceDocumented(context, sinceSubject(since, now), since.documented),
  fromPayload: (since, why, now) => ({
    change: sinceWithoutGitHub(sinceSubject(since, now), 'GitHub could not be asked for the commits of this window.'),
    warning:
      `The commits of the 'change-since' window could not be listed (${why}): ` +
      'the job is started with the window alone, and the agent reads the history itself.',
  }),
};
