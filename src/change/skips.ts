/**
 * When a change is not worth a job: the kinds decide from their payload, with the words here; once
 * the change is read, `change-paths`. A reason completes "Skipped: …".
 */
import { counted } from '../text/plural.js';
import type { Change } from './change.js';
import { describeFilter, filterKeepsFile, folderHint, type PathFilter } from './glob.js';

/** `[skip docs]` or `[docs skip]`, in any case. */
const SKIP_MARKER = /\[(?:skip docs|docs skip)\]/i;
export const SKIP_LABEL = 'skip-docs';

export function skipMarkerIn(text: string): string | undefined {
  return SKIP_MARKER.exec(text)?.[0];
}

/** GitHub's action names are lower-case words; anything else is not repeated. */
export function actionName(action: string): string {
  return /^[a-z_]{1,40}$/.test(action) ? `'${action}'` : 'an unknown action';
}

/** A skip decided from the payload alone; `marks`: the commit's status says so (a marker or a label, not a deleted branch). */
export interface EventSkip {
  readonly reason: string;
  readonly marks: boolean;
}

export type ChangeVerdict =
  | { readonly kind: 'skip'; readonly reason: string }
  | { readonly kind: 'go' }
  /** `change-paths` could not decide (the files are unknown or GitHub listed only some): go, and say so. */
  | { readonly kind: 'undecided'; readonly warning: string };

/** Whether the change, once read, has a file `change-paths` keeps. */
export function changeSkip(change: Change, paths: PathFilter | undefined): ChangeVerdict {
  if (paths === undefined) return { kind: 'go' };
  const patterns = `'change-paths' (${describeFilter(paths)})`;
  const files = change.files;
  if (files === undefined) {
    return {
      kind: 'undecided',
      warning: `The changed files could not be read, so ${patterns} cannot decide: the job is started anyway.`,
    };
  }
  if (files.files.some((file) => filterKeepsFile(paths, file))) return { kind: 'go' };
  if (!files.complete) {
    return {
      kind: 'undecided',
      warning:
        `None of the ${counted(files.files.length, 'changed file')} GitHub listed matches ${patterns}, ` +
        `but GitHub listed only part of the change (at least ${files.total} files), so the job is started anyway.`,
    };
  }
  return {
    kind: 'skip',
    reason: `none of the ${counted(files.total, 'changed file')} matches ${patterns}.${folderHint(paths, files.files)}`,
  };
}
