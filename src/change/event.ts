/**
 * The change an event describes, read from its payload alone (no request): a push, a pull request,
 * a release. The payload is untrusted JSON: each field is checked, and a field that is missing or
 * of the wrong type is left out rather than guessed. Pure.
 */
import { isRecord } from '../is-record.js';
import { isSha, ZERO_SHA } from './change.js';

/** A commit as a push event lists it: its message and the files it added, removed and modified. */
export interface PayloadCommit {
  readonly sha: string;
  readonly message: string;
  /** The author's GitHub login (`author.username`); the name and e-mail address are never read. */
  readonly author?: string;
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly modified: readonly string[];
}

export interface PushEvent {
  readonly kind: 'push';
  /** `refs/heads/main` → `main`; `refs/tags/v1` → `v1`. */
  readonly ref: string;
  readonly refKind: 'branch' | 'tag';
  /** Undefined when the payload has none, or GitHub's all-zero SHA (a new branch). */
  readonly before?: string;
  readonly after?: string;
  readonly deleted: boolean;
  /** Oldest first, as GitHub lists them. */
  readonly commits: readonly PayloadCommit[];
  readonly headCommit?: PayloadCommit;
  /** The repository's default branch, which a new branch is compared with. */
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
  /** GitHub's counts in the payload: the pull request's commits and changed files. */
  readonly commitCount?: number;
  readonly fileCount?: number;
}

export interface ReleaseEvent {
  readonly kind: 'release';
  readonly action: string;
  readonly id?: number;
  readonly tag: string;
  readonly name: string;
  readonly body: string;
  readonly prerelease: boolean;
  /** ISO 8601, to find the release before it. */
  readonly createdAt?: string;
}

export type EventChange = PushEvent | PullEvent | ReleaseEvent;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []);

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

function pushOf(payload: Readonly<Record<string, unknown>>): PushEvent {
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
    commits,
    ...(headCommit && { headCommit }),
    ...(defaultBranch !== undefined && { defaultBranch }),
  };
}

function pullOf(payload: Readonly<Record<string, unknown>>): PullEvent {
  const pull = isRecord(payload['pull_request']) ? payload['pull_request'] : {};
  const number = count(pull['number']) ?? count(payload['number']);
  const branch = (side: unknown): string => (isRecord(side) ? text(side['ref']) : '');
  const commitCount = count(pull['commits']);
  const fileCount = count(pull['changed_files']);
  return {
    kind: 'pull',
    action: text(payload['action']),
    ...(number !== undefined && number > 0 && { number }),
    title: text(pull['title']),
    body: text(pull['body']),
    merged: pull['merged'] === true,
    base: branch(pull['base']),
    head: branch(pull['head']),
    labels: labelsOf(pull['labels']),
    ...(commitCount !== undefined && { commitCount }),
    ...(fileCount !== undefined && { fileCount }),
  };
}

function releaseOf(payload: Readonly<Record<string, unknown>>): ReleaseEvent {
  const release = isRecord(payload['release']) ? payload['release'] : {};
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

/**
 * The change of a push, pull request or release event; undefined for any other event.
 * `pull_request_target` is read like `pull_request`: the same payload, run in the base repository.
 */
export function eventChangeOf(name: string, payload: unknown): EventChange | undefined {
  const record = isRecord(payload) ? payload : {};
  switch (name) {
    case 'push':
      return pushOf(record);
    case 'pull_request':
    case 'pull_request_target':
      return pullOf(record);
    case 'release':
      return releaseOf(record);
    default:
      return undefined;
  }
}

/** The repository's default branch, when the payload names it (push, pull request, release, dispatch). */
export function defaultBranchOf(payload: unknown): string | undefined {
  const repository = isRecord(payload) ? payload['repository'] : undefined;
  const branch = isRecord(repository) ? repository['default_branch'] : undefined;
  return typeof branch === 'string' && branch !== '' ? branch : undefined;
}
