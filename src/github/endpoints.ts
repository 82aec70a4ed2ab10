/**
 * GITHUB_API_URL and GITHUB_GRAPHQL_URL. A workflow cannot override them, but an odd value (no URL,
 * credentials in it) is refused rather than sent a token.
 */
import type { Environment } from '../runtime.js';
import type { GitHubEndpoints } from './client.js';

function httpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password ? url : undefined;
  } catch {
    return undefined;
  }
}

/** GraphQL beside REST: `…/api/v3` → `…/api/graphql` (Enterprise Server), else `…/graphql`. */
function graphqlBeside(apiUrl: URL): URL {
  const path = apiUrl.pathname.replace(/\/+$/, '');
  return new URL(`${apiUrl.origin}${/\/api\/v3$/.test(path) ? path.replace(/\/v3$/, '/graphql') : `${path}/graphql`}`);
}

export function githubEndpoints(env: Environment): { readonly endpoints: GitHubEndpoints } | { readonly reason: string } {
  const api = env['GITHUB_API_URL'] || 'https://api.github.com';
  const apiUrl = httpUrl(api);
  if (apiUrl === undefined) return { reason: `GITHUB_API_URL '${api}' is not an http(s) URL without credentials` };
  const graphql = env['GITHUB_GRAPHQL_URL'];
  const graphqlUrl = graphql ? httpUrl(graphql) : graphqlBeside(apiUrl);
  if (graphqlUrl === undefined) return { reason: `GITHUB_GRAPHQL_URL '${graphql ?? ''}' is not an http(s) URL without credentials` };
  return { endpoints: { apiUrl, graphqlUrl } };
}
