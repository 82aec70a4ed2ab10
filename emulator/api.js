// @ts-check
// The emulated API itself: authentication, body validation and the endpoints.
import { dailyFeedbackByPage, dailySearches, dailyViews } from './daily.js';
import { BY_PAGE_PAGING, FEEDBACK_PAGING, feedbackByPage, feedbackList } from './feedback.js';
import { errorResponse, jsonResponse } from './http.js';
import { presentJob } from './jobs.js';
import { parseAnalyticsQuery } from './query.js';
import { SEARCH_PAGING, searchesReport } from './searches.js';
import { OFFSET_PAGING, sitePageCount, viewsReport, visitorsReport } from './visitors.js';

/**
 * @typedef {import('./http.js').PreparedResponse} PreparedResponse
 * @typedef {import('./routes.js').Route} Route
 * @typedef {import('./scenario.js').Scenario} Scenario
 * @typedef {import('./jobs.js').JobStore} JobStore
 */

/**
 * @typedef {object} ApiRequest
 * @property {Record<string, string|undefined>} headers lower-case names
 * @property {Record<string, string>} query
 * @property {string|null} body null when too large to keep
 */

/**
 * @typedef {object} ApiState
 * @property {string} apiKey
 * @property {Scenario} scenario
 * @property {JobStore} jobs
 * @property {() => number} clock epoch ms, for the dates in analytics answers
 */

/**
 * @typedef {object} ApiResult
 * @property {PreparedResponse} response
 * @property {boolean} jobCreated a job was created or a message accepted
 */

const BEARER_PATTERN = /^Bearer +(\S+) *$/i;
const JSON_CONTENT_TYPE = /^application\/json *(;|$)/i;

/**
 * @param {Route} route
 * @param {ApiRequest} request
 * @param {ApiState} state
 * @returns {ApiResult}
 */
export function handleApiRequest(route, request, state) {
  const token = BEARER_PATTERN.exec(request.headers.authorization ?? '')?.[1];
  if (token === undefined) return refused(errorResponse(401, 'Missing or invalid Authorization header'));
  if (token !== state.apiKey) return refused(errorResponse(403, 'Invalid API key'));
  const { projectId, jobId } = route;
  if (route.badEncoding || projectId === undefined) return refused(errorResponse(400, 'Malformed path parameter'));
  const jobScenario = state.scenario.job ?? {};
  switch (route.endpoint) {
    case 'create': {
      const prompt = readPrompt(request);
      if (typeof prompt !== 'string') return refused(prompt);
      const record = state.jobs.create(projectId, prompt, jobScenario);
      return { response: jsonResponse(201, presentJob(state.jobs.accepted(record, jobScenario), jobScenario)), jobCreated: true };
    }
    case 'get': {
      const record = jobId === undefined ? undefined : state.jobs.find(projectId, jobId);
      const job = record && state.jobs.poll(record);
      if (!job) return refused(errorResponse(404, 'Job not found'));
      return { response: jsonResponse(200, presentJob(job, jobScenario)), jobCreated: false };
    }
    case 'message': {
      const prompt = readPrompt(request);
      if (typeof prompt !== 'string') return refused(prompt);
      const record = jobId === undefined ? undefined : state.jobs.find(projectId, jobId);
      if (!record) return refused(errorResponse(404, 'Job not found'));
      state.jobs.message(record, prompt, jobScenario);
      return { response: jsonResponse(200, presentJob(state.jobs.accepted(record, jobScenario), jobScenario)), jobCreated: true };
    }
    case 'visitors':
    case 'views':
    case 'searches':
    case 'feedback':
    case 'feedback-by-page':
    case 'assistant-caller-stats':
      return { response: analyticsResponse(route.endpoint, request, state), jobCreated: false };
    default:
      return refused(errorResponse(404, 'Not found'));
  }
}

/** Query parameters each analytics endpoint takes (the OpenAPI document's limits and defaults). */
const ANALYTICS_QUERIES = {
  visitors: OFFSET_PAGING,
  views: OFFSET_PAGING,
  searches: SEARCH_PAGING,
  feedback: FEEDBACK_PAGING,
  'feedback-by-page': BY_PAGE_PAGING,
  'assistant-caller-stats': {},
};

const DEFAULT_CALLER_STATS = { web: 1834, api: 412, other: 57, total: 2303 };

/**
 * @param {import('./scenario.js').AnalyticsEndpoint} endpoint
 * @param {ApiRequest} request
 * @param {ApiState} state
 * @returns {PreparedResponse}
 */
function analyticsResponse(endpoint, request, state) {
  const parsed = parseAnalyticsQuery(request.query, ANALYTICS_QUERIES[endpoint]);
  if (!parsed.ok) {
    const details = parsed.problems.map((message) => ({ message }));
    return jsonResponse(400, { error: 'Invalid query parameters', details });
  }
  const { query } = parsed;
  const scenario = state.scenario;
  const visitors = scenario.visitors ?? {};
  const daily = scenario.daily;
  if (daily !== undefined) {
    // Date-aware analytics answer these three from the daily rates; the others keep their answers.
    if (endpoint === 'views') return jsonResponse(200, dailyViews(daily, query, state.clock()));
    if (endpoint === 'feedback-by-page') return jsonResponse(200, dailyFeedbackByPage(daily, query, state.clock()));
    if (endpoint === 'searches') return jsonResponse(200, dailySearches(daily, query, state.clock()));
  }
  switch (endpoint) {
    case 'visitors':
      return jsonResponse(200, visitorsReport(visitors, query));
    case 'views':
      return jsonResponse(200, viewsReport(scenario.views ?? {}, visitors, query));
    case 'searches':
      return jsonResponse(200, searchesReport(scenario.searches ?? {}, query, state.clock()));
    case 'feedback':
      return jsonResponse(200, feedbackList(scenario.feedback ?? {}, sitePageCount(visitors), query, state.clock()));
    case 'feedback-by-page':
      return jsonResponse(200, feedbackByPage(scenario.feedback ?? {}, sitePageCount(visitors), query));
    case 'assistant-caller-stats':
      return jsonResponse(200, { ...DEFAULT_CALLER_STATS, ...scenario.assistant });
  }
}

/**
 * @param {PreparedResponse} response
 * @returns {ApiResult}
 */
function refused(response) {
  return { response, jobCreated: false };
}

/**
 * The prompt of a create/message body, or the error response explaining why there is none.
 * @param {ApiRequest} request
 * @returns {string|PreparedResponse}
 */
function readPrompt(request) {
  if (request.body === null) return errorResponse(413, 'Request body too large');
  if (!JSON_CONTENT_TYPE.test(request.headers['content-type'] ?? '')) {
    return errorResponse(400, 'Content-Type must be application/json');
  }
  /** @type {unknown} */
  let parsed;
  try {
    parsed = JSON.parse(request.body);
  } catch {
    return errorResponse(400, 'Request body must be valid JSON');
  }
  const prompt = typeof parsed === 'object' && parsed !== null ? /** @type {{prompt?: unknown}} */ (parsed).prompt : undefined;
  if (typeof prompt !== 'string' || prompt.length === 0) return errorResponse(400, 'prompt must be a non-empty string');
  return prompt;
}
