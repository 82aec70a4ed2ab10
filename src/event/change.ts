/** The change a push, pull request or release payload describes; a missing or ill-typed field is left out, not guessed. */
import { count, isRecord } from '../is-record.js';
import { defaultBranchOf, isSha, pullNumberOf, recordAt, strings, text, ZERO_SHA, type PayloadRecord } from './payload.js';

export interface PayloadCommit {
  readonly sha: string;
  readonly message: string;
  /** `author.username`: the name and e-mail address are never read. */
  readonly author?: string;
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly modified: readonly string[];
}

export interface PushEvent {
  readonly kind: 'push';
  readonly ref: string;
  readonly refKind: 'branch' | 'tag';
  /** Undefined for GitHub's all-zero SHA: a new branch. */
  readonly before?: string;
  readonly after?: string;
  readonly deleted: boolean;
  readonly forced?: boolean;
  readonly commits: readonly PayloadCommit[];
  readonly headCommit?: PayloadCommit;
  /** A new branch is compared with it. */
  readonly defaultBranch?: string;
}

export interface PullEvent {
  readonly kind: 'pull';
  readonly action: string;
  readonly number?: number;
  readonly title: string;
  readonly body: string;
  readonly merged: boolean;
  readonly base: string;
  readonly head: string;
  readonly labels: readonly string[];
  readonly commitCount?: number;
  readonly fileCount?: number;
  readonly headSha?: string;
  /** The base branch's commit it was compared with when the event was sent. */
  readonly baseSha?: string;
  /** The merge's commit on the base branch. */
  readonly mergeCommitSha?: string;
  readonly draft?: true;
  /** Its head is in another repository than its base (or in one since deleted): under `pull_request` the token is read-only. */
  readonly fromFork?: true;
}

export interface ReleaseEvent {
  readonly kind: 'release';
  readonly action: string;
  readonly id?: number;
  readonly tag: string;
  readonly name: string;
  readonly body: string;
  readonly prerelease: boolean;
  /** To find the release before it. */
  readonly createdAt?: string;
}

export type EventChange = PushEvent | PullEvent | ReleaseEvent;

function labelsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((label) => (isRecord(label) && typeof label['name'] === 'string' ? [label['name']] : []));
}

export function payloadCommitOf(value: unknown): PayloadCommit | undefined {
  if (!isRecord(value) || !isSha(value['id'])) return undefined;
  const author = isRecord(value['author']) ? value['author']['username'] : undefined;
  return {
    sha: value['id'],
    message: text(value['message']),
    ...(typeof author === 'string' && author !== '' && { author }),
    added: strings(value['added']),
    removed: strings(value['removed']),
    modified: strings(value['modified']),
  };
}

function pushEventOf(payload: PayloadRecord): PushEvent {
  const ref = text(payload['ref']);
  const refKind = ref.startsWith('refs/tags/') ? 'tag' : 'branch';
  const before = payload['before'];
  const after = payload['after'];
  const headCommit = payloadCommitOf(payload['head_commit']);
  const commits = Array.isArray(payload['commits']) ? payload['commits'].flatMap((commit) => payloadCommitOf(commit) ?? []) : [];
  const defaultBranch = defaultBranchOf(payload);
  return {
    kind: 'push',
    ref: ref.replace(/^refs\/(?:heads|tags)\//, ''),
    refKind,
    ...(isSha(before) && before !== ZERO_SHA && { before }),
    ...(isSha(after) && after !== ZERO_SHA && { after }),
    deleted: payload['deleted'] === true,
    ...(payload['forced'] === true && { forced: true }),
    commits,
    ...(headCommit && { headCommit }),
    ...(defaultBranch !== undefined && { defaultBranch }),
  };
}

function repositoryNameOf(side: unknown): string | null | undefined {
  if (!isRecord(side) || !('repo' in side)) return undefined;
  const repo = side['repo'];
  if (repo === null) return null;
  return isRecord(repo) && typeof repo['full_name'] === 'string' ? repo['full_name'].toLowerCase() : undefined;
}

/** Only when the payload says so: a head repository that is gone, or named apart from the base's. */
function fromForkOf(pull: PayloadRecord): boolean {
  const head = repositoryNameOf(pull['head']);
  const base = repositoryNameOf(pull['base']);
  return head === null || (typeof head === 'string' && typeof base === 'string' && head !== base);
}

function pullEventOf(payload: PayloadRecord): PullEvent {
  const pull = recordAt(payload, 'pull_request');
  const number = pullNumberOf(payload);
  const branch = (side: unknown): string => (isRecord(side) ? text(side['ref']) : '');
  const commitCount = count(pull['commits']);
  const fileCount = count(pull['changed_files']);
  const headSha = isRecord(pull['head']) ? pull['head']['sha'] : undefined;
  const baseSha = isRecord(pull['base']) ? pull['base']['sha'] : undefined;
  const mergeCommitSha = pull['merge_commit_sha'];
  return {
    kind: 'pull',
    action: text(payload['action']),
    ...(number !== undefined && { number }),
    title: text(pull['title']),
    body: text(pull['body']),
    merged: pull['merged'] === true,
    base: branch(pull['base']),
    head: branch(pull['head']),
    labels: labelsOf(pull['labels']),
    ...(commitCount !== undefined && { commitCount }),
    ...(fileCount !== undefined && { fileCount }),
    ...(isSha(headSha) && { headSha }),
    ...(isSha(baseSha) && { baseSha }),
    ...(pull['merged'] === true && isSha(mergeCommitSha) && { mergeCommitSha }),
    ...(pull['draft'] === true && { draft: true }),
    ...(fromForkOf(pull) && { fromFork: true }),
  };
}

/** A pull request as GitHub's REST API answers it (`GET …/pulls/{n}`), read as an event's payload is. */
export function pullRequestOf(answer: unknown): PullEvent | undefined {
  if (!isRecord(answer) || pullNumberOf({ pull_request: answer }) === undefined) return undefined;
  return pullEventOf({ pull_request: answer });
}

function releaseEventOf(payload: PayloadRecord): ReleaseEvent {
  const release = recordAt(payload, 'release');
  const id = count(release['id']);
  const createdAt = release['created_at'];
  return {
    kind: 'release',
    action: text(payload['action']),
    ...(id !== undefined && { id }),
    tag: text(release['tag_name']),
    name: text(release['name']),
    body: text(release['body']),
    prerelease: release['prerelease'] === true,
    ...(typeof createdAt === 'string' && !Number.isNaN(Date.parse(createdAt)) && { createdAt }),
  };
}

/** `pull_request_target` is read like `pull_request`: the same payload, run in the base repository. */
export function eventChangeOf(name: string, payload: PayloadRecord): EventChange | undefined {
  switch (name) {
    case 'push':
      return pushEventOf(payload);
    case 'pull_request':
    case 'pull_request_target':
      return pullEventOf(payload);
    case 'release':
      return releaseEventOf(payload);
    default:
      return undefined;
  }
}
