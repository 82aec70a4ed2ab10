/**
 * One question to GitHub's REST API: the repository permission of a user, via
 * `GET /repos/{owner}/{repo}/collaborators/{username}/permission`. It goes through the same undici
 * dispatcher as the service calls (proxy settings, timeouts) and the same exchange (size cap, no
 * redirects, so the token stays with GITHUB_API_URL), and is retried like any GET: a lookup that
 * still fails is a refusal, never a pass. No `@actions/*` import, so tests use a MockAgent.
 */
import type { Dispatcher } from 'undici';
import { exchange } from '../net/exchange.js';
import { isRetryable, retryDelayMs, type AttemptFailure } from '../net/transport.js';
import type { Timing } from '../runtime.js';
import { grantedPermission, type GrantedPermission } from './permission.js';

/** The lookup is one small GET: a few attempts are enough, and a refusal is better than a long wait. */
const MAX_ATTEMPTS = 3;
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 8000;

export interface Repository {
  readonly owner: string;
  readonly repo: string;
}

export interface PermissionLookupOptions extends Timing {
  readonly dispatcher: Dispatcher;
  /** GITHUB_API_URL: https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server. */
  readonly apiUrl: URL;
  readonly repository: Repository;
  readonly token: string;
  readonly userAgent: string;
  readonly requestTimeoutMs: number;
  readonly random: () => number;
  readonly debug: (message: string) => void;
}

export type PermissionLookup =
  { readonly ok: true; readonly permission: GrantedPermission } | { readonly ok: false; readonly reason: string };

export function permissionUrl(apiUrl: URL, repository: Repository, login: string): URL {
  const segments = [repository.owner, repository.repo, login].map(encodeURIComponent);
  const base = `${apiUrl.origin}${apiUrl.pathname.replace(/\/+$/, '')}`;
  return new URL(`${base}/repos/${segments[0]}/${segments[1]}/collaborators/${segments[2]}/permission`);
}

/** What went wrong, phrased as what to fix. */
function reasonOf(failure: AttemptFailure, options: PermissionLookupOptions, login: string): string {
  const repository = `${options.repository.owner}/${options.repository.repo}`;
  switch (failure.kind) {
    case 'status':
      if (failure.status === 401)
        return "GitHub rejected 'github-token' (HTTP 401); pass a valid token, such as the default ${{ github.token }}";
      if ((failure.status === 403 || failure.status === 429) && /rate limit/i.test(failure.detail)) {
        return `GitHub's API rate limit was reached (HTTP ${failure.status}); run the workflow again later`;
      }
      if (failure.status === 403) {
        return `the token may not read the permissions of ${repository} (HTTP 403: ${failure.detail}); the default \${{ github.token }} can, a fine-grained token needs the 'Metadata: read' repository permission`;
      }
      if (failure.status === 404) {
        return `GitHub answered 404: the token cannot see ${repository}, or @${login} is not a user account (an app that acts under a login without '[bot]': list it in 'allowed-bots')`;
      }
      if (failure.status >= 300 && failure.status < 400) {
        return `GitHub answered with a ${failure.detail}, which is not followed so the token stays with ${options.apiUrl.origin}; check GITHUB_API_URL`;
      }
      return `GitHub answered HTTP ${failure.status}: ${failure.detail}`;
    case 'not-sent':
    case 'lost':
      return `GitHub's API at ${options.apiUrl.origin} could not be reached (${failure.detail}); check the runner's network and its proxy settings (HTTPS_PROXY, NO_PROXY)`;
    case 'bad-body':
      return `GitHub's answer could not be read (${failure.detail}); check GITHUB_API_URL and the proxy`;
  }
}

export async function lookUpPermission(options: PermissionLookupOptions, login: string): Promise<PermissionLookup> {
  const url = permissionUrl(options.apiUrl, options.repository, login);
  const headers = {
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${options.token}`,
    'user-agent': options.userAgent,
    'x-github-api-version': '2022-11-28',
  };
  for (let attempt = 1; ; attempt++) {
    const result = await exchange(
      options.dispatcher,
      // GitHub's answer, quoted in a refusal, loses the token before it is shortened.
      { method: 'GET', url, headers, timeoutMs: options.requestTimeoutMs, secrets: [options.token] },
      options.clock,
    );
    if (result.ok) {
      const permission = grantedPermission(result.json);
      if (permission === undefined) {
        return {
          ok: false,
          reason: "GitHub's answer has no 'role_name', 'permission' or 'user.permissions' that names a role; check GITHUB_API_URL",
        };
      }
      return { ok: true, permission };
    }
    const { failure } = result;
    const delayMs = retryDelayMs(attempt, failure, { baseMs: RETRY_BASE_MS, maxMs: RETRY_MAX_MS, random: options.random });
    const retry =
      attempt < MAX_ATTEMPTS && isRetryable('GET', failure) && delayMs <= RETRY_MAX_MS && options.clock() + delayMs <= options.deadline;
    if (!retry) return { ok: false, reason: reasonOf(failure, options, login) };
    options.debug(
      `Permission lookup for @${login}, attempt ${attempt}: ${failure.kind === 'status' ? `HTTP ${failure.status}` : failure.detail}; retrying in ${delayMs}ms.`,
    );
    await options.sleep(delayMs);
  }
}
