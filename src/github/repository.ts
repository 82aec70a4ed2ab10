/**
 * The run's handle on a repository: the client, owner and repo, and token, made once; or why GitHub
 * cannot be asked. Whatever calls GitHub checks one thing (`ok`), not the token, the repository and
 * the client each.
 */
import type { Repository } from '../event/run-event.js';
import type { Environment, Runtime } from '../runtime.js';
import { userAgent } from '../version.js';
import { GitHubClient } from './client.js';
import { githubEndpoints } from './endpoints.js';
import { withOrchestrationId } from './octokit.js';

export interface UsableRepository {
  readonly ok: true;
  readonly client: GitHubClient;
  /** `owner` and `repo`, as Octokit's methods take them. */
  readonly repository: Repository;
  readonly token: string;
}

export type UnusableReason = 'no-token' | 'no-repository' | 'bad-endpoint';

export interface UnusableRepository {
  readonly ok: false;
  /** The first of: `github-token` is empty, GITHUB_REPOSITORY is not `owner/repo`, GITHUB_API_URL or GITHUB_GRAPHQL_URL is unusable. */
  readonly reason: UnusableReason;
  /** As a clause: `'github-token' is empty`. */
  readonly detail: string;
  readonly repository?: Repository;
}

export type RepositoryHandle = UsableRepository | UnusableRepository;

export interface ClientOptions {
  readonly env: Environment;
  readonly runtime: Runtime;
  /** No GitHub call or retry starts after it. */
  readonly deadline: number;
  readonly requestTimeoutMs: number;
  readonly signal?: AbortSignal;
  /** Kept out of GitHub's text quoted in a failure. */
  readonly secrets?: readonly string[];
  readonly debug: (message: string) => void;
}

export type OpenedClient = { readonly client: GitHubClient } | { readonly detail: string };

/** A client for `token` (sent to `scope` alone when given), or why GitHub's API cannot be used, naming the variable. */
export function openClient(options: ClientOptions, token: string, scope?: Repository): OpenedClient {
  const found = githubEndpoints(options.env);
  if ('reason' in found) return { detail: found.reason };
  const { runtime } = options;
  const client = new GitHubClient({
    ...found.endpoints,
    dispatcher: runtime.dispatcher,
    token,
    ...(options.secrets && { secrets: options.secrets }),
    userAgent: withOrchestrationId(userAgent(), options.env['ACTIONS_ORCHESTRATION_ID']),
    requestTimeoutMs: options.requestTimeoutMs,
    clock: runtime.clock,
    sleep: runtime.sleep,
    deadline: options.deadline,
    random: runtime.random,
    debug: options.debug,
    ...(options.signal && { signal: options.signal }),
    ...(scope && { repository: scope }),
  });
  return { client };
}

export interface RepositoryOptions extends ClientOptions {
  readonly token: string | undefined;
  readonly repository: Repository | undefined;
  readonly repositoryText: string;
}

export function openRepository(options: RepositoryOptions): RepositoryHandle {
  const { token, repository } = options;
  const known = repository && { repository };
  if (token === undefined) return { ok: false, reason: 'no-token', detail: "'github-token' is empty", ...known };
  if (repository === undefined)
    return { ok: false, reason: 'no-repository', detail: `GITHUB_REPOSITORY is '${options.repositoryText}', not 'owner/repo'` };
  const opened = openClient(options, token);
  if ('detail' in opened) return { ok: false, reason: 'bad-endpoint', detail: opened.detail, repository };
  return { ok: true, client: opened.client, repository, token };
}

/** Made on the first call, and once. */
export function madeOnce(open: () => RepositoryHandle): () => RepositoryHandle {
  let handle: RepositoryHandle | undefined;
  return () => (handle ??= open());
}
