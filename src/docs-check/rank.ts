/**
 * Which documents the check names, and on what grounds. Facts: documents that mention a name the
 * change removes or renames, when only code has that name and few documents mention it. Likely: the
 * documents the change's names reach whose evidence adds up past a threshold: how their BM25 score
 * compares with the best page's, how far their score for the changed lines and for the changed paths
 * alone stands out from the site's, what their path shares with the changed paths and the title,
 * how rare the rarest changed name they mention is, whether a tool generates them, and whether the
 * pull request calls itself a feature or a fix. The weights are fitted on replayed history
 * (bench/docs-check-replay.js --fit). Silence is the default: a document that mentions no changed
 * name is never named, and nothing under the threshold is.
 */
import { type DocumentEvidence, type Evidence, type NameTie, type QueryWeights } from './evidence.js';
import { isCodeShaped } from './tokens.js';

export const FEATURES = ['relative', 'linesLift', 'pathsLift', 'path', 'title', 'rarity', 'generated', 'feature', 'fix'] as const;
export type Feature = (typeof FEATURES)[number];

export interface RankTuning {
  /** The query's word weights for the BM25 score `relative` reads. */
  readonly query: QueryWeights;
  /** Each feature's weight in the evidence (log-odds), and the evidence with every feature 0. */
  readonly weights: Readonly<Record<Feature, number>>;
  readonly bias: number;
  /** The least evidence a likely document needs. */
  readonly threshold: number;
  readonly maxLikely: number;
  /** A removed or renamed name is a fact only on at most this many documents. */
  readonly maxFactDocuments: number;
  /** More fact documents than this in one change name none as facts: such a change moves code out (a package, a project). */
  readonly maxFacts: number;
}

/**
 * Fitted on the last 300 code pull requests (to 2026-07-31) of ollama, mem0, keep, prefect, spree and
 * trigger.dev; docs/docs-check.md has the figures, and those of the repositories held out.
 */
export const DEFAULT_TUNING: RankTuning = {
  query: { title: 2, body: 0.5, paths: 1, names: 1, lines: 0, context: 0 },
  weights: {
    relative: 3.09,
    linesLift: 0.132,
    pathsLift: 0.216,
    path: 0.523,
    title: 0.844,
    rarity: 0.879,
    generated: -0.592,
    feature: 0.674,
    fix: -0.786,
  },
  bias: -8.551,
  threshold: -2.35,
  maxLikely: 3,
  maxFactDocuments: 2,
  maxFacts: 3,
};

export interface RankedDocument {
  readonly doc: number;
  readonly score: number;
  readonly ties: readonly NameTie[];
}

const CHANGELOG = /(?:^|\/)(?:change-?log|changes|release-?notes?|releases|whats-new|what-s-new|updates)(?:\/|$)/i;

/** Whether a document is a changelog or release notes: written at release time, about the past. */
export const isChangelog = (name: string): boolean => CHANGELOG.test(name);

const VERSION_FOLDER = /^v(\d+(?:\.\d+)*)\//;

function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let at = 0; at < Math.max(a.length, b.length); at++) if ((a[at] ?? 0) !== (b[at] ?? 0)) return (a[at] ?? 0) - (b[at] ?? 0);
  return 0;
}

/** The top folders of a versioned site's older versions (`v2/` beside `v3/`, `v1.14.7/` beside `v1.15.10/`): frozen, like a changelog. */
export function olderVersions(names: readonly string[]): Set<string> {
  const versions = new Map<string, number[]>();
  for (const name of names) {
    const number = VERSION_FOLDER.exec(name)?.[1];
    if (number !== undefined) versions.set(`v${number}`, number.split('.').map(Number));
  }
  let newest: string | undefined;
  for (const [folder, version] of versions)
    if (newest === undefined || compareVersions(version, versions.get(newest) ?? []) > 0) newest = folder;
  return new Set([...versions.keys()].filter((folder) => folder !== newest));
}

/** Whether each document records the past (a changelog, an older version's page): never named. */
export function pastPages(evidence: Evidence): (doc: number) => boolean {
  const older = olderVersions(evidence.names);
  return (doc) => {
    const name = evidence.names[doc] ?? '';
    return isChangelog(name) || older.has(name.slice(0, name.indexOf('/')));
  };
}

/** The rarest code-shaped name the document mentions, as ln(1 + N / documents) over ln(1 + N): 1 when it alone does. */
function rarity(candidate: DocumentEvidence, documents: number): number {
  const scale = Math.log(1 + documents) || 1;
  let best = 0;
  for (const tie of candidate.ties) {
    if (tie.via === undefined && isCodeShaped(tie.name.name))
      best = Math.max(best, Math.log(1 + documents / Math.max(1, tie.documents)) / scale);
  }
  return best;
}

export function featuresOf(candidate: DocumentEvidence, evidence: Evidence): Record<Feature, number> {
  return {
    relative: candidate.relative,
    linesLift: candidate.linesLift,
    pathsLift: candidate.pathsLift,
    path: candidate.path,
    title: candidate.title,
    rarity: rarity(candidate, evidence.documents),
    generated: candidate.generated ? 1 : 0,
    feature: evidence.kind === 'feature' ? 1 : 0,
    fix: evidence.kind === 'fix' ? 1 : 0,
  };
}

/** The document's evidence: the bias and each feature times its weight. */
export function scoreOf(candidate: DocumentEvidence, evidence: Evidence, tuning: RankTuning): RankedDocument {
  const features = featuresOf(candidate, evidence);
  const score = FEATURES.reduce((sum, feature) => sum + tuning.weights[feature] * features[feature], tuning.bias);
  return { doc: candidate.doc, score, ties: candidate.ties };
}

/**
 * The facts: documents that mention a removed or renamed name that only code has and few documents
 * mention (a plain word such as `Model` is on many pages for other reasons). Fields and parameters
 * are left out (a removed function takes its parameters with it), and so are changelogs, which
 * record the past, and generated pages, which the next generation updates. A change with facts on
 * more than `maxFacts` documents has none: on replayed history such changes moved a project or a
 * package out, and the pages they reach were rarely edited (their documents can still be likely).
 */
export function factsOf(evidence: Evidence, tuning: RankTuning): RankedDocument[] {
  const past = pastPages(evidence);
  const facts = evidence.candidates.flatMap((candidate) => {
    if (candidate.generated || past(candidate.doc)) return [];
    const ties = candidate.ties.filter(
      (tie) =>
        tie.via === undefined &&
        (tie.name.status === 'removed' || tie.name.status === 'renamed') &&
        tie.name.kind !== 'field' &&
        tie.documents <= tuning.maxFactDocuments &&
        isCodeShaped(tie.name.name),
    );
    return ties.length === 0 ? [] : [{ doc: candidate.doc, score: Infinity, ties }];
  });
  return facts.length > tuning.maxFacts ? [] : facts;
}

/** The likely documents, best first: at or over the threshold, at most `maxLikely`, none that records the past. */
export function likelyOf(evidence: Evidence, tuning: RankTuning, excluded: ReadonlySet<number>): RankedDocument[] {
  const past = pastPages(evidence);
  return evidence.candidates
    .filter((candidate) => !excluded.has(candidate.doc) && !past(candidate.doc))
    .map((candidate) => scoreOf(candidate, evidence, tuning))
    .filter((ranked) => ranked.score >= tuning.threshold)
    .sort((a, b) => b.score - a.score || a.doc - b.doc)
    .slice(0, tuning.maxLikely);
}
