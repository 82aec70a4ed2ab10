/** Which documents the check names, and the silence rule (src/docs-check/rank.ts). */
import { describe, expect, test } from '@jest/globals';
import { type DocumentEvidence, type Evidence, type NameTie, type PullKind } from '../../../src/docs-check/evidence.js';
import {
  DEFAULT_TUNING,
  FEATURES,
  factsOf,
  featuresOf,
  isChangelog,
  likelyOf,
  olderVersions,
  pastPages,
  scoreOf,
  type RankTuning,
} from '../../../src/docs-check/rank.js';
import { changed } from './fixtures.js';

const tie = (name: string, documents: number, extra: Partial<NameTie> = {}, status: 'removed' | 'changed' = 'changed'): NameTie => ({
  name: changed(name, { status }),
  inCode: true,
  documents,
  ...extra,
});

const candidate = (doc: number, extra: Partial<DocumentEvidence> = {}): DocumentEvidence => ({
  doc,
  ties: [tie('max_retries', 1)],
  relative: 0,
  linesLift: 0,
  pathsLift: 0,
  path: 0,
  title: 0,
  generated: false,
  ...extra,
});

function evidence(candidates: DocumentEvidence[], kind: PullKind = 'other', names?: string[], documents = 100): Evidence {
  return { documents, names: names ?? Array.from({ length: documents }, (_, doc) => `page-${doc}`), kind, candidates, reach: new Map() };
}

/** Only `relative` counts, with weight 1 and no bias: a document's score is its relative BM25. */
const RELATIVE_ONLY: RankTuning = {
  ...DEFAULT_TUNING,
  weights: { relative: 1, linesLift: 0, pathsLift: 0, path: 0, title: 0, rarity: 0, generated: 0, feature: 0, fix: 0 },
  bias: 0,
  threshold: 0.5,
  maxLikely: 3,
};

describe('featuresOf and scoreOf', () => {
  test('the features of a document, the rarity of its rarest code-shaped name among them', () => {
    const found = candidate(0, {
      ties: [tie('Agent', 1), tie('max_retries', 4), tie('NEW_VAR', 1, { via: 'OLD_VAR' })],
      relative: 0.8,
      linesLift: 2,
      pathsLift: 3,
      path: 0.25,
      title: 0.5,
      generated: true,
    });
    expect(featuresOf(found, evidence([found], 'feature'))).toEqual({
      relative: 0.8,
      linesLift: 2,
      pathsLift: 3,
      path: 0.25,
      title: 0.5,
      // max_retries on 4 of 100 documents; 'Agent' is a plain word and NEW_VAR a neighbour tie.
      rarity: Math.log(1 + 100 / 4) / Math.log(101),
      generated: 1,
      feature: 1,
      fix: 0,
    });
    expect(featuresOf(found, evidence([found], 'fix'))).toMatchObject({ feature: 0, fix: 1 });
  });

  test('the score is the bias plus each feature times its weight', () => {
    const weights = { relative: 2, linesLift: -1, pathsLift: 0.5, path: 3, title: 1.5, rarity: 4, generated: -2, feature: 1, fix: -1 };
    const tuning: RankTuning = { ...DEFAULT_TUNING, weights, bias: -7 };
    const found = candidate(0, { relative: 0.5, linesLift: 1, pathsLift: 2, path: 0.1, title: 0.2, generated: true });
    const rarity = Math.log(1 + 100 / 1) / Math.log(101);
    const expected = -7 + 2 * 0.5 - 1 * 1 + 0.5 * 2 + 3 * 0.1 + 1.5 * 0.2 + 4 * rarity - 2 * 1 + 1 * 1;
    expect(scoreOf(found, evidence([found], 'feature'), tuning).score).toBeCloseTo(expected, 10);
    expect(FEATURES).toHaveLength(Object.keys(weights).length);
  });
});

describe('likelyOf: silence by default', () => {
  const candidates = [
    candidate(0, { relative: 0.9 }),
    candidate(1, { relative: 0.6 }),
    candidate(2, { relative: 0.4 }),
    candidate(3, { relative: 1 }),
  ];

  test('nothing under the threshold is named; the rest best first', () => {
    expect(likelyOf(evidence(candidates), { ...RELATIVE_ONLY, threshold: 1.01 }, new Set())).toEqual([]);
    expect(likelyOf(evidence(candidates), RELATIVE_ONLY, new Set()).map((ranked) => ranked.doc)).toEqual([3, 0, 1]);
  });

  test('at most maxLikely', () => {
    expect(likelyOf(evidence(candidates), { ...RELATIVE_ONLY, maxLikely: 1 }, new Set()).map((ranked) => ranked.doc)).toEqual([3]);
  });

  test('never an excluded document (edited, or a fact already) nor a changelog', () => {
    const names = ['guide', 'changelog/sdk', 'other', 'reference'];
    expect(likelyOf(evidence(candidates, 'other', names, 4), RELATIVE_ONLY, new Set([3])).map((ranked) => ranked.doc)).toEqual([0]);
  });

  test('the default settings stay silent on a weak match', () => {
    const weak = candidate(0, { relative: 0.2, ties: [tie('connect', 30)] });
    expect(likelyOf(evidence([weak]), DEFAULT_TUNING, new Set())).toEqual([]);
  });
});

describe('factsOf', () => {
  test('a removed or renamed code-shaped name on few documents; not a plain word, a field, a common name, a changelog or a generated page', () => {
    const removed = (name: string, documents: number) => tie(name, documents, {}, 'removed');
    const found = evidence(
      [
        candidate(0, { ties: [removed('purge_memories', 2)] }),
        candidate(1, { ties: [removed('connect', 1)] }),
        candidate(2, { ties: [{ ...removed('user_id', 1), name: changed('user_id', { kind: 'field', status: 'removed' }) }] }),
        candidate(3, { ties: [removed('purge_memories', 2)] }),
        candidate(4, { ties: [removed('everywhere_name', 9)] }),
        candidate(5, { ties: [tie('changed_name', 1)] }),
        candidate(6, { ties: [removed('purge_memories', 2)], generated: true }),
      ],
      'other',
      ['guides/memory', 'a', 'b', 'changelog', 'c', 'd', 'api-ref/memory'],
      7,
    );
    expect(factsOf(found, { ...DEFAULT_TUNING, maxFactDocuments: 2 }).map((fact) => fact.doc)).toEqual([0]);
  });

  test('a change with facts on more than maxFacts documents (code moved out) has none', () => {
    const removedOn = (doc: number) => candidate(doc, { ties: [tie(`moved_fn_${doc}`, 1, {}, 'removed')] });
    const three = evidence([0, 1, 2].map(removedOn));
    const four = evidence([0, 1, 2, 3].map(removedOn));
    expect(factsOf(three, { ...DEFAULT_TUNING, maxFacts: 3 }).map((fact) => fact.doc)).toEqual([0, 1, 2]);
    expect(factsOf(four, { ...DEFAULT_TUNING, maxFacts: 3 })).toEqual([]);
    expect(likelyOf(four, { ...RELATIVE_ONLY, threshold: 0 }, new Set(factsOf(four, DEFAULT_TUNING).map((fact) => fact.doc))).length).toBe(
      3,
    );
  });
});

describe('isChangelog', () => {
  test.each(['changelog', 'changelog/sdk', 'release-notes/v2', 'docs/whats-new', 'updates'])('%s is one', (name) => {
    expect(isChangelog(name)).toBe(true);
  });
  test.each(['guides/changes-to-billing', 'api/update-user', 'release-process'])('%s is not', (name) => {
    expect(isChangelog(name)).toBe(false);
  });
});

describe('pages that record the past', () => {
  test('the older versions of a versioned site, compared by number; one version alone is current', () => {
    expect([...olderVersions(['v2/intro', 'v3/intro', 'v3/api/page', 'guides/v1'])]).toEqual(['v2']);
    expect([...olderVersions(['v1.15.10/a', 'v1.15.9/a', 'v1.9.0/a', 'en/a'])].sort()).toEqual(['v1.15.9', 'v1.9.0']);
    expect([...olderVersions(['v3/intro', 'v3/other', 'v2'])]).toEqual([]);
  });

  test('neither a changelog nor an older version is named, as a fact or as likely', () => {
    const names = ['v2/references/act', 'v3/references/act', 'changelog', 'guides/act'];
    const removed = (doc: number) => candidate(doc, { relative: 1, ties: [tie('actOnPage', 1, {}, 'removed')] });
    const found = evidence([0, 1, 2, 3].map(removed), 'other', names, 4);
    const past = pastPages(found);
    expect([0, 1, 2, 3].map(past)).toEqual([true, false, true, false]);
    expect(factsOf(found, DEFAULT_TUNING).map((fact) => fact.doc)).toEqual([1, 3]);
    expect(likelyOf(found, { ...RELATIVE_ONLY, threshold: 0, maxLikely: 4 }, new Set()).map((ranked) => ranked.doc)).toEqual([1, 3]);
  });
});
