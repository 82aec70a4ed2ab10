/**
 * Reads the docs folder (`docs-path`) from disk, and never changes it: `docs.json` (or `mint.json`),
 * every `.md`/`.mdx` file, and the `.json`/`.yaml`/`.yml` files that are OpenAPI documents. A link
 * (symlink) is followed only when it stays inside the folder; a file over 1 MiB is skipped (the
 * config over 16 MiB), as are dot-folders and `node_modules`. The folder may be another repository's checkout: nothing in it is run.
 */
import { type Dirent, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { type ConfigName, type DocsFile, type DocsFolder, type SkippedFile } from './types.js';

export const MAX_FILE_BYTES = 1024 * 1024;
/**
 * The config is one file the site cannot be read without, and a site in many languages lists every
 * page of each in it (one of the replayed sites has a docs.json of 2.3 MB): it may be larger.
 */
export const MAX_CONFIG_BYTES = 16 * 1024 * 1024;
const CONFIG_NAMES: readonly ConfigName[] = ['docs.json', 'mint.json'];

/** The most bytes a file at `path` (under the folder) may have to be read. */
export const maxBytesOf = (path: string): number =>
  (CONFIG_NAMES as readonly string[]).includes(path) ? MAX_CONFIG_BYTES : MAX_FILE_BYTES;

export type FolderResult = DocsFolder | { readonly problem: string };

const isInside = (root: string, real: string): boolean => real === root || real.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
const wanted = (name: string): boolean => /\.(mdx?|json|ya?ml)$/i.test(name);

/** Where a link leads, when it stays in the folder; a skip otherwise. */
function follow(root: string, full: string, path: string): { real: string; directory: boolean } | SkippedFile {
  try {
    const real = realpathSync(full);
    if (!isInside(root, real)) return { path, reason: 'link out of the folder' };
    return { real, directory: statSync(real).isDirectory() };
  } catch {
    return { path, reason: 'not readable' };
  }
}

/** Reads one file, unless it is over 1 MiB. Synchronous: thousands of small reads, nothing else to do meanwhile. */
function readOne(real: string, path: string, files: DocsFile[], skipped: SkippedFile[]): void {
  try {
    if (statSync(real).size > maxBytesOf(path))
      skipped.push({ path, reason: maxBytesOf(path) === MAX_FILE_BYTES ? 'over 1 MiB' : 'over 16 MiB' });
    else files.push({ path, text: readFileSync(real, 'utf8') });
  } catch {
    skipped.push({ path, reason: 'not readable' });
  }
}

interface Walk {
  readonly root: string;
  /** The real paths of the folders read, so a link to one is not read again (nor a link cycle). */
  readonly visited: Set<string>;
  /** Links met, followed after the folders themselves: a file is read under its own path first. */
  readonly links: { readonly full: string; readonly path: string }[];
  readonly files: DocsFile[];
  readonly skipped: SkippedFile[];
}

function walk(state: Walk, folder: string, shownAs: string): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    state.skipped.push({ path: shownAs, reason: 'not readable' });
    return;
  }
  state.visited.add(folder);
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = join(folder, entry.name);
    const path = shownAs === '' ? entry.name : `${shownAs}/${entry.name}`;
    if (entry.isSymbolicLink()) state.links.push({ full, path });
    else if (entry.isDirectory()) walk(state, full, path);
    else if (entry.isFile() && wanted(entry.name)) readOne(full, path, state.files, state.skipped);
  }
}

function followLinks(state: Walk): void {
  for (let link = state.links.shift(); link !== undefined; link = state.links.shift()) {
    const target = follow(state.root, link.full, link.path);
    const name = link.path.slice(link.path.lastIndexOf('/') + 1);
    if ('reason' in target) state.skipped.push(target);
    else if (target.directory && !state.visited.has(target.real)) walk(state, target.real, link.path);
    else if (!target.directory && wanted(name)) readOne(target.real, link.path, state.files, state.skipped);
  }
}

// JSON from the file's start, YAML at any line's: one pattern with `^\s*` at every line would read
// a run of blank lines again from each of them.
const isSpec = (file: DocsFile): boolean => {
  const head = file.text.slice(0, 4000);
  return /^\s*\{[\s\S]{0,2000}?"(?:openapi|swagger)"\s*:/.test(head) || /^(?:openapi|swagger)\s*:/m.test(head);
};

function folderOf(files: readonly DocsFile[], skipped: readonly SkippedFile[]): FolderResult {
  const config = CONFIG_NAMES.map((name) => files.find((file) => file.path === name)).find((file) => file !== undefined);
  const left = skipped.find((skip) => (CONFIG_NAMES as readonly string[]).includes(skip.path));
  if (config === undefined && left !== undefined) return { problem: `its ${left.path} was not read (${left.reason})` };
  if (config === undefined) return { problem: 'holds no docs.json or mint.json' };
  return {
    config: { name: config.path === 'mint.json' ? 'mint.json' : 'docs.json', text: config.text },
    files: files.filter((file) => /\.mdx?$/i.test(file.path) || isSpec(file)),
    skipped,
  };
}

/**
 * The docs folder of files read from it (pages, and JSON and YAML files, by their paths under the
 * folder): its config, its pages and its OpenAPI documents; or why it is none, naming it `where`.
 */
export function docsFolderOf(files: readonly DocsFile[], skipped: readonly SkippedFile[], where: string): FolderResult {
  const folder = folderOf(files, skipped);
  return 'problem' in folder ? { problem: `'${where}': ${folder.problem}` } : folder;
}

/**
 * The docs folder at `path`, or why it is not one (no such folder, or no `docs.json`/`mint.json`), in
 * words that follow the caller's name for it: the runner's absolute path is not the reader's.
 */
export function readDocsFolder(path: string): FolderResult {
  let root: string;
  try {
    root = realpathSync(path);
    if (!statSync(root).isDirectory()) return { problem: 'is not a folder' };
  } catch {
    return { problem: 'does not exist' };
  }
  const state: Walk = { root, visited: new Set(), links: [], files: [], skipped: [] };
  walk(state, root, '');
  followLinks(state);
  return folderOf(state.files, state.skipped);
}
