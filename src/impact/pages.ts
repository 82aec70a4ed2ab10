/**
 * A changed file's page as the docs site serves it: under `docs-root`, `.md` and `.mdx` only, without the extension, `index`
 * naming its folder (`guides/index.mdx` → `/guides`, `index.mdx` → `/`).
 */

export interface ChangedPage {
  /** The page's path after the merge, e.g. `/guides/webhooks`. */
  readonly path: string;
  /** Where the page was served before the merge, when a rename moved it (and the old file was a page). */
  readonly previousPath?: string;
}

/** A file of a pull request's files list, as the impact report reads it (the change reader's guard gives this shape). */
export interface PullFile {
  readonly path: string;
  /** GitHub's status: `added`, `removed`, `modified`, `renamed`, … */
  readonly status: string;
  readonly previousPath?: string;
}

const PAGE_EXTENSION = /\.mdx?$/i;

/** `docs-root` as a folder prefix without slashes at either end: '' for the repository root. */
export function normalizeDocsRoot(docsRoot: string): string {
  return docsRoot
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}

export function pagePathOf(filename: string, docsRoot: string): string | undefined {
  const root = normalizeDocsRoot(docsRoot);
  const file = filename.replace(/^\/+/, '');
  if (root !== '' && !file.startsWith(`${root}/`)) return undefined;
  const inside = root === '' ? file : file.slice(root.length + 1);
  if (!PAGE_EXTENSION.test(inside)) return undefined;
  const segments = inside.replace(PAGE_EXTENSION, '').split('/');
  if (segments.at(-1) === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

/** Each once, in file order. A removed page counts (its readers before the merge are what it changed); a rename under its new path. */
export function changedPages(files: readonly PullFile[], docsRoot: string): ChangedPage[] {
  const byPath = new Map<string, ChangedPage>();
  for (const file of files) {
    const previous = file.previousPath === undefined ? undefined : pagePathOf(file.previousPath, docsRoot);
    // A page renamed to a file that is no page (or out of docs-root) was removed from the site.
    const path = pagePathOf(file.path, docsRoot) ?? (file.status === 'renamed' ? previous : undefined);
    if (path === undefined || byPath.has(path)) continue;
    const moved = file.status === 'renamed' && previous !== undefined && previous !== path;
    byPath.set(path, moved ? { path, previousPath: previous } : { path });
  }
  return [...byPath.values()];
}

/** A path as the analytics name it, for matching: one leading slash, no trailing slash (but `/`), no query or fragment. */
export function servedPath(path: string): string {
  const bare = path.replace(/[?#].*$/, '').replace(/\/+$/, '');
  return bare.startsWith('/') ? bare : `/${bare}`;
}
