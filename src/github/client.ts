/**
 * The one GitHub client: Octokit (octokit.ts) on the service's dispatcher and network policy (proxy
 * rules, timeouts, a size cap, no redirects so the token stays with GITHUB_API_URL, the shared retry
 * loop), with few attempts: GitHub is a side channel of the run. Lists are read through `pages`,
 * bounded and guarded against links that loop or leave; every failure is a GitHubError.
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
  /** The run's other secrets, removed with the token from GitHub's text quoted in a failure. */
  readonly secrets?: readonly string[];
  readonly userAgent: string;
  readonly requestTimeoutMs: number;
  readonly random: () => number;
  readonly debug: (message: string) => void;
  readonly signal?: AbortSignal;
  /** The one repository the token may be sent to (bound.ts); any when absent. */
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
  requestCount = 0;
  private octokitInstance: Promise<Octokit> | undefined;

  constructor(private readonly options: GitHubClientOptions) {}

  /** Without the run's abort signal: for what a cancelled run still writes after aborting every call. */
  detached(): GitHubClient {
    const { signal: _signal, ...options } = this.options;
    return new GitHubClient(options);
  }

  private get secrets(): readonly string[] {
    return [this.options.token, ...(this.options.secrets ?? [])];
  }

  /** For messages: never a path or credentials. */
  get apiOrigin(): string {
    return this.options.apiUrl.origin;
  }

  /** Made on the first call. */
  octokit(): Promise<Octokit> {
    this.octokitInstance ??= createOctokit({
      ...this.options,
      secrets: this.secrets,
      fetch: this.fetch(),
      counted: () => void this.requestCount++,
    });
    return this.octokitInstance;
  }

  async rest(): Promise<Octokit['rest']> {
    return (await this.octokit()).rest;
  }

  /** `request` options for an answer larger than the policy's cap (a comparison with its patches). */
  bodyCap(maxBodyBytes: number): { readonly fetch: PolicyFetch } {
    return { fetch: this.fetch(maxBodyBytes) };
  }

  /** `GET /repos/acme/docs/...`: the call that gave a typed answer, as messages name it. */
  callOf(response: { readonly url: string }, method = 'GET'): string {
    return `${method} ${apiPath(this.options.apiUrl, new URL(response.url, this.options.apiUrl))}`;
  }

  /**
   * At most `maxPages` pages of a list, each an array; `more`: GitHub had pages beyond. A next link is
   * followed only to GITHUB_API_URL's origin, without credentials, and never back to a page already
   * read: a link that loops would repeat the same items up to the cap.
   */
  async *pages<P extends Record<string, unknown>>(
    list: (rest: Octokit['rest']) => ListMethod<P>,
    parameters: P,
    maxPages: number,
    maxBodyBytes?: number,
  ): AsyncGenerator<{ readonly items: readonly unknown[]; readonly more: boolean }> {
    const octokit = await this.octokit();
    const method = list(octokit.rest);
    // The iterator gives each next page only its link and the headers: the cap rides on the defaults.
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
