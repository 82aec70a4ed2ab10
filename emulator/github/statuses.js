// @ts-check
// Commit statuses, as GitHub's REST API keeps them: `POST /statuses/{sha}` records one by the token's
// account (`state` one of error, failure, pending, success; `description` at most 140 characters;
// `context` 'default' when absent, at most 255 characters; 422 otherwise, and for a SHA the repository does not have),
// `GET /commits/{ref}/statuses` lists a commit's statuses newest first, paged, each with its creator,
// and `GET /commits/{ref}/status` is the combined view: the latest status of each context (without
// creators, as GitHub answers) and one state over them. `ref` is a SHA, a branch or a tag.
import { githubError, jsonOf, page, pageSlice, userJson, validationFailed } from './answers.js';
import { resolveRef } from './repository.js';
import { needs } from './token.js';

/**
 * @typedef {import('./server.js').Route} Route
 * @typedef {import('./server.js').Answer} Answer
 * @typedef {'error' | 'failure' | 'pending' | 'success'} StatusState
 */

/**
 * @typedef {object} FakeStatus
 * @property {number} id
 * @property {string} sha
 * @property {StatusState} state
 * @property {string | null} description
 * @property {string} context
 * @property {string | null} target_url
 * @property {string} creator the login of the account that created it
 * @property {string} created_at
 */

/**
 * @typedef {object} StatusInput
 * @property {unknown} state
 * @property {unknown} [description]
 * @property {unknown} [context]
 * @property {unknown} [target_url]
 */

const STATES = ['error', 'failure', 'pending', 'success'];
const DESCRIPTION_CHARS = 140;
const CONTEXT_CHARS = 255;

/**
 * What GitHub refuses in a new status, as its 422; undefined when it takes it.
 * @param {StatusInput} input
 * @returns {Answer | undefined}
 */
function refusalOf(input) {
  if (typeof input.state !== 'string' || !STATES.includes(input.state)) return validationFailed('Status', 'state');
  if (input.description !== undefined && input.description !== null) {
    if (typeof input.description !== 'string') return validationFailed('Status', 'description');
    if ([...input.description].length > DESCRIPTION_CHARS) {
      return validationFailed('Status', 'description', `description is too long (maximum is ${DESCRIPTION_CHARS} characters)`);
    }
  }
  if (input.context !== undefined && input.context !== null) {
    if (typeof input.context !== 'string') return validationFailed('Status', 'context');
    if ([...input.context].length > CONTEXT_CHARS) {
      return validationFailed('Status', 'context', `context is too long (maximum is ${CONTEXT_CHARS} characters)`);
    }
  }
  if (input.target_url !== undefined && input.target_url !== null && typeof input.target_url !== 'string') {
    return validationFailed('Status', 'target_url');
  }
  return undefined;
}

/**
 * @param {{ owner: string, repo: string, viewerLogin: string, statuses: FakeStatus[], repository: import('./repository.js').RepositoryModel,
 *   nextId: () => number, now: () => string }} state
 * @returns {{ routes: Route[], add: (sha: string, input: StatusInput, login?: string) => FakeStatus }}
 */
export function statusRoutes(state) {
  const prefix = `/repos/${state.owner}/${state.repo}`;

  /**
   * @param {string} sha
   * @param {StatusInput} input already accepted
   * @param {string} login
   * @returns {FakeStatus}
   */
  const record = (sha, input, login) => {
    /** @type {FakeStatus} */
    const status = {
      id: state.nextId(),
      sha,
      state: /** @type {StatusState} */ (input.state),
      description: typeof input.description === 'string' ? input.description : null,
      context: typeof input.context === 'string' ? input.context : 'default',
      target_url: typeof input.target_url === 'string' ? input.target_url : null,
      creator: login,
      created_at: state.now(),
    };
    state.statuses.push(status);
    return status;
  };

  /**
   * A status made by another account (or by the token's, when `login` is absent), for tests; throws on what GitHub would refuse.
   * @type {(sha: string, input: StatusInput, login?: string) => FakeStatus}
   */
  const add = (sha, input, login = state.viewerLogin) => {
    const refused = refusalOf(input);
    if (refused !== undefined || !state.repository.commits.has(sha))
      throw new Error(`fake GitHub: GitHub would refuse this status on ${sha}`);
    return record(sha, input, login);
  };

  /** @param {FakeStatus} status */
  const combinedJson = (status) => ({
    id: status.id,
    node_id: `SC_${status.id}`,
    state: status.state,
    description: status.description,
    target_url: status.target_url,
    context: status.context,
    created_at: status.created_at,
    updated_at: status.created_at,
    url: `https://api.github.com${prefix}/statuses/${status.sha}`,
    avatar_url: null,
  });

  /** @param {FakeStatus} status */
  const statusJson = (status) => ({ ...combinedJson(status), creator: userJson(status.creator) });

  /**
   * A commit's statuses, newest first; undefined for a ref the repository does not have.
   * @param {string} encoded
   */
  const statusesOf = (encoded) => {
    const commit = resolveRef(state.repository, decodeURIComponent(encoded));
    if (commit === undefined) return undefined;
    return { sha: commit.sha, statuses: state.statuses.filter((status) => status.sha === commit.sha).reverse() };
  };

  /** @type {Route[]} */
  const routes = [
    {
      method: 'POST',
      pattern: new RegExp(`^${prefix}/statuses/([^/]+)$`),
      needs: needs('write', 'statuses'),
      handle: (match, request) => {
        const sha = decodeURIComponent(match[1] ?? '');
        if (!state.repository.commits.has(sha)) return githubError(422, `No commit found for SHA: ${sha}`);
        const parsed = jsonOf(request.body);
        const input = parsed !== null && typeof parsed === 'object' ? /** @type {StatusInput} */ (parsed) : { state: undefined };
        const refused = refusalOf(input);
        return refused ?? { status: 201, body: statusJson(record(sha, input, state.viewerLogin)) };
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`^${prefix}/commits/([^/]+)/statuses$`),
      needs: needs('read', 'statuses'),
      handle: (match, request) => {
        const found = statusesOf(match[1] ?? '');
        return found === undefined ? githubError(404, 'Not Found') : page(found.statuses.map(statusJson), request);
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`^${prefix}/commits/([^/]+)/status$`),
      needs: needs('read', 'statuses'),
      handle: (match, request) => {
        const found = statusesOf(match[1] ?? '');
        if (found === undefined) return githubError(404, 'Not Found');
        /** @type {Map<string, FakeStatus>} */
        const latest = new Map();
        for (const status of found.statuses) if (!latest.has(status.context)) latest.set(status.context, status);
        const states = [...latest.values()].map((status) => status.state);
        // GitHub: failure when any context failed or errored, pending when none has reported or any is pending, success otherwise.
        const combined = states.some((value) => value === 'error' || value === 'failure')
          ? 'failure'
          : states.length === 0 || states.includes('pending')
            ? 'pending'
            : 'success';
        const { items, headers } = pageSlice([...latest.values()].map(combinedJson), request);
        return {
          status: 200,
          body: {
            state: combined,
            sha: found.sha,
            total_count: latest.size,
            statuses: items,
            commit_url: `https://api.github.com${prefix}/commits/${found.sha}`,
            url: `https://api.github.com${prefix}/commits/${found.sha}/status`,
          },
          headers,
        };
      },
    },
  ];
  return { routes, add };
}
