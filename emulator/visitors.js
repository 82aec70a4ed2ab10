// @ts-check
// The two per-page traffic reports, unique visitors and page views: offset pagination over explicit
// or generated pages of the site (site.js). Generated pages are computed per index on demand, so a
// 100,000-page scenario costs only the pages actually served (plus one pass for the default
// totals, cached per page count).
import { DEFAULT_PAGE_COUNT } from './scenario.js';
import { sitePath, unitHash } from './site.js';

/**
 * @typedef {import('./scenario.js').PagesScenario} PagesScenario
 * @typedef {import('./scenario.js').VisitorCounts} VisitorCounts
 * @typedef {import('./scenario.js').VisitorPage} VisitorPage
 * @typedef {import('./query.js').AnalyticsQuery} AnalyticsQuery
 */

/** `limit` 1..250 (default 50) and `offset`, as visitors and views take them. */
export const OFFSET_PAGING = { limit: { default: 50, max: 250 }, offset: true };

/**
 * Page `index` of the generated site. Totals fall with the index (the service sorts by total,
 * descending); the human/AI split and their overlap are pseudo-random, so that
 * max(human, ai) <= total <= human + ai.
 * @param {number} index
 * @returns {VisitorPage}
 */
export function generatedPage(index) {
  const total = Math.max(1, Math.floor(60000 * (index + 1) ** -0.6));
  const both = Math.floor(total * 0.15 * unitHash(2 * index + 1));
  const rest = total - both;
  const humanOnly = Math.round(rest * (0.55 + 0.4 * unitHash(2 * index + 2)));
  const aiOnly = rest - humanOnly;
  return { path: sitePath(index), human: humanOnly + both, ai: aiOnly + both, total };
}

/**
 * Content view events of page `index`: a few per visitor, more per AI agent (crawlers come back).
 * Events are not deduplicated, so total = human + ai.
 * @param {number} index
 * @returns {VisitorPage}
 */
export function generatedViews(index) {
  const visitors = generatedPage(index);
  const human = Math.round(visitors.human * (1.4 + 1.2 * unitHash(3 * index + 7)));
  const ai = Math.round(visitors.ai * (2 + 3 * unitHash(3 * index + 8)));
  return { path: visitors.path, human, ai, total: human + ai };
}

/**
 * Views of a page given by its visitors: twice as many human views, three times as many AI ones.
 * @param {VisitorPage} page
 * @returns {VisitorPage}
 */
function viewsOfVisitors(page) {
  return { path: page.path, human: 2 * page.human, ai: 3 * page.ai, total: 2 * page.human + 3 * page.ai };
}

/**
 * Site-wide unique visitors from per-page counts. A visitor who reads several pages counts once
 * site-wide, so human/ai are below the page sums (catching clients that sum pages), and total is
 * deduplicated: strictly below human + ai whenever both are non-zero.
 * @param {number} count
 * @param {(index: number) => VisitorPage} pageAt
 * @returns {VisitorCounts}
 */
function uniqueTotals(count, pageAt) {
  let [humanSum, aiSum, humanMax, aiMax] = [0, 0, 0, 0];
  for (let index = 0; index < count; index++) {
    const page = pageAt(index);
    humanSum += page.human;
    aiSum += page.ai;
    humanMax = Math.max(humanMax, page.human);
    aiMax = Math.max(aiMax, page.ai);
  }
  const human = Math.max(humanMax, Math.floor(humanSum * 0.8));
  const ai = Math.max(aiMax, Math.floor(aiSum * 0.8));
  const overlap = human > 0 && ai > 0 ? Math.max(1, Math.floor(Math.min(human, ai) * 0.2)) : 0;
  return { human, ai, total: human + ai - overlap };
}

/**
 * Site-wide view events: the sums of the pages' events.
 * @param {number} count
 * @param {(index: number) => VisitorPage} pageAt
 * @returns {VisitorCounts}
 */
function eventTotals(count, pageAt) {
  let [human, ai] = [0, 0];
  for (let index = 0; index < count; index++) {
    const page = pageAt(index);
    human += page.human;
    ai += page.ai;
  }
  return { human, ai, total: human + ai };
}

/**
 * @typedef {object} PageKind
 * @property {string} name cache key
 * @property {(index: number) => VisitorPage} generated
 * @property {(count: number, pageAt: (index: number) => VisitorPage) => VisitorCounts} totals
 */

/** @type {PageKind} */
const VISITORS = { name: 'visitors', generated: generatedPage, totals: uniqueTotals };
/** @type {PageKind} */
const VIEWS = { name: 'views', generated: generatedViews, totals: eventTotals };

/** @type {Map<string, VisitorCounts>} */
const generatedTotalsCache = new Map();

/**
 * @param {PageKind} kind
 * @param {PagesScenario} scenario
 * @param {number} siteCount pages of the generated site when the scenario names no count of its own
 * @returns {{count: number, pageAt: (index: number) => VisitorPage, totals: () => VisitorCounts}}
 */
function pageSource(kind, scenario, siteCount) {
  const explicit = scenario.pages;
  if (explicit) {
    /** @param {number} index */
    const pageAt = (index) => ({ .../** @type {VisitorPage} */ (explicit[index]) });
    return { count: explicit.length, pageAt, totals: () => kind.totals(explicit.length, pageAt) };
  }
  const count = scenario.pageCount ?? siteCount;
  const totals = () => {
    const key = `${kind.name}:${count}`;
    let cached = generatedTotalsCache.get(key);
    if (!cached) {
      cached = kind.totals(count, kind.generated);
      generatedTotalsCache.set(key, cached);
    }
    return cached;
  };
  return { count, pageAt: kind.generated, totals };
}

/**
 * One page of a traffic report: the totals (per exact dateFrom, fixed, or computed) and the rows at
 * `offset`, with the scenario's misbehaviours (hasMore forever, offset ignored).
 * @param {PageKind} kind
 * @param {PagesScenario} scenario
 * @param {number} siteCount
 * @param {AnalyticsQuery} query
 */
function trafficPage(kind, scenario, siteCount, query) {
  const source = pageSource(kind, scenario, siteCount);
  const byDateFrom = scenario.totalsByDateFrom;
  const totals =
    (query.dateFrom !== undefined && byDateFrom && Object.hasOwn(byDateFrom, query.dateFrom) ? byDateFrom[query.dateFrom] : undefined) ??
    scenario.totals ??
    source.totals();
  const offset = scenario.ignoreOffset ? 0 : query.offset;
  const end = Math.min(source.count, offset + query.limit);
  /** @type {VisitorPage[]} */
  const rows = [];
  for (let index = offset; index < end; index++) rows.push(source.pageAt(index));
  const hasMore = Boolean(scenario.hasMoreForever || scenario.ignoreOffset) || end < source.count;
  return { totals: { ...totals }, rows, hasMore };
}

/**
 * Pages of the site: the visitors scenario's own, else the default.
 * @param {PagesScenario} visitors
 */
export function sitePageCount(visitors) {
  return visitors.pages?.length ?? visitors.pageCount ?? DEFAULT_PAGE_COUNT;
}

/**
 * @param {PagesScenario} scenario
 * @param {AnalyticsQuery} query
 */
export function visitorsReport(scenario, query) {
  const { totals, rows, hasMore } = trafficPage(VISITORS, scenario, DEFAULT_PAGE_COUNT, query);
  return { totals, visitors: rows, hasMore };
}

/**
 * Views of the same site as the visitors scenario unless the views scenario names its own pages.
 * @param {PagesScenario} scenario
 * @param {PagesScenario} visitors
 * @param {AnalyticsQuery} query
 */
export function viewsReport(scenario, visitors, query) {
  const ownPages = scenario.pages !== undefined || scenario.pageCount !== undefined;
  const pages = ownPages ? scenario.pages : visitors.pages?.map(viewsOfVisitors);
  const effective = pages === undefined ? scenario : { ...scenario, pages };
  const { totals, rows, hasMore } = trafficPage(VIEWS, effective, sitePageCount(visitors), query);
  return { totals, views: rows, hasMore };
}
