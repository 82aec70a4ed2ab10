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
  const shownOn = new Map<string, string[]>();
  for (const path of paths) {
    if (!isSnippet(path)) continue;
    const pages = new Set<string>();
    const seen = new Set<string>([path]);
    const queue = [path];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      for (const parent of includedBy.get(next) ?? []) {
        if (seen.has(parent)) continue;
        seen.add(parent);
        if (isSnippet(parent)) queue.push(parent);
        else pages.add(parent);
      }
    }
    shownOn.set(path, [...pages].sort());
  }
  return { shownOn };
}
