// @ts-check
// Reader feedback: thumbs up/down aggregated by page (`feedback/by-page`, one page of at most
// `limit` rows and a `hasMore` flag, no way to ask for more), and the list of feedback entries,
// newest first, with an opaque cursor. Entries carry what real readers write: comments, code
// snippets, and sometimes a contact e-mail address (personal data the client must not pass on).
import { encodeCursor } from './query.js';
import { curatedIndex, sitePath, unitHash } from './site.js';
import { generatedPage } from './visitors.js';

/**
 * @typedef {import('./scenario.js').FeedbackScenario} FeedbackScenario
 * @typedef {import('./scenario.js').FeedbackPage} FeedbackPage
 * @typedef {import('./query.js').AnalyticsQuery} AnalyticsQuery
 */

/** `feedback/by-page`: `limit` 1..100, default 10; no cursor and no offset. */
export const BY_PAGE_PAGING = { limit: { default: 10, max: 100 }, source: true };
/** `feedback`: `limit` 1..100 (default 50) and `cursor`. */
export const FEEDBACK_PAGING = { limit: { default: 50, max: 100 }, cursor: true, source: true };

/** Entries in the list when a scenario names neither `entries` nor `count`. */
export const DEFAULT_FEEDBACK_COUNT = 150;
/** Only the most-read pages of a generated site get ratings. */
const RATED_PAGES = 300;

/** Pages readers find confusing: a much higher share of down votes. */
const TROUBLED = new Set([
  '/api-reference/endpoint/create-job',
  '/authentication',
  '/api-reference/rate-limits',
  '/guides/webhooks',
  '/sdks/python',
]);

const NEGATIVE = [
  'The example returns 401 even with a valid key. Which header does it expect?',
  'Says "see below" but there is nothing below.',
  'Rate limit headers are not documented anywhere; I had to guess Retry-After.',
  'The Python snippet uses a parameter that no longer exists.',
  'How do I verify the webhook signature? The page only shows the payload.',
  'Outdated screenshots, the dashboard looks different now.',
  'Missing an example of pagination with cursors.',
  'Too long. I just needed the curl command.',
];
const POSITIVE = ['Clear and to the point, thanks!', 'The curl example worked first time.', 'Great overview.'];
const CODE_COMMENTS = ['This snippet does not compile: missing import.', 'The response shown here is missing the status field.'];
const AGENT_COMMENTS = ['Could not find the maximum page size for this endpoint.'];

/**
 * Ratings of page `index` of the generated site: votes grow with its visitors; troubled pages get
 * mostly down votes.
 * @param {number} index
 * @returns {FeedbackPage}
 */
function generatedRating(index) {
  const path = sitePath(index);
  const votes = Math.floor(generatedPage(index).total * 0.004 * (0.5 + unitHash(11 * index + 1)));
  const downShare = TROUBLED.has(path) ? 0.65 + 0.2 * unitHash(11 * index + 2) : 0.05 + 0.35 * unitHash(11 * index + 2) ** 2;
  const thumbsDown = Math.round(votes * downShare);
  const thumbsUp = votes - thumbsDown;
  const code = Math.floor(votes * 0.1 * unitHash(11 * index + 3));
  return { path, thumbsUp, thumbsDown, code, total: thumbsUp + thumbsDown + code };
}

/** @type {Map<number, FeedbackPage[]>} */
const ratedBySiteSize = new Map();

/**
 * The rated pages of a generated site of `siteCount` pages, most feedback first.
 * @param {number} siteCount
 */
function generatedRatings(siteCount) {
  let rated = ratedBySiteSize.get(siteCount);
  if (!rated) {
    rated = Array.from({ length: Math.min(siteCount, RATED_PAGES) }, (_, index) => generatedRating(index))
      .filter((page) => page.total > 0)
      .sort((a, b) => b.total - a.total || (a.path < b.path ? -1 : 1));
    ratedBySiteSize.set(siteCount, rated);
  }
  return rated;
}

/** @type {Map<number, FeedbackPage[]>} */
const downVotedBySiteSize = new Map();

/**
 * The 8 rated pages with the most down votes, where most generated comments go.
 * @param {number} siteCount
 */
function mostDownVoted(siteCount) {
  let pages = downVotedBySiteSize.get(siteCount);
  if (!pages) {
    pages = [...generatedRatings(siteCount)].sort((a, b) => b.thumbsDown - a.thumbsDown).slice(0, 8);
    downVotedBySiteSize.set(siteCount, pages);
  }
  return pages;
}

/**
 * @param {FeedbackScenario} scenario
 * @param {number} siteCount
 * @param {AnalyticsQuery} query
 */
export function feedbackByPage(scenario, siteCount, query) {
  const pages = scenario.pages ?? generatedRatings(siteCount);
  const feedback = pages.slice(0, query.limit).map((page) => ({ ...page }));
  return { feedback, hasMore: scenario.hasMorePages ?? pages.length > query.limit };
}

/**
 * Entry `position` of the generated list (0 is the newest). Most entries are about the pages rated
 * down most.
 * @param {number} position
 * @param {number} siteCount
 * @param {number} now epoch ms
 * @returns {Record<string, unknown>}
 */
export function generatedEntry(position, siteCount, now) {
  const rated = generatedRatings(siteCount);
  const downVoted = mostDownVoted(siteCount);
  const pool = unitHash(13 * position + 1) < 0.7 && downVoted.length > 0 ? downVoted : rated;
  const page = pool[Math.floor(unitHash(13 * position + 2) * pool.length)];
  const path = page?.path ?? sitePath(0);
  const base = {
    id: `fb_${String(position + 1).padStart(6, '0')}`,
    path,
    createdAt: new Date(now - (position + 1) * 37 * 60_000).toISOString(),
    status: unitHash(13 * position + 3) < 0.85 ? 'pending' : 'resolved',
  };
  const pick = (/** @type {readonly string[]} */ list) => list[Math.floor(unitHash(13 * position + 4) * list.length)] ?? null;
  const kind = unitHash(13 * position + 5);
  if (kind < 0.55) {
    const downShare = page && page.thumbsUp + page.thumbsDown > 0 ? page.thumbsDown / (page.thumbsUp + page.thumbsDown) : 0.5;
    const helpful = unitHash(13 * position + 6) >= downShare;
    const comment = unitHash(13 * position + 7) < 0.2 ? null : pick(helpful ? POSITIVE : NEGATIVE);
    const contact = unitHash(13 * position + 8) < 0.4 ? `reader${position + 1}@example.com` : null;
    return { ...base, comment, source: 'contextual', helpful, contact };
  }
  if (kind < 0.75) return { ...base, comment: null, source: 'thumbs_only' };
  if (kind < 0.93) {
    const lang = curatedIndex(path) === undefined ? 'bash' : 'typescript';
    return {
      ...base,
      comment: pick(CODE_COMMENTS),
      source: 'code_snippet',
      code:
        lang === 'bash' ? 'curl -H "Authorization: Bearer $KEY" https://api.example.com/v1/jobs' : 'await client.jobs.create({ prompt })',
      filename: null,
      lang,
    };
  }
  return { ...base, comment: pick(AGENT_COMMENTS), source: 'agent' };
}

/**
 * @param {FeedbackScenario} scenario
 * @param {number} siteCount
 * @param {AnalyticsQuery} query offset decoded from the cursor
 * @param {number} now
 */
export function feedbackList(scenario, siteCount, query, now) {
  const explicit = scenario.entries;
  const count = explicit?.length ?? scenario.count ?? DEFAULT_FEEDBACK_COUNT;
  /** @param {number} position */
  const entryAt = (position) =>
    explicit ? { .../** @type {Record<string, unknown>} */ (explicit[position]) } : generatedEntry(position, siteCount, now);
  /** @type {Record<string, unknown>[]} */
  const feedback = [];
  // A source filter walks the list and keeps the matching entries; without one it is a slice.
  let position = query.offset;
  for (; position < count && feedback.length < query.limit; position++) {
    const entry = entryAt(position);
    if (query.source === undefined || entry['source'] === query.source) feedback.push(entry);
  }
  const hasMore = position < count;
  if (scenario.hasMoreWithoutCursor) return { feedback, nextCursor: null, hasMore: true };
  // A misbehaving service: the second page's cursor, over and over.
  const nextCursor = hasMore ? encodeCursor(scenario.repeatCursor ? query.limit : position) : null;
  return { feedback, nextCursor, hasMore };
}
