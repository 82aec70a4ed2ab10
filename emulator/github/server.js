// @ts-check
// A small fake of GitHub's API on 127.0.0.1 for the end-to-end tests, the demo and the benchmarks: it
// answers what the action calls, as GitHub does (GitHub's JSON shapes, Link paging, 204s, error
// bodies), records every request, and can be told to fail. The routes live in one module per part of
// the API (comments.js, permissions.js, reactions.js, reviews.js, repository-routes.js for what a
// change looks like, actions.js for workflow runs, statuses.js for commit statuses), each given the
// shared state; this file is the server, the token check (and, through token.js, what the token's
// permissions allow), the failure rules and the request log. No dependencies.
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { actionsRoutes } from './actions.js';
import { githubError } from './answers.js';
import { commentRoutes } from './comments.js';
import { permissionRoutes } from './permissions.js';
import { reactionRoutes } from './reactions.js';
import { reviewRoutes } from './reviews.js';
import { clearRepository, createRepository } from './repository.js';
import { repositoryRoutes } from './repository-routes.js';
import { secondRepository } from './second-repository.js';
import { statusRoutes } from './statuses.js';
import { refusal } from './token.js';

export { bodyField } from './answers.js';

/**
 * @typedef {object} RecordedRequest
 * @property {string} method
 * @property {string} path without the query
 * @property {Readonly<Record<string, string>>} query
 * @property {Readonly<Record<string, string | undefined>>} headers
 * @property {string} body
 * @property {number} at Date.now() on arrival, to order requests against the emulator's log
 * @property {number} status what the fake answered
 */

/**
 * @typedef {object} FailRule
 * @property {number} status
 * @property {string} [message]
 * @property {string} [method] only requests with this method; any when absent
 * @property {string | RegExp} [path] only requests to this path (e.g. '/graphql'); any when absent
 * @property {number} [times] answer this many matching requests with the error, then behave again; forever when absent
 * @property {boolean} [hang] never answer the matching requests (`status` is then ignored), as a GitHub that stopped responding
 * @property {Readonly<Record<string, string>>} [headers]
 */

/**
 * @typedef {object} LinkRule
 * @property {string | RegExp} path answers to this path (e.g. a pull request's files) get a Link header GitHub never sends
 * @property {'loop' | 'credentials'} next 'loop': the last page's `next` leads back to page 1, so a client that follows links
 *   blindly reads the list again and again; 'credentials': every `next` link carries `user:secret@` before the host
 */

/**
 * @typedef {object} Answer
 * @property {number} status
 * @property {unknown} [body] JSON; none for 204
 * @property {Record<string, string>} [headers]
 */

/**
 * @typedef {object} RouteRequest
 * @property {string} method
 * @property {string} path
 * @property {Readonly<Record<string, string>>} query
 * @property {string} body
 * @property {string} url the server's own URL, for Link headers and html_url
 */

/**
 * @typedef {object} Route
 * @property {string} method
 * @property {RegExp} pattern matched against the path; groups are handed to `handle`
 * @property {import('./token.js').TokenNeed} [needs] the token permission the route needs; none (metadata) when absent
 * @property {(match: RegExpExecArray, request: RouteRequest) => Answer} handle
 */

/**
 * @typedef {'admin' | 'maintain' | 'write' | 'triage' | 'read' | { custom: string, base: 'read' | 'triage' | 'write' | 'maintain' }} FakeRole
 * a base role, or a custom role's name (then `base` is the role it extends)
 */

/**
 * @typedef {FakeRole | { status: number, body: unknown }} PermissionAnswer what the permission endpoint answers for one login
 */

/**
 * @typedef {object} FakeComment
 * @property {number} id
 * @property {number} issue
 * @property {string} body
 * @property {{ login: string, type: string }} user
 * @property {string} html_url
 * @property {string} created_at
 */

/**
 * @typedef {object} FakeReaction
 * @property {number} id
 * @property {'issue' | 'review'} place an issue or pull-request comment, or a review (diff) comment
 * @property {number} commentId
 * @property {string} content
 * @property {{ login: string }} user
 * @property {string} created_at
 */

/**
 * @typedef {object} FakeReviewComment
 * @property {number} id
 * @property {number} pull
 * @property {number} pull_request_review_id
 * @property {string} path
 * @property {number | null} line
 * @property {number | null} start_line
 * @property {number | null} original_line
 * @property {string} side
 * @property {string} subject_type
 * @property {string} body
 * @property {{ login: string, type: string }} user
 * @property {string} html_url
 * @property {string} created_at
 */

/**
 * The fake's state, shared by the route modules.
 * @typedef {object} GitHubState
 * @property {string} owner
 * @property {string} repo
 * @property {string} viewerLogin the login of the token's account, as GraphQL's viewer
 * @property {FakeComment[]} comments every issue's and pull request's comments, oldest first
 * @property {FakeReaction[]} reactions on comments, oldest first
 * @property {FakeReviewComment[]} reviewComments every review's inline comments, oldest first
 * @property {Set<string>} reviews `pull/review` of the reviews the fake knows
 * @property {Map<string, PermissionAnswer>} permissionAnswers set by a test, by login in lower case
 * @property {Map<string, FakeRole>} collaborators kept across reset
 * @property {boolean} twinNextCreate the next comment created gets an identical one by the same account just before it
 * @property {boolean} publicRepository the permission endpoint answers 'read' for anyone who is not a collaborator, as on a public repository
 * @property {() => number} nextId
 * @property {() => string} now an ISO time that only moves forward
 * @property {import('./repository.js').RepositoryModel} repository commits, branches, pull requests and releases; cleared by reset
 * @property {import('./actions.js').FakeWorkflowRun[]} workflowRuns in the order added
 * @property {import('./statuses.js').FakeStatus[]} statuses every commit's statuses, oldest first
 * @property {import('./token.js').TokenPermissions | undefined} tokenPermissions what the token may do; everything when undefined
 */

/**
 * @typedef {object} FakeGitHubOptions
 * @property {string} token the accepted token; a request with another one gets GitHub's 401
 * @property {string} [owner] default 'acme'
 * @property {string} [repo] default 'docs'
 * @property {Readonly<Record<string, FakeRole>>} [collaborators] roles by login, kept across reset; anyone else has none
 * @property {string} [viewerLogin] default 'github-actions[bot]'; also the author of the comments it creates
 * @property {boolean} [publicRepository] answer as for a public repository (default false; see setPublicRepository)
 * @property {import('./token.js').TokenPermissions} [tokenPermissions] the token's permissions, as a workflow's `permissions:`
 *   (scopes left out are none); default: everything (see setTokenPermissions)
 * @property {{ cert: string | Buffer, key: string | Buffer }} [tls] serve HTTPS with this certificate instead of HTTP
 * @property {import('./second-repository.js').SecondRepositoryOptions} [secondRepository] a private repository beside this one
 *   (the docs repository of a two-repository layout) that only its own token reaches; `token` gets 404 there
 */

/**
 * @typedef {object} FakeGitHub
 * @property {string} url
 * @property {number} port
 * @property {RecordedRequest[]} requests
 * @property {(issue: number) => FakeComment[]} comments an issue's comments, oldest first
 * @property {(issue: number, body: string, login?: string) => FakeComment} addComment
 * @property {(pull: number, review: number, comment: import('./reviews.js').ReviewCommentInput) => FakeReviewComment} addReviewComment
 * @property {(pull: number, review: number) => void} addReview a review without inline comments
 * @property {() => FakeReaction[]} reactions every reaction made, oldest first
 * @property {(place: 'issue' | 'review', commentId: number, content: string, login: string) => FakeReaction} addReaction
 *   another account's reaction (the same again is not added twice)
 * @property {(spec: import('./actions.js').WorkflowRunSpec) => import('./actions.js').FakeWorkflowRun} addWorkflowRun
 *   a run the Actions endpoints list; the returned run is live state
 * @property {(sha: string, input: import('./statuses.js').StatusInput, login?: string) => import('./statuses.js').FakeStatus} addStatus
 *   a status on a commit of the repository, by `login` (default: the token's account)
 * @property {() => import('./statuses.js').FakeStatus[]} statuses every status made, oldest first
 * @property {(permissions: import('./token.js').TokenPermissions | undefined) => void} setTokenPermissions until reset, which goes
 *   back to the option
 * @property {(rule: FailRule) => void} fail
 * @property {(rule: LinkRule) => void} misdirectLinks until reset
 * @property {(login: string, answer: PermissionAnswer) => void} setPermission until reset (login in any case)
 * @property {(value: boolean) => void} setPublicRepository until reset, which goes back to the option
 * @property {() => void} twinNextCreate the next comment created races another run's: an identical comment by the same account is created just before it
 * @property {GitHubState} state for route modules' own helpers
 * @property {() => void} reset clears requests, comments, reviews, reactions, rules, permission answers, the repository, workflow runs
 *   and statuses, and gives the token its permissions of the options
 * @property {import('./repository.js').RepositoryModel} repository the repository the change endpoints answer from (repository.js builds it)
 * @property {import('./second-repository.js').SecondRepository | undefined} second the second repository, when the options ask for one;
 *   cleared by reset
 * @property {() => Promise<void>} close
 */

/**
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<string>}
 */
async function readBody(req) {
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The Link header as the first matching rule alters it, or undefined when no rule applies.
 * @param {string | undefined} link
 * @param {readonly LinkRule[]} linkRules
 * @param {string} path
 * @returns {string | undefined}
 */
function misdirected(link, linkRules, path) {
  const rule = linkRules.find((candidate) => (typeof candidate.path === 'string' ? candidate.path === path : candidate.path.test(path)));
  if (rule === undefined || link === undefined) return undefined;
  if (rule.next === 'credentials') return link.replace(/<(https?:\/\/)([^>]*>; rel="next")/, '<$1user:secret@$2');
  const first = /<([^>]*)>; rel="first"/.exec(link)?.[1];
  return /rel="next"/.test(link) || first === undefined ? undefined : `<${first}>; rel="next", ${link}`;
}

/**
 * @param {FakeGitHubOptions} options
 * @returns {Promise<FakeGitHub>}
 */
export async function startFakeGitHub(options) {
  let id = 1000;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  /** @type {GitHubState} */
  const state = {
    owner: options.owner ?? 'acme',
    repo: options.repo ?? 'docs',
    viewerLogin: options.viewerLogin ?? 'github-actions[bot]',
    comments: [],
    reactions: [],
    reviewComments: [],
    reviews: new Set(),
    permissionAnswers: new Map(),
    collaborators: new Map(Object.entries(options.collaborators ?? {}).map(([login, role]) => [login.toLowerCase(), role])),
    publicRepository: options.publicRepository ?? false,
    twinNextCreate: false,
    nextId: () => id++,
    now: () => new Date((clock += 1000)).toISOString(),
    repository: createRepository(),
    workflowRuns: [],
    statuses: [],
    tokenPermissions: options.tokenPermissions,
  };
  /** @type {RecordedRequest[]} */
  const requests = [];
  /** @type {FailRule[]} */
  let rules = [];
  /** @type {LinkRule[]} */
  let linkRules = [];
  let url = '';
  const comments = commentRoutes(state);
  const reviews = reviewRoutes(state);
  const reactions = reactionRoutes(state);
  const actions = actionsRoutes(state);
  const statuses = statusRoutes(state);
  const second = options.secondRepository && secondRepository(options.secondRepository, state);
  /** @type {Route[]} */
  const routes = [
    ...comments.routes,
    ...permissionRoutes(state),
    ...reactions.routes,
    ...reviews.routes,
    ...repositoryRoutes(state),
    ...actions.routes,
    ...statuses.routes,
  ];

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  const handle = async (req, res) => {
    const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    /** @type {RecordedRequest} */
    const record = {
      method,
      path: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
      ),
      body,
      at: Date.now(),
      status: 0,
    };
    requests.push(record);
    /** @param {Answer} answer */
    const send = (answer) => {
      record.status = answer.status;
      const link = misdirected(answer.headers?.['link'], linkRules, parsed.pathname);
      const headers = { 'content-type': 'application/json; charset=utf-8', ...answer.headers, ...(link !== undefined && { link }) };
      res.writeHead(answer.status, headers);
      res.end(answer.status === 204 || answer.body === undefined ? undefined : JSON.stringify(answer.body));
    };

    const auth = req.headers.authorization ?? '';
    /** @param {string} token */
    const carries = (token) => auth === `token ${token}` || auth === `Bearer ${token}`;
    const own = carries(options.token);
    const secondOnly = !own && second !== undefined && carries(second.token);
    if (!own && !secondOnly) return send(githubError(401, 'Bad credentials'));
    // Each token reaches its own repository only: GitHub answers 404 for a private repository a token cannot see.
    const inSecond = second?.owns(parsed.pathname) === true;
    if (own ? inSecond : !inSecond && parsed.pathname !== '/graphql') return send(githubError(404, 'Not Found'));
    const rule = rules.find(
      (candidate) =>
        (candidate.method === undefined || candidate.method === method) &&
        (candidate.path === undefined ||
          (typeof candidate.path === 'string' ? candidate.path === parsed.pathname : candidate.path.test(parsed.pathname))) &&
        (candidate.times === undefined || candidate.times > 0),
    );
    if (rule !== undefined) {
      if (rule.times !== undefined) rule.times--;
      if (rule.hang === true) return undefined;
      return send(githubError(rule.status, rule.message ?? 'Resource not accessible by integration', { ...rule.headers }));
    }
    const [served, permissions] = secondOnly && second ? [second.routes, second.state.tokenPermissions] : [routes, state.tokenPermissions];
    for (const route of served) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(parsed.pathname);
      if (match)
        return send(
          refusal(permissions, route.needs) ?? route.handle(match, { method, path: parsed.pathname, query: record.query, body, url }),
        );
    }
    return send(githubError(404, 'Not Found'));
  };

  /** @type {import('node:http').RequestListener} */
  const listener = (req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'fake GitHub failed' }));
    });
  };
  const server = options.tls ? createTlsServer({ cert: options.tls.cert, key: options.tls.key }, listener) : createServer(listener);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake GitHub: no TCP address');
  url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${address.port}`;

  return {
    url,
    port: address.port,
    requests,
    comments: (issue) => state.comments.filter((comment) => comment.issue === issue),
    addComment: comments.add,
    addReviewComment: reviews.add,
    addReview: reviews.addReview,
    reactions: () => [...state.reactions],
    addReaction: reactions.add,
    addWorkflowRun: actions.add,
    addStatus: statuses.add,
    statuses: () => [...state.statuses],
    fail: (rule) => {
      rules.push(rule);
    },
    misdirectLinks: (rule) => {
      linkRules.push(rule);
    },
    setPermission: (login, answer) => {
      state.permissionAnswers.set(login.toLowerCase(), answer);
    },
    setPublicRepository: (value) => {
      state.publicRepository = value;
    },
    setTokenPermissions: (permissions) => {
      state.tokenPermissions = permissions;
    },
    twinNextCreate: () => {
      state.twinNextCreate = true;
    },
    state,
    repository: state.repository,
    second,
    reset: () => {
      requests.length = 0;
      state.comments.length = 0;
      state.reactions.length = 0;
      state.reviewComments.length = 0;
      state.reviews.clear();
      rules = [];
      linkRules = [];
      state.permissionAnswers.clear();
      state.publicRepository = options.publicRepository ?? false;
      state.twinNextCreate = false;
      state.tokenPermissions = options.tokenPermissions;
      state.workflowRuns.length = 0;
      state.statuses.length = 0;
      clearRepository(state.repository);
      second?.reset();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
