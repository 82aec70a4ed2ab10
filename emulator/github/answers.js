// @ts-check
// How the fake GitHub answers, shared by its route modules: GitHub's error body, one page of a list
// with GitHub's Link header, and reading a request's JSON.

/**
 * @typedef {import('./server.js').Answer} Answer
 * @typedef {import('./server.js').RouteRequest} RouteRequest
 */

const DOCS = 'https://docs.github.com/rest';

/**
 * GitHub's error body.
 * @param {number} status
 * @param {string} message
 * @param {Record<string, string>} [headers]
 * @returns {Answer}
 */
export function githubError(status, message, headers = {}) {
  return { status, body: { message, documentation_url: DOCS, status: String(status) }, headers };
}

/**
 * The `body` field of a JSON request body (a comment's text), or undefined when there is none.
 * @param {string} text
 * @returns {string | undefined}
 */
export function bodyField(text) {
  const parsed = jsonOf(text);
  return parsed !== null && typeof parsed === 'object' && 'body' in parsed && typeof parsed.body === 'string' ? parsed.body : undefined;
}

/**
 * @param {string} text
 * @returns {unknown}
 */
export function jsonOf(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * GitHub's Link header for page `number` of `last` (next and last, prev and first), or undefined
 * when there is one page.
 * @param {RouteRequest} request
 * @param {number} number
 * @param {number} last
 * @param {number} perPage
 * @returns {string | undefined}
 */
export function pageLinks(request, number, last, perPage) {
  /** @param {number} n */
  const link = (n) => {
    const query = new URLSearchParams({ ...request.query, per_page: String(perPage), page: String(n) });
    return `<${request.url}${request.path}?${query.toString()}>`;
  };
  /** @type {string[]} */
  const links = [];
  if (number < last) links.push(`${link(number + 1)}; rel="next"`, `${link(last)}; rel="last"`);
  if (number > 1) links.push(`${link(number - 1)}; rel="prev"`, `${link(1)}; rel="first"`);
  return links.length > 0 ? links.join(', ') : undefined;
}

/**
 * `per_page` (at most `max`, `fallback` when absent) and `page` (from 1) of a request.
 * @param {RouteRequest} request
 * @param {number} [fallback]
 * @param {number} [max]
 */
export function pageOf(request, fallback = 30, max = 100) {
  const perPage = Math.min(max, Math.max(1, Number(request.query['per_page'] ?? String(fallback)) || fallback));
  const number = Math.max(1, Number(request.query['page'] ?? '1') || 1);
  return { perPage, number };
}

/**
 * The items of one page of a list and GitHub's Link header for it (`per_page` at most 100, 30 by default).
 * @template T
 * @param {readonly T[]} all
 * @param {RouteRequest} request
 * @returns {{ items: T[], headers: Record<string, string> }}
 */
export function pageSlice(all, request) {
  const { perPage, number } = pageOf(request);
  const last = Math.max(1, Math.ceil(all.length / perPage));
  const links = pageLinks(request, number, last, perPage);
  return { items: all.slice((number - 1) * perPage, number * perPage), headers: links === undefined ? {} : { link: links } };
}

/**
 * One page of a list as the answer's body, with GitHub's Link header.
 * @template T
 * @param {readonly T[]} all
 * @param {RouteRequest} request
 * @returns {Answer}
 */
export function page(all, request) {
  const { items, headers } = pageSlice(all, request);
  return { status: 200, body: items, headers };
}

/**
 * GitHub's 422 for a field it refuses, with the `errors` entry that names the field.
 * @param {string} resource e.g. 'Status'
 * @param {string} field
 * @param {string} [message] GitHub's own words for a custom rule (then `code` is 'custom'; 'invalid' otherwise)
 * @returns {Answer}
 */
export function validationFailed(resource, field, message) {
  const error = message === undefined ? { resource, field, code: 'invalid' } : { resource, field, code: 'custom', message };
  return { status: 422, body: { message: 'Validation Failed', errors: [error], documentation_url: DOCS, status: '422' } };
}

/**
 * A user as GitHub names one in an answer (a comment's author, a reaction's, a status's creator).
 * @param {string} login
 */
export function userJson(login) {
  return { login, id: 1, type: login.endsWith('[bot]') ? 'Bot' : 'User' };
}
