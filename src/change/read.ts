/**
 * Reads the change a job is started for, from GitHub through the run's one client, by the kind of
 * change: a push, a merged pull request, a release, or a `change-since` window. A failed read never
 * loses the run: GitHub's refusal (403), forgetting (404 after a force push) or failure (5xx, 429
 * after the client's retries) gives a warning, and the change as the event payload itself describes
 * it. Only an aborted run (cancelled) ends here.
 */
import { GitHubError } from '../github/errors.js';
import type { RepositoryHandle } from '../github/repository.js';
import { counted } from '../text/plural.js';
import type { Change } from './change.js';
import type { PushSource, SinceSource } from './documented-base.js';
import type { PullEvent, PushEvent, ReleaseEvent } from '../event/change.js';
import { describeFailure, type ReadContext } from './github-reads.js';
import { pullFromPayload, readPull } from './read-pull.js';
import { pushFromPayload, readPush } from './read-push.js';
import { readRelease, releaseFromPayload } from './read-release.js';
import { readSince, readSinceDocumented, sinceSubject, sinceWithoutGitHub } from './read-since.js';

/** What the job is started for: the event's change, or the digest of `change-since`. */
export type ChangeSource = PushSource | PullEvent | ReleaseEvent | SinceSource;

export interface ReadChangeContext {
  readonly github: RepositoryHandle;
  /** Epoch milliseconds: the end of a `change-since` window. */
  readonly now: number;
}

export interface ChangeRead {
  readonly change: Change;
  /** For the run's log: what could not be read, and what the section does instead. */
  readonly warnings: readonly string[];
  /** GitHub requests made, retries included. */
  readonly requests: number;
}

/** Why GitHub cannot be asked at all, or undefined when it can. */
function unreachable(github: RepositoryHandle): string | undefined {
  if (github.ok) return undefined;
  return github.reason === 'no-repository' ? 'GITHUB_REPOSITORY is not owner/repo' : github.detail;
}

/** The change from the payload alone, and the warning that says so. */
function fromPayload(source: ChangeSource, why: string, now: number): { change: Change; warning: string } {
  switch (source.kind) {
    case 'push':
      return pushFallback(source, why);
    case 'pull':
      return pullFallback(source, why);
    case 'release':
      return releaseFallback(source, why);
    case 'since':
      return {
        change: sinceWithoutGitHub(sinceSubject(source, now), 'GitHub could not be asked for the commits of this window.'),
        warning:
          `The commits of the 'change-since' window could not be listed (${why}): ` +
          'the job is started with the window alone, and the agent reads the history itself.',
      };
  }
}

function pushFallback(push: PushEvent, why: string): { change: Change; warning: string } {
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

function pullFallback(pull: PullEvent, why: string): { change: Change; warning: string } {
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

function releaseFallback(release: ReleaseEvent, why: string): { change: Change; warning: string } {
  return {
    change: releaseFromPayload(
      release,
      'GitHub could not be asked what changed since the previous release: only the release itself is known.',
    ),
    warning: `What changed since the previous release could not be read from GitHub (${why}): the section has the release's tag, name and notes only.`,
  };
}

function readBy(context: ReadContext, source: ChangeSource, now: number): Promise<Change> {
  switch (source.kind) {
    case 'push':
      return readPush(context, source);
    case 'pull':
      return readPull(context, source, source.number ?? 0);
    case 'release':
      return readRelease(context, source);
    case 'since':
      return source.documented === undefined
        ? readSince(context, sinceSubject(source, now))
        : readSinceDocumented(context, sinceSubject(source, now), source.documented);
  }
}

/** What GitHub could not tell, in words for the warning. */
function whyFailed(source: ChangeSource, error: GitHubError): string {
  if (source.kind === 'push' && error.status === 404 && error.what.includes('/compare/')) {
    return 'GitHub does not know the commit before the push any more, as after a force push (404)';
  }
  return describeFailure(error, source.kind === 'pull' ? 'pull-requests: read' : 'contents: read');
}

/** Why the payload alone cannot be compared on GitHub, or undefined when it can. */
function payloadGap(source: ChangeSource): string | undefined {
  if (source.kind === 'push' && source.after === undefined && source.headCommit === undefined) return 'the push event names no commit';
  if (source.kind === 'pull' && source.number === undefined) return 'the pull request event names no number';
  if (source.kind === 'release' && source.tag === '') return 'the release event names no tag';
  return undefined;
}

export async function readChange(source: ChangeSource, context: ReadChangeContext): Promise<ChangeRead> {
  const { github } = context;
  const why = unreachable(github) ?? payloadGap(source);
  if (why !== undefined || !github.ok) {
    const { change, warning } = fromPayload(source, why ?? 'GitHub cannot be asked', context.now);
    return { change, warnings: [warning], requests: 0 };
  }
  const { client } = github;
  const warnings: string[] = [];
  const read: ReadContext = { client, repository: github.repository, warn: (message) => warnings.push(message) };
  const before = client.requestCount;
  try {
    const change = await readBy(read, source, context.now);
    return { change, warnings, requests: client.requestCount - before };
  } catch (error) {
    if (!(error instanceof GitHubError) || error.aborted) throw error;
    const { change, warning } = fromPayload(source, whyFailed(source, error), context.now);
    return { change, warnings: [...warnings, warning], requests: client.requestCount - before };
  }
}
