/**
 * The one client for GitHub's API: the gate's permission lookup, the comments, the change a push or
 * pull request made, the conversation on issues and pull requests. It is Octokit (octokit.ts, as
 * `getOctokit` makes it), plugged into the same dispatcher and network policy as the service
 * calls: proxy rules, timeouts, a size cap, no redirects so the token stays with GITHUB_API_URL, and
 * the same retry loop (net/retry.ts): reads and idempotent writes are retried, a POST only when
 * GitHub certainly did not act. GitHub is a side channel of the run, so it gets few attempts and
 * short waits. Every REST call names the API version it was written against. Features call
 * Octokit's typed endpoint methods (`rest()`: the route and the encoding of its parameters are
 * Octokit's), read lists through `pages` (bounded, and guarded against links that loop or leave),
 * and every failure is a typed `GitHubError`. Tests pass a MockAgent as the dispatcher.
 */
import type { Dispatcher } from 'undici';
import { policyFetch, type PolicyFetch } from '../net/fetch.js';
import type { Timing } from '../runtime.js';
import type { RepositoryScope } from './bound.js';
import { GitHubError, githubMessage } from './errors.js';
import { apiPath, createOctokit, type Octokit } from './octokit.js';

export { API_VERSION } from './octokit.js';

export interface GitHubEndpoints {
  /** GITHUB_API_URL: https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server. */
  readonly apiUrl: URL;
  /** GITHUB_GRAPHQL_URL: https://api.github.com/graphql, or https://HOST/api/graphql. */
  readonly graphqlUrl: URL;
}

export interface GitHubClientOptions extends Timing, GitHubEndpoints {
  readonly dispatcher: Dispatcher;
  readonly token: string;
  /** The run's other secrets (the API key, the other token): removed, with the token, from GitHub's text quoted in a failure. */
  readonly secrets?: readonly string[];
  readonly userAgent: string;
  readonly requestTimeoutMs: number;
  readonly random: () => number;
  readonly debug: (message: string) => void;
  /** Aborts every call in flight when the run is cancelled. */
  readonly signal?: AbortSignal;
  /** The one repository the token may be sent to (the docs repository's client); any when absent. */
  readonly repository?: RepositoryScope;
}

/** A typed list method of Octokit's `rest` (`rest.pulls.listFiles`) that takes `P`: what `pages` reads. */
type ListMethod<P> = Pick<Octokit['rest']['pulls']['listFiles'], 'defaults' | 'endpoint'> & ((parameters: P) => Promise<unknown>);

/** As Octokit's `paginate` reads `rel="next"`: the link checked before a next page is the one it follows. */
const LINKS = { next: /<([^<>]+)>;\s*rel="next"/, last: /<([^<>]+)>;\s*rel="last"/ } as const;

/** `<https://api.github.com/...&page=7>; rel="next"` → that URL; undefined when there is no such link. */
export function linkOf(header: string | undefined, rel: keyof typeof LINKS): URL | undefined {
  const href = LINKS[rel].exec(header ?? '')?.[1];
  if (href === undefined) return undefined;
  try {
    return new URL(href);
  } catch {
    return undefined;
  }
}

export class GitHubClient {
  /** Requests sent, retries included. */
  requestCount = 0;
  private octokitInstance: Promise<Octokit> | undefined;

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

  /**
   * The run's Octokit, made on the first call: its typed `rest.*` methods, `paginate` and `graphql`
   * go through the run's network policy, and fail with a `GitHubError`.
   */
  octokit(): Promise<Octokit> {
    this.octokitInstance ??= createOctokit({
      ...this.options,
      secrets: this.secrets,
      fetch: this.fetch(),
      counted: () => void this.requestCount++,
    });
    return this.octokitInstance;
  }

  /** Octokit's typed REST methods (`rest.issues.listComments(…)`), under the run's network policy. */
  async rest(): Promise<Octokit['rest']> {
    return (await this.octokit()).rest;
  }

  /**
   * A typed call's `request` options for an answer that may be larger than the network policy's cap
   * (a comparison with its patches): `rest.repos.getCommit({ …, request: github.bodyCap(bytes) })`.
   */
  bodyCap(maxBodyBytes: number): { readonly fetch: PolicyFetch } {
    return { fetch: this.fetch(maxBodyBytes) };
  }

  /** `GET /repos/acme/docs/...`: the call that gave a typed answer, as messages name it. */
  callOf(response: { readonly url: string }, method = 'GET'): string {
    return `${method} ${apiPath(this.options.apiUrl, new URL(response.url, this.options.apiUrl))}`;
  }

  /**
   * The pages of a list, read with Octokit's `paginate.iterator` over a typed list method
   * (`(rest) => rest.pulls.listFiles`), at most `maxPages`; each page's JSON must be an array. `more`
   * tells the caller whether GitHub had pages beyond the last one read. A `rel="next"` link is
   * followed only to GITHUB_API_URL's origin, without credentials in it, and never back to a page
   * already read: a link that loops would repeat the same items up to the cap.
   */
  async *pages<P extends Record<string, unknown>>(
    list: (rest: Octokit['rest']) => ListMethod<P>,
    parameters: P,
    maxPages: number,
    maxBodyBytes?: number,
  ): AsyncGenerator<{ readonly items: readonly unknown[]; readonly more: boolean }> {
    const octokit = await this.octokit();
    const method = list(octokit.rest);
    // The first page's URL as Octokit writes it (the parameters in it), and the cap, are the method's
    // defaults: the iterator gives each next page only its link and the headers.
    const first = method.endpoint(parameters).url;
    const request = method.defaults({ url: first, ...(maxBodyBytes !== undefined && { request: this.bodyCap(maxBodyBytes) }) });
    let url = new URL(first);
    const read = new Set([pageKey(url)]);
    let page = 0;
    for await (const response of octokit.paginate.iterator(request)) {
      page++;
      const data: unknown = response.data;
      if (!Array.isArray(data)) {
        const what = `GET ${apiPath(this.options.apiUrl, url)}`;
        throw new GitHubError(`GitHub's answer to ${what} is not a list`, { kind: 'bad-body', what, detail: 'not a list' });
      }
      const next = this.followable(linkOf(response.headers.link, 'next'), read);
      yield { items: data, more: next !== undefined };
      // Octokit's iterator requests the next link only when asked for the next page.
      if (next === undefined || page >= maxPages) return;
      read.add(pageKey(next));
      url = next;
    }
  }

  /** A GraphQL query's `data` (queries only: they read, so they are retried like a GET); GitHub's `errors` throw. */
  async graphql(query: string): Promise<unknown> {
    const octokit = await this.octokit();
    try {
      // GITHUB_GRAPHQL_URL as the runner names it: Octokit would derive the URL from GITHUB_API_URL.
      const { graphqlUrl } = this.options;
      return await octokit.graphql.defaults({ baseUrl: graphqlUrl.origin, url: graphqlUrl.href })(query);
    } catch (error) {
      const errors: unknown = error instanceof Error && !(error instanceof GitHubError) ? Reflect.get(error, 'errors') : undefined;
      if (!Array.isArray(errors) || errors.length === 0) throw error;
      const said = githubMessage(errors[0], this.secrets) ?? 'an error';
      throw new GitHubError(`GitHub's GraphQL API answered with ${said}`, { kind: 'graphql', what: 'POST graphql', detail: said });
    }
  }

  /** The run's fetch (net/fetch.ts), with a larger body cap for the calls that expect larger answers. */
  private fetch(maxBodyBytes?: number): PolicyFetch {
    return policyFetch({
      dispatcher: this.options.dispatcher,
      timeoutMs: this.options.requestTimeoutMs,
      // GitHub's answer, quoted in a failure, loses the token before it is shortened.
      secrets: this.secrets,
      ...(this.options.signal && { signal: this.options.signal }),
      ...(maxBodyBytes !== undefined && { maxBodyBytes }),
    });
  }

  /** The next page's URL, unless it leaves GITHUB_API_URL's origin, carries credentials, or was read already. */
  private followable(next: URL | undefined, read: ReadonlySet<string>): URL | undefined {
    if (next === undefined) return undefined;
    const refused =
      next.origin !== this.options.apiUrl.origin
        ? 'leads to another origin'
        : next.username !== '' || next.password !== ''
          ? 'carries credentials'
          : read.has(pageKey(next))
            ? 'leads back to a page already read'
            : undefined;
    if (refused === undefined) return next;
    this.options.debug(`GitHub: the next page's link ${refused}: not followed, the list ends here.`);
    return undefined;
  }
}

/** A page of a list as the loop check knows it: GitHub's default `page=1` made explicit, the query in order. */
function pageKey(url: URL): string {
  const key = new URL(url);
  if (!key.searchParams.has('page')) key.searchParams.set('page', '1');
  key.searchParams.sort();
  return key.href;
}
