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
 * One page of a list, with GitHub's Link header (`per_page` at most 100, 30 by default).
 * @template T
 * @param {readonly T[]} all
 * @param {RouteRequest} request
 * @returns {Answer}
 */
export function page(all, request) {
  const { perPage, number } = pageOf(request);
  const last = Math.max(1, Math.ceil(all.length / perPage));
  const links = pageLinks(request, number, last, perPage);
  return {
    status: 200,
    body: all.slice((number - 1) * perPage, number * perPage),
    headers: links === undefined ? {} : { link: links },
  };
}
