/**
 * The one client for GitHub's API: the gate's permission lookup, the comments, the change a push or
 * pull request made, the conversation on issues and pull requests. It goes through the same
 * dispatcher and exchange as the service calls (proxy rules, timeouts, a size cap, no redirects so
 * the token stays with GITHUB_API_URL) and follows the same network policy (net/transport.ts): reads
 * and idempotent writes are retried, a POST only when GitHub certainly did not act. GitHub is a side
 * channel of the run, so it gets few attempts and short waits. Every REST call names the API version
 * it was written against. No `@actions/*` import: tests pass a MockAgent.
 */
import type { Dispatcher } from 'undici';
import { exchange } from '../net/exchange.js';
import { isRetryable, retryDelayMs, type AttemptFailure, type HttpMethod } from '../net/transport.js';
import type { Timing } from '../runtime.js';
import { GitHubError, describeAttempt, githubMessage } from './errors.js';

/** The REST API version the action was written against: a later default cannot change answers under it. */
export const API_VERSION = '2022-11-28';
/** A GitHub call is a side channel of the run: a few attempts, then one clear failure. */
const MAX_ATTEMPTS = 3;
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 8000;

export interface GitHubEndpoints {
  /** GITHUB_API_URL: https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server. */
  readonly apiUrl: URL;
  /** GITHUB_GRAPHQL_URL: https://api.github.com/graphql, or https://HOST/api/graphql. */
  readonly graphqlUrl: URL;
}

export interface GitHubClientOptions extends Timing, GitHubEndpoints {
  readonly dispatcher: Dispatcher;
  readonly token: string;
  /** The run's other secrets (the API key): removed, with the token, from GitHub's text quoted in a failure. */
  readonly secrets?: readonly string[];
  readonly userAgent: string;
  readonly requestTimeoutMs: number;
  readonly random: () => number;
  readonly debug: (message: string) => void;
  /** Aborts every call in flight when the run is cancelled. */
  readonly signal?: AbortSignal;
}

export type Query = Readonly<Record<string, string | number | undefined>>;

export interface GitHubResponse {
  readonly status: number;
  /** Undefined for 204 No Content. */
  readonly json: unknown;
  /** The `Link` header, for paging. */
  readonly link?: string;
}

/** `<https://api.github.com/...&page=7>; rel="next"` → that URL; undefined when there is no such link. */
export function linkOf(header: string | undefined, rel: 'next' | 'last'): URL | undefined {
  for (const part of (header ?? '').split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?([a-z]+)"?/.exec(part);
    if (match?.[2] !== rel || match[1] === undefined) continue;
    try {
      return new URL(match[1]);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export class GitHubClient {
  /** Requests sent, retries included. */
  requestCount = 0;

  constructor(private readonly options: GitHubClientOptions) {}

  /**
   * The same client without the run's abort signal: for the few calls a cancelled run still makes
   * (saying so in its comment) after it aborted every call in flight.
   */
  detached(): GitHubClient {
    const { signal: _signal, ...options } = this.options;
    return new GitHubClient(options);
  }

  /** Every secret of the run, the token first. */
  private get secrets(): readonly string[] {
    return [this.options.token, ...(this.options.secrets ?? [])];
  }

  /** Where the API is, for messages (never with a path or credentials). */
  get apiOrigin(): string {
    return this.options.apiUrl.origin;
  }

  /** `maxBodyBytes`: for answers that may be larger than the network policy's cap (a comparison with its patches). */
  get(path: string, query?: Query, maxBodyBytes?: number): Promise<GitHubResponse> {
    return this.send('GET', this.url(path, query), undefined, 'rest', maxBodyBytes);
  }

  post(path: string, body: unknown): Promise<GitHubResponse> {
    return this.send('POST', this.url(path), body);
  }

  patch(path: string, body: unknown): Promise<GitHubResponse> {
    return this.send('PATCH', this.url(path), body);
  }

  delete(path: string): Promise<GitHubResponse> {
    return this.send('DELETE', this.url(path));
  }

  /**
   * The pages of a list, following `rel="next"` links, at most `maxPages`; each page's JSON must be
   * an array. `more` tells the caller whether GitHub had pages beyond the last one read.
   */
  async *pages(
    path: string,
    query: Query,
    maxPages: number,
    maxBodyBytes?: number,
  ): AsyncGenerator<{ readonly items: readonly unknown[]; readonly more: boolean }> {
    let url: URL | undefined = this.url(path, query);
    for (let page = 1; url !== undefined && page <= maxPages; page++) {
      const response = await this.send('GET', url, undefined, 'rest', maxBodyBytes);
      if (!Array.isArray(response.json)) {
        const what = `GET ${this.apiPath(url)}`;
        throw new GitHubError(`GitHub's answer to ${what} is not a list`, { kind: 'bad-body', what, detail: 'not a list' });
      }
      const next = linkOf(response.link, 'next');
      // A next link to another origin is not followed: the token stays with GITHUB_API_URL.
      url = next !== undefined && next.origin === this.options.apiUrl.origin ? next : undefined;
      yield { items: response.json, more: url !== undefined };
    }
  }

  /** A GraphQL query's `data` (queries only: they read, so they are retried like a GET); GitHub's `errors` throw. */
  async graphql(query: string): Promise<unknown> {
    const response = await this.send('POST', this.options.graphqlUrl, { query }, 'graphql query');
    const json = response.json;
    const errors = typeof json === 'object' && json !== null && 'errors' in json ? json.errors : undefined;
    const data = typeof json === 'object' && json !== null && 'data' in json ? json.data : undefined;
    if (Array.isArray(errors) && errors.length > 0) {
      const said = githubMessage(errors[0], this.secrets) ?? 'an error';
      throw new GitHubError(`GitHub's GraphQL API answered with ${said}`, { kind: 'graphql', what: 'POST graphql', detail: said });
    }
    return data;
  }

  /** `/repos/acme/docs/...`: a URL's path below GITHUB_API_URL, as GitHub's documentation names it. */
  private apiPath(url: URL): string {
    const base = this.options.apiUrl.pathname.replace(/\/+$/, '');
    return url.origin === this.options.apiUrl.origin && url.pathname.startsWith(`${base}/`)
      ? url.pathname.slice(base.length)
      : url.pathname;
  }

  private url(path: string, query: Query = {}): URL {
    const base = `${this.options.apiUrl.origin}${this.options.apiUrl.pathname.replace(/\/+$/, '')}`;
    const url = new URL(`${base}${path}`);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
    return url;
  }

  private async send(
    method: HttpMethod,
    url: URL,
    body?: unknown,
    kind: 'rest' | 'graphql query' = 'rest',
    maxBodyBytes?: number,
  ): Promise<GitHubResponse> {
    const graphql = kind === 'graphql query';
    const { clock, sleep, token } = this.options;
    const headers: Record<string, string> = {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${token}`,
      'user-agent': this.options.userAgent,
      ...(graphql ? {} : { 'x-github-api-version': API_VERSION }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    const what = `${method} ${this.apiPath(url)}`;
    for (let attempt = 1; ; attempt++) {
      this.requestCount++;
      this.options.debug(`GitHub: ${what}${url.search} (attempt ${attempt})`);
      const result = await exchange(
        this.options.dispatcher,
        {
          method,
          url,
          headers,
          timeoutMs: this.options.requestTimeoutMs,
          // GitHub's answer, quoted in a failure, loses the token before it is shortened.
          secrets: this.secrets,
          ...(body !== undefined && { body: JSON.stringify(body) }),
          ...(this.options.signal && { signal: this.options.signal }),
          ...(maxBodyBytes !== undefined && { maxBodyBytes }),
        },
        clock,
      );
      if (result.ok)
        return { status: result.status, json: result.json, ...(result.headers.link !== undefined && { link: result.headers.link }) };
      const { failure } = result;
      const delayMs = retryDelayMs(attempt, failure, { baseMs: RETRY_BASE_MS, maxMs: RETRY_MAX_MS, random: this.options.random });
      const retry =
        attempt < MAX_ATTEMPTS &&
        this.options.signal?.aborted !== true &&
        retryable(graphql ? 'GET' : method, failure) &&
        delayMs <= RETRY_MAX_MS &&
        clock() + delayMs <= this.options.deadline;
      if (!retry) throw GitHubError.of(what, failure, result.json, this.secrets, attempt);
      this.options.debug(`GitHub: ${what}, attempt ${attempt}: ${describeAttempt(failure)}; retrying in ${delayMs}ms.`);
      await sleep(delayMs);
    }
  }
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
