/**
 * What a push changed: one comparison of `before...after` (its files and newest commits), and the
 * pull requests of the newest commits. A new branch (no `before`) and a tag describe the head commit
 * alone. When GitHub cannot answer (a force push made it forget `before`, a token without
 * `contents: read`, an outage), the push event's own list of commits and files stands in.
 */
import { COMPARE_FILES_CAP, MAX_LISTED_COMMITS, type Change, type ChangedFile, type ChangeFiles, type ChangeSubject } from './change.js';
import type { PayloadCommit, PushEvent } from './event.js';
import { firstLine } from './guards.js';
import { readComparison, readOneCommitChange, readPulls, type ReadContext } from './github-reads.js';

type PushSubject = Extract<ChangeSubject, { kind: 'push' }>;

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

/**
 * The files the push event lists, by name: each commit's added, removed and modified files, in
 * order, so that a file added and then changed is added, and one added and then removed is gone.
 */
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

/** The change as the push event itself describes it, when GitHub could not be asked. */
export function pushFromPayload(push: PushEvent, note: string): Change {
  const commits = push.commits.length > 0 ? push.commits : push.headCommit ? [push.headCommit] : [];
  const files = payloadFiles(commits);
  return {
    subject: subjectOf(push),
    commits: commits
      .slice(-MAX_LISTED_COMMITS)
      .reverse()
      .map((commit) => ({ sha: commit.sha, title: firstLine(commit.message), ...(commit.author && { author: commit.author }) })),
    totalCommits: commits.length,
    commitsComplete: true,
    pulls: [],
    pullsFor: 0,
    files: { files, total: files.length, complete: true },
    notes: [note],
  };
}

/**
 * A comparison's files, completed from the event when GitHub's list stops at its cap: the push event
 * names every file of every pushed commit, so the files past the cap are known by name.
 */
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

export async function readPush(context: ReadContext, push: PushEvent): Promise<Change> {
  const subject = subjectOf(push);
  if (subject.headOnly !== undefined) {
    // An annotated tag's `after` is the tag object, not a commit: the tag's name finds its commit.
    const ref = push.headCommit?.sha ?? (push.refKind === 'tag' ? push.ref : subject.after);
    const change = await readOneCommitChange(context, ref);
    const complete = change.files?.complete ?? true;
    return {
      ...change,
      subject: { ...subject, after: change.commits[0]?.sha ?? subject.after },
      notes: complete ? [] : ['GitHub lists the first 300 files of a single commit here; there are more.'],
    };
  }
  const comparison = await readComparison(context, subject.before ?? '', subject.after);
  const pulls = await readPulls(context, comparison.commits);
  const { files, note } = withPayloadFiles(comparison.files, push, comparison.totalCommits);
  return {
    subject,
    commits: comparison.commits,
    totalCommits: comparison.totalCommits,
    commitsComplete: true,
    pulls: pulls.pulls,
    pullsFor: pulls.lookedUp,
    files,
    notes: note === undefined ? [] : [note],
  };
}
