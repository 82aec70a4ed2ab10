// @ts-check
// A second, private repository beside the fake's own: the docs repository of a two-repository
// layout, where the agent opens its pull requests. Only its own token reaches it, as with a token
// made for it by actions/create-github-app-token: GitHub answers the fake's main token 404 there (a
// private repository a token cannot see), and answers this token 404 in the main repository. It
// serves what the action asks of a docs repository: a pull request, its comments, and GraphQL's
// `viewer` (the app's bot) for this token.
import { commentRoutes } from './comments.js';
import { clearRepository, createRepository } from './repository.js';
import { repositoryRoutes } from './repository-routes.js';

/**
 * @typedef {object} SecondRepositoryOptions
 * @property {string} owner
 * @property {string} repo
 * @property {string} token the one token that reaches it
 * @property {string} [viewerLogin] who that token is (GraphQL's viewer, the author of its comments); default 'docs-app[bot]'
 * @property {import('./token.js').TokenPermissions} [tokenPermissions] what that token may do there; everything when undefined
 */

/**
 * @typedef {object} SecondRepository
 * @property {string} token
 * @property {import('./server.js').GitHubState} state
 * @property {import('./server.js').Route[]} routes
 * @property {import('./repository.js').RepositoryModel} repository its pull requests (addPull)
 * @property {(issue: number) => import('./server.js').FakeComment[]} comments an issue's or pull request's comments, oldest first
 * @property {(issue: number, body: string, login?: string) => import('./server.js').FakeComment} addComment
 * @property {(path: string) => boolean} owns whether a request path is this repository's
 * @property {() => void} reset
 */

/**
 * @param {SecondRepositoryOptions} options
 * @param {Pick<import('./server.js').GitHubState, 'nextId' | 'now'>} shared the fake's id counter and clock
 * @returns {SecondRepository}
 */
export function secondRepository(options, shared) {
  /** @type {import('./server.js').GitHubState} */
  const state = {
    owner: options.owner,
    repo: options.repo,
    viewerLogin: options.viewerLogin ?? 'docs-app[bot]',
    comments: [],
    reactions: [],
    reviewComments: [],
    reviews: new Set(),
    permissionAnswers: new Map(),
    collaborators: new Map(),
    publicRepository: false,
    twinNextCreate: false,
    nextId: shared.nextId,
    now: shared.now,
    repository: createRepository(),
    workflowRuns: [],
    statuses: [],
    tokenPermissions: options.tokenPermissions,
  };
  const comments = commentRoutes(state);
  const prefix = `/repos/${options.owner}/${options.repo}`.toLowerCase();
  return {
    token: options.token,
    state,
    routes: [...comments.routes, ...repositoryRoutes(state)],
    repository: state.repository,
    comments: (issue) => state.comments.filter((comment) => comment.issue === issue),
    addComment: comments.add,
    owns: (path) => path.toLowerCase() === prefix || path.toLowerCase().startsWith(`${prefix}/`),
    reset: () => {
      state.comments.length = 0;
      state.tokenPermissions = options.tokenPermissions;
      clearRepository(state.repository);
    },
  };
}
