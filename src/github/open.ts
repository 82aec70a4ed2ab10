/**
 * The run's GitHub client, made once with `github-token`, the runner's endpoints and the run's
 * deadline, and shared by every feature that calls GitHub; or why there is none.
 */
import type { Environment, Runtime } from '../runtime.js';
import { userAgent } from '../version.js';
import type { RepositoryScope } from './bound.js';
import { GitHubClient } from './client.js';
import { githubEndpoints } from './endpoints.js';
import { withOrchestrationId } from './octokit.js';

export type GitHubAccess =
  | { readonly ok: true; readonly client: GitHubClient }
  /** `github-token` is empty. */
  | { readonly ok: false; readonly reason: 'no-token' }
  /** GITHUB_API_URL or GITHUB_GRAPHQL_URL cannot be used; `detail` names the variable. */
  | { readonly ok: false; readonly reason: 'bad-endpoint'; readonly detail: string };

export interface OpenGitHubOptions {
  readonly token: string | undefined;
  /** The run's other secrets (the API key, the other token), kept out of GitHub's text quoted in a failure. */
  readonly secrets?: readonly string[];
  readonly env: Environment;
  readonly runtime: Runtime;
  /** The run's deadline: no GitHub call or retry starts after it. */
  readonly deadline: number;
  readonly requestTimeoutMs: number;
  /** Aborts every GitHub call in flight when the run is cancelled. */
  readonly signal?: AbortSignal;
  /** The one repository the token may be sent to; any when absent. */
  readonly repository?: RepositoryScope;
  readonly debug: (message: string) => void;
}

export function openGitHub(options: OpenGitHubOptions): GitHubAccess {
  if (options.token === undefined) return { ok: false, reason: 'no-token' };
  const found = githubEndpoints(options.env);
  if ('reason' in found) return { ok: false, reason: 'bad-endpoint', detail: found.reason };
  const { runtime } = options;
  const client = new GitHubClient({
    ...found.endpoints,
    dispatcher: runtime.dispatcher,
    token: options.token,
    ...(options.secrets && { secrets: options.secrets }),
    userAgent: withOrchestrationId(userAgent(), options.env['ACTIONS_ORCHESTRATION_ID']),
    requestTimeoutMs: options.requestTimeoutMs,
    clock: runtime.clock,
    sleep: runtime.sleep,
    deadline: options.deadline,
    random: runtime.random,
    debug: options.debug,
    ...(options.signal && { signal: options.signal }),
    ...(options.repository && { repository: options.repository }),
  });
  return { ok: true, client };
}
