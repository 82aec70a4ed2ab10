// @ts-check
// Issue and pull-request comments (list, paged oldest first with a Link header as GitHub does;
// create; update; delete) and GraphQL's `viewer { login }`, the account the token acts as. A test can
// have the next create race another run's (`state.twinNextCreate`): an identical comment by the same
// account is created just before it.
import { bodyField, githubError, page } from './answers.js';
import { needs } from './token.js';

/**
 * @typedef {import('./server.js').GitHubState} GitHubState
 * @typedef {import('./server.js').FakeComment} FakeComment
 * @typedef {import('./server.js').Route} Route
 */

/**
 * @param {GitHubState} state
 * @returns {{ routes: Route[], add: (issue: number, body: string, login?: string) => FakeComment }}
 */
export function commentRoutes(state) {
  /** @type {(issue: number, body: string, login?: string) => FakeComment} */
  const add = (issue, body, login = state.viewerLogin) => {
    const id = state.nextId();
    /** @type {FakeComment} */
    const comment = {
      id,
      issue,
      body,
      user: { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' },
      html_url: `https://github.com/${state.owner}/${state.repo}/issues/${issue}#issuecomment-${id}`,
      created_at: state.now(),
    };
    state.comments.push(comment);
    return comment;
  };
  const prefix = `/repos/${state.owner}/${state.repo}/issues`;
  // An issue's and a pull request's comments alike: either permission will do, as on GitHub.
  const read = needs('read', 'issues', 'pull-requests');
  const write = needs('write', 'issues', 'pull-requests');
  /** @type {Route[]} */
  const routes = [
    {
      method: 'POST',
      pattern: /^\/graphql$/,
      handle: (_match, request) =>
        // The one query the action sends; anything else is answered as GitHub answers a bad query.
        /viewer\s*\{\s*login\s*\}/.test(request.body)
          ? { status: 200, body: { data: { viewer: { login: state.viewerLogin } } } }
          : { status: 200, body: { errors: [{ message: 'unexpected query in the fake' }] } },
    },
    {
      method: 'GET',
      pattern: new RegExp(`^${prefix}/(\\d+)/comments$`),
      needs: read,
      handle: (match, request) =>
        page(
          state.comments.filter((comment) => comment.issue === Number(match[1])),
          request,
        ),
    },
    {
      method: 'POST',
      pattern: new RegExp(`^${prefix}/(\\d+)/comments$`),
      needs: write,
      handle: (match, request) => {
        const text = bodyField(request.body);
        if (text === undefined) return githubError(422, 'Invalid request.');
        if (state.twinNextCreate) {
          state.twinNextCreate = false;
          add(Number(match[1]), text);
        }
        return { status: 201, body: add(Number(match[1]), text) };
      },
    },
    {
      method: 'PATCH',
      pattern: new RegExp(`^${prefix}/comments/(\\d+)$`),
      needs: write,
      handle: (match, request) => {
        const comment = state.comments.find((candidate) => candidate.id === Number(match[1]));
        const text = bodyField(request.body);
        if (comment === undefined) return githubError(404, 'Not Found');
        if (text === undefined) return githubError(422, 'Invalid request.');
        comment.body = text;
        return { status: 200, body: comment };
      },
    },
    {
      method: 'DELETE',
      pattern: new RegExp(`^${prefix}/comments/(\\d+)$`),
      needs: write,
      handle: (match) => {
        const index = state.comments.findIndex((candidate) => candidate.id === Number(match[1]));
        if (index === -1) return githubError(404, 'Not Found');
        state.comments.splice(index, 1);
        return { status: 204 };
      },
    },
  ];
  return { routes, add };
}
