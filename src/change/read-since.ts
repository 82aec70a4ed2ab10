/**
 * A digest's change (`change-since`): the commits on the default branch committed within the window
 * (`GET /commits?since=…`, 100 a page, at most SINCE_PAGES pages), one comparison for the files from
 * the newest commit of the default branch's first-parent line older than the window to the newest
 * commit, and the newest commits' pull requests. With `last-success`, one comparison from the last
 * documented commit instead.
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
  /** The window's start, ISO 8601. */
  readonly from: string;
  /** The default branch's name, when the payload names it. */
  readonly branch?: string;
  /** `change-since: last-success`. */
  readonly lastSuccess?: boolean;
  /** With `last-success`, once found: the digest is every commit after it (`windowMs` and `from` then unused). */
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

/** The window as the section states it, when GitHub could not be asked: the agent reads the history itself. */
export function sinceWithoutGitHub(subject: SinceSubject, note: string): Change<SinceSubject> {
  return { subject, commits: [], totalCommits: 0, commitsComplete: false, pulls: [], pullsFor: 0, notes: [note] };
}

/**
 * The commit the window's files are compared from: down the first-parent line from the newest
 * commit, the first one not listed in the window. The oldest listed commit's parent is not it: after
 * a merge, that commit may be on the merged branch, whose parent is its old fork point, and the
 * comparison would take in weeks of the default branch's files. Undefined at the first commit.
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

/**
 * `change-since: last-success`: every commit after the last documented one up to `until` (the run's
 * own commit), from one comparison, with the newest commits' pull requests: no commit is missed or
 * listed twice, however late or failed the runs between.
 */
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
