// @ts-check
// Date-aware analytics: a scenario's `daily` section gives pages their votes, human views and
// searches per day, with a change on a date, so that two windows (before and after a merge) get
// different answers. When `daily` is set, `views`, `feedback/by-page` and `searches` answer from it
// for the days in [dateFrom, dateTo); every other scenario keeps its answers unchanged.
import { encodeCursor } from './query.js';
import { sitePath } from './site.js';

/**
 * @typedef {import('./query.js').AnalyticsQuery} AnalyticsQuery
 * @typedef {import('./scenario.js').DailyScenario} DailyScenario
 * @typedef {import('./scenario.js').DailyPage} DailyPage
 * @typedef {import('./scenario.js').DailyRates} DailyRates
 */

const DAY_MS = 86_400_000;
/** The days read when a request names no dateFrom (the service's default is not documented). */
const DEFAULT_DAYS = 30;

/**
 * The whole UTC days of [dateFrom, dateTo): day numbers since 1970-01-01, `to` exclusive.
 * @param {AnalyticsQuery} query
 * @param {number} now
 */
export function dayRange(query, now) {
  const to = query.dateTo === undefined ? Math.floor(now / DAY_MS) + 1 : Math.ceil(Date.parse(dateOnlyAsUtc(query.dateTo)) / DAY_MS);
  const from = query.dateFrom === undefined ? to - DEFAULT_DAYS : Math.ceil(Date.parse(dateOnlyAsUtc(query.dateFrom)) / DAY_MS);
  return { from, to };
}

/** @param {string} text */
function dateOnlyAsUtc(text) {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text;
}

/** @param {string | undefined} date @param {number} fallback */
function dayOf(date, fallback) {
  return date === undefined ? fallback : Math.floor(Date.parse(dateOnlyAsUtc(date)) / DAY_MS);
}

/**
 * Generated pages of the site (site.js), each with a few views and votes a day, none changing.
 * @param {number} count
 * @returns {DailyPage[]}
 */
function generatedPages(count) {
  return Array.from({ length: count }, (_, index) => ({
    path: sitePath(index),
    views: Math.max(1, Math.round(400 / (index + 1) ** 0.7)),
    thumbsUp: index < 50 ? 1 : 0,
    thumbsDown: index < 50 ? 0.25 : 0,
  }));
}

/**
 * The pages of the scenario: the explicit ones, then the generated ones whose path none of them takes.
 * @param {DailyScenario} daily
 * @returns {DailyPage[]}
 */
export function dailyPages(daily) {
  const explicit = daily.pages ?? [];
  const taken = new Set(explicit.map((page) => page.path));
  return [...explicit, ...generatedPages(daily.pageCount ?? 0).filter((page) => !taken.has(page.path))];
}

/**
 * A page's totals over the days in range: each rate times the days it held, rounded to whole counts.
 * @param {DailyPage} page
 * @param {{from: number, to: number}} range
 */
export function pageTotals(page, range) {
  const first = Math.max(range.from, dayOf(page.since, range.from));
  const change = Math.max(first, Math.min(range.to, dayOf(page.changeOn, range.to)));
  const [beforeDays, afterDays] = [Math.max(0, change - first), Math.max(0, range.to - change)];
  const after = { ...page, ...page.after };
  /** @param {'thumbsUp'|'thumbsDown'|'views'} key */
  const total = (key) => Math.round((page[key] ?? 0) * beforeDays + (after[key] ?? 0) * afterDays);
  const searches = (page.searches ?? []).map((search) => {
    const hits = Math.round(search.hits * (beforeDays + afterDays));
    const clicks = search.hits * (search.ctr * beforeDays + (search.afterCtr ?? search.ctr) * afterDays);
    return { searchQuery: search.searchQuery, hits, ctr: hits === 0 ? 0 : Math.round((clicks / hits) * 1000) / 1000 };
  });
  return { thumbsUp: total('thumbsUp'), thumbsDown: total('thumbsDown'), views: total('views'), searches };
}

/**
 * @param {DailyScenario} daily
 * @param {AnalyticsQuery} query
 * @param {number} now
 */
function totalsOf(daily, query, now) {
  const range = dayRange(query, now);
  return { range, pages: dailyPages(daily).map((page) => ({ path: page.path, ...pageTotals(page, range) })) };
}

/**
 * `views`: human views per page, most viewed first, offset paging.
 * @param {DailyScenario} daily
 * @param {AnalyticsQuery} query
 * @param {number} now
 */
export function dailyViews(daily, query, now) {
  const rows = totalsOf(daily, query, now)
    .pages.filter((page) => page.views > 0)
    .map((page) => ({ path: page.path, human: page.views, ai: 0, total: page.views }))
    .sort((a, b) => b.total - a.total);
  const human = rows.reduce((sum, row) => sum + row.human, 0);
  const views = rows.slice(query.offset, query.offset + query.limit);
  return { totals: { human, ai: 0, total: human }, views, hasMore: query.offset + query.limit < rows.length };
}

/**
 * `feedback/by-page`: the rated pages in the scenario's order, one page of `limit` rows.
 * @param {DailyScenario} daily
 * @param {AnalyticsQuery} query
 * @param {number} now
 */
export function dailyFeedbackByPage(daily, query, now) {
  const rows = totalsOf(daily, query, now)
    .pages.filter((page) => page.thumbsUp + page.thumbsDown > 0)
    .map(({ path, thumbsUp, thumbsDown }) => ({ path, thumbsUp, thumbsDown, code: 0, total: thumbsUp + thumbsDown }));
  return { feedback: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}

/**
 * `searches`: every page's searches, most hits first, cursor paging; the page is a term's most
 * clicked result while anyone clicks.
 * @param {DailyScenario} daily
 * @param {AnalyticsQuery} query
 * @param {number} now
 */
export function dailySearches(daily, query, now) {
  const { range, pages } = totalsOf(daily, query, now);
  const lastSearchedAt = new Date((range.to - 1) * DAY_MS).toISOString();
  const rows = pages
    .flatMap((page) => page.searches.map((search) => ({ ...search, topClickedPage: search.ctr > 0 ? page.path : null, lastSearchedAt })))
    .filter((row) => row.hits > 0)
    .sort((a, b) => b.hits - a.hits || (a.searchQuery < b.searchQuery ? -1 : 1));
  const end = Math.min(rows.length, query.offset + query.limit);
  const totalSearches = rows.reduce((sum, row) => sum + row.hits, 0);
  return { searches: rows.slice(query.offset, end), totalSearches, nextCursor: end < rows.length ? encodeCursor(end) : null };
}
