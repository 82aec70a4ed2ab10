/**
 * A pull request's change: its facts from the payload, its newest commits (one page, or two past 100)
 * and its files (100 a page, up to the 3,000 GitHub lists): 2 + ⌈files / 100⌉ requests at most.
 */
import { FILES_ANSWER_BYTES, MAX_LISTED_COMMITS, PULL_COMMITS_CAP, PULL_FILES_CAP, type Change, type ChangedFile } from './change.js';
import type { PullEvent } from '../event/change.js';
import { fileOf } from './guards.js';
import { commitsOf, describeFailure, itemsOf, newestPage, repoOf, type ReadContext } from './github-reads.js';
import type { ChangeReader, PayloadChange } from './read.js';

export interface PullSubject {
  readonly kind: 'pull';
  readonly number: number;
  /** False for a run with a prompt on a pull request that is still open (opened, synchronize, …). */
  readonly merged: boolean;
  readonly title: string;
  readonly body: string;
  readonly base: string;
  readonly head: string;
  readonly labels: readonly string[];
}

function subjectOf(pull: PullEvent, number: number): PullSubject {
  const { title, body, base, head, labels, merged } = pull;
  return { kind: 'pull', number, merged, title, body, base, head, labels };
}

/** When GitHub could not be asked: no commits, no files. */
export function pullFromPayload(pull: PullEvent, number: number, note: string): Change<PullSubject> {
  return {
    subject: subjectOf(pull, number),
    commits: [],
    totalCommits: pull.commitCount ?? 0,
    commitsComplete: pull.commitCount !== undefined,
    pulls: [],
    pullsFor: 0,
    notes: [note],
  };
}

async function readCommits(context: ReadContext, number: number, count: number | undefined) {
  const rest = await context.client.rest();
  const listPage = async (page: { readonly per_page: number; readonly page?: number }): Promise<readonly unknown[]> =>
    itemsOf(context, await rest.pulls.listCommits({ ...repoOf(context), pull_number: number, ...page }));
  const first = await listPage({ per_page: 100 });
  // GitHub lists a pull request's first 250 commits; the newest of those are the newest it shows.
  const listed = Math.min(count ?? first.length, PULL_COMMITS_CAP);
  let page = first;
  if (first.length === 100 && listed > 100) {
    const newest = newestPage(listed);
    page = await listPage({ per_page: newest.perPage, page: newest.page });
  }
  return commitsOf(page).slice(-MAX_LISTED_COMMITS).reverse();
}

/** A pull request's files as GitHub lists them: 100 a page, up to the 3,000 it lists, each answer within its cap. */
export function pullFilePages(from: Pick<ReadContext, 'client' | 'repository'>, number: number) {
  const pull = { owner: from.repository.owner, repo: from.repository.repo, pull_number: number, per_page: 100 };
  return from.client.pages((rest) => rest.pulls.listFiles, pull, PULL_FILES_CAP / 100, FILES_ANSWER_BYTES);
}

async function readFiles(context: ReadContext, number: number): Promise<{ files: ChangedFile[]; more: boolean }> {
  const files: ChangedFile[] = [];
  let more = false;
  for await (const page of pullFilePages(context, number)) {
    files.push(...page.items.flatMap((item) => fileOf(item) ?? []));
    more = page.more;
  }
  return { files, more };
}

export async function readPull(context: ReadContext, pull: PullEvent, number: number): Promise<Change<PullSubject>> {
  const commits = await readCommits(context, number, pull.commitCount);
  const { files, more } = await readFiles(context, number);
  const totalCommits = pull.commitCount ?? commits.length;
  const totalFiles = Math.max(pull.fileCount ?? files.length, files.length);
  const notes: string[] = [];
  if (totalCommits > PULL_COMMITS_CAP) {
    notes.push(`GitHub lists the first ${PULL_COMMITS_CAP} of a pull request's commits; the newest of those are shown.`);
  }
  const complete = !more && files.length >= totalFiles;
  if (!complete) notes.push(`GitHub lists at most ${PULL_FILES_CAP.toLocaleString('en-US')} files of a pull request.`);
  return {
    subject: subjectOf(pull, number),
    commits,
    totalCommits,
    commitsComplete: true,
    pulls: [],
    pullsFor: 0,
    files: { files, total: totalFiles, complete },
    notes,
  };
}

function pullFallback(pull: PullEvent, why: string): PayloadChange<PullSubject> {
  const change = pullFromPayload(
    pull,
    pull.number ?? 0,
    "GitHub could not be asked for this pull request's commits and files: only its own title, description and labels are known.",
  );
  return {
    change,
    warning:
      `The commits and files of the pull request could not be read from GitHub (${why}): ` +
      'the section has its title, description and labels only, and its files are unknown.',
  };
}

export const pullReader: ChangeReader<PullEvent, PullSubject> = {
  gap: (pull) => (pull.number === undefined ? 'the pull request event names no number' : undefined),
  read: (context, pull) => readPull(context, pull, pull.number ?? 0),
  whyFailed: (_pull, error) => describeFailure(error, 'pull-requests: read'),
  fromPayload: pullFallback,
};
