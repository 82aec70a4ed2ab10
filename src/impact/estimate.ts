/**
 * A pull request's change at one look, as a difference in differences: each page's change in helpful share (thumbs up ÷
 * votes, after minus before) minus the same change on the control — the rated pages no merged docs pull request changed,
 * from the same feedback-by-page answers — and the pages combined with inverse-variance weights (never their votes pooled,
 * so a page whose traffic grew does not move the others' share).
 *
 * The standard error is honest about more than vote noise: how much pages' changes vary beyond it (between pages and weeks,
 * τ²) is estimated on the control pages by DerSimonian–Laird and added to each page's variance; the control's own error is
 * added once, as the pages share it.
 */
import type { VoteCount, WeekSignals } from './signals.js';
import { randomEffects, weightedMean, type Measured } from './stats.js';
import type { CalendarWeek } from './windows.js';

/** With fewer control pages, how much pages vary cannot be estimated: no verdict. */
export const MIN_CONTROL_PAGES = 10;
/** Votes at the site's share added to a page's for its variance, so a few votes all alike are not taken as certain (nor outweigh the rest). */
const PRIOR_VOTES = 2;

/** A page of a pull request: read under its path, and before the merge under its old path too. */
export interface PagePaths {
  readonly path: string;
  readonly previousPath?: string;
}

export interface PageChange {
  readonly path: string;
  readonly before: VoteCount;
  readonly after: VoteCount;
  /** Its helpful-share change minus the control's (a share: 0.1 is 10 points); undefined without votes in both windows. */
  readonly effect?: number;
  readonly standardError?: number;
}

export interface ControlChange {
  /** Rated pages no pull request changed, with votes in both windows. */
  readonly pages: number;
  readonly before: VoteCount;
  readonly after: VoteCount;
  /** Their random-effects mean change in helpful share. */
  readonly change: number;
  readonly changeVariance: number;
  /** τ²: the variance of a page's change beyond its votes' noise. */
  readonly between: number;
}

export interface LookEstimate {
  /** After-window weeks looked at. */
  readonly look: number;
  readonly effect: number;
  readonly standardError: number;
  readonly pages: readonly PageChange[];
  readonly control: ControlChange;
  /** Votes of the pages that count (votes in both windows). */
  readonly votesBefore: number;
  readonly votesAfter: number;
}

export type LookResult =
  { readonly kind: 'estimate'; readonly estimate: LookEstimate } | { readonly kind: 'short'; readonly controls: number };

const NO_VOTES: VoteCount = { up: 0, down: 0 };

function add(a: VoteCount, b: VoteCount): VoteCount {
  return { up: a.up + b.up, down: a.down + b.down };
}

type VotesOf = (week: CalendarWeek) => ReadonlyMap<string, VoteCount> | undefined;

function tally(votesOf: VotesOf, weeks: readonly CalendarWeek[], paths: readonly string[]): VoteCount {
  let total = NO_VOTES;
  for (const week of weeks) {
    const votes = votesOf(week);
    for (const path of paths) total = add(total, votes?.get(path) ?? NO_VOTES);
  }
  return total;
}

const votesIn = (counts: VoteCount): number => counts.up + counts.down;
const share = (counts: VoteCount): number => counts.up / votesIn(counts);

/**
 * A page's change, its sampling variance (its own share over both windows, taken towards the site's by PRIOR_VOTES), and the
 * variance its weight uses: the site's share at its votes. A weight from its own share would follow its noise (a page whose
 * share rose by chance weighs more above ½) and bias the mean; a weight from its votes alone does not.
 */
function measured(before: VoteCount, after: VoteCount, siteShare: number): Measured {
  const votes = votesIn(before) + votesIn(after);
  const steady = (before.up + after.up + PRIOR_VOTES * siteShare) / (votes + PRIOR_VOTES);
  const spread = 1 / votesIn(before) + 1 / votesIn(after);
  return {
    change: share(after) - share(before),
    variance: steady * (1 - steady) * spread,
    weightVariance: siteShare * (1 - siteShare) * spread,
  };
}

export interface LookInput {
  readonly weeks: ReadonlyMap<number, WeekSignals>;
  readonly pages: readonly PagePaths[];
  readonly touched: ReadonlySet<string>;
  readonly before: readonly CalendarWeek[];
  readonly after: readonly CalendarWeek[];
}

function controlOf(input: LookInput, votesOf: VotesOf) {
  const paths = new Set<string>();
  for (const week of [...input.before, ...input.after]) {
    for (const path of votesOf(week)?.keys() ?? []) if (!input.touched.has(path)) paths.add(path);
  }
  return [...paths]
    .sort()
    .map((path) => ({ before: tally(votesOf, input.before, [path]), after: tally(votesOf, input.after, [path]) }))
    .filter((page) => votesIn(page.before) > 0 && votesIn(page.after) > 0);
}

/** The change at the look the `after` weeks make; short when fewer than MIN_CONTROL_PAGES control pages have votes. */
export function estimateLook(input: LookInput): LookResult {
  const votesOf: VotesOf = (week) => input.weeks.get(week.index)?.votes;
  const controls = controlOf(input, votesOf);
  const before = controls.reduce((sum, page) => add(sum, page.before), NO_VOTES);
  const after = controls.reduce((sum, page) => add(sum, page.after), NO_VOTES);
  // Kept off 0 and 1, so that no page's variance is 0 when every control vote was alike.
  const siteShare = Math.min(0.98, Math.max(0.02, share(add(before, after))));
  const measures = controls.map((page) => measured(page.before, page.after, siteShare));
  const between = randomEffects(measures)?.between;
  if (between === undefined || controls.length < MIN_CONTROL_PAGES) return { kind: 'short', controls: controls.length };
  const pooled = weightedMean(measures, between);
  const control = { pages: controls.length, before, after, change: pooled.mean, changeVariance: pooled.variance, between };
  const counted: { page: PagePaths; before: VoteCount; after: VoteCount; measure: Measured }[] = [];
  const pages = input.pages.map((page): PageChange => {
    const pageBefore = tally(votesOf, input.before, page.previousPath === undefined ? [page.path] : [page.path, page.previousPath]);
    const pageAfter = tally(votesOf, input.after, [page.path]);
    if (votesIn(pageBefore) === 0 || votesIn(pageAfter) === 0) return { path: page.path, before: pageBefore, after: pageAfter };
    const measure = measured(pageBefore, pageAfter, siteShare);
    counted.push({ page, before: pageBefore, after: pageAfter, measure });
    const standardError = Math.sqrt(measure.variance + between + pooled.variance);
    return { path: page.path, before: pageBefore, after: pageAfter, effect: measure.change - pooled.mean, standardError };
  });
  const own =
    counted.length === 0
      ? undefined
      : weightedMean(
          counted.map((page) => page.measure),
          between,
        );
  return {
    kind: 'estimate',
    estimate: {
      look: input.after.length,
      effect: own === undefined ? 0 : own.mean - pooled.mean,
      standardError: own === undefined ? Number.POSITIVE_INFINITY : Math.sqrt(own.variance + pooled.variance),
      pages,
      control,
      votesBefore: counted.reduce((sum, page) => sum + votesIn(page.before), 0),
      votesAfter: counted.reduce((sum, page) => sum + votesIn(page.after), 0),
    },
  };
}
