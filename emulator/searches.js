// @ts-check
// The searches report: search terms ordered by hits, with click-through rate and the most-clicked
// page, served with an opaque cursor. Some terms were never clicked: the content gaps a docs team
// looks for. Generated terms are computed per position on demand.
import { encodeCursor } from './query.js';
import { CURATED_PATHS, unitHash } from './site.js';

/**
 * @typedef {import('./scenario.js').SearchesScenario} SearchesScenario
 * @typedef {import('./scenario.js').SearchRow} SearchRow
 * @typedef {import('./query.js').AnalyticsQuery} AnalyticsQuery
 */

/** `limit` 1..100 (default 50) and `cursor`. */
export const SEARCH_PAGING = { limit: { default: 50, max: 100 }, cursor: true };

/** Distinct terms when a scenario names neither `searches` nor `count`. */
export const DEFAULT_SEARCH_COUNT = 240;

/** Realistic terms, most searched first: [term, most-clicked page or null when nobody clicked]. */
const CURATED_TERMS = /** @type {const} */ ([
  ['api key', '/concepts/api-keys'],
  ['authentication', '/authentication'],
  ['create job', '/api-reference/endpoint/create-job'],
  ['rate limit', '/api-reference/rate-limits'],
  ['webhooks', '/guides/webhooks'],
  ['retry-after header', null],
  ['python sdk', '/sdks/python'],
  ['pagination', '/api-reference/pagination'],
  ['github action', '/guides/github-actions'],
  ['delete a project', null],
  ['custom domain', '/guides/custom-domains'],
  ['webhook signature verification', null],
  ['error 401', '/api-reference/errors'],
  ['typescript', '/sdks/typescript'],
  ['terraform provider', null],
  ['sso okta', '/guides/sso'],
  ['changelog', '/changelog'],
  ['migrate from v1', '/guides/migrating-from-v1'],
  ['java sdk', null],
  ['job status', '/api-reference/endpoint/get-job'],
  ['bulk import', null],
  ['cli install', '/cli/installation'],
  ['versioning', '/guides/versioning'],
  ['self-hosted', null],
  ['slack', '/integrations/slack'],
]);

const SUBJECTS = [
  'webhook',
  'api key',
  'sso',
  'search',
  'theme',
  'redirect',
  'preview',
  'analytics',
  'snippet',
  'openapi',
  'navigation',
  'locale',
];
const ASPECTS = [
  'example',
  'errors',
  'limits',
  'setup',
  'python',
  'curl',
  'timeout',
  'retry',
  'permissions',
  'troubleshooting',
  'v2',
  'migration',
];

/**
 * Search term at `position` (0 is the most searched). Hits fall with the position; roughly one
 * term in six beyond the curated ones was never clicked.
 * @param {number} position
 * @param {number} now epoch ms, for lastSearchedAt
 * @returns {SearchRow}
 */
export function generatedSearch(position, now) {
  const hits = Math.max(1, Math.floor(900 * (position + 1) ** -0.8));
  const curated = CURATED_TERMS[position];
  const rest = position - CURATED_TERMS.length;
  const round = Math.floor(rest / (SUBJECTS.length * ASPECTS.length));
  const searchQuery =
    curated?.[0] ??
    `${SUBJECTS[rest % SUBJECTS.length]} ${ASPECTS[Math.floor(rest / SUBJECTS.length) % ASPECTS.length]}${round === 0 ? '' : ` ${round + 1}`}`;
  const clickedPage =
    curated === undefined
      ? unitHash(5 * position + 1) < 0.17
        ? null
        : (CURATED_PATHS[Math.floor(unitHash(5 * position + 2) * CURATED_PATHS.length)] ?? null)
      : curated[1];
  const ctr = clickedPage === null ? 0 : Math.round((0.2 + 0.6 * unitHash(5 * position + 3)) * 1000) / 1000;
  const lastSearchedAt = new Date(now - Math.floor(unitHash(5 * position + 4) * 6 * 86_400_000)).toISOString();
  return { searchQuery, hits, ctr, topClickedPage: clickedPage, lastSearchedAt };
}

/** @type {Map<number, number>} */
const generatedTotalByCount = new Map();

/**
 * @param {SearchesScenario} scenario
 * @param {AnalyticsQuery} query offset decoded from the cursor
 * @param {number} now
 */
export function searchesReport(scenario, query, now) {
  const explicit = scenario.searches;
  const count = explicit?.length ?? scenario.count ?? DEFAULT_SEARCH_COUNT;
  /** @param {number} position */
  const rowAt = (position) => (explicit ? { .../** @type {SearchRow} */ (explicit[position]) } : generatedSearch(position, now));
  let totalSearches = scenario.totalSearches;
  if (totalSearches === undefined && explicit) totalSearches = explicit.reduce((sum, row) => sum + row.hits, 0);
  if (totalSearches === undefined) {
    totalSearches = generatedTotalByCount.get(count);
    if (totalSearches === undefined) {
      totalSearches = 0;
      // Hits do not depend on `now`: summing them needs no date.
      for (let position = 0; position < count; position++) totalSearches += generatedSearch(position, 0).hits;
      generatedTotalByCount.set(count, totalSearches);
    }
  }
  const end = Math.min(count, query.offset + query.limit);
  /** @type {SearchRow[]} */
  const searches = [];
  for (let position = query.offset; position < end; position++) searches.push(rowAt(position));
  // A misbehaving service: the second page's cursor, over and over.
  const nextCursor = end < count ? encodeCursor(scenario.repeatCursor ? query.limit : end) : null;
  return { searches, totalSearches, nextCursor };
}
