/**
 * A pull request's files as GitHub's files list gives them (`GET /repos/{owner}/{repo}/pulls/{n}/files`,
 * 100 a page), checked field by field: an entry without a file name is left out, and a patch GitHub
 * left out (a binary file, a diff too large) stays undefined, which the check reports as missing.
 */
import { isRecord } from '../is-record.js';
import { type ChangedFile } from './types.js';

export function changedFileOf(value: unknown): ChangedFile | undefined {
  if (!isRecord(value) || typeof value['filename'] !== 'string' || value['filename'] === '') return undefined;
  const { filename, status, previous_filename: previous, patch } = value;
  return {
    path: filename,
    status: typeof status === 'string' && status !== '' ? status : 'modified',
    ...(typeof previous === 'string' && previous !== '' && { previousPath: previous }),
    ...(typeof patch === 'string' && { patch }),
  };
}

/** The files of one or more pages of the answer. */
export function changedFilesOf(pages: readonly unknown[]): ChangedFile[] {
  const entries = pages.flatMap((page): unknown[] => (Array.isArray(page) ? Array.from<unknown>(page) : [page]));
  return entries.flatMap((entry) => changedFileOf(entry) ?? []);
}
