/**
 * The before-merge docs check, as one call: a pull request's change against a docs site → the pages
 * it names and why, and the new user-facing names no page mentions. Pure: the caller reads GitHub and
 * the docs folder (`runDocsCheck` reads the folder itself).
 */
import { filterKeepsFile, type PathFilter } from '../change/glob.js';
import { buildIndex, type DocsIndex } from './docs-index.js';
import { gatherEvidence } from './evidence.js';
import { readDocsFolder } from './folder.js';
import { linesMentioning } from './mentions.js';
import { changedNames, changeText } from './names.js';
import { DEFAULT_TUNING, factsOf, likelyOf, type RankedDocument, type RankTuning } from './rank.js';
import { buildSite, pageName } from './site.js';
import {
  type ChangedFile,
  type ChangedName,
  type DocsDocument,
  type NameStatus,
  type PullRequestChange,
  USER_FACING_KINDS,
} from './types.js';
import { isCodeShaped } from './tokens.js';

export interface DocsCheckOptions {
  readonly pull: PullRequestChange;
  /**
   * The docs folder's path in the pull request's repository ('' for its root), when the docs are in
   * the same repository: the files under it are docs, not code, and a fact gets its lines. Undefined
   * when the docs come from another repository (whose text may be private: pages only).
   */
  readonly docsPrefix?: string;
  /** `change-paths`: only the files it keeps count as code. */
  readonly changePaths?: PathFilter;
  readonly tuning?: RankTuning;
}

export interface NameFact {
  readonly name: string;
  readonly status: Extract<NameStatus, 'removed' | 'renamed'>;
  readonly renamedTo?: string;
  /** Where the document's file mentions it; empty when the docs are in another repository. */
  readonly lines: readonly number[];
}

export interface NamedPage {
  /** The document's name: its path under the docs folder without the extension, or an endpoint's route. */
  readonly page: string;
  readonly reason: 'fact' | 'likely';
  /** The changed names that tie the page to the change. */
  readonly names: readonly string[];
  readonly facts: readonly NameFact[];
  /** For a snippet: the pages that show it. */
  readonly shownOn: readonly string[];
  /** Its file under the docs folder, when the docs are the pull request's own repository's (not for an endpoint page). */
  readonly file?: string;
}

export interface DocsCheckResult {
  /** Facts first, then likely pages, best first. */
  readonly pages: readonly NamedPage[];
  /** New CLI flags, environment variables, HTTP routes and configuration keys that no document mentions. */
  readonly undocumented: readonly ChangedName[];
  readonly names: readonly ChangedName[];
  /** The files that counted as code, and those of them whose patch GitHub left out. */
  readonly codeFiles: readonly string[];
  readonly missingPatches: readonly string[];
  /** Documents the pull request edits (and pages showing a snippet it edits): never named. */
  readonly editedPages: readonly string[];
}

function underPrefix(path: string, prefix: string | undefined): string | undefined {
  if (prefix === undefined) return undefined;
  const folder = prefix.replace(/^\/+|\/+$/g, '');
  if (folder === '') return path;
  return path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : undefined;
}

/**
 * Whether a changed file belongs to the docs: under the docs folder; when the docs folder is the
 * repository's root, only its pages and its config (the code lives there too).
 */
function isDocsFile(path: string, prefix: string | undefined): boolean {
  const inside = underPrefix(path, prefix);
  if (inside === undefined) return false;
  return prefix?.replace(/^\/+|\/+$/g, '') !== '' || /\.mdx?$/i.test(inside) || inside === 'docs.json' || inside === 'mint.json';
}

function editedDocuments(index: DocsIndex, files: readonly ChangedFile[], prefix: string | undefined): Set<number> {
  const edited = new Set<string>();
  for (const file of files) {
    for (const path of [file.path, file.previousPath]) {
      const inside = path === undefined ? undefined : underPrefix(path, prefix);
      if (inside !== undefined && /\.mdx?$/i.test(inside)) edited.add(pageName(inside));
    }
  }
  for (const document of index.documents) {
    if (document.kind === 'snippet' && edited.has(document.name)) document.includedBy.forEach((page) => edited.add(page));
  }
  return new Set(index.documents.flatMap((document, doc) => (edited.has(document.name) ? [doc] : [])));
}

function factsFor(document: DocsDocument, ranked: RankedDocument, withLines: boolean): NameFact[] {
  return ranked.ties.flatMap(({ name }) =>
    name.status === 'removed' || name.status === 'renamed'
      ? [
          {
            name: name.name,
            status: name.status,
            ...(name.renamedTo !== undefined && { renamedTo: name.renamedTo }),
            lines: withLines ? linesMentioning(document, name) : [],
          },
        ]
      : [],
  );
}

function namedPage(index: DocsIndex, ranked: RankedDocument, reason: NamedPage['reason'], withLines: boolean): NamedPage | undefined {
  const document = index.documents[ranked.doc];
  if (document === undefined) return undefined;
  return {
    page: document.name,
    reason,
    names: [...new Set(ranked.ties.map((tie) => tie.name.name))],
    facts: reason === 'fact' ? factsFor(document, ranked, withLines) : [],
    shownOn: document.includedBy,
    ...(withLines && document.kind !== 'endpoint' && { file: document.file }),
  };
}

/** The new user-facing names no document mentions. */
function undocumentedOf(names: readonly ChangedName[], reach: ReadonlyMap<string, number>): ChangedName[] {
  return names.filter(
    (name) =>
      name.status === 'added' &&
      USER_FACING_KINDS.has(name.kind) &&
      (name.kind !== 'config-key' || isCodeShaped(name.name)) &&
      (reach.get(`${name.kind} ${name.name}`) ?? 0) === 0,
  );
}

export function checkDocs(index: DocsIndex, options: DocsCheckOptions): DocsCheckResult {
  const tuning = options.tuning ?? DEFAULT_TUNING;
  const { pull, docsPrefix, changePaths } = options;
  const isCode = (file: ChangedFile): boolean =>
    !isDocsFile(file.path, docsPrefix) && (changePaths === undefined || filterKeepsFile(changePaths, file));
  const codeFiles = pull.files.filter(isCode);
  const names = changedNames(pull.files, isCode);
  const text = changeText(pull.files, isCode);
  const evidence = gatherEvidence(
    index,
    { title: pull.title, body: pull.body, paths: codeFiles.map((file) => file.path), names, ...text },
    tuning.query,
  );
  const excluded = editedDocuments(index, pull.files, docsPrefix);
  const facts = factsOf(evidence, tuning).filter((fact) => !excluded.has(fact.doc));
  const likely = likelyOf(evidence, tuning, new Set([...excluded, ...facts.map((fact) => fact.doc)]));
  const withLines = docsPrefix !== undefined;
  const pages = [
    ...facts.flatMap((fact) => namedPage(index, fact, 'fact', withLines) ?? []),
    ...likely.flatMap((ranked) => namedPage(index, ranked, 'likely', withLines) ?? []),
  ];
  return {
    pages,
    undocumented: undocumentedOf(names, evidence.reach),
    names,
    codeFiles: codeFiles.map((file) => file.path),
    missingPatches: codeFiles.filter((file) => file.patch === undefined && file.status !== 'removed').map((file) => file.path),
    editedPages: [...excluded].flatMap((doc) => index.documents[doc]?.name ?? []),
  };
}

/** Reads the docs folder at `docsPath` and checks the change against it; a problem when it is no docs folder. */
export function runDocsCheck(docsPath: string, options: DocsCheckOptions): DocsCheckResult | { readonly problem: string } {
  const folder = readDocsFolder(docsPath);
  if ('problem' in folder) return { problem: `'${docsPath}': ${folder.problem}` };
  return checkDocs(buildIndex(buildSite(folder)), options);
}
