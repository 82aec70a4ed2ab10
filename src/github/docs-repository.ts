/**
 * The docs repository, where the agent opens its pull requests: the workflow's handle when it is the
 * workflow's own, else a client bound to it (bound.ts) with `docs-token` (or `github-token`), made on
 * first use. A refusal there (401, 403, or the 404 GitHub answers for a private repository the token
 * cannot see) makes it unusable for the rest of the run, so the run says so once.
 */
import type { RepositoryScope } from './bound.js';
import { GitHubError } from './errors.js';
import type { OpenedClient, RepositoryHandle, UsableRepository } from './repository.js';

export type DocsTokenInput = 'github-token' | 'docs-token';

export type DocsHandle =
  | (UsableRepository & {
      /** The workflow's own repository: its handle, and the workflow's permissions as the advice. */
      readonly own: boolean;
      readonly tokenInput: DocsTokenInput;
    })
  /** `detail` completes "No … on acme/docs#12: …". */
  | { readonly ok: false; readonly repository: RepositoryScope; readonly detail: string };

export type UsableDocsHandle = Extract<DocsHandle, { ok: true }>;

export interface DocsRefusal {
  readonly repository: RepositoryScope;
  readonly status: number;
  readonly tokenInput: DocsTokenInput;
}

export interface DocsRepositoryOptions {
  readonly workflow: () => RepositoryHandle;
  readonly githubToken: string | undefined;
  readonly docsToken: string | undefined;
  readonly open: (token: string, repository: RepositoryScope) => OpenedClient;
}

export const repositoryName = (repository: RepositoryScope): string => `${repository.owner}/${repository.repo}`;

const sameRepository = (a: RepositoryScope, b: RepositoryScope): boolean =>
  repositoryName(a).toLowerCase() === repositoryName(b).toLowerCase();

const NO_API = "GitHub's API cannot be used (GITHUB_API_URL)";

export class DocsRepository {
  private bound: DocsHandle | undefined;

  constructor(private readonly options: DocsRepositoryOptions) {}

  handle(target: RepositoryScope): DocsHandle {
    const repository = { owner: target.owner, repo: target.repo };
    const workflow = this.options.workflow();
    if (workflow.repository !== undefined && sameRepository(repository, workflow.repository)) {
      if (!workflow.ok) return { ok: false, repository, detail: workflow.reason === 'no-token' ? "'github-token' is empty" : NO_API };
      return { ...workflow, repository, own: true, tokenInput: 'github-token' };
    }
    this.bound ??= this.opened(repository);
    if (sameRepository(this.bound.repository, repository)) return this.bound;
    return {
      ok: false,
      repository,
      detail: `this run's docs repository is ${repositoryName(this.bound.repository)}, and its token goes nowhere else`,
    };
  }

  /** GitHub refused the docs repository's token: the handle is unusable from now on, so no later call repeats the refusal. */
  refused(handle: UsableDocsHandle, status: number): DocsRefusal {
    const { repository, tokenInput } = handle;
    this.bound = { ok: false, repository, detail: `it answered ${status} to '${tokenInput}' earlier in this run` };
    return { repository, status, tokenInput };
  }

  private opened(repository: RepositoryScope): DocsHandle {
    const { docsToken, githubToken } = this.options;
    const token = docsToken ?? githubToken;
    if (token === undefined) return { ok: false, repository, detail: "neither 'docs-token' nor 'github-token' is set" };
    const opened = this.options.open(token, repository);
    if ('detail' in opened) return { ok: false, repository, detail: NO_API };
    const tokenInput = docsToken === undefined ? 'github-token' : 'docs-token';
    return { ok: true, repository, own: false, client: opened.client, token, tokenInput };
  }
}

/** 401, 404, or a 403 that is neither a rate limit nor a locked conversation: the token cannot reach it. */
export function docsRefusalStatus(error: unknown): number | undefined {
  if (!(error instanceof GitHubError) || error.kind !== 'status') return undefined;
  const { status } = error;
  if (status === 401 || status === 404 || (status === 403 && !error.rateLimited && !error.locked)) return status;
  return undefined;
}

/** `couldNot` completes "this run could not …". No workflow permissions: they reach only the workflow's own repository. */
export function docsRefusalNotice(refusal: DocsRefusal, couldNot: string): string {
  const name = repositoryName(refusal.repository);
  const hidden = refusal.status === 404 ? ' (GitHub answers 404 for a private repository the token cannot see)' : '';
  const fix =
    refusal.tokenInput === 'docs-token'
      ? `check that 'docs-token' is a token for ${name} that may read its pull requests and comment on them`
      : `pass a token for ${name} in 'docs-token': the workflow's default token reaches only the workflow's repository`;
  return `The docs repository ${name} answered ${refusal.status} to '${refusal.tokenInput}'${hidden}, so this run could not ${couldNot}. To reach it, ${fix}.`;
}
