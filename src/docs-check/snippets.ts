/**
 * Mintlify snippets: any file in the `snippets/` folder, and any `.md`/`.mdx` file another file
 * imports (`import Setup from '/snippets/setup.mdx'`, from the docs folder's root, or `./`/`../`
 * from the importing file), or names in `<Snippet file="setup.mdx" />` (in `snippets/`). A snippet
 * is shown on the pages that include it, directly or through other snippets.
 */
import { type DocsFile } from './types.js';

/**
 * The end of an import line: `from` and the imported file, when it is a page. `\s*(?:;\s*)?$`, not
 * `\s*;?\s*$`: two runs of spaces side by side split a long run in every way before failing.
 */
const FROM = /\bfrom\s*['"]([^'"]+\.mdx?)['"]\s*(?:;\s*)?$/;
const SNIPPET_TAG = /<Snippet\s+file\s*=\s*["']([^"']+)["']/g;

function resolve(from: string, target: string): string {
  const base = target.startsWith('/') ? [] : from.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') base.pop();
    else base.push(segment);
  }
  return base.join('/');
}

/** The longest import line read: an import names one file; a longer line is text, not an import. */
export const MAX_IMPORT_LINE = 1000;

/**
 * The pages imported by lines that start with `import`, one line at a time: a pattern over the whole
 * text with a lazy run before `from` could backtrack for long on a long line.
 */
function importsOf(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const trimmed = line.trimStart();
    const target = trimmed.length <= MAX_IMPORT_LINE && /^import\s/.test(trimmed) ? FROM.exec(trimmed)?.[1] : undefined;
    return target === undefined ? [] : [target];
  });
}

/** The files `file` includes, as paths under the docs folder. */
export function includesOf(file: DocsFile): string[] {
  // The patterns run only on the pages that can hold them: most hold neither.
  const targets = file.text.includes('import') ? importsOf(file.text).map((target) => resolve(file.path, target)) : [];
  const tags = file.text.includes('<Snippet')
    ? [...file.text.matchAll(SNIPPET_TAG)].map((match) => resolve('snippets/x', match[1] ?? ''))
    : [];
  return [...new Set([...targets, ...tags])];
}

export interface SnippetMap {
  /** Every snippet's path, with the pages (not snippets) that show it. */
  readonly shownOn: ReadonlyMap<string, readonly string[]>;
}

interface Frame {
  readonly snippet: string;
  readonly parents: readonly string[];
  next: number;
}

/**
 * The pages (not snippets) that show each snippet, directly or through the snippets that include it.
 * Snippets that include each other in a cycle are shown on the same pages, so each such group is
 * read once, after the groups that include it (strongly connected components, found with a stack of
 * frames instead of recursion): a search from every snippet would read a long chain again from each.
 */
function pagesShowing(
  snippets: readonly string[],
  includedBy: ReadonlyMap<string, ReadonlySet<string>>,
  isSnippet: (path: string) => boolean,
): Map<string, ReadonlySet<string>> {
  const found = new Map<string, ReadonlySet<string>>();
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const open: string[] = [];
  const isOpen = new Set<string>();
  const frames: Frame[] = [];
  const enter = (snippet: string): void => {
    order.set(snippet, order.size);
    low.set(snippet, order.size - 1);
    open.push(snippet);
    isOpen.add(snippet);
    frames.push({ snippet, parents: [...(includedBy.get(snippet) ?? [])].filter(isSnippet), next: 0 });
  };
  const lower = (snippet: string, to: number): void => {
    low.set(snippet, Math.min(low.get(snippet) ?? to, to));
  };
  const close = (root: string): void => {
    const group: string[] = [];
    for (let member = open.pop(); member !== undefined; member = member === root ? undefined : open.pop()) {
      isOpen.delete(member);
      group.push(member);
    }
    const pages = new Set<string>();
    for (const member of group) {
      for (const parent of includedBy.get(member) ?? []) {
        if (!isSnippet(parent)) pages.add(parent);
        else for (const page of found.get(parent) ?? []) pages.add(page);
      }
    }
    for (const member of group) found.set(member, pages);
  };
  for (const start of snippets) {
    if (order.has(start)) continue;
    enter(start);
    for (let frame = frames.at(-1); frame !== undefined; frame = frames.at(-1)) {
      const parent = frame.parents[frame.next++];
      if (parent !== undefined) {
        if (!order.has(parent)) enter(parent);
        else if (isOpen.has(parent)) lower(frame.snippet, order.get(parent) ?? 0);
        continue;
      }
      frames.pop();
      const caller = frames.at(-1);
      if (caller !== undefined) lower(caller.snippet, low.get(frame.snippet) ?? 0);
      if (low.get(frame.snippet) === order.get(frame.snippet)) close(frame.snippet);
    }
  }
  return found;
}

/** Which of `files` are snippets, and the pages each is shown on. */
export function mapSnippets(files: readonly DocsFile[]): SnippetMap {
  const paths = new Set(files.map((file) => file.path));
  const includedBy = new Map<string, Set<string>>();
  for (const file of files) {
    for (const target of includesOf(file)) {
      if (!paths.has(target) || target === file.path) continue;
      const parents = includedBy.get(target) ?? new Set<string>();
      parents.add(file.path);
      includedBy.set(target, parents);
    }
  }
  const isSnippet = (path: string): boolean => path.startsWith('snippets/') || includedBy.has(path);
  const snippets = [...paths].filter(isSnippet);
  const pages = pagesShowing(snippets, includedBy, isSnippet);
  return { shownOn: new Map(snippets.map((path) => [path, [...(pages.get(path) ?? [])].sort()])) };
}
