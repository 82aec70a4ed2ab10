// @ts-check
// Maps method + raw path to an endpoint. The path is split before decoding, so an encoded slash
// (%2F) stays inside its parameter, as on the real service.

/**
 * @typedef {import('./scenario.js').ApiEndpoint | 'control' | 'unknown'} Endpoint
 * @typedef {object} Route
 * @property {Endpoint} endpoint
 * @property {string} [projectId] decoded
 * @property {string} [jobId] decoded
 * @property {boolean} [badEncoding] a path parameter is not valid percent-encoding
 */

export const CONTROL_PREFIX = '/__emulator/';

/**
 * @param {string} method
 * @param {string} path raw path, without the query string
 * @returns {Route}
 */
export function matchRoute(method, path) {
  if (path.startsWith(CONTROL_PREFIX)) return { endpoint: 'control' };
  const parts = path.split('/').slice(1);
  // Empty parameters ('/v2/agent//job') are as unknown as any other path.
  if (parts.some((part) => part === '')) return { endpoint: 'unknown' };
  const [version, api, projectId, resource, jobId, action, ...rest] = parts;
  if (rest.length > 0 || projectId === undefined) return { endpoint: 'unknown' };
  if (version === 'v2' && api === 'agent' && resource === 'job') {
    if (method === 'POST' && jobId === undefined) return withParams('create', projectId);
    if (method === 'GET' && jobId !== undefined && action === undefined) return withParams('get', projectId, jobId);
    if (method === 'POST' && jobId !== undefined && action === 'message') return withParams('message', projectId, jobId);
  }
  if (version === 'v1' && api === 'analytics' && method === 'GET' && action === undefined) {
    const endpoint = ANALYTICS_ROUTES[jobId === undefined ? `${resource}` : `${resource}/${jobId}`];
    if (endpoint !== undefined) return withParams(endpoint, projectId);
  }
  return { endpoint: 'unknown' };
}

/**
 * `/v1/analytics/{projectId}/<resource>` of each analytics endpoint.
 * @type {Readonly<Record<string, import('./scenario.js').AnalyticsEndpoint>>}
 */
const ANALYTICS_ROUTES = {
  visitors: 'visitors',
  views: 'views',
  searches: 'searches',
  feedback: 'feedback',
  'feedback/by-page': 'feedback-by-page',
  'assistant/caller-stats': 'assistant-caller-stats',
};

/**
 * @param {import('./scenario.js').ApiEndpoint} endpoint
 * @param {string} rawProjectId
 * @param {string} [rawJobId]
 * @returns {Route}
 */
function withParams(endpoint, rawProjectId, rawJobId) {
  try {
    const projectId = decodeURIComponent(rawProjectId);
    return rawJobId === undefined ? { endpoint, projectId } : { endpoint, projectId, jobId: decodeURIComponent(rawJobId) };
  } catch {
    return { endpoint, badEncoding: true };
  }
}
