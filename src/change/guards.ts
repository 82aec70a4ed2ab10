/**
 * GitHub's answers about a change, checked field by field: a malformed item is left out, a malformed
 * answer is undefined (a failure). Only what the section uses is read: never an author's name or e-mail.
 */
import { count, isRecord, positiveInteger } from '../is-record.js';
import { isSha } from '../event/payload.js';
import { type ChangeCommit, type ChangedFile, type ChangePull, type FileStatus } from './change.js';

const STATUSES: readonly FileStatus[] = ['added', 'removed', 'modified', 'renamed', 'copied', 'changed', 'unchanged'];

export function firstLine(message: string): string {
  const end = message.search(/\r?\n/);
  return end === -1 ? message : message.slice(0, end);
}

export function commitOf(value: unknown): (ChangeCommit & { readonly parents: readonly string[] }) | undefined {
  if (!isRecord(value) || !isSha(value['sha'])) return undefined;
  const commit = value['commit'];
  const message = isRecord(commit) && typeof commit['message'] === 'string' ? commit['message'] : '';
  const author = isRecord(value['author']) ? value['author']['login'] : undefined;
  const parents = Array.isArray(value['parents'])
    ? value['parents'].flatMap((parent) => (isRecord(parent) && isSha(parent['sha']) ? [parent['sha']] : []))
    : [];
  return {
    sha: value['sha'],
    title: firstLine(message),
    ...(typeof author === 'string' && author !== '' && { author }),
    parents,
  };
}

export function fileOf(value: unknown): ChangedFile | undefined {
  if (!isRecord(value) || typeof value['filename'] !== 'string' || value['filename'] === '') return undefined;
  const status = STATUSES.find((known) => known === value['status']) ?? 'changed';
  const previous = value['previous_filename'];
  const additions = count(value['additions']);
  const deletions = count(value['deletions']);
  return {
    path: value['filename'],
    ...(typeof previous === 'string' && previous !== '' && { previousPath: previous }),
    status,
    ...(additions !== undefined && { additions }),
    ...(deletions !== undefined && { deletions }),
  };
}

/** One pull request of GitHub's answer to `GET /commits/{sha}/pulls` (not an event's payload); undefined when malformed. */
export function pullAnswerOf(value: unknown): ChangePull | undefined {
  if (!isRecord(value)) return undefined;
  const number = positiveInteger(value['number']);
  if (number === undefined) return undefined;
  const labels = Array.isArray(value['labels'])
    ? value['labels'].flatMap((label) => (isRecord(label) && typeof label['name'] === 'string' ? [label['name']] : []))
    : [];
  return { number, title: typeof value['title'] === 'string' ? value['title'] : '', labels };
}

export interface Comparison {
  readonly totalCommits: number;
  /** How many commits of the base are not in the head (`behind_by`): above 0 after a forced push. */
  readonly behindBy: number;
  readonly commits: readonly ChangeCommit[];
  /** Absent on pages after the first. */
  readonly files?: readonly ChangedFile[];
}

export function comparisonOf(value: unknown): Comparison | undefined {
  if (!isRecord(value) || !Array.isArray(value['commits'])) return undefined;
  const total = count(value['total_commits']);
  if (total === undefined) return undefined;
  const files = Array.isArray(value['files']) ? value['files'].flatMap((file) => fileOf(file) ?? []) : undefined;
  const behindBy = count(value['behind_by']) ?? 0;
  return { totalCommits: total, behindBy, commits: value['commits'].flatMap((commit) => commitOf(commit) ?? []), ...(files && { files }) };
}

export function singleCommitOf(value: unknown): { readonly commit: ChangeCommit; readonly files: readonly ChangedFile[] } | undefined {
  const commit = commitOf(value);
  if (commit === undefined || !isRecord(value) || !Array.isArray(value['files'])) return undefined;
  return { commit, files: value['files'].flatMap((file) => fileOf(file) ?? []) };
}

export function tagNameOf(value: unknown): string | undefined {
  return isRecord(value) && typeof value['name'] === 'string' && value['name'] !== '' ? value['name'] : undefined;
}

export interface ReleaseEntry {
  readonly id: number;
  readonly tag: string;
  readonly draft: boolean;
  readonly prerelease: boolean;
  readonly createdAt: number;
}

/** One release of GitHub's answer to `GET /releases` (not an event's payload); undefined when malformed. */
export function releaseAnswerOf(value: unknown): ReleaseEntry | undefined {
  if (!isRecord(value)) return undefined;
  const { id, tag_name: tag, created_at: created } = value;
  if (typeof id !== 'number' || typeof tag !== 'string' || tag === '' || typeof created !== 'string') return undefined;
  const createdAt = Date.parse(created);
  if (Number.isNaN(createdAt)) return undefined;
  return { id, tag, draft: value['draft'] === true, prerelease: value['prerelease'] === true, createdAt };
}
