/**
 * Each ended week of the after window is a look; a pull request's p-value is the repeated p-value of the sequential design
 * (sequential.ts), the smallest over its looks so far, corrected across the report with Benjamini–Hochberg at 5 %. One that
 * passes is `improved` or `worse` (by the sign of its change at the first look that passes), final from that look on; one
 * that does not is `measuring` until its after window ends, then `no clear change`. `too little data`: fewer than
 * `impact-min-votes` votes in a window, too few control pages, or a week's votes not read. A verdict recorded in the pull
 * request's impact comment is final, with its look, whatever a later report's correction would say.
 */
import type { RecordedVerdict, Verdict } from '../analytics/impact-report.js';
import type { LookEstimate, LookResult } from './estimate.js';
import { boundaryTable } from './sequential.js';
import { benjaminiHochberg, normalQuantile, SIGNIFICANCE } from './stats.js';

/** The power the smallest detectable change is given at. */
const POWER = 0.8;

/** What a pull request's looks said. `looks[k]`: look k + 1; undefined when a week's votes it needs were not read. */
export interface PullLooks {
  readonly weeks: number;
  readonly looks: readonly (LookResult | undefined)[];
  readonly recorded?: RecordedVerdict;
}

export type ShortOf = 'votes' | 'controls' | 'unread';

export interface Judgement {
  readonly verdict: Verdict;
  /** The look the numbers are from (the one the verdict was given at, or the latest). */
  readonly look?: number;
  readonly estimate?: LookEstimate;
  /** The look's boundary at 95 %: the interval is the estimate ± boundary × its standard error. */
  readonly boundary?: number;
  /** The repeated p-value, the smallest of the looks so far. */
  readonly pValue?: number;
  /** Benjamini–Hochberg adjusted across the report's pull requests. */
  readonly adjustedP?: number;
  /** The smallest change (a share) the after window's votes detect 80 % of the time, on its own. */
  readonly detectable?: number;
  /** Why there is no verdict, for `too little data` (and a look without an estimate). */
  readonly shortOf?: ShortOf;
  /** Given by an impact comment of an earlier report. */
  readonly recorded?: boolean;
}

interface Scored {
  readonly look: number;
  readonly estimate: LookEstimate;
  readonly p: number;
}

/** The looks with an estimate on at least `minVotes` votes in each window, with their p-values. */
function scoredLooks(pull: PullLooks, minVotes: number): Scored[] {
  const table = boundaryTable(pull.weeks);
  return pull.looks.flatMap((result, index) => {
    if (result?.kind !== 'estimate') return [];
    const { estimate } = result;
    if (estimate.votesBefore < minVotes || estimate.votesAfter < minVotes) return [];
    return [{ look: index + 1, estimate, p: table.pValue(index, estimate.effect / estimate.standardError) }];
  });
}

function shortOf(result: LookResult | undefined): ShortOf {
  return result === undefined ? 'unread' : result.kind === 'short' ? 'controls' : 'votes';
}

/** The numbers at `look`: estimate, interval boundary and the change the whole window could detect. */
function numbersAt(pull: PullLooks, look: number): Pick<Judgement, 'look' | 'estimate' | 'boundary' | 'detectable'> {
  const result = pull.looks[look - 1];
  if (result?.kind !== 'estimate') return { look };
  const table = boundaryTable(pull.weeks);
  const finalBoundary = table.atSignificance[pull.weeks - 1] as number;
  // The change's variance at the end is today's times τ (informationFractions).
  const finalError = result.estimate.standardError * Math.sqrt(table.fractions[look - 1] as number);
  return {
    look,
    estimate: result.estimate,
    boundary: table.atSignificance[look - 1],
    detectable: (finalBoundary + normalQuantile(POWER)) * finalError,
  };
}

function judgeOne(pull: PullLooks, scored: readonly Scored[], adjustedP: number | undefined, threshold: number): Judgement {
  const pValue = scored.length === 0 ? undefined : Math.min(...scored.map((look) => look.p));
  const tested = { ...(pValue !== undefined && { pValue }), ...(adjustedP !== undefined && { adjustedP }) };
  const latest = pull.looks.length;
  if (pull.recorded !== undefined) {
    const { verdict, look } = pull.recorded;
    const why = verdict === 'too little data' ? { shortOf: shortOf(pull.looks[look - 1]) } : {};
    return { verdict, ...numbersAt(pull, look), ...tested, ...why, recorded: true };
  }
  const passed = adjustedP !== undefined && adjustedP <= SIGNIFICANCE ? scored.find((look) => look.p <= threshold) : undefined;
  if (passed !== undefined) {
    return { verdict: passed.estimate.effect > 0 ? 'improved' : 'worse', ...numbersAt(pull, passed.look), ...tested };
  }
  if (latest < pull.weeks) return { verdict: 'measuring', ...(latest > 0 && numbersAt(pull, latest)), ...tested };
  if (scored.at(-1)?.look === latest) return { verdict: 'no clear change', ...numbersAt(pull, latest), ...tested };
  return { verdict: 'too little data', ...numbersAt(pull, latest), ...tested, shortOf: shortOf(pull.looks[latest - 1]) };
}

/** The verdicts of the report's pull requests, in the order given (see the module's header). */
export function judgePulls(pulls: readonly PullLooks[], minVotes: number): Judgement[] {
  const scored = pulls.map((pull) => scoredLooks(pull, minVotes));
  const tested = scored.flatMap((looks, index) => (looks.length === 0 ? [] : [{ index, p: Math.min(...looks.map((look) => look.p)) }]));
  const adjusted = benjaminiHochberg(tested.map((item) => item.p));
  const adjustedOf = new Map(tested.map((item, i) => [item.index, adjusted[i] as number]));
  // The correction's cutoff, k·α/m for the k it rejects: a pull request's first look at or below it is where it was called.
  const rejected = adjusted.filter((value) => value <= SIGNIFICANCE).length;
  const threshold = rejected === 0 ? 0 : (rejected * SIGNIFICANCE) / tested.length;
  return pulls.map((pull, index) => judgeOne(pull, scored[index] ?? [], adjustedOf.get(index), threshold));
}
