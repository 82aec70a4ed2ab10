/**
 * A release's change, from the previous release: the newest earlier one that is not a draft, nor, for
 * a full release, a pre-release (the notes are about what changed since users could last install).
 */
import type { Change } from './change.js';
import type { ReleaseEvent } from '../event/change.js';
import { releaseAnswerOf, type ReleaseEntry } from './guards.js';
import { readComparedChange, readOneCommitChange, repoOf, type ReadContext } from './github-reads.js';
import type { ChangeReader } from './read.js';

const RELEASE_PAGES = 2;

export interface ReleaseSubject {
  readonly kind: 'release';
  readonly tag: string;
  readonly name: string;
  readonly body: string;
  readonly previousTag?: string;
}

function subjectOf(release: ReleaseEvent, previousTag?: string): ReleaseSubject {
  return { kind: 'release', tag: release.tag, name: release.name, body: release.body, ...(previousTag && { previousTag }) };
}

/** When GitHub could not be asked: no commits, no files. */
export function releaseFromPayload(release: ReleaseEvent, note: string): Change<ReleaseSubject> {
  return { subject: subjectOf(release), commits: [], totalCommits: 0, commitsComplete: false, pulls: [], pullsFor: 0, notes: [note] };
}

/** `entries` newest first, as GitHub lists them. */
export function previousRelease(release: ReleaseEvent, entries: readonly ReleaseEntry[]): ReleaseEntry | undefined {
  const created = release.createdAt === undefined ? undefined : Date.parse(release.createdAt);
  const index = entries.findIndex((entry) => entry.id === release.id || entry.tag === release.tag);
  const older = index >= 0 ? entries.slice(index + 1) : entries.filter((entry) => created === undefined || entry.createdAt < created);
  return older.find((entry) => !entry.draft && entry.tag !== release.tag && (release.prerelease || !entry.prerelease));
}

export async function findPrevious(context: ReadContext, release: ReleaseEvent): Promise<ReleaseEntry | undefined> {
  const entries: ReleaseEntry[] = [];
  for await (const page of context.client.pages((rest) => rest.repos.listReleases, { ...repoOf(context), per_page: 100 }, RELEASE_PAGES)) {
    entries.push(...page.items.flatMap((item) => releaseAnswerOf(item) ?? []));
    const previous = previousRelease(release, entries);
    if (previous !== undefined) return previous;
  }
  return undefined;
}

export async function readRelease(context: ReadContext, release: ReleaseEvent): Promise<Change<ReleaseSubject>> {
  const previous = await findPrevious(context, release);
  if (previous === undefined) {
    return {
      ...(await readOneCommitChange(context, release.tag)),
      subject: subjectOf(release),
      notes: ['No earlier release was found: only the tagged commit is described.'],
    };
  }
  return { ...(await readComparedChange(context, previous.tag, release.tag)), subject: subjectOf(release, previous.tag) };
}

export const releaseReader: ChangeReader<ReleaseEvent, ReleaseSubject> = {
  gap: (release) => (release.tag === '' ? 'the release event names no tag' : undefined),
  read: readRelease,
  fromPayload: (release, why) => ({
    change: releaseFromPayload(
      release,
      'GitHub could not be asked what changed since the previous release: only the release itself is known.',
    ),
    warning: `What changed since the previous release could not be read from GitHub (${why}): the section has the release's tag, name and notes only.`,
  }),
};
