// @ts-check
// Scenario types and their validation. Scenarios arrive from tests (in-process) and as JSON from the
// control endpoint or the CLI, so every scenario goes through `parseScenario`, which rejects unknown
// keys: a typo such as `statuss` would otherwise silently fall back to the defaults.

/**
 * @typedef {'create'|'get'|'message'|'visitors'} ApiEndpoint
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
 * @typedef {object} VisitorsScenario
 * @property {number} [pageCount] generated pages `/page-00001`...
 * @property {VisitorPage[]} [pages] explicit pages, served in the given order (overrides pageCount)
 * @property {VisitorCounts} [totals]
 * @property {Record<string, VisitorCounts>} [totalsByDateFrom] totals for an exact `dateFrom` string
 * @property {boolean} [hasMoreForever]
 * @property {boolean} [ignoreOffset]
 */

/**
 * @typedef {object} Scenario
 * @property {JobScenario} [job]
 * @property {VisitorsScenario} [visitors]
 * @property {Fault[]} [faults]
 */

/** Generated page count when a scenario names neither `pages` nor `pageCount`: a few pages at limit 50. */
export const DEFAULT_PAGE_COUNT = 137;

const API_ENDPOINTS = ['create', 'get', 'message', 'visitors', 'any'];
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
const VISITORS_FIELDS = {
  pageCount: isCount,
  pages: isPageList,
  totals: isCounts,
  totalsByDateFrom: isCountsByKey,
  hasMoreForever: isBoolean,
  ignoreOffset: isBoolean,
};

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
 * Validates a scenario (from code or JSON) and returns a normalized copy.
 * @param {unknown} value
 * @returns {Scenario}
 */
export function parseScenario(value) {
  const record = checkFields(value ?? {}, { job: isAnything, visitors: isAnything, faults: isAnything }, 'scenario');
  const job = checkFields(record.job ?? {}, JOB_FIELDS, 'scenario.job');
  const visitors = checkFields(record.visitors ?? {}, VISITORS_FIELDS, 'scenario.visitors');
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
  return /** @type {Scenario} */ ({ job: { ...job }, visitors: { ...visitors }, faults });
}
