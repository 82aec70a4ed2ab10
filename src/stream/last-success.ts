/**
 * The head of this workflow's last successful run on a branch: one request by the workflow's file
 * (GITHUB_WORKFLOW_REF, which GitHub takes as its id), two when the run must be asked for its
 * workflow, one more for the default branch. The run asking is never its own answer (a re-run of a
 * run that once succeeded), nor is a fork's run on a branch of the same name; a head a force push
 * removed is the caller's to check (isAncestor).
 */
import { isSha } from '../event/payload.js';
import type { Repository } from '../event/run-event.js';
import type { GitHubClient } from '../github/client.js';
import { isRecord } from '../is-record.js';
import { encodeSegment } from '../text/uri.js';
import { failureOf, malformed, repoPath, type Refused, type Unavailable } from '../github/failure.js';

/** The run asking and a fork's runs are skipped: a few more than one. */
export const RUNS_PER_PAGE = 10;

export interface LastSuccessOptions {
  readonly runId: number;
  /** Undefined: asked from the run. */
  readonly workflowFile?: string;
  /** Undefined: the default branch, where a digest's schedule runs whatever branch a manual run names. */
  readonly branch?: string;
  /** Undefined: any event of the workflow. */
  readonly event?: string;
}

export type LastSuccess =
  | {
      readonly kind: 'found';
      readonly sha: string;
      readonly runId: number;
      readonly runUrl?: string;
      readonly branch: string;
    }
  /** The first run. */
  | { readonly kind: 'none'; readonly branch: string }
  | Refused
  | Unavailable;

export type AnsweredLookup = Extract<LastSuccess, { readonly kind: 'found' | 'none' }>;

const safeId = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;

const nonEmpty = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

interface WorkflowRun {
  readonly id: number;
  readonly sha: string;
  readonly url?: string;
  readonly headRepository?: string;
  readonly conclusion?: string;
}

function workflowRunOf(value: unknown): WorkflowRun | undefined {
  if (!isRecord(value)) return undefined;
  const id = safeId(value['id']);
  const sha = value['head_sha'];
  if (id === undefined || !isSha(sha)) return undefined;
  const url = nonEmpty(value['html_url']);
  const headRepository = isRecord(value['head_repository']) ? nonEmpty(value['head_repository']['full_name']) : undefined;
  const conclusion = nonEmpty(value['conclusion']);
  return {
    id,
    sha,
    ...(url !== undefined && /^https?:\/\//.test(url) && { url }),
    ...(headRepository !== undefined && { headRepository }),
    ...(conclusion !== undefined && { conclusion }),
  };
}

interface OwnWorkflow {
  readonly workflowId: number | string;
  readonly defaultBranch?: string;
}

async function readOwnRun(github: GitHubClient, repository: Repository, runId: number): Promise<OwnWorkflow | Refused | Unavailable> {
  const what = `GET ${repoPath(repository)}/actions/runs/${runId}`;
  let json: unknown;
  try {
    json = (await (await github.rest()).actions.getWorkflowRun({ ...repository, run_id: runId })).data;
  } catch (error) {
    return failureOf(error, 'actions: read');
  }
  const workflowId = isRecord(json) ? safeId(json['workflow_id']) : undefined;
  if (!isRecord(json) || workflowId === undefined) return malformed(what);
  const defaultBranch = isRecord(json['repository']) ? nonEmpty(json['repository']['default_branch']) : undefined;
  return { workflowId, ...(defaultBranch !== undefined && { defaultBranch }) };
}

/** `GET /repos/{o}/{r}`'s `default_branch`: every workflow token may read it, so a 403 is the token itself. */
async function readDefaultBranch(github: GitHubClient, repository: Repository): Promise<string | Refused | Unavailable> {
  try {
    const json: unknown = (await (await github.rest()).repos.get({ ...repository })).data;
    const branch = isRecord(json) ? nonEmpty(json['default_branch']) : undefined;
    return branch ?? malformed(`GET ${repoPath(repository)}`);
  } catch (error) {
    return failureOf(error, 'repository');
  }
}

/** Never throws for GitHub's failures. */
export async function lastSuccessfulHead(github: GitHubClient, repository: Repository, options: LastSuccessOptions): Promise<LastSuccess> {
  const run: OwnWorkflow | Refused | Unavailable =
    options.workflowFile === undefined ? await readOwnRun(github, repository, options.runId) : { workflowId: options.workflowFile };
  if ('kind' in run) return run;
  const branch = options.branch ?? run.defaultBranch ?? (await readDefaultBranch(github, repository));
  if (typeof branch !== 'string') return branch;
  const path = `${repoPath(repository)}/actions/workflows/${encodeSegment(String(run.workflowId))}/runs`;
  let json: unknown;
  try {
    const query = {
      branch,
      status: 'success' as const,
      per_page: RUNS_PER_PAGE,
      ...(options.event !== undefined && { event: options.event }),
    };
    const rest = await github.rest();
    json = (await rest.actions.listWorkflowRuns({ ...repository, workflow_id: run.workflowId, ...query })).data;
  } catch (error) {
    return failureOf(error, 'actions: read');
  }
  const runs = isRecord(json) ? json['workflow_runs'] : undefined;
  if (!Array.isArray(runs)) return malformed(`GET ${path}`);
  const fullName = `${repository.owner}/${repository.repo}`.toLowerCase();
  const found = runs
    .flatMap((item) => workflowRunOf(item) ?? [])
    .find(
      (candidate) =>
        candidate.id !== options.runId &&
        (candidate.conclusion === undefined || candidate.conclusion === 'success') &&
        (candidate.headRepository === undefined || candidate.headRepository.toLowerCase() === fullName),
    );
  if (found === undefined) return { kind: 'none', branch };
  return { kind: 'found', sha: found.sha, runId: found.id, ...(found.url !== undefined && { runUrl: found.url }), branch };
}
