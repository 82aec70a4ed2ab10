/**
 * Where a change starts: the head of this workflow's last successful run, so the commits of runs that
 * failed, were cancelled or were dropped from the queue reach the next run that succeeds, and none
 * reaches two. A push runs from that head when it is an older ancestor; when the push's own head is
 * its ancestor (a failed run re-run late, not forced) a newer run already documented it. A digest
 * with `last-success` is every commit after it. Anything else (the first run, a force push, the
 * Actions API refusing) leaves the change as the event gives it, with one notice; never a failed step.
 */
import type { DocumentedBase, PushSource, SinceSource } from '../change/documented-base.js';
import { formatDuration } from '../inputs/duration.js';
import type { Repository, RunEvent } from '../event/run-event.js';
import type { GitHubClient } from '../github/client.js';
import type { RepositoryHandle } from '../github/repository.js';
import { counted } from '../text/plural.js';
import { quote } from '../text/quote.js';
import { isAncestor, type Ancestry } from './ancestry.js';
import { lastSuccessfulHead, type AnsweredLookup, type LastSuccess, type LastSuccessOptions } from './last-success.js';
import { askFor, type Refused, type Unavailable } from '../github/failure.js';

export interface ChangeBase<Source> {
  /** The source to read: the screened one, or one that starts at the last documented commit. */
  readonly source: Source;
  /** For the log: where the change starts. */
  readonly info?: string;
  /** Why the change could not start at the last documented commit, and what it reads instead. */
  readonly notice?: string;
  /** The look-up's answer, when it gave one: the plan reads a commit's record only when it can exist. */
  readonly lastSuccess?: AnsweredLookup;
  /** A newer successful run whose head has this change's commits: nothing is left to send. */
  readonly documentedBy?: DocumentedHead;
}

export interface DocumentedHead {
  readonly sha: string;
  readonly runUrl?: string;
}

const short = (sha: string): string => sha.slice(0, 7);

function lookupFailure(found: Refused | Unavailable | { readonly kind: 'none'; readonly branch: string }): string {
  switch (found.kind) {
    case 'none':
      return `no earlier successful run of this workflow on the branch ${quote(found.branch)} was found (the first run)`;
    case 'refused':
      return found.permission === 'repository'
        ? `GitHub refused to read the repository (${found.detail}): ${askFor(found.permission, 'job')}`
        : `GitHub refused to list this workflow's runs (${found.detail}): ${askFor(found.permission, 'job')}`;
    case 'unavailable':
      return `this workflow's last successful run could not be looked up (${found.detail})`;
  }
}

function ancestryFailure(base: string, head: string, ancestry: Exclude<Ancestry, { kind: 'ancestor' }>): string {
  const documented = `the last documented commit ${short(base)}`;
  switch (ancestry.kind) {
    case 'not-ancestor':
      return `${documented} is not an ancestor of ${head} (${ancestry.status}: a force push)`;
    case 'gone':
      return `GitHub does not know ${documented} any more (404), as after a force push`;
    case 'refused':
      return `whether ${documented} is an ancestor of ${head} could not be checked (${ancestry.detail}): ${askFor(ancestry.permission, 'job')}`;
    case 'unavailable':
      return `whether ${documented} is an ancestor of ${head} could not be checked (${ancestry.detail})`;
  }
}

const baseOf = (found: Found): Omit<DocumentedBase, 'earlier'> => ({
  sha: found.sha,
  ...(found.runUrl !== undefined && { runUrl: found.runUrl }),
});

type Found = Extract<LastSuccess, { kind: 'found' }>;

function documentedAt(found: Found): string {
  const run = found.runUrl === undefined ? '' : ` (${found.runUrl})`;
  return `The last documented commit is ${short(found.sha)}, the head of this workflow's last successful run on ${quote(found.branch)}${run}`;
}

function pushFallback(push: PushSource, why: string): ChangeBase<PushSource> {
  const notice =
    `The change starts at this push's 'before' ${short(push.before ?? '')}: ${why}. ` +
    'If earlier runs of this workflow failed or were cancelled, their commits are not in it.';
  return { source: push, notice };
}

function sinceFallback(since: SinceSource, why: string): ChangeBase<SinceSource> {
  return { source: since, notice: `'change-since: last-success' covers the last ${formatDuration(since.windowMs)} instead: ${why}.` };
}

const isBehind = (ancestry: Ancestry): boolean => ancestry.kind === 'not-ancestor' && ancestry.status === 'behind';

function alreadyDocumented<Source>(source: Source, found: Found, head: string): ChangeBase<Source> {
  return {
    source,
    documentedBy: baseOf(found),
    info: `${documentedAt(found)}, and ${head} is one of its ancestors: a newer run already documented these commits.`,
  };
}

interface Asking {
  readonly client: GitHubClient;
  readonly repository: Repository;
}

async function pushBase(push: PushSource, after: string, found: LastSuccess, asking: Asking): Promise<ChangeBase<PushSource>> {
  const { client, repository } = asking;
  const before = push.before ?? '';
  if (found.kind !== 'found') return pushFallback(push, lookupFailure(found));
  if (found.sha === before || found.sha === after) {
    return { source: push, info: `${documentedAt(found)}: the change is this push's own, from ${short(before)} to ${short(after)}.` };
  }
  const ancestry = await isAncestor(client, repository, found.sha, after);
  // Behind the last documented commit without a forced push: a newer run already described these commits.
  if (isBehind(ancestry) && push.forced !== true) return alreadyDocumented(push, found, `this push's head ${short(after)}`);
  if (ancestry.kind !== 'ancestor') return pushFallback(push, ancestryFailure(found.sha, `this push's head ${short(after)}`, ancestry));
  const earlier = ancestry.aheadBy === undefined || push.commits.length === 0 ? undefined : ancestry.aheadBy - push.commits.length;
  if (earlier !== undefined && earlier <= 0)
    return { source: push, info: `${documentedAt(found)}, within this push: the change is this push's own.` };
  const documented: DocumentedBase = { ...baseOf(found), ...(earlier !== undefined && { earlier }) };
  const commits = earlier === undefined ? 'the commits' : `the ${counted(earlier, 'commit')}`;
  return {
    source: { ...push, documented },
    info: `${documentedAt(found)}: the change also covers ${commits} pushed after it before this push, whose runs did not finish.`,
  };
}

/** The run's own commit when it ran on the default branch, else the branch. */
function digestHead(event: RunEvent, branch: string): string {
  const sha = event.headSha;
  return sha !== undefined && event.ref === `refs/heads/${branch}` ? sha : branch;
}

async function sinceBase(since: SinceSource, event: RunEvent, found: LastSuccess, asking: Asking): Promise<ChangeBase<SinceSource>> {
  const { client, repository } = asking;
  if (found.kind !== 'found') return sinceFallback(since, lookupFailure(found));
  const until = digestHead(event, found.branch);
  const ancestry = await isAncestor(client, repository, found.sha, until);
  if (isBehind(ancestry)) return alreadyDocumented(since, found, `the digest's head ${quote(short(until))}`);
  if (ancestry.kind !== 'ancestor')
    return sinceFallback(since, ancestryFailure(found.sha, `the default branch's head ${quote(short(until))}`, ancestry));
  return {
    source: { ...since, branch: found.branch, documented: { base: baseOf(found), until } },
    info: `${documentedAt(found)}: the digest is every commit after it, up to ${short(until)}.`,
  };
}

type Filters = Pick<LastSuccessOptions, 'branch' | 'event'>;

interface LookUp<Source> {
  readonly source: Source;
  readonly event: RunEvent;
  readonly github: RepositoryHandle;
  readonly filters: Filters;
  readonly fallback: (source: Source, why: string) => ChangeBase<Source>;
  readonly read: (found: LastSuccess, asking: Asking) => Promise<ChangeBase<Source>>;
}

/** One request with the workflow's file, two without. Without GitHub the change's reader says what is missing. */
async function lookUp<Source>(options: LookUp<Source>): Promise<ChangeBase<Source>> {
  const { source, event, github } = options;
  if (!github.ok) return { source };
  const runId = event.runId;
  if (runId === undefined)
    return options.fallback(source, "GITHUB_RUN_ID is not a run's id, so this workflow's last successful run cannot be looked up");
  const asking = { client: github.client, repository: github.repository };
  const workflowFile = event.workflowFile;
  const found = await lastSuccessfulHead(asking.client, asking.repository, {
    runId,
    ...(workflowFile && { workflowFile }),
    ...options.filters,
  });
  const base = await options.read(found, asking);
  return found.kind === 'found' || found.kind === 'none' ? { ...base, lastSuccess: found } : base;
}

/** A new branch or a tag is not looked up: no run of the workflow documented them. */
export function pushStart(push: PushSource, event: RunEvent, github: RepositoryHandle): Promise<ChangeBase<PushSource>> {
  const after = push.headCommit?.sha ?? push.after;
  if (push.refKind !== 'branch' || push.before === undefined || after === undefined) return Promise.resolve({ source: push });
  const filters = { branch: push.ref, event: 'push' };
  return lookUp({
    source: push,
    event,
    github,
    filters,
    fallback: pushFallback,
    read: (found, asking) => pushBase(push, after, found, asking),
  });
}

export function digestStart(since: SinceSource, event: RunEvent, github: RepositoryHandle): Promise<ChangeBase<SinceSource>> {
  if (since.lastSuccess !== true) return Promise.resolve({ source: since });
  const filters = since.branch === undefined ? {} : { branch: since.branch };
  return lookUp({
    source: since,
    event,
    github,
    filters,
    fallback: sinceFallback,
    read: (found, asking) => sinceBase(since, event, found, asking),
  });
}
