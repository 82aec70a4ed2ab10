/**
 * The head commit of the last successful run of this workflow on a branch: where the change a run
 * describes starts, so a run that failed, was cancelled or never ran leaves its commits to the next
 * one. The workflow's runs with `branch` and `status=success`, newest first, listed by the
 * workflow's file name (GITHUB_WORKFLOW_REF, which GitHub accepts as the workflow id): one request.
 * Without the file name, the run itself is asked first (`GET /actions/runs/{run_id}`, for its
 * `workflow_id`): two. One more when the default branch must be asked for.
 *
 * Edge cases, as nrwl/nx-set-shas meets them too: the first run finds none; the run asking is
 * never its own answer (a re-run of a run that once succeeded); a run of a fork's pull request
 * whose branch has the same name is not one of this repository's commits; and a head that a force
 * push removed from the branch is the caller's to check (isAncestor), falling back to the event's range.
 */
import { isSha } from '../event/payload.js';
import type { Repository } from '../event/run-event.js';
import type { GitHubClient } from '../github/client.js';
import { isRecord } from '../is-record.js';
import { encodeSegment } from '../text/uri.js';
import { failureOf, malformed, repoPath, type Refused, type Unavailable } from '../github/failure.js';

/** Newest successful runs read: the run asking and a fork's runs are skipped, so a few more than one. */
export const RUNS_PER_PAGE = 10;

export interface LastSuccessOptions {
  /** GITHUB_RUN_ID of the run asking. */
  readonly runId: number;
  /** The workflow's file name (`docs.yml`, from GITHUB_WORKFLOW_REF); undefined: asked from the run. */
  readonly workflowFile?: string;
  /**
   * The branch whose runs count (a push's branch). Undefined: the repository's default branch, for
   * `change-since: last-success`, whose schedule runs on it whatever branch a manual run names.
   */
  readonly branch?: string;
  /** Only runs started by this event (`push`); undefined: any event of the workflow. */
  readonly event?: string;
}

export type LastSuccess =
  | {
      readonly kind: 'found';
      readonly sha: string;
      readonly runId: number;
      readonly runUrl?: string;
      /** The branch searched. */
      readonly branch: string;
    }
  /** No earlier successful run of the workflow on the branch: the first run. */
  | { readonly kind: 'none'; readonly branch: string }
  | Refused
  | Unavailable;

/** A last successful run found, or none: an answer, unlike a refusal or a failure. */
export type AnsweredLookup = Extract<LastSuccess, { readonly kind: 'found' | 'none' }>;

const safeId = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;

const nonEmpty = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

interface WorkflowRun {
  readonly id: number;
  readonly sha: string;
  readonly url?: string;
  /** `owner/repo` of the commit's repository, when GitHub says. */
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

/** The workflow whose runs are listed: its id or file name, and the default branch when GitHub's answer named it. */
interface OwnWorkflow {
  readonly workflowId: number | string;
  readonly defaultBranch?: string;
}

/** The run asking: its workflow, and the default branch when GitHub's answer names it. */
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

/** Never throws for GitHub's failures: a 403 is a refusal naming `actions: read`, a 404 or 5xx is unavailable. */
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
