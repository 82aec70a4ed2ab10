// @ts-check
// A user's repository permission (`GET /repos/{owner}/{repo}/collaborators/{username}/permission`),
// answered as GitHub answers it for each kind of account: collaborators by their role, anyone else
// with 'none' (or, on a public repository, with 'read', as GitHub does), or whatever a test set for
// that login. And whether a user is a collaborator (`GET /repos/{owner}/{repo}/collaborators/{username}`):
// 204 for a collaborator, 404 for anyone else.

import { githubError } from './answers.js';

/**
 * @typedef {import('./server.js').GitHubState} GitHubState
 * @typedef {import('./server.js').FakeRole} FakeRole
 * @typedef {import('./server.js').Route} Route
 */

const FLAG_LEVELS = /** @type {const} */ (['pull', 'triage', 'push', 'maintain', 'admin']);
const BASE_LEVEL = { none: -1, read: 0, triage: 1, write: 2, maintain: 3, admin: 4 };
/** GitHub's legacy `permission`: maintain reads as write, triage as read. */
const LEGACY = { none: 'none', read: 'read', triage: 'read', write: 'write', maintain: 'write', admin: 'admin' };

/**
 * GitHub's answer for a role.
 * @param {string} login
 * @param {FakeRole | undefined} role
 * @returns {unknown}
 */
export function permissionBody(login, role) {
  const base = role === undefined ? 'none' : typeof role === 'string' ? role : role.base;
  const permissions = Object.fromEntries(FLAG_LEVELS.map((flag, level) => [flag, level <= BASE_LEVEL[base]]));
  return {
    permission: LEGACY[base],
    role_name: role === undefined ? '' : typeof role === 'string' ? role : role.custom,
    user: { login, id: 1, type: login.endsWith('[bot]') ? 'Bot' : 'User', permissions },
  };
}

/**
 * @param {GitHubState} state
 * @returns {Route[]}
 */
export function permissionRoutes(state) {
  /** @param {string} login */
  const givenFor = (login) => state.permissionAnswers.get(login.toLowerCase()) ?? state.collaborators.get(login.toLowerCase());
  return [
    {
      method: 'GET',
      pattern: new RegExp(`^/repos/${state.owner}/${state.repo}/collaborators/([^/]+)/permission$`),
      handle: (match) => {
        const login = decodeURIComponent(match[1] ?? '');
        const given = givenFor(login);
        if (given !== undefined && typeof given === 'object' && 'status' in given) return { status: given.status, body: given.body };
        // On a public repository GitHub answers 'read' for anyone, collaborator or not.
        if (given === undefined && state.publicRepository) {
          const body = /** @type {{ role_name: string }} */ (permissionBody(login, 'read'));
          return { status: 200, body: { ...body, role_name: 'read' } };
        }
        return { status: 200, body: permissionBody(login, given) };
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`^/repos/${state.owner}/${state.repo}/collaborators/([^/]+)$`),
      handle: (match) => {
        const login = decodeURIComponent(match[1] ?? '').toLowerCase();
        return state.collaborators.has(login) ? { status: 204 } : githubError(404, 'Not Found');
      },
    },
  ];
}
