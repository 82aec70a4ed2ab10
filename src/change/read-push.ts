/**
 * A push's change: one comparison of `before...after` and the newest commits' pull requests. A forced
 * push also reads the dropped commits' files: `change-paths` decides on what differs between `before`
 * and `after`, as GitHub's `paths` filter does. A new branch is compared with the default branch, a
 * tag with the previous tag. Without GitHub's answer the push event's own lists stand in.
 */
import { GitHubError } from '../github/errors.js';
import { counted } from '../text/plural.js';
import { quote } from '../text/quote.js';
import { COMPARE_FILES_CAP, MAX_LISTED_COMMITS, type Change, type ChangedFile, type ChangeFiles } from './change.js';
import type { DocumentedBase, PushSource } from './documented-base.js';
import type { PayloadCommit, PushEvent } from '../event/change.js';
import { firstLine } from './guards.js';
import {
  describeFailure,
  readComparedChange,
  readComparison,
  readComparisonFiles,
  readOneCommitChange,
  readPulls,
  type ReadContext,
} from './github-reads.js';
import { findPreviousTag } from './previous-tag.js';
import type { ChangeReader, PayloadChange } from './read.js';

export interface PushSubject {
  readonly kind: 'push';
  readonly ref: string;
  readonly refKind: 'branch' | 'tag';
  /** Undefined for a new branch. */
  readonly before?: string;
  readonly after: string;
  readonly comparedWith?: { readonly kind: 'default branch' | 'previous tag'; readonly ref: string };
  /** A new branch or a tag that could not be compared. */
  readonly headOnly?: 'new branch' | 'tag';
  /** A forced push: the commits no longer on the branch (`behind_by`). */
  readonly dropped?: number;
  /** Earlier runs did not finish: the change starts before `before`. */
  readonly documented?: DocumentedBase;
}

function subjectOf(push: PushEvent): PushSubject {
  const headOnly = push.refKind === 'tag' ? 'tag' : push.before === undefined ? 'new branch' : undefined;
  return {
    kind: 'push',
    ref: push.ref,
    refKind: push.refKind,
    ...(push.before !== undefined && { before: push.before }),
    after: push.headCommit?.sha ?? push.after ?? '',
    ...(headOnly && { headOnly }),
  };
}

/** In order: a file added then changed is added, one added then removed is gone. */
export function payloadFiles(commits: readonly PayloadCommit[]): ChangedFile[] {
  const status = new Map<string, ChangedFile['status']>();
  for (const commit of commits) {
    for (const path of commit.added) status.set(path, status.get(path) === 'removed' ? 'modified' : 'added');
    for (const path of commit.modified) if (status.get(path) !== 'added') status.set(path, 'modified');
    for (const path of commit.removed) {
      if (status.get(path) === 'added') status.delete(path);
      else status.set(path, 'removed');
    }
  }
  return [...status].map(([path, fileStatus]) => ({ path, status: fileStatus }));
}

export function pushFromPayload(push: PushEvent, note: string): Change<PushSubject> {
  const commits = push.commits.length > 0 ? push.commits : push.headCommit ? [push.headCommit] : [];
  const files = payloadFiles(commits);
  const subject = subjectOf(push);
  return {
    subject,
    commits: commits
      .slice(-MAX_LISTED_COMMITS)
      .reverse()
      .map((commit) => ({ sha: commit.sha, title: firstLine(commit.message), ...(commit.author && { author: commit.author }) })),
    totalCommits: commits.length,
    commitsComplete: true,
    pulls: [],
    pullsFor: 0,
    // A new branch's or a tag's event lists no comparison with anything: its files are only part of the change.
    files: { files, total: files.length, complete: subject.headOnly === undefined },
    notes: [note],
  };
}

/** Past GitHub's cap the push event still names every pushed commit's files. */
function withPayloadFiles(listed: readonly ChangedFile[], push: PushEvent, totalCommits: number): { files: ChangeFiles; note?: string } {
  if (listed.length < COMPARE_FILES_CAP) return { files: { files: listed, total: listed.length, complete: true } };
  const known = new Set(listed.flatMap((file) => [file.path, ...(file.previousPath === undefined ? [] : [file.previousPath])]));
  const extra = payloadFiles(push.commits).filter((file) => !known.has(file.path));
  const files = [...listed, ...extra];
  const complete = push.commits.length >= totalCommits;
  const note = `GitHub lists at most ${COMPARE_FILES_CAP} files of a comparison; ${
    extra.length > 0 ? `${extra.length} more are known by name from the push event` : 'the push event names no more'
  }${complete ? '' : ', which does not list every commit, so there may be more'}.`;
  return { files: { files, total: files.length, complete }, note };
}

/** After a forced push: the added commits' files, and the dropped commits' with their change undone. */
export function withDroppedFiles(kept: ChangeFiles, dropped: ChangeFiles): ChangeFiles {
  const known = new Set(kept.files.flatMap((file) => [file.path, ...(file.previousPath === undefined ? [] : [file.previousPath])]));
  const undone = dropped.files
    .filter((file) => !known.has(file.path) && (file.previousPath === undefined || !known.has(file.previousPath)))
    .map(undo);
  const files = [...kept.files, ...undone];
  return { files, total: files.length, complete: kept.complete && dropped.complete };
}

function undo(file: ChangedFile): ChangedFile {
  const lines =
    file.additions === undefined || file.deletions === undefined ? {} : { additions: file.deletions, deletions: file.additions };
  if (file.status === 'renamed' && file.previousPath !== undefined) {
    return { path: file.previousPath, previousPath: file.path, status: 'renamed', ...lines };
  }
  const status = file.status === 'added' || file.status === 'copied' ? 'removed' : file.status === 'removed' ? 'added' : file.status;
  return { path: file.path, status, ...lines };
}

function recoverable(error: unknown): string {
  if (!(error instanceof GitHubError) || error.aborted) throw error;
  return describeFailure(error, 'contents: read');
}

async function baseOf(context: ReadContext, push: PushEvent): Promise<NonNullable<PushSubject['comparedWith']> | string> {
  if (push.refKind === 'tag') {
    let previous: string | undefined;
    try {
      previous = await findPreviousTag(context, push.ref);
    } catch (error) {
      return recoverable(error);
    }
    return previous === undefined ? 'no earlier release or version tag was found' : { kind: 'previous tag', ref: previous };
  }
  if (push.defaultBranch === undefined) return 'the push event does not name the default branch';
  if (push.defaultBranch === push.ref) return 'it is the default branch itself';
  return { kind: 'default branch', ref: push.defaultBranch };
}

/** Without a comparison, the head commit alone, as incomplete: `change-paths` cannot decide on part of a change. */
async function readNewRef(context: ReadContext, push: PushEvent, subject: PushSubject): Promise<Change<PushSubject>> {
  // An annotated tag's `after` is the tag object, not a commit: the tag's name finds its commit.
  const head = push.headCommit?.sha ?? (push.refKind === 'tag' ? push.ref : subject.after);
  const base = await baseOf(context, push);
  let why: string;
  if (typeof base === 'string') why = base;
  else {
    try {
      return await readComparedRef(context, subject, base, head);
    } catch (error) {
      why = recoverable(error);
    }
  }
  const what = push.refKind === 'tag' ? `The tag ${quote(push.ref)}` : `The new branch ${quote(push.ref)}`;
  const other = push.refKind === 'tag' ? 'a previous tag' : 'the default branch';
  context.warn(
    `${what} could not be compared with ${other} (${why}): only its head commit is described, and the change counts as incomplete.`,
  );
  const change = await readOneCommitChange(context, head);
  return {
    ...change,
    subject: { ...subject, after: change.commits[0]?.sha ?? subject.after },
    ...(change.files && { files: { ...change.files, complete: false } }),
    notes: [`Not compared with ${other} (${why}): only the head commit is described; the change may be larger.`],
  };
}

async function readComparedRef(
  context: ReadContext,
  subject: PushSubject,
  base: NonNullable<PushSubject['comparedWith']>,
  head: string,
): Promise<Change<PushSubject>> {
  const change = await readComparedChange(context, base.ref, head);
  const { headOnly: _headOnly, ...compared } = subject;
  return { ...change, subject: { ...compared, comparedWith: base, after: change.commits[0]?.sha ?? compared.after } };
}

export async function readPush(context: ReadContext, push: PushSource): Promise<Change<PushSubject>> {
  const subject = subjectOf(push);
  if (subject.headOnly !== undefined) return readNewRef(context, push, subject);
  // From the last documented commit when earlier runs did not finish (src/stream/change-base.ts checked it is an ancestor).
  const before = push.documented?.sha ?? subject.before ?? '';
  const comparison = await readComparison(context, before, subject.after);
  const pulls = await readPulls(context, comparison.commits);
  const added = withPayloadFiles(comparison.files, push, comparison.totalCommits);
  const notes = added.note === undefined ? [] : [added.note];
  let files = added.files;
  // A forced push: GitHub compares from the commit both share, so the dropped commits' files are read too.
  if (comparison.behindBy > 0) {
    files = withDroppedFiles(files, await readComparisonFiles(context, subject.after, before));
    notes.push(
      'The commits listed are those the forced push added since the commit before and after share; ' +
        'the files are what differs between before and after, those of the dropped commits with their change undone.',
    );
  }
  return {
    subject: {
      ...subject,
      ...(comparison.behindBy > 0 && { dropped: comparison.behindBy }),
      ...(push.documented !== undefined && { documented: push.documented }),
    },
    commits: comparison.commits,
    totalCommits: comparison.totalCommits,
    commitsComplete: true,
    pulls: pulls.pulls,
    pullsFor: pulls.lookedUp,
    files,
    notes,
  };
}

function pushFallback(push: PushEvent, why: string): PayloadChange<PushSubject> {
  const change = pushFromPayload(
    push,
    'GitHub could not be asked about this push: this is what the push event itself lists ' +
      '(commits and the names of their files, without line counts or pull requests).',
  );
  const files = counted(change.files?.total ?? 0, 'file');
  return {
    change,
    warning:
      `What the push changed could not be read from GitHub (${why}): ` +
      `the section is built from the push event itself (${counted(change.totalCommits, 'commit')}, ${files} by name).`,
  };
}

export const pushReader: ChangeReader<PushSource, PushSubject> = {
  gap: (push) => (push.after === undefined && push.headCommit === undefined ? 'the push event names no commit' : undefined),
  read: readPush,
  whyFailed: (_push, error) =>
    error.status === 404 && error.what.includes('/compare/')
      ? 'GitHub does not know the commit before the push any more, as after a force push (404)'
      : describeFailure(error, 'contents: read'),
  fromPayload: pushFallback,
};
