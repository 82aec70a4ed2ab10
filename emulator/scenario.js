// @ts-check
// Scenario types and their validation. Scenarios arrive from tests (in-process) and as JSON from the
// control endpoint or the CLI, so every scenario goes through `parseScenario`, which rejects unknown
// keys: a typo such as `statuss` would otherwise silently fall back to the defaults.

/**
 * @typedef {'create'|'get'|'message'|AnalyticsEndpoint} ApiEndpoint
 * @typedef {'visitors'|'views'|'searches'|'feedback'|'feedback-by-page'|'assistant-caller-stats'} AnalyticsEndpoint
 * @typedef {'status'|'reset'|'hang'|'truncate'|'html'|'empty'|'delay'|'redirect'|'huge'} FaultKind
 */

/**
 * @typedef {object} Fault
 * @property {ApiEndpoint|'any'} endpoint
 * @property {FaultKind} kind
 * @property {number} [skip] matching requests let through first (default 0)
 * @property {number} [times] matching requests affected after `skip` (default 1; Infinity allowed)
 * @property {number} [status] for 'status' and 'html'
 * @property {string} [retryAfter] Retry-After header value
 * @property {unknown} [body] JSON body for 'status'
 * @property {number} [delayMs] for 'delay'
 * @property {string} [location] for 'redirect' (default: the request's own path)
 * @property {number} [sizeBytes] for 'huge'
 * @property {boolean} [afterAction] act first (create the job, accept the message), then fault the response
 */

/**
 * @typedef {'completed'|'failed'|'archived'} FinalJobStatus
 * @typedef {'missing-id'|'missing-status'|'status-number'|'not-object'} JobMalformation
 */

/**
 * @typedef {object} JobScenario
 * @property {string[]} [statuses] statuses of successive GETs after a create/message; the last repeats
 * @property {number} [completeAfterMs] instead of `statuses`: 'active' until this long after create/message
 * @property {FinalJobStatus} [finalStatus]
 * @property {string} [createStatus] status in the create/message response body
 * @property {string|null} [prLink] null = completed without a PR
 * @property {string} [model]
 * @property {string} [repository]
 * @property {string|null} [ref]
 * @property {number} [notFoundPolls] GETs answered 404 right after create
 * @property {Record<string, unknown>} [extraFields] unknown fields added to every job body
 * @property {JobMalformation} [malformed]
 */

/**
 * @typedef {object} VisitorCounts
 * @property {number} human
 * @property {number} ai
 * @property {number} total
 */

/** @typedef {VisitorCounts & {path: string}} VisitorPage */

/**
 * @typedef {object} PagesScenario a per-page traffic report (visitors or views)
 * @property {number} [pageCount] pages of the generated site (site.js: `/quickstart`, ...)
 * @property {VisitorPage[]} [pages] explicit pages, served in the given order (overrides pageCount)
 * @property {VisitorCounts} [totals]
 * @property {Record<string, VisitorCounts>} [totalsByDateFrom] totals for an exact `dateFrom` string
 * @property {boolean} [hasMoreForever]
 * @property {boolean} [ignoreOffset]
 */

/** @typedef {PagesScenario} VisitorsScenario */

/**
 * @typedef {object} SearchRow
 * @property {string} searchQuery
 * @property {number} hits
 * @property {number} ctr
 * @property {string|null} topClickedPage
 * @property {string} lastSearchedAt
 */

/**
 * @typedef {object} SearchesScenario
 * @property {number} [count] generated terms
 * @property {SearchRow[]} [searches] explicit terms, served in the given order (overrides count)
 * @property {number} [totalSearches] default: the sum of all hits
 * @property {boolean} [repeatCursor] every response after the first repeats the same nextCursor
 */

/**
 * @typedef {object} FeedbackPage
 * @property {string} path
 * @property {number} thumbsUp
 * @property {number} thumbsDown
 * @property {number} code
 * @property {number} total
 */

/**
 * @typedef {object} FeedbackScenario
 * @property {FeedbackPage[]} [pages] explicit `feedback/by-page` rows (default: the rated pages of the site)
 * @property {boolean} [hasMorePages] `hasMore` of `feedback/by-page` (default: more rows than `limit`)
 * @property {number} [count] generated entries of the list
 * @property {Record<string, unknown>[]} [entries] explicit list entries, served as given (overrides count)
 * @property {boolean} [repeatCursor] every response after the first repeats the same nextCursor
 * @property {boolean} [hasMoreWithoutCursor] `hasMore: true` with `nextCursor: null`
 */

/**
 * @typedef {object} AssistantScenario caller stats, as served
 * @property {number} [web]
 * @property {number} [api]
 * @property {number} [other]
 * @property {number} [total]
 */

/**
 * @typedef {object} DailySearch a search whose most-clicked result is the page, per day
 * @property {string} searchQuery
 * @property {number} hits per day
 * @property {number} ctr click-through (0–1) before the change
 * @property {number} [afterCtr] from `changeOn` on (default: `ctr`)
 */

/**
 * @typedef {object} DailyRates
 * @property {number} [thumbsUp] per day
 * @property {number} [thumbsDown] per day
 * @property {number} [views] human views per day
 */

/**
 * @typedef {DailyRates & {path: string, changeOn?: string, after?: DailyRates, since?: string, searches?: DailySearch[]}} DailyPage
 * A page's rates per day (fractions allowed: a window's total is rounded); from `changeOn`
 * (YYYY-MM-DD) on, the rates of `after` replace the ones they name; nothing before `since`.
 */

/**
 * @typedef {object} DailyScenario date-aware analytics (daily.js); when set, views, feedback by page and searches answer from it
 * @property {DailyPage[]} [pages]
 * @property {number} [pageCount] generated pages of the site (site.js) besides `pages`, with steady rates
 */

/**
 * @typedef {object} Scenario
 * @property {JobScenario} [job]
 * @property {VisitorsScenario} [visitors]
 * @property {PagesScenario} [views] default: views of the visitors' site
 * @property {SearchesScenario} [searches]
 * @property {FeedbackScenario} [feedback]
 * @property {AssistantScenario} [assistant]
 * @property {DailyScenario} [daily]
 * @property {Fault[]} [faults]
 */

/** Generated page count when a scenario names neither `pages` nor `pageCount`: a few pages at limit 50. */
export const DEFAULT_PAGE_COUNT = 137;

export const ANALYTICS_ENDPOINTS = ['visitors', 'views', 'searches', 'feedback', 'feedback-by-page', 'assistant-caller-stats'];
const API_ENDPOINTS = ['create', 'get', 'message', ...ANALYTICS_ENDPOINTS, 'any'];
const FAULT_KINDS = ['status', 'reset', 'hang', 'truncate', 'html', 'empty', 'delay', 'redirect', 'huge'];

/** @typedef {(value: unknown) => boolean} Check */

/** @type {Check} */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** @type {Check} */
const isString = (value) => typeof value === 'string';
/** @type {Check} */
const isBoolean = (value) => typeof value === 'boolean';
/** @type {Check} */
const isCount = (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0;
/** @type {Check} */
const isNonNegative = (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
/** @type {Check} */
const isStringOrNull = (value) => value === null || typeof value === 'string';
/** @type {Check} */
const isStringList = (value) => Array.isArray(value) && value.length > 0 && value.every(isString);
/** @type {Check} */
const isAnything = () => true;
/** @param {readonly unknown[]} allowed @returns {Check} */
const oneOf = (allowed) => (value) => allowed.includes(value);
/** @type {Check} */
const isCounts = (value) =>
  isObject(value) && ['human', 'ai', 'total'].every((key) => isCount(/** @type {Record<string, unknown>} */ (value)[key]));
/** @type {Check} */
const isPage = (value) => isCounts(value) && isString(/** @type {Record<string, unknown>} */ (value).path);
/** @type {Check} */
const isCountsByKey = (value) => isObject(value) && Object.values(/** @type {object} */ (value)).every(isCounts);
/** @type {Check} */
const isPageList = (value) => Array.isArray(value) && value.every(isPage);
/** @type {Check} */
const isSearchRow = (value) => {
  if (!isObject(value)) return false;
  const row = /** @type {Record<string, unknown>} */ (value);
  return (
    isString(row.searchQuery) &&
    isNonNegative(row.hits) &&
    isNonNegative(row.ctr) &&
    isStringOrNull(row.topClickedPage) &&
    isString(row.lastSearchedAt)
  );
};
/** A number as the public OpenAPI document allows it: finite, with no minimum and not always whole. */
/** @type {Check} */
const isDocumentedNumber = (value) => typeof value === 'number' && Number.isFinite(value);
/** @type {Check} */
const isFeedbackPage = (value) => {
  if (!isObject(value)) return false;
  const row = /** @type {Record<string, unknown>} */ (value);
  // The document gives these counts no minimum: a scenario may serve what it allows (-3, 2.6).
  return isString(row.path) && ['thumbsUp', 'thumbsDown', 'code', 'total'].every((key) => isDocumentedNumber(row[key]));
};
/** @param {Check} check @returns {Check} */
const listOf = (check) => (value) => Array.isArray(value) && value.every(check);
// JSON has no Infinity: accept null or "Infinity" for an unlimited fault.
/** @type {Check} */
const isTimes = (value) => isCount(value) || value === Infinity || value === null || value === 'Infinity';

/** @type {Record<string, Check>} */
const JOB_FIELDS = {
  statuses: isStringList,
  completeAfterMs: isNonNegative,
  finalStatus: oneOf(['completed', 'failed', 'archived']),
  createStatus: isString,
  prLink: isStringOrNull,
  model: isString,
  repository: isString,
  ref: isStringOrNull,
  notFoundPolls: isCount,
  extraFields: isObject,
  malformed: oneOf(['missing-id', 'missing-status', 'status-number', 'not-object']),
};

/** @type {Record<string, Check>} */
const TRAFFIC_FIELDS = {
  pageCount: isCount,
  pages: isPageList,
  totals: isCounts,
  totalsByDateFrom: isCountsByKey,
  hasMoreForever: isBoolean,
  ignoreOffset: isBoolean,
};

/** @type {Record<string, Check>} */
const SEARCHES_FIELDS = {
  count: isCount,
  searches: listOf(isSearchRow),
  totalSearches: isCount,
  repeatCursor: isBoolean,
};

/** @type {Record<string, Check>} */
const FEEDBACK_FIELDS = {
  pages: listOf(isFeedbackPage),
  hasMorePages: isBoolean,
  count: isCount,
  // Served as given, hostile or malformed on purpose: only "a list of objects" is checked.
  entries: listOf(isObject),
  repeatCursor: isBoolean,
  hasMoreWithoutCursor: isBoolean,
};

/** @type {Check} */
const isDay = (value) => isString(value) && /^\d{4}-\d{2}-\d{2}$/.test(String(value)) && !Number.isNaN(Date.parse(String(value)));
/** @type {Record<string, Check>} */
const RATE_FIELDS = { thumbsUp: isNonNegative, thumbsDown: isNonNegative, views: isNonNegative };
/** @type {Record<string, Check>} */
const DAILY_SEARCH_FIELDS = {
  searchQuery: isString,
  hits: isNonNegative,
  ctr: (value) => isNonNegative(value) && Number(value) <= 1,
  afterCtr: (value) => isNonNegative(value) && Number(value) <= 1,
};
/** @type {Record<string, Check>} */
const DAILY_PAGE_FIELDS = {
  ...RATE_FIELDS,
  path: isString,
  changeOn: isDay,
  since: isDay,
  after: (value) => fieldsPass(value, RATE_FIELDS),
  searches: listOf(
    (value) => fieldsPass(value, DAILY_SEARCH_FIELDS) && isString(/** @type {Record<string, unknown>} */ (value).searchQuery),
  ),
};
/** @type {Record<string, Check>} */
const DAILY_FIELDS = {
  pages: listOf((value) => fieldsPass(value, DAILY_PAGE_FIELDS) && isString(/** @type {Record<string, unknown>} */ (value).path)),
  pageCount: isCount,
};

/** @type {Record<string, Check>} */
const ASSISTANT_FIELDS = { web: isCount, api: isCount, other: isCount, total: isCount };

/** @type {Record<string, Check>} */
const FAULT_FIELDS = {
  endpoint: oneOf(API_ENDPOINTS),
  kind: oneOf(FAULT_KINDS),
  skip: isCount,
  times: isTimes,
  status: (value) => isCount(value) && Number(value) >= 100 && Number(value) <= 599,
  retryAfter: isString,
  body: isAnything,
  delayMs: isNonNegative,
  location: isString,
  sizeBytes: isCount,
  afterAction: isBoolean,
};

/**
 * Throws when `value` is not an object whose present keys all pass their check.
 * @param {unknown} value
 * @param {Record<string, Check>} fields
 * @param {string} where
 * @returns {Record<string, unknown>}
 */
function checkFields(value, fields, where) {
  if (!isObject(value)) throw new TypeError(`${where} must be an object`);
  const record = /** @type {Record<string, unknown>} */ (value);
  for (const [key, field] of Object.entries(record)) {
    const check = fields[key];
    if (!check) throw new TypeError(`${where}.${key} is not a known scenario field`);
    if (field !== undefined && !check(field)) throw new TypeError(`${where}.${key} has an invalid value`);
  }
  return record;
}

/**
 * True when `value` is an object whose keys are all known and pass their check (for nested lists).
 * @param {unknown} value
 * @param {Record<string, Check>} fields
 */
function fieldsPass(value, fields) {
  try {
    checkFields(value, fields, 'value');
    return true;
  } catch {
    return false;
  }
}

/**
 * Validates a scenario (from code or JSON) and returns a normalized copy.
 * @param {unknown} value
 * @returns {Scenario}
 */
export function parseScenario(value) {
  const sections = ['job', 'visitors', 'views', 'searches', 'feedback', 'assistant', 'daily', 'faults'];
  const record = checkFields(value ?? {}, Object.fromEntries(sections.map((name) => [name, isAnything])), 'scenario');
  const job = checkFields(record.job ?? {}, JOB_FIELDS, 'scenario.job');
  const visitors = checkFields(record.visitors ?? {}, TRAFFIC_FIELDS, 'scenario.visitors');
  const views = checkFields(record.views ?? {}, TRAFFIC_FIELDS, 'scenario.views');
  const searches = checkFields(record.searches ?? {}, SEARCHES_FIELDS, 'scenario.searches');
  const feedback = checkFields(record.feedback ?? {}, FEEDBACK_FIELDS, 'scenario.feedback');
  const assistant = checkFields(record.assistant ?? {}, ASSISTANT_FIELDS, 'scenario.assistant');
  const daily = record.daily === undefined ? undefined : checkFields(record.daily, DAILY_FIELDS, 'scenario.daily');
  const faultList = record.faults ?? [];
  if (!Array.isArray(faultList)) throw new TypeError('scenario.faults must be an array');
  const faults = faultList.map((fault, index) => {
    const checked = checkFields(fault, FAULT_FIELDS, `scenario.faults[${index}]`);
    if (checked.endpoint === undefined || checked.kind === undefined) {
      throw new TypeError(`scenario.faults[${index}] needs an endpoint and a kind`);
    }
    const times = checked.times === null || checked.times === 'Infinity' ? Infinity : checked.times;
    return { ...checked, times };
  });
  // The checks above establish the shapes the typedefs describe.
  return /** @type {Scenario} */ ({
    job: { ...job },
    visitors: { ...visitors },
    views: { ...views },
    searches: { ...searches },
    feedback: { ...feedback },
    assistant: { ...assistant },
    ...(daily && { daily: { ...daily } }),
    faults,
  });
}
