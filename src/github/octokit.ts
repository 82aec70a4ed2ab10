/**
 * The run's Octokit inside the action's network policy: its fetch is the run's (net/fetch.ts), and a
 * request hook applies the shared retry policy (net/retry.ts) to every call, names the API version,
 * and sends the token only to GITHUB_API_URL's origin (and GraphQL's). Octokit's own retry and
 * throttling plugins are left out: this hook is the one policy. Octokit loads on the first GitHub
 * call: a run that never calls GitHub does not load it.
 */
import { isRecord } from '../is-record.js';
import { AttemptError, type PolicyFetch } from '../net/fetch.js';
import { withRetries } from '../net/retry.js';
import { isRetryable, parseRetryAfter, type AttemptFailure, type HttpMethod } from '../net/transport.js';
import { PAGE_QUOTE_CHARS } from '../net/exchange.js';
import type { Timing } from '../runtime.js';
import { QUOTE_CHARS, quoteUntrusted } from '../text/redact.js';
import { outsideScope, type RepositoryScope } from './bound.js';
import { GitHubError, describeAttempt } from './errors.js';
import type { GitHubOctokit } from './octokit-class.js';

export type Octokit = InstanceType<typeof GitHubOctokit>;
type RequestOptions = Parameters<Octokit['request']['endpoint']['parse']>[0];

/** The REST API version the action was written against: a later default cannot change answers under it. */
export const API_VERSION = '2022-11-28';
const OCTOKIT_JSON = 'application/vnd.github.v3+json';
const GITHUB_JSON = 'application/vnd.github+json';
/** A GitHub call is a side channel of the run: a few attempts, then one clear failure. */
const MAX_ATTEMPTS = 3;
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 8000;

export interface OctokitSetup extends Timing {
  readonly apiUrl: URL;
  readonly graphqlUrl: URL;
  readonly token: string;
  /** Removed from GitHub's text quoted in a failure. */
  readonly secrets: readonly string[];
  readonly userAgent: string;
  readonly random: () => number;
  readonly debug: (message: string) => void;
  readonly fetch: PolicyFetch;
  readonly signal?: AbortSignal;
  readonly counted: () => void;
  /** The one repository the token may be sent to (bound.ts); any when absent. */
  readonly repository?: RepositoryScope;
}

interface GitHubAttemptFailure {
  readonly failure: AttemptFailure;
  readonly json?: unknown;
}

/** Octokit's `baseUrl`: no trailing slash. */
export function apiBase(apiUrl: URL): string {
  return `${apiUrl.origin}${apiUrl.pathname.replace(/\/+$/, '')}`;
}

/** `/repos/acme/docs/...`: below GITHUB_API_URL, as GitHub's documentation names it. */
export function apiPath(apiUrl: URL, url: URL): string {
  const base = apiUrl.pathname.replace(/\/+$/, '');
  return url.origin === apiUrl.origin && url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length) : url.pathname;
}

/** ACTIONS_ORCHESTRATION_ID at the end of the user agent, as `getOctokit` adds it. */
export function withOrchestrationId(userAgent: string, orchestrationId: string | undefined): string {
  const id = orchestrationId?.trim().replace(/[^a-z0-9_.-]/gi, '_');
  if (!id) return userAgent;
  const tag = `actions_orchestration_id/${id}`;
  return userAgent.includes(tag) ? userAgent : `${userAgent} ${tag}`;
}

let loaded: Promise<typeof GitHubOctokit> | undefined;

function loadOctokit(): Promise<typeof GitHubOctokit> {
  loaded ??= import('./octokit-class.js').then((module) => module.GitHubOctokit);
  return loaded;
}

export async function createOctokit(setup: OctokitSetup): Promise<Octokit> {
  let OctokitClass: typeof GitHubOctokit;
  try {
    OctokitClass = await loadOctokit();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const detail = `the GitHub client could not be loaded: ${quoteUntrusted(reason, setup.secrets, QUOTE_CHARS)}`;
    throw new GitHubError(`GitHub: ${detail}`, { kind: 'not-sent', what: 'GitHub', detail });
  }
  const log = { debug: setup.debug, info: setup.debug, warn: setup.debug, error: setup.debug };
  const octokit = new OctokitClass({
    auth: `token ${setup.token}`,
    baseUrl: apiBase(setup.apiUrl),
    userAgent: setup.userAgent,
    log,
    request: { fetch: setup.fetch, log },
  });
  octokit.hook.wrap('request', (request, options) => sendWithPolicy(setup, octokit, request, options));
  return octokit;
}

/** Methods the network policy names; any other (PUT) is treated like a POST: not repeated once sent. */
function policyMethod(method: string, graphqlQuery: boolean): HttpMethod {
  if (graphqlQuery) return 'GET';
  return method === 'GET' || method === 'PATCH' || method === 'DELETE' ? method : 'POST';
}

/** A GraphQL query reads, so it is retried like a GET; a mutation is a POST. */
function isGraphqlQuery(body: unknown): boolean {
  const query = isRecord(body) ? body['query'] : undefined;
  return typeof query === 'string' && !/^\s*mutation\b/.test(query);
}

async function sendWithPolicy<O extends RequestOptions, R>(
  setup: OctokitSetup,
  octokit: Octokit,
  request: (options: O) => R | Promise<R>,
  options: O,
): Promise<R> {
  const parsed = octokit.request.endpoint.parse(options);
  const url = new URL(parsed.url);
  const graphql = url.href === setup.graphqlUrl.href;
  const what = `${parsed.method} ${apiPath(setup.apiUrl, url)}`;
  // The token goes only where GitHub's API is: a link or a path that leads elsewhere is not sent.
  const home = url.origin === setup.apiUrl.origin || url.origin === setup.graphqlUrl.origin;
  if (!home || url.username !== '' || url.password !== '') {
    const detail = `not sent: only ${setup.apiUrl.origin} gets the token, without credentials in the URL`;
    throw new GitHubError(`${what}: ${detail}`, { kind: 'not-sent', what, detail });
  }
  // A token bound to one repository (`docs-token`) goes nowhere else.
  const scope = setup.repository;
  const outside = scope && outsideScope(scope, setup, url, parsed.body);
  if (scope && outside) {
    const detail = `not sent: this token is for ${scope.owner}/${scope.repo} only, and this is ${outside}`;
    throw new GitHubError(`${what}: ${detail}`, { kind: 'not-sent', what, detail });
  }
  // GitHub's documented JSON type for its REST answers, in place of Octokit's older default.
  const accept = options.headers?.accept === OCTOKIT_JSON ? { accept: GITHUB_JSON } : {};
  options.headers = { ...options.headers, ...accept, ...(!graphql && { 'x-github-api-version': API_VERSION }) };
  const method = policyMethod(parsed.method, graphql && isGraphqlQuery(parsed.body));
  return withRetries<R, GitHubAttemptFailure>({
    policy: {
      clock: setup.clock,
      sleep: setup.sleep,
      deadline: setup.deadline,
      maxAttempts: MAX_ATTEMPTS,
      backoff: { baseMs: RETRY_BASE_MS, maxMs: RETRY_MAX_MS, random: setup.random },
      retryAfterLimitMs: RETRY_MAX_MS,
    },
    send: async (attempt) => {
      setup.counted();
      setup.debug(`GitHub: ${what}${url.search} (attempt ${attempt})`);
      try {
        return { ok: true, value: await request(options) };
      } catch (error) {
        const failed = attemptFailure(error, setup);
        if (failed === undefined) throw error;
        return { ok: false, failed };
      }
    },
    retryable: ({ failure }) => setup.signal?.aborted !== true && retryable(method, failure),
    retrying: ({ failure }, attempt, delayMs) =>
      setup.debug(`GitHub: ${what}, attempt ${attempt}: ${describeAttempt(failure)}; retrying in ${delayMs}ms.`),
    stop: ({ failure, json }, attempt) => GitHubError.of(what, failure, json, setup.secrets, attempt),
  });
}

/**
 * GitHub's secondary rate limit answers 403 with a message that says so and a `Retry-After`: the
 * request was refused, not acted on, so it is retried like a 429 when the wait is short. The primary
 * rate limit (403 without `Retry-After`) lasts until its hourly reset: retrying would not help.
 */
function retryable(method: HttpMethod, failure: AttemptFailure): boolean {
  if (failure.kind === 'status' && failure.status === 403) return failure.retryAfterMs !== undefined && /rate limit/i.test(failure.detail);
  return isRetryable(method, failure);
}

/** A page is cut shorter than JSON: it is mostly markup. */
function quotedBody(data: unknown, secrets: readonly string[]): string {
  if (typeof data === 'string') return quoteUntrusted(data, secrets, PAGE_QUOTE_CHARS);
  try {
    return quoteUntrusted(JSON.stringify(data) ?? '', secrets, QUOTE_CHARS);
  } catch {
    return '';
  }
}

/**
 * The policy's own refusal (thrown by the fetch, which Octokit wraps), or GitHub's error status.
 * Undefined for anything else: a fault in the code, not the network, which is not retried.
 */
function attemptFailure(error: unknown, setup: OctokitSetup): GitHubAttemptFailure | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error instanceof AttemptError) return { failure: error.failure };
  if (error.cause instanceof AttemptError) return { failure: error.cause.failure };
  const response: unknown = Reflect.get(error, 'response');
  if (!isRecord(response) || typeof response['status'] !== 'number') return undefined;
  const headers = isRecord(response['headers']) ? response['headers'] : {};
  const retryAfter = headers['retry-after'];
  const retryAfterMs = parseRetryAfter(typeof retryAfter === 'string' ? retryAfter : undefined, setup.clock());
  const data = response['data'];
  const failure: AttemptFailure = {
    kind: 'status',
    status: response['status'],
    detail: quotedBody(data, setup.secrets),
    ...(retryAfterMs !== undefined && { retryAfterMs }),
  };
  return isRecord(data) ? { failure, json: data } : { failure };
}
