/**
 * A seeded model of a docs site's readers, for the impact report's statistics (the unit tests and
 * bench/impact-sound.js): weekly votes of every page and the pull requests of one report, handed to
 * the engine as the feedback-by-page answers would be (`WeekSignals`).
 *
 * The site: `pages` pages; a page's votes a week are Poisson around a volume that is log-normal
 * across pages (median `medianVotes` a four-week window); its helpful share is a logit-normal base,
 * plus noise from week to week (`weekNoise`), plus a site-wide trend, plus the pull request's true
 * change from the week after its merge. A report has `pulls` pull requests of 1–5 pages each,
 * merged over the `impact-weeks` before its end (a Monday), each opened 0–6 days before its merge.
 * Conditions add what fooled the old verdicts: a site-wide trend, traffic that shifts (one page of
 * each pull request read three times as much after its merge, the site growing by half), and pages
 * picked because readers rated them down in the week before the pull request was opened.
 */
import { generator } from '../../scripts/soak/plan.js';
import type { WeekSignals } from '../../src/impact/signals.js';
import { dayOf, dayText, weekIndexOf, type Day } from '../../src/impact/windows.js';

export interface SiteModel {
  readonly pages: number;
  /** Median votes of a page in four weeks. */
  readonly medianVotes: number;
  /** Standard deviation of the log of a page's volume. */
  readonly volumeSpread: number;
  /** Median helpful share, and the standard deviation of its logit across pages. */
  readonly meanShare: number;
  readonly shareSpread: number;
  /** Standard deviation of a page's helpful share from week to week. */
  readonly weekNoise: number;
  /** Rows a feedback-by-page answer holds (see `cutAnswer`). */
  readonly answerRows: number;
}

export const SITE: SiteModel = {
  pages: 600,
  medianVotes: 37,
  volumeSpread: 1,
  meanShare: 0.75,
  shareSpread: 0.6,
  weekNoise: 0.03,
  answerRows: 100,
};

export interface Conditions {
  /** Helpful-share points a week, on every page. */
  readonly trend?: number;
  /** One page of each pull request read three times as much after its merge, and the site's traffic growing by half over the report. */
  readonly trafficShift?: boolean;
  /** Each pull request's pages: those readers rated down most (lowest helpful share, 5 votes or more) in the week before it was opened. */
  readonly picked?: boolean;
  /** The true change of each pull request's pages, in points (by its index); their pages are then those with a helpful share of 20–80 %. */
  readonly effect?: (index: number) => number;
  /** Pull request 0: one page with this many votes in four weeks, helpful share 60 %. */
  readonly loudPage?: number;
  /**
   * The answer lists only the `answerRows` pages with most votes that week (the API's order is not
   * documented). Otherwise it lists every page a pull request changed, then the others with most votes.
   */
  readonly cutAnswer?: boolean;
}

export interface ReportShape {
  readonly pulls: number;
  /** impact-weeks. */
  readonly weeks: number;
  /** impact-window in weeks. */
  readonly windowWeeks: number;
}

export const REPORT: ReportShape = { pulls: 25, weeks: 8, windowWeeks: 4 };

export interface SimulatedPull {
  readonly number: number;
  readonly title: string;
  readonly author: string;
  readonly url: string;
  readonly createdAt: string;
  readonly mergedAt: string;
  readonly pages: readonly { readonly path: string }[];
  /** Its pages' true change, in points. */
  readonly trueEffect: number;
}

export interface SimulatedReport {
  /** The report's end date (exclusive), a Monday. */
  readonly end: Day;
  readonly weeks: Map<number, WeekSignals>;
  readonly pulls: readonly SimulatedPull[];
}

const END = dayOf('2026-03-02');

interface Page {
  readonly path: string;
  /** Votes a week. */
  readonly volume: number;
  readonly share: number;
}

type Random = () => number;

function normal(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function poisson(random: Random, mean: number): number {
  if (mean > 60) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal(random)));
  const limit = Math.exp(-mean);
  let count = 0;
  for (let product = random(); product > limit; product *= random()) count++;
  return count;
}

function binomial(random: Random, trials: number, p: number): number {
  if (trials > 200) return Math.min(trials, Math.max(0, Math.round(trials * p + Math.sqrt(trials * p * (1 - p)) * normal(random))));
  let count = 0;
  for (let i = 0; i < trials; i++) if (random() < p) count++;
  return count;
}

function sitePages(random: Random, model: SiteModel): Page[] {
  const logit = Math.log(model.meanShare / (1 - model.meanShare));
  return Array.from({ length: model.pages }, (_, index) => ({
    path: `/site/page-${index}`,
    volume: (model.medianVotes / 4) * Math.exp(model.volumeSpread * normal(random)),
    share: 1 / (1 + Math.exp(-(logit + model.shareSpread * normal(random)))),
  }));
}

interface Timing {
  readonly created: Day;
  readonly merged: Day;
}

/** Merge days over the report's weeks; with a loud page, its pull request merged early enough for its after window to have ended. */
function timings(random: Random, shape: ReportShape, end: Day, loud: boolean): Timing[] {
  const earliest = end - 7 * shape.weeks;
  return Array.from({ length: shape.pulls }, (_, index) => {
    const latest = loud && index === 0 ? end - 7 * (shape.windowWeeks + 1) : end;
    const merged = earliest + Math.floor(random() * (latest - earliest));
    return { merged, created: merged - Math.floor(random() * 7) };
  });
}

/** A page's true helpful share and votes in a week, before the pull request's change. */
interface Weekly {
  readonly share: number;
  readonly votes: number;
}

export function simulateReport(
  seed: number,
  conditions: Conditions = {},
  model: SiteModel = SITE,
  shape: ReportShape = REPORT,
): SimulatedReport {
  const random = generator(seed);
  const pages = sitePages(random, model);
  if (conditions.loudPage !== undefined) pages.push({ path: '/site/loud-page', volume: conditions.loudPage / 4, share: 0.6 });
  const lastWeek = weekIndexOf(END) - 1;
  const firstWeek = lastWeek - shape.weeks - 2 * shape.windowWeeks - 3;
  const weekly = new Map<number, Weekly[]>();
  for (let week = firstWeek; week <= lastWeek; week++) {
    const growth = conditions.trafficShift === true ? 1 + (0.5 * (week - firstWeek)) / (lastWeek - firstWeek) : 1;
    const drift = ((conditions.trend ?? 0) / 100) * (week - lastWeek);
    weekly.set(
      week,
      pages.map((page) => ({ share: page.share + drift + model.weekNoise * normal(random), votes: page.volume * growth })),
    );
  }
  const times = timings(random, shape, END, conditions.loudPage !== undefined);
  const chosen = choosePages(random, pages, times, weekly, conditions, model);
  const pulls = times.map((time, index): SimulatedPull => {
    const number = 1000 + index;
    return {
      number,
      title: `Docs change ${number}`,
      author: 'mintlify[bot]',
      url: `https://github.com/acme/docs/pull/${number}`,
      createdAt: `${dayText(time.created)}T10:00:00Z`,
      mergedAt: `${dayText(time.merged)}T16:00:00Z`,
      pages: (chosen[index] ?? []).map((page) => ({ path: pages[page]?.path ?? '' })),
      trueEffect: conditions.effect?.(index) ?? (index === 0 && conditions.loudPage !== undefined ? 20 : 0),
    };
  });
  return { end: END, weeks: answers(random, pages, weekly, pulls, chosen, times, conditions, model), pulls };
}

/** The page indices of each pull request, distinct across the report. */
function choosePages(
  random: Random,
  pages: Page[],
  times: readonly Timing[],
  weekly: Map<number, Weekly[]>,
  conditions: Conditions,
  model: SiteModel,
): number[][] {
  const used = new Set<number>();
  const take = (index: number): number => (used.add(index), index);
  return times.map((time, pull) => {
    const count = 1 + Math.floor(random() * 5);
    if (pull === 0 && conditions.loudPage !== undefined) return [take(pages.length - 1)];
    if (conditions.picked === true) return pickedPages(random, time, weekly, used, count, model).map(take);
    // A true change needs room: its pages have a helpful share that stays within 0 to 100 % after it.
    const room = (index: number) => conditions.effect === undefined || Math.abs((pages[index]?.share ?? 0) - 0.5) <= 0.3;
    const picked: number[] = [];
    while (picked.length < count) {
      const index = Math.floor(random() * model.pages);
      if (!used.has(index) && room(index)) picked.push(take(index));
    }
    return picked;
  });
}

/** The `count` unused pages with the lowest helpful share among those with 5 votes or more in the week before the one the pull request was opened in. */
function pickedPages(
  random: Random,
  time: Timing,
  weekly: Map<number, Weekly[]>,
  used: ReadonlySet<number>,
  count: number,
  model: SiteModel,
): number[] {
  const week = weekly.get(weekIndexOf(time.created) - 1) ?? [];
  return week
    .slice(0, model.pages)
    .map((page, index) => {
      const votes = poisson(random, page.votes);
      return { index, votes, share: votes === 0 ? 1 : binomial(random, votes, clamp(page.share)) / votes };
    })
    .filter((page) => page.votes >= 5 && !used.has(page.index))
    .sort((a, b) => a.share - b.share)
    .slice(0, count)
    .map((page) => page.index);
}

function clamp(share: number): number {
  return Math.min(0.99, Math.max(0.01, share));
}

/** Each week's feedback-by-page answer, as WeekSignals. */
function answers(
  random: Random,
  pages: readonly Page[],
  weekly: Map<number, Weekly[]>,
  pulls: readonly SimulatedPull[],
  chosen: readonly number[][],
  times: readonly Timing[],
  conditions: Conditions,
  model: SiteModel,
): Map<number, WeekSignals> {
  const changeOf = new Map<number, { mergedWeek: number; effect: number; boost: number }>();
  chosen.forEach((indices, pull) => {
    const mergedWeek = weekIndexOf((times[pull] as Timing).merged);
    const effect = (pulls[pull]?.trueEffect ?? 0) / 100;
    indices.forEach((page, i) => changeOf.set(page, { mergedWeek, effect, boost: conditions.trafficShift === true && i === 0 ? 3 : 1 }));
  });
  const result = new Map<number, WeekSignals>();
  for (const [week, states] of weekly) {
    const rows = pages.map((page, index) => {
      const state = states[index] as Weekly;
      const change = changeOf.get(index);
      const after = change !== undefined && week > change.mergedWeek;
      const votes = poisson(random, state.votes * (after ? (change?.boost ?? 1) : 1));
      const up = binomial(random, votes, clamp(state.share + (after ? (change?.effect ?? 0) : 0)));
      return { path: page.path, up, down: votes - up, touched: change !== undefined };
    });
    const listed = rows
      .filter((row) => row.up + row.down > 0)
      .sort((a, b) => (conditions.cutAnswer === true ? 0 : Number(b.touched) - Number(a.touched)) || b.up + b.down - (a.up + a.down))
      .slice(0, model.answerRows);
    result.set(week, { votes: new Map(listed.map((row) => [row.path, { up: row.up, down: row.down }])), seen: new Set() });
  }
  return result;
}
