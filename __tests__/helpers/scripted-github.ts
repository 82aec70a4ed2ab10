/**
 * The run's GitHub client over undici's MockAgent, with GitHub's answers scripted by a function of
 * each call: unit tests of everything that calls GitHub (comments, the gate, the change, the
 * conversation) see every request the client sends, retries included, on a fake clock. Only types
 * come from src/ statically, so test files that mock modules before importing src/ can use it.
 */
import type { MockAgent } from 'undici';
import type { RepositoryScope } from '../../src/github/bound.js';
import type { GitHubClient } from '../../src/github/client.js';
import type { DocsRepository } from '../../src/github/docs-repository.js';
import type { RepositoryHandle, UnusableRepository, UsableRepository } from '../../src/github/repository.js';

export const GITHUB_API = 'https://ghe.example.com/api/v3';
/** GitHub Enterprise Server's GraphQL beside /api/v3. */
export const GITHUB_GRAPHQL = 'https://ghe.example.com/api/graphql';
export const GITHUB_TOKEN = 'ghs_unitTestToken0123456789abcdef';

export interface GitHubCall {
  readonly method: string;
  /** The whole URL, query included. */
  readonly url: string;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** An answer in GitHub's shape, or an Error the network throws (give it a `code` such as ECONNREFUSED). */
export type GitHubAnswer =
  { readonly status: number; readonly json?: unknown; readonly text?: string; readonly headers?: Readonly<Record<string, string>> } | Error;

/** `{"message": …}` with GitHub's other error fields. */
export function githubError(status: number, message: string, headers: Record<string, string> = {}): GitHubAnswer {
  return { status, json: { message, documentation_url: 'https://docs.github.com/rest', status: String(status) }, headers };
}

export interface ScriptedGitHub {
  readonly client: GitHubClient;
  readonly calls: GitHubCall[];
  /** The fake clock's sleeps (retry waits). */
  readonly sleeps: number[];
  /** Another client on the same script, with `token` and bound to `repository` (the docs repository's). */
  readonly bound: (token: string, repository: RepositoryScope) => GitHubClient;
}

/** A docs token, told apart from GITHUB_TOKEN by the Authorization header of each call. */
export const DOCS_TOKEN = 'ghs_unitDocsToken0123456789abcdef';

export interface ScriptedOptions {
  readonly requestTimeoutMs?: number;
  /** Undefined: an hour from the fake clock's start. */
  readonly deadline?: number;
  readonly signal?: AbortSignal;
}

function headersOf(raw: unknown): Record<string, string> {
  if (raw === null || typeof raw !== 'object') return {};
  return Object.fromEntries(Object.entries(raw).map(([name, value]) => [name.toLowerCase(), String(value)]));
}

/** A client on GITHUB_API whose every call is answered by `answer(call, index)`. */
export async function scriptedGitHub(
  agent: MockAgent,
  answer: (call: GitHubCall, index: number) => GitHubAnswer,
  options: ScriptedOptions = {},
): Promise<ScriptedGitHub> {
  const { GitHubClient } = await import('../../src/github/client.js');
  const calls: GitHubCall[] = [];
  const sleeps: number[] = [];
  let now = 0;
  const origin = new URL(GITHUB_API).origin;
  agent
    .get(origin)
    .intercept({ path: () => true, method: () => true })
    .reply((request) => {
      const call: GitHubCall = {
        method: request.method,
        url: `${origin}${request.path}`,
        body: typeof request.body === 'string' ? request.body : '',
        headers: headersOf(request.headers),
      };
      calls.push(call);
      const result = answer(call, calls.length - 1);
      if (result instanceof Error) throw result;
      const data = result.text ?? (result.json === undefined ? '' : JSON.stringify(result.json));
      const type = result.text === undefined ? 'application/json; charset=utf-8' : 'text/html';
      return { statusCode: result.status, data, responseOptions: { headers: { 'content-type': type, ...result.headers } } };
    })
    .persist();
  const clientFor = (token: string, repository?: RepositoryScope): GitHubClient =>
    new GitHubClient({
      apiUrl: new URL(GITHUB_API),
      graphqlUrl: new URL(GITHUB_GRAPHQL),
      dispatcher: agent,
      token,
      ...(repository && { repository }),
      userAgent: 'test-agent/1.0',
      requestTimeoutMs: options.requestTimeoutMs ?? 1000,
      clock: () => now,
      sleep: async (ms) => {
        sleeps.push(ms);
        now += ms;
      },
      deadline: options.deadline ?? 3_600_000,
      random: () => 0.5,
      debug: () => undefined,
      ...(options.signal && { signal: options.signal }),
    });
  return { client: clientFor(GITHUB_TOKEN), calls, sleeps, bound: clientFor };
}

/** Which token a call carried: 'github' (GITHUB_TOKEN), 'docs' (DOCS_TOKEN) or 'none'. */
export function tokenOf(call: GitHubCall): 'github' | 'docs' | 'none' {
  const auth = call.headers['authorization'] ?? '';
  return auth.endsWith(GITHUB_TOKEN) ? 'github' : auth.endsWith(DOCS_TOKEN) ? 'docs' : 'none';
}

/** The handle of `repository` (acme/widgets by default) with `client` and GITHUB_TOKEN. */
export function usable(client: GitHubClient, repository: RepositoryScope = { owner: 'acme', repo: 'widgets' }): UsableRepository {
  return { ok: true, client, repository, token: GITHUB_TOKEN };
}

/** The handle of a run whose `github-token` is empty. */
export const NO_TOKEN: UnusableRepository = { ok: false, reason: 'no-token', detail: "'github-token' is empty" };

/** How `scriptedDocs` makes the run's docs repository. */
export interface ScriptedDocsOptions {
  /** `docs-token` is DOCS_TOKEN; otherwise it is not set. */
  readonly docsToken?: boolean;
  /** Default `acme/widgets`. */
  readonly workflowRepository?: RepositoryScope;
  /** The workflow's handle; default: the scripted client on `workflowRepository`. */
  readonly workflow?: RepositoryHandle;
  /** `github-token`; default GITHUB_TOKEN (a key given as undefined: not set). */
  readonly githubToken?: string | undefined;
}

/**
 * The run's docs repository over a scripted GitHub: the workflow's repository answered with its
 * client and GITHUB_TOKEN, any other with a bound client and DOCS_TOKEN (or GITHUB_TOKEN without `docsToken`).
 */
export async function scriptedDocs(github: ScriptedGitHub, options: ScriptedDocsOptions = {}): Promise<DocsRepository> {
  const { DocsRepository: Docs } = await import('../../src/github/docs-repository.js');
  return new Docs({
    workflow: () => options.workflow ?? usable(github.client, options.workflowRepository),
    githubToken: 'githubToken' in options ? options.githubToken : GITHUB_TOKEN,
    docsToken: options.docsToken === true ? DOCS_TOKEN : undefined,
    open: (token, repository) => ({ client: github.bound(token, repository) }),
  });
}
