// @ts-check
// The analytics visitors report: query validation and pagination over explicit or generated pages.
// Generated pages are computed per index on demand, so a 100,000-page scenario costs only the pages
// actually served (plus one pass for the default totals, cached per page count).
import { DEFAULT_PAGE_COUNT } from './scenario.js';

/**
 * @typedef {import('./scenario.js').VisitorsScenario} VisitorsScenario
 * @typedef {import('./scenario.js').VisitorCounts} VisitorCounts
 * @typedef {import('./scenario.js').VisitorPage} VisitorPage
 */

/**
 * @typedef {object} VisitorsQuery
 * @property {string} [dateFrom] as sent, so that totalsByDateFrom can match it exactly
 * @property {string} [dateTo]
 * @property {number} limit
 * @property {number} offset
 */

/**
 * @typedef {object} VisitorsReport
 * @property {VisitorCounts} totals
 * @property {VisitorPage[]} visitors
 * @property {boolean} hasMore
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const INTEGER_PATTERN = /^\d+$/;

/**
 * Milliseconds for a `YYYY-MM-DD` or ISO 8601 date, or null. Rejects impossible calendar dates
 * (2024-02-30), which Date.parse would silently roll over.
 * @param {string} text
 * @returns {number|null}
 */
function parseDate(text) {
  const match = DATE_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendarDay = new Date(0);
  calendarDay.setUTCFullYear(year, month - 1, day);
  if (calendarDay.getUTCMonth() !== month - 1 || calendarDay.getUTCDate() !== day) return null;
  if (match[4] === undefined) return calendarDay.getTime();
  // A time without an offset is read as UTC, so results don't depend on the host's time zone.
  const ms = Date.parse(match[7] === undefined ? `${text}Z` : text);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * @param {Record<string, string>} params
 * @returns {{ok: true, query: VisitorsQuery} | {ok: false, problems: string[]}}
 */
export function parseVisitorsQuery(params) {
  /** @type {string[]} */
  const problems = [];
  /**
   * @param {'limit'|'offset'} name
   * @param {number} fallback
   * @param {number} min
   * @param {number} max
   */
  const integer = (name, fallback, min, max) => {
    const text = params[name];
    if (text === undefined) return fallback;
    const value = INTEGER_PATTERN.test(text) ? Number(text) : NaN;
    if (value >= min && value <= max) return value;
    problems.push(
      max === Infinity
        ? `${name}: expected an integer >= ${min}, got ${JSON.stringify(text)}`
        : `${name}: expected an integer between ${min} and ${max}, got ${JSON.stringify(text)}`,
    );
    return fallback;
  };
  /** @param {'dateFrom'|'dateTo'} name */
  const date = (name) => {
    const text = params[name];
    if (text === undefined) return null;
    const ms = parseDate(text);
    if (ms === null) problems.push(`${name}: expected a YYYY-MM-DD or ISO 8601 date, got ${JSON.stringify(text)}`);
    return ms;
  };
  const limit = integer('limit', 50, 1, 250);
  const offset = integer('offset', 0, 0, Infinity);
  const from = date('dateFrom');
  const to = date('dateTo');
  if (from !== null && to !== null && from >= to) problems.push('dateFrom: must be before dateTo (dateTo is exclusive)');
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, query: { dateFrom: params.dateFrom, dateTo: params.dateTo, limit, offset } };
}

/**
 * Deterministic value in [0, 1) for an integer (a 32-bit integer hash).
 * @param {number} n
 */
function unitHash(n) {
  let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return (x >>> 0) / 2 ** 32;
}

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
  return { path: `/page-${String(index + 1).padStart(5, '0')}`, human: humanOnly + both, ai: aiOnly + both, total };
}

/**
 * Site-wide counts from per-page counts. A visitor who reads several pages counts once site-wide,
 * so human/ai are below the page sums (catching clients that sum pages), and total is deduplicated:
 * strictly below human + ai whenever both are non-zero.
 * @param {number} count
 * @param {(index: number) => VisitorPage} pageAt
 * @returns {VisitorCounts}
 */
function siteTotals(count, pageAt) {
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

/** @type {Map<number, VisitorCounts>} */
const generatedTotalsByCount = new Map();

/**
 * @param {VisitorsScenario} scenario
 * @returns {{count: number, pageAt: (index: number) => VisitorPage, totals: () => VisitorCounts}}
 */
function pageSource(scenario) {
  const explicit = scenario.pages;
  if (explicit) {
    /** @param {number} index */
    const pageAt = (index) => ({ .../** @type {VisitorPage} */ (explicit[index]) });
    return { count: explicit.length, pageAt, totals: () => siteTotals(explicit.length, pageAt) };
  }
  const count = scenario.pageCount ?? DEFAULT_PAGE_COUNT;
  const totals = () => {
    let cached = generatedTotalsByCount.get(count);
    if (!cached) {
      cached = siteTotals(count, generatedPage);
      generatedTotalsByCount.set(count, cached);
    }
    return cached;
  };
  return { count, pageAt: generatedPage, totals };
}

/**
 * @param {VisitorsScenario} scenario
 * @param {VisitorsQuery} query
 * @returns {VisitorsReport}
 */
export function visitorsReport(scenario, query) {
  const source = pageSource(scenario);
  const byDateFrom = scenario.totalsByDateFrom;
  const totals =
    (query.dateFrom !== undefined && byDateFrom && Object.hasOwn(byDateFrom, query.dateFrom) ? byDateFrom[query.dateFrom] : undefined) ??
    scenario.totals ??
    source.totals();
  const offset = scenario.ignoreOffset ? 0 : query.offset;
  const end = Math.min(source.count, offset + query.limit);
  /** @type {VisitorPage[]} */
  const visitors = [];
  for (let index = offset; index < end; index++) visitors.push(source.pageAt(index));
  const hasMore = Boolean(scenario.hasMoreForever || scenario.ignoreOffset) || end < source.count;
  return { totals: { ...totals }, visitors, hasMore };
}
