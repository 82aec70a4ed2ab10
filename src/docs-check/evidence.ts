/**
 * What ties each document to a change: the changed names it mentions (with how many documents mention
 * each; for a new flag, variable, route or key that no page mentions yet, the names beside it in the
 * change and the variables sharing its prefix), its BM25 score for the change's words (the title, the
 * description, the changed paths and names), and how much its path shares with the changed files'
 * paths and with the title.
 */
import { bm25, type DocsIndex } from './docs-index.js';
import { mentionsOf, type Mention } from './mentions.js';
import { pathWords, words } from './tokens.js';
import { type ChangedName, USER_FACING_KINDS } from './types.js';

export interface NameTie {
  readonly name: ChangedName;
  readonly inCode: boolean;
  /** How many documents the tie reaches. */
  readonly documents: number;
  /** For a new name no document mentions: the neighbour or sibling the document mentions instead. */
  readonly via?: string;
}

export interface DocumentEvidence {
  readonly doc: number;
  readonly ties: readonly NameTie[];
  /** Its BM25 score for the whole query, as a share of the best document's. */
  readonly relative: number;
  /** How far its BM25 score for the changed lines alone, and for the changed paths alone, stands above the site's mean, in standard deviations. */
  readonly linesLift: number;
  readonly pathsLift: number;
  /** What its path shares with the changed paths, and with the title's words (the rarity of the shared words, over ln(1 + documents)). */
  readonly path: number;
  readonly title: number;
  readonly generated: boolean;
}

export interface ChangeWords {
  readonly title: string;
  readonly body: string;
  readonly paths: readonly string[];
  readonly names: readonly ChangedName[];
  /** The text of the counted files' added and removed lines, and of the unchanged lines around them. */
  readonly lines: string;
  readonly context: string;
}

export interface QueryWeights {
  readonly title: number;
  readonly body: number;
  readonly paths: number;
  readonly names: number;
  readonly lines: number;
  readonly context: number;
}

/** The ranking query: each word with its weight. */
export function queryOf(change: ChangeWords, weights: QueryWeights): Map<string, number> {
  const query = new Map<string, number>();
  const add = (list: readonly string[], weight: number): void => {
    if (weight === 0) return;
    for (const word of list) query.set(word, (query.get(word) ?? 0) + weight);
  };
  add(words(change.title), weights.title);
  add(words(change.body), weights.body);
  add(change.paths.flatMap(pathWords), weights.paths);
  add(
    change.names.flatMap((name) => words(name.name.replace(/^[A-Z]+ /, ''))),
    weights.names,
  );
  add(words(change.lines), weights.lines);
  add(words(change.context), weights.context);
  return query;
}

/** For each document, the rarity (among document names) of the words its name shares with `wanted`. */
function nameMatches(index: DocsIndex, wanted: ReadonlySet<string>): Float64Array {
  const scores = new Float64Array(index.documents.length);
  const n = index.documents.length;
  index.nameWords.forEach((set, doc) => {
    let score = 0;
    for (const word of set) if (wanted.has(word)) score += Math.log(1 + n / (index.nameWordCounts.get(word) ?? 1));
    scores[doc] = score;
  });
  return scores;
}

const MAX_SIBLINGS = 8;

/** The environment variables sharing the longest prefix with `name` that any document mentions (`REDIS_` for `REDIS_DB`). */
function siblingsOf(index: DocsIndex, name: string): string[] {
  const segments = name.split('_');
  for (let keep = segments.length - 1; keep >= 1; keep--) {
    const prefix = `${segments.slice(0, keep).join('_')}_`;
    if (prefix.length < 4) break;
    let low = 0;
    let high = index.envTokens.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((index.envTokens[middle] ?? '') < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let at = low; at < index.envTokens.length && (index.envTokens[at] ?? '').startsWith(prefix); at++)
      found.push(index.envTokens[at] ?? '');
    // Many variables under one prefix (`APP_`) say nothing about where a new one belongs.
    if (found.length > MAX_SIBLINGS) return [];
    if (found.length > 0) return found;
  }
  return [];
}

/** Documents a new user-facing name belongs with: where its neighbours (or, for a variable, its siblings) are. */
function neighbourMentions(index: DocsIndex, name: ChangedName): { via: string; mentions: Mention[] }[] {
  const others = [...(name.neighbors ?? []), ...(name.kind === 'env-var' ? siblingsOf(index, name.name) : [])];
  return [...new Set(others)].map((other) => ({ via: other, mentions: mentionsOf(index, { ...name, name: other }) }));
}

/** What the pull request's title says it is: a feature, a fix, or neither. */
export type PullKind = 'feature' | 'fix' | 'other';

export function pullKind(title: string): PullKind {
  const lower = title.toLowerCase().trim();
  const prefix = /^(\w+)(?:\([^)]*\))?!?:/.exec(lower)?.[1];
  if (prefix === 'feat' || prefix === 'feature') return 'feature';
  if (prefix === 'fix' || prefix === 'bugfix' || prefix === 'hotfix') return 'fix';
  if (prefix !== undefined && /^(?:chore|refactor|tests?|ci|build|perf|style|deps|revert|docs)$/.test(prefix)) return 'other';
  if (/^(?:add|support|introduce|new|allow|enable|expose|implement)\b/.test(lower) || /\b(?:add|support)\b/.test(lower)) return 'feature';
  if (/^(?:fix|resolve|correct)/.test(lower) || /\bfix/.test(lower)) return 'fix';
  return 'other';
}

export interface Evidence {
  readonly documents: number;
  /** Each document's name, by its number. */
  readonly names: readonly string[];
  readonly kind: PullKind;
  /** Every document the change's names reach, with its other evidence. */
  readonly candidates: readonly DocumentEvidence[];
  /** How many documents mention each name (by `kind name`). */
  readonly reach: ReadonlyMap<string, number>;
}

function tiesOf(index: DocsIndex, names: readonly ChangedName[]): { ties: Map<number, NameTie[]>; reach: Map<string, number> } {
  const ties = new Map<number, NameTie[]>();
  const tied = new Map<number, Set<ChangedName>>();
  const reach = new Map<string, number>();
  const add = (doc: number, tie: NameTie): void => {
    const names = tied.get(doc) ?? new Set<ChangedName>();
    if (names.has(tie.name)) return;
    tied.set(doc, names.add(tie.name));
    const list = ties.get(doc);
    if (list === undefined) ties.set(doc, [tie]);
    else list.push(tie);
  };
  for (const name of names) {
    const mentions = mentionsOf(index, name);
    reach.set(`${name.kind} ${name.name}`, mentions.length);
    for (const mention of mentions) add(mention.doc, { name, inCode: mention.inCode, documents: mentions.length });
    if (mentions.length > 0 || name.status !== 'added' || !USER_FACING_KINDS.has(name.kind)) continue;
    const beside = neighbourMentions(index, name);
    const reached = new Set(beside.flatMap(({ mentions: found }) => found.map((mention) => mention.doc)));
    for (const { via, mentions: found } of beside) {
      for (const mention of found) add(mention.doc, { name, inCode: mention.inCode, documents: reached.size, via });
    }
  }
  return { ties, reach };
}

/** Each score as standard deviations above the mean of all of them. */
function lifts(scores: Float64Array): Float64Array {
  const n = scores.length || 1;
  const mean = scores.reduce((sum, score) => sum + score, 0) / n;
  const spread = Math.sqrt(scores.reduce((sum, score) => sum + (score - mean) ** 2, 0) / n) || 1;
  return scores.map((score) => (score - mean) / spread);
}

const ONLY = { title: 0, body: 0, paths: 0, names: 0, lines: 0, context: 0 };

export function gatherEvidence(index: DocsIndex, change: ChangeWords, weights: QueryWeights): Evidence {
  const { ties, reach } = tiesOf(index, change.names);
  const scores = bm25(index, queryOf(change, weights));
  const best = scores.reduce((top, score) => Math.max(top, score), 0) || 1;
  const lines = lifts(bm25(index, queryOf(change, { ...ONLY, lines: 1 })));
  const paths = lifts(bm25(index, queryOf(change, { ...ONLY, paths: 1 })));
  const scale = Math.log(1 + index.documents.length) || 1;
  const pathMatches = nameMatches(index, new Set(change.paths.flatMap(pathWords)));
  const titleMatches = nameMatches(index, new Set(words(change.title)));
  const candidates = [...ties].map(([doc, list]) => ({
    doc,
    ties: list,
    relative: (scores[doc] ?? 0) / best,
    linesLift: lines[doc] ?? 0,
    pathsLift: paths[doc] ?? 0,
    path: (pathMatches[doc] ?? 0) / scale,
    title: (titleMatches[doc] ?? 0) / scale,
    generated: index.documents[doc]?.generated ?? false,
  }));
  return { documents: index.documents.length, names: index.names, kind: pullKind(change.title), candidates, reach };
}
