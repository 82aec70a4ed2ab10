/**
 * A digest's change (`change-since`): the commits on the default branch committed within the window
 * (`GET /commits?since=…`, 100 a page, at most SINCE_PAGES pages), one comparison from the parent of
 * the oldest of them to the newest for the files, and the newest commits' pull requests.
 */
import { COMPARE_FILES_CAP, FILES_ANSWER_BYTES, MAX_LISTED_COMMITS, type Change, type ChangeFiles, type ChangeSubject } from './change.js';
import { comparisonOf } from './guards.js';
import { badAnswer, commitsOf, getJson, readPulls, type ReadContext } from './github-reads.js';

/** At most 1,000 commits are listed: a digest of more is described by its newest 1,000. */
export const SINCE_PAGES = 10;

type SinceSubject = Extract<ChangeSubject, { kind: 'since' }>;

export function sinceSubject(windowMs: number, now: number, branch: string | undefined): SinceSubject {
  return { kind: 'since', windowMs, from: new Date(now - windowMs).toISOString(), ...(branch !== undefined && { branch }) };
}

/** The window as the section states it, when GitHub could not be asked: the agent reads the history itself. */
export function sinceWithoutGitHub(subject: SinceSubject, note: string): Change {
  return { subject, commits: [], totalCommits: 0, commitsComplete: false, pulls: [], pullsFor: 0, notes: [note] };
}

/** The files between two commits: the first page of a comparison carries them (at most 300); one commit a page is enough. */
async function readFiles(context: ReadContext, base: string, head: string): Promise<ChangeFiles> {
  const path = `${context.repo}/compare/${base}...${head}`;
  const comparison = comparisonOf(await getJson(context, path, { per_page: 1 }, FILES_ANSWER_BYTES));
  if (comparison === undefined) throw badAnswer(`GET ${path}`);
  const files = comparison.files ?? [];
  return { files, total: files.length, complete: files.length < COMPARE_FILES_CAP };
}

export async function readSince(context: ReadContext, subject: SinceSubject): Promise<Change> {
  const listed = [];
  let more = false;
  for await (const page of context.client.pages(`${context.repo}/commits`, { since: subject.from, per_page: 100 }, SINCE_PAGES)) {
    listed.push(...commitsOf(page.items));
    more = page.more;
  }
  const newest = listed[0];
  const oldest = listed.at(-1);
  if (newest === undefined || oldest === undefined) {
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
  const base = oldest.parents[0];
  let files: ChangeFiles | undefined;
  if (base === undefined) notes.push("The window starts at the repository's first commit: its files are not listed.");
  else files = await readFiles(context, base, newest.sha);
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
