// @ts-check
// Query parameters of the analytics endpoints, validated as the OpenAPI document describes them:
// dates, `limit` with each endpoint's own default and maximum, `offset`, an opaque `cursor`, and the
// feedback `source` filter. Problems are collected, so one 400 names every bad parameter.

/**
 * @typedef {object} QuerySpec
 * @property {{default: number, max: number}} [limit]
 * @property {boolean} [offset]
 * @property {boolean} [cursor]
 * @property {boolean} [source]
 */

/**
 * @typedef {object} AnalyticsQuery
 * @property {string} [dateFrom] as sent, so that totalsByDateFrom can match it exactly
 * @property {string} [dateTo]
 * @property {number} limit
 * @property {number} offset from `offset`, or decoded from `cursor`
 * @property {string} [source]
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const INTEGER_PATTERN = /^\d+$/;
const CURSOR_PATTERN = /^pos:(\d+)$/;
export const FEEDBACK_SOURCES = ['code_snippet', 'contextual', 'agent', 'thumbs_only'];

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
 * An opaque cursor for a position in a list (the client must not rely on its form).
 * @param {number} position
 */
export function encodeCursor(position) {
  return Buffer.from(`pos:${position}`).toString('base64url');
}

/**
 * @param {string} cursor
 * @returns {number|null}
 */
function decodeCursor(cursor) {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : null;
}

/**
 * @param {Record<string, string>} params
 * @param {QuerySpec} spec
 * @returns {{ok: true, query: AnalyticsQuery} | {ok: false, problems: string[]}}
 */
export function parseAnalyticsQuery(params, spec) {
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
  const limit = spec.limit ? integer('limit', spec.limit.default, 1, spec.limit.max) : 0;
  let offset = spec.offset ? integer('offset', 0, 0, Infinity) : 0;
  if (spec.cursor && params['cursor'] !== undefined) {
    const position = decodeCursor(params['cursor']);
    if (position === null) problems.push(`cursor: not a cursor this service issued, got ${JSON.stringify(params['cursor'])}`);
    else offset = position;
  }
  const source = spec.source ? params['source'] : undefined;
  if (source !== undefined && !FEEDBACK_SOURCES.includes(source)) {
    problems.push(`source: expected one of ${FEEDBACK_SOURCES.join(', ')}, got ${JSON.stringify(source)}`);
  }
  const from = date('dateFrom');
  const to = date('dateTo');
  if (from !== null && to !== null && from >= to) problems.push('dateFrom: must be before dateTo (dateTo is exclusive)');
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    query: { dateFrom: params['dateFrom'], dateTo: params['dateTo'], limit, offset, ...(source === undefined ? {} : { source }) },
  };
}
