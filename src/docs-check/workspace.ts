/**
 * Where the docs check finds the docs: `docs-path` under the workspace. The docs are the pull request's
 * own repository's unless a folder on the way down holds another checkout (`.git`, as actions/checkout
 * with `repository:` and `path:` leaves it): then they are another repository's, and a fact names the
 * page only, not its lines.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { join, relative, isAbsolute } from 'node:path';
import { buildIndex, type DocsIndex } from './docs-index.js';
import { readDocsFolder } from './folder.js';
import { buildSite } from './site.js';

export interface DocsLocation {
  readonly folder: string;
  /** The folder's path in the pull request's repository; undefined when the docs are another repository's. */
  readonly prefix?: string;
}

export function locateDocs(workspace: string, docsPath: string): DocsLocation {
  const parts = docsPath === '' ? [] : docsPath.split('/');
  const folder = join(workspace, ...parts);
  for (let depth = parts.length; depth >= 1; depth--) {
    if (existsSync(join(workspace, ...parts.slice(0, depth), '.git'))) return { folder };
  }
  return { folder, prefix: docsPath };
}

/** A problem in the reader's words when the folder is missing, leads out of the workspace, or is no Mintlify docs folder. */
export function loadDocsIndex(workspace: string, location: DocsLocation): DocsIndex | { readonly problem: string } {
  let real: string;
  try {
    real = realpathSync(location.folder);
    if (!statSync(real).isDirectory()) return { problem: 'is not a folder' };
  } catch {
    return { problem: 'is not a folder of the workspace (check it out in an earlier step)' };
  }
  const inside = relative(realpathSync(workspace), real);
  if (inside.startsWith('..') || isAbsolute(inside)) return { problem: 'leads out of the workspace through a link' };
  const folder = readDocsFolder(real);
  if ('problem' in folder) return folder;
  return buildIndex(buildSite(folder));
}
