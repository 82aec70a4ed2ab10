/**
 * The site read once for ranking: a BM25F index of each document's words (text, and title and path
 * counting more), and every name-shaped token with the documents it occurs in, marked where it
 * stands in code. Built in one pass over each page, with tokens and words numbered and the postings
 * kept in flat arrays, so a 2,000-page site is indexed well within the check's budget of a second.
 */
import { scanSpans, TokenTable } from './scan.js';
import { pathWords, tokenWords } from './tokens.js';
import { type DocsDocument, type DocsSite } from './types.js';

/** How much a word in a document's title and path counts against one in its text. */
export const TITLE_WEIGHT = 3;
export const PATH_WEIGHT = 3;

/** Postings in flat arrays: the entries of key `k` are `start[k]` up to `start[k + 1]`. */
interface Postings {
  readonly start: Int32Array;
  readonly entries: Int32Array;
}

export interface DocsIndex {
  readonly documents: readonly DocsDocument[];
  readonly names: readonly string[];
  readonly wordIds: ReadonlyMap<string, number>;
  /** Per word: its documents, and (at the same places) the word's weighted frequency in each. */
  readonly words: Postings;
  readonly frequencies: Float32Array;
  /** Each document's word count in its text, for BM25's length normalisation. */
  readonly lengths: Float64Array;
  readonly averageLength: number;
  readonly tokenTable: TokenTable;
  /** Per token: its documents, each as `2 × document + (1 when it stands in code there)`. */
  readonly tokens: Postings;
  /** The tokens shaped like environment variables (`REDIS_HOST`), sorted, for a prefix's siblings. */
  readonly envTokens: readonly string[];
  /** The words of each document's name (its path), and how many documents' names hold each word. */
  readonly nameWords: readonly ReadonlySet<string>[];
  readonly nameWordCounts: ReadonlyMap<string, number>;
}

const ENV_SHAPED = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
const NOTHING = new Int32Array(0);

/** Groups `(key, entry)` pairs by key into flat arrays (a counting sort); `values` ride along. */
function group(keys: readonly number[], entries: readonly number[], keyCount: number, values?: readonly number[]) {
  const start = new Int32Array(keyCount + 1);
  for (const key of keys) start[key + 1] = (start[key + 1] ?? 0) + 1;
  for (let key = 0; key < keyCount; key++) start[key + 1] = (start[key + 1] ?? 0) + (start[key] ?? 0);
  const next = start.slice(0, keyCount);
  const sorted = new Int32Array(keys.length);
  const carried = new Float32Array(values === undefined ? 0 : keys.length);
  keys.forEach((key, i) => {
    const at = next[key] ?? 0;
    next[key] = at + 1;
    sorted[at] = entries[i] ?? 0;
    if (values !== undefined) carried[at] = values[i] ?? 0;
  });
  return { postings: { start, entries: sorted }, values: carried };
}

/** Numbers tokens and words as they are first seen, and collects each document's postings. */
class IndexBuilder {
  readonly tokenTable = new TokenTable();
  readonly wordIds = new Map<string, number>();
  private readonly tokenWordIds: (readonly number[])[] = [];
  private readonly frequency: number[] = [];
  private readonly touched: number[] = [];
  private readonly seenIn: number[] = [];
  private readonly codeIn: boolean[] = [];
  private readonly docTokens: number[] = [];
  readonly wordKeys: number[] = [];
  readonly wordDocs: number[] = [];
  readonly wordValues: number[] = [];
  readonly tokenKeys: number[] = [];
  readonly tokenEntries: number[] = [];

  private wordId(word: string): number {
    let id = this.wordIds.get(word);
    if (id === undefined) {
      id = this.wordIds.size;
      this.wordIds.set(word, id);
      this.frequency.push(0);
    }
    return id;
  }

  private readonly onNewToken = (token: string): void => {
    this.tokenWordIds.push(tokenWords(token).map((word) => this.wordId(word)));
    this.seenIn.push(-1);
    this.codeIn.push(false);
  };

  /** Adds a text's tokens (when `doc` ≥ 0) and its words with `weight`; returns its word count. */
  add(doc: number, text: string, weight: number, inCodeAlways = false): number {
    let count = 0;
    scanSpans(text, (start, end, hash, inCode) => {
      const id = this.tokenTable.idOf(text, start, end, hash, this.onNewToken);
      for (const word of this.tokenWordIds[id] ?? []) {
        if (this.frequency[word] === 0) this.touched.push(word);
        this.frequency[word] = (this.frequency[word] ?? 0) + weight;
        count++;
      }
      if (doc < 0) return;
      if (this.seenIn[id] !== doc) {
        this.seenIn[id] = doc;
        this.codeIn[id] = false;
        this.docTokens.push(id);
      }
      if (inCode || inCodeAlways) this.codeIn[id] = true;
    });
    return count;
  }

  /** Moves the document's words and tokens into the postings. */
  finish(doc: number): void {
    for (const word of this.touched) {
      this.wordKeys.push(word);
      this.wordDocs.push(doc);
      this.wordValues.push(this.frequency[word] ?? 0);
      this.frequency[word] = 0;
    }
    this.touched.length = 0;
    for (const id of this.docTokens) {
      this.tokenKeys.push(id);
      this.tokenEntries.push(doc * 2 + (this.codeIn[id] === true ? 1 : 0));
    }
    this.docTokens.length = 0;
  }
}

function nameWordsOf(documents: readonly DocsDocument[]) {
  const nameWords = documents.map((document) => new Set(document.name.split('/').flatMap(pathWords)));
  const nameWordCounts = new Map<string, number>();
  for (const set of nameWords) for (const word of set) nameWordCounts.set(word, (nameWordCounts.get(word) ?? 0) + 1);
  return { nameWords, nameWordCounts };
}

export function buildIndex(site: DocsSite): DocsIndex {
  const builder = new IndexBuilder();
  const lengths = new Float64Array(site.documents.length);
  site.documents.forEach((document, doc) => {
    lengths[doc] = builder.add(doc, document.text, 1);
    builder.add(doc, `${document.title}\n${document.description}`, TITLE_WEIGHT);
    builder.add(-1, document.name.replace(/[/_.-]+/g, ' '), PATH_WEIGHT);
    for (const route of document.routes) builder.add(doc, route.path, 0, true);
    builder.finish(doc);
  });
  const words = group(builder.wordKeys, builder.wordDocs, builder.wordIds.size, builder.wordValues);
  const tokens = group(builder.tokenKeys, builder.tokenEntries, builder.tokenTable.size);
  const total = lengths.reduce((sum, length) => sum + length, 0);
  return {
    documents: site.documents,
    names: site.documents.map((document) => document.name),
    wordIds: builder.wordIds,
    words: words.postings,
    frequencies: words.values,
    lengths,
    averageLength: site.documents.length === 0 ? 0 : total / site.documents.length,
    tokenTable: builder.tokenTable,
    tokens: tokens.postings,
    envTokens: builder.tokenTable.tokens.filter((token) => ENV_SHAPED.test(token)).sort(),
    ...nameWordsOf(site.documents),
  };
}

/** The documents a token occurs in, each as `2 × document + (1 when in code there)`. */
export function documentsWith(index: DocsIndex, token: string): Int32Array {
  const id = index.tokenTable.find(token);
  if (id === undefined) return NOTHING;
  return index.tokens.entries.subarray(index.tokens.start[id] ?? 0, index.tokens.start[id + 1] ?? 0);
}

/** BM25 scores of every document for the weighted query words (k1 1.2, b 0.75). */
export function bm25(index: DocsIndex, query: ReadonlyMap<string, number>): Float64Array {
  const scores = new Float64Array(index.documents.length);
  const n = index.documents.length;
  const k1 = 1.2;
  const b = 0.75;
  const average = index.averageLength || 1;
  for (const [word, weight] of query) {
    const id = index.wordIds.get(word);
    if (id === undefined) continue;
    const from = index.words.start[id] ?? 0;
    const to = index.words.start[id + 1] ?? 0;
    const idf = Math.log(1 + (n - (to - from) + 0.5) / (to - from + 0.5));
    for (let at = from; at < to; at++) {
      const doc = index.words.entries[at] ?? 0;
      const tf = index.frequencies[at] ?? 0;
      const norm = tf + k1 * (1 - b + (b * (index.lengths[doc] ?? 0)) / average);
      scores[doc] = (scores[doc] ?? 0) + (weight * idf * (tf * (k1 + 1))) / norm;
    }
  }
  return scores;
}
