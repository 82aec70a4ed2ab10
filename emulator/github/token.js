// @ts-check
// What the fake's token may do: a workflow's `permissions:` as GitHub applies them to GITHUB_TOKEN.
// Each route names the permission it needs; a token without it gets GitHub's 403 "Resource not
// accessible by integration" with the `x-accepted-github-permissions` header naming what would do.
// A scope the token's permissions leave out is `none`, as in a workflow's `permissions:`; metadata
// (collaborators, GraphQL's viewer) is always readable, so those routes need nothing. Without
// permissions set (the default) the token may do everything, as a personal token of an admin.
import { githubError } from './answers.js';

/**
 * @typedef {'actions' | 'contents' | 'issues' | 'pull-requests' | 'statuses'} TokenScope
 * @typedef {Partial<Record<TokenScope, 'read' | 'write' | 'none'>>} TokenPermissions
 * @typedef {{ scopes: readonly TokenScope[], level: 'read' | 'write' }} TokenNeed any one of `scopes` at `level` (write includes read)
 */

/**
 * @param {'read' | 'write'} level
 * @param {...TokenScope} scopes any one of them will do
 * @returns {TokenNeed}
 */
export function needs(level, ...scopes) {
  return { scopes, level };
}

/**
 * GitHub's 403 when `permissions` grant none of what `need` accepts; undefined when the token may.
 * @param {TokenPermissions | undefined} permissions
 * @param {TokenNeed | undefined} need
 * @returns {import('./server.js').Answer | undefined}
 */
export function refusal(permissions, need) {
  if (permissions === undefined || need === undefined) return undefined;
  const granted = need.scopes.some((scope) => {
    const level = permissions[scope] ?? 'none';
    return level === 'write' || (level === 'read' && need.level === 'read');
  });
  if (granted) return undefined;
  // GitHub's header spells the scopes with underscores and separates the alternatives with "; ".
  const accepted = need.scopes.map((scope) => `${scope.replace('-', '_')}=${need.level}`).join('; ');
  return githubError(403, 'Resource not accessible by integration', { 'x-accepted-github-permissions': accepted });
}
