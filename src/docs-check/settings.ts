/**
 * The docs check's inputs: `docs-check` and `docs-path`. `docs-path` is a folder of the workspace (where
 * an earlier step checked the docs out); `docs-root` is the docs folder inside the docs repository. When
 * the docs live beside the code the two are the same folder, so `docs-path` defaults to `docs-root`.
 */
import { InputError } from '../errors.js';
import type { InputReader } from '../inputs/reader.js';
import type { JobRequest } from '../job/settings.js';
import * as log from '../log.js';

export const DOCS_CHECK_INPUTS = {
  'docs-check': 'false',
  'docs-path': '',
} as const;

export type DocsCheckInput = keyof typeof DOCS_CHECK_INPUTS | 'prompt-file';

export interface DocsCheckSettings {
  /** Relative to the workspace, `/` separated, without `./` or a trailing slash; '' for the workspace itself. */
  readonly docsPath: string;
  /** Whether it came from `docs-root` (not given). */
  readonly fromDocsRoot: boolean;
}

const PATH_FORM = "a folder of the workspace such as 'docs' or 'docs-repo/docs' (relative, no '..')";

function readDocsPath(inputs: InputReader<DocsCheckInput>, docsRoot: string): { docsPath: string; fromDocsRoot: boolean } {
  const value = inputs.text('docs-path');
  if (value === '') return { docsPath: docsRoot, fromDocsRoot: true };
  if (/^(?:[A-Za-z]:)?[\\/]/.test(value) || value.includes('\\')) {
    throw new InputError('docs-path', `must be ${PATH_FORM}, got '${value}'.`);
  }
  const path = value.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  if (path === '.' || path === '') return { docsPath: '', fromDocsRoot: false };
  if (path.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new InputError('docs-path', `must be ${PATH_FORM}, got '${value}'.`);
  }
  return { docsPath: path, fromDocsRoot: false };
}

function requireAlone(inputs: InputReader<DocsCheckInput>, request: JobRequest | undefined): void {
  if (request === undefined) return;
  const other = request.kind !== 'create' ? 'job-id' : inputs.text('prompt-file') !== '' ? 'prompt-file' : 'prompt';
  throw new InputError(
    'docs-check',
    `cannot be combined with '${other}': the docs check starts no job. Run the check and the job in two steps, ` +
      `or remove 'docs-check' or '${other}'.`,
  );
}

/** Undefined when `docs-check` is false (a `docs-path` given alone gets one warning); `docsRoot`: `docs-root`, already checked. */
export function readDocsCheckSettings(
  inputs: InputReader<DocsCheckInput>,
  request: JobRequest | undefined,
  docsRoot: string,
): DocsCheckSettings | undefined {
  const enabled = inputs.bool('docs-check');
  const path = readDocsPath(inputs, docsRoot);
  if (!enabled) {
    if (inputs.isSet('docs-path')) log.warning("docs-path is set but docs-check is not 'true': no docs check is made.");
    return undefined;
  }
  requireAlone(inputs, request);
  return path;
}
