/**
 * A client bound to one repository (the docs repository's `docs-token`): its token goes to that
 * repository's REST paths and to GraphQL's `viewer` (to find its own comments), nowhere else,
 * whatever a link or the service's answer names.
 */
import { isRecord } from '../is-record.js';

export interface RepositoryScope {
  readonly owner: string;
  readonly repo: string;
}

/** The one GraphQL query a bound client may send: it names no repository. */
export const VIEWER_QUERY = 'query { viewer { login } }';

function decoded(segment: string | undefined): string | undefined {
  try {
    return segment === undefined ? undefined : decodeURIComponent(segment).toLowerCase();
  } catch {
    return undefined;
  }
}

/** `/repos/{owner}/{repo}` or below it, under the API's base path (GitHub's names are case-insensitive). */
function inRepository(scope: RepositoryScope, apiUrl: URL, url: URL): boolean {
  const base = apiUrl.pathname.replace(/\/+$/, '');
  if (url.origin !== apiUrl.origin || !url.pathname.startsWith(`${base}/repos/`)) return false;
  // URL parsing has already resolved `..` and `%2e%2e`: the segments are the path GitHub sees.
  const [owner, repo] = url.pathname.slice(`${base}/repos/`.length).split('/');
  return decoded(owner) === scope.owner.toLowerCase() && decoded(repo) === scope.repo.toLowerCase();
}

/** Why the request leaves the scope; undefined when it stays inside. */
export function outsideScope(
  scope: RepositoryScope,
  endpoints: { apiUrl: URL; graphqlUrl: URL },
  url: URL,
  body: unknown,
): string | undefined {
  if (url.href === endpoints.graphqlUrl.href) {
    const query = isRecord(body) ? body['query'] : undefined;
    const onlyQuery = isRecord(body) && Object.keys(body).length === 1;
    return onlyQuery && typeof query === 'string' && query.trim() === VIEWER_QUERY
      ? undefined
      : 'a GraphQL query other than who the token is';
  }
  return inRepository(scope, endpoints.apiUrl, url)
    ? undefined
    : `outside /repos/${scope.owner}/${scope.repo} on ${endpoints.apiUrl.origin}`;
}
