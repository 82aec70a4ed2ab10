// @ts-check
// GitHub Actions' runs, as GitHub's REST API shows them: one run (`GET /actions/runs/{id}`, its
// latest attempt), a workflow's runs (`GET /actions/workflows/{id or file name}/runs`, newest first,
// filtered by `branch`, `event`, `status` — a status such as `completed` or a conclusion such as
// `success` — and `head_sha`; at most 1,000 results when filtered, as GitHub documents; paged in
// `{ total_count, workflow_runs }`) and a run's jobs (`GET /actions/runs/{id}/jobs`, those of the
// latest attempt unless `filter=all`). A workflow the fake has no run of is 404, as an unknown one.
// Tests add runs with `addWorkflowRun`; a run is live state: change its fields to move it on.
import { githubError, pageSlice } from './answers.js';
import { needs } from './token.js';

/**
 * @typedef {import('./server.js').Route} Route
 * @typedef {import('./server.js').RouteRequest} RouteRequest
 * @typedef {'requested' | 'queued' | 'pending' | 'waiting' | 'in_progress' | 'completed'} RunStatus
 * @typedef {'success' | 'failure' | 'neutral' | 'cancelled' | 'skipped' | 'timed_out' | 'action_required' | 'stale'} RunConclusion
 */

/**
 * @typedef {object} FakeJob
 * @property {number} id
 * @property {string} name
 * @property {RunStatus} status
 * @property {RunConclusion | null} conclusion
 * @property {number} run_attempt the attempt that ran it
 */

/**
 * @typedef {object} FakeWorkflowRun
 * @property {number} id kept by a re-run, as GITHUB_RUN_ID
 * @property {number} workflow_id
 * @property {string} path the workflow's file, e.g. `.github/workflows/docs.yml`
 * @property {string} name the workflow's name
 * @property {string} head_branch
 * @property {string} head_sha
 * @property {string} event
 * @property {RunStatus} status
 * @property {RunConclusion | null} conclusion null until completed
 * @property {number} run_attempt raised by a re-run, as GITHUB_RUN_ATTEMPT
 * @property {number} run_number
 * @property {string} created_at
 * @property {FakeJob[]} jobs of every attempt
 */

/**
 * @typedef {object} JobSpec
 * @property {string} name
 * @property {RunStatus} [status] default: the run's
 * @property {RunConclusion | null} [conclusion] default: the run's
 * @property {number} [attempt] default: the run's attempt
 */

/**
 * @typedef {object} WorkflowRunSpec
 * @property {number} [id] default: a new id
 * @property {number} workflowId
 * @property {string} [workflowFile] default 'docs.yml'; the runs endpoint takes it in place of the id, as GitHub does
 * @property {string} [name] the workflow's name, default 'Docs'
 * @property {string} branch
 * @property {string} headSha
 * @property {string} [event] default 'push'
 * @property {RunStatus} [status] default 'completed'
 * @property {RunConclusion | null} [conclusion] default 'success' when completed, null otherwise
 * @property {string} [createdAt] ISO 8601; default the fake's clock
 * @property {number} [attempt] default 1
 * @property {JobSpec[]} [jobs] default one job, 'docs', as the run
 */

/** GitHub answers at most this many runs for a search with any of these filters. */
const FILTERED_RESULTS = 1000;
const SEARCH_FILTERS = ['actor', 'branch', 'check_suite_id', 'created', 'event', 'head_sha', 'status'];

/**
 * @param {{ owner: string, repo: string, workflowRuns: FakeWorkflowRun[], nextId: () => number, now: () => string }} state
 * @returns {{ routes: Route[], add: (spec: WorkflowRunSpec) => FakeWorkflowRun }}
 */
export function actionsRoutes(state) {
  const web = `https://github.com/${state.owner}/${state.repo}`;
  const prefix = `/repos/${state.owner}/${state.repo}/actions`;

  /** @type {(spec: WorkflowRunSpec) => FakeWorkflowRun} */
  const add = (spec) => {
    const status = spec.status ?? 'completed';
    const conclusion = spec.conclusion === undefined ? (status === 'completed' ? 'success' : null) : spec.conclusion;
    const attempt = spec.attempt ?? 1;
    /** @type {FakeWorkflowRun} */
    const run = {
      id: spec.id ?? state.nextId(),
      workflow_id: spec.workflowId,
      path: `.github/workflows/${spec.workflowFile ?? 'docs.yml'}`,
      name: spec.name ?? 'Docs',
      head_branch: spec.branch,
      head_sha: spec.headSha,
      event: spec.event ?? 'push',
      status,
      conclusion,
      run_attempt: attempt,
      run_number: state.workflowRuns.filter((other) => other.workflow_id === spec.workflowId).length + 1,
      created_at: spec.createdAt ?? state.now(),
      jobs: [],
    };
    run.jobs = (spec.jobs ?? [{ name: 'docs' }]).map((job) => ({
      id: state.nextId(),
      name: job.name,
      status: job.status ?? status,
      conclusion: job.conclusion === undefined ? conclusion : job.conclusion,
      run_attempt: job.attempt ?? attempt,
    }));
    state.workflowRuns.push(run);
    return run;
  };

  /** @param {FakeWorkflowRun} run */
  const runJson = (run) => ({
    id: run.id,
    name: run.name,
    node_id: `WFR_${run.id}`,
    head_branch: run.head_branch,
    head_sha: run.head_sha,
    path: run.path,
    display_title: run.name,
    run_number: run.run_number,
    event: run.event,
    status: run.status,
    conclusion: run.conclusion,
    workflow_id: run.workflow_id,
    run_attempt: run.run_attempt,
    created_at: run.created_at,
    updated_at: run.created_at,
    run_started_at: run.created_at,
    html_url: `${web}/actions/runs/${run.id}`,
    jobs_url: `https://api.github.com${prefix}/runs/${run.id}/jobs`,
    pull_requests: [],
  });

  /**
   * @param {FakeWorkflowRun} run
   * @param {FakeJob} job
   */
  const jobJson = (run, job) => ({
    id: job.id,
    run_id: run.id,
    run_attempt: job.run_attempt,
    workflow_name: run.name,
    head_branch: run.head_branch,
    head_sha: run.head_sha,
    name: job.name,
    status: job.status,
    conclusion: job.conclusion,
    started_at: run.created_at,
    completed_at: job.status === 'completed' ? run.created_at : null,
    html_url: `${web}/actions/runs/${run.id}/job/${job.id}`,
    labels: ['ubuntu-latest'],
    steps: [],
  });

  /** @param {string | undefined} id */
  const runOf = (id) => state.workflowRuns.find((run) => run.id === Number(id));

  /**
   * @param {RegExpExecArray} match
   * @param {RouteRequest} request
   */
  const listRuns = (match, request) => {
    const workflow = decodeURIComponent(match[1] ?? '');
    const ofWorkflow = state.workflowRuns.filter((run) => String(run.workflow_id) === workflow || run.path.endsWith(`/${workflow}`));
    if (ofWorkflow.length === 0) return githubError(404, 'Not Found');
    const { branch, event, status, head_sha: headSha } = request.query;
    const matching = ofWorkflow
      .filter(
        (run) =>
          (branch === undefined || run.head_branch === branch) &&
          (event === undefined || run.event === event) &&
          (status === undefined || run.status === status || run.conclusion === status) &&
          (headSha === undefined || run.head_sha === headSha),
      )
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
    const searched = SEARCH_FILTERS.some((filter) => filter in request.query);
    const served = searched ? matching.slice(0, FILTERED_RESULTS) : matching;
    const { items, headers } = pageSlice(served.map(runJson), request);
    return { status: 200, body: { total_count: served.length, workflow_runs: items }, headers };
  };

  /**
   * @param {RegExpExecArray} match
   * @param {RouteRequest} request
   */
  const listJobs = (match, request) => {
    const run = runOf(match[1]);
    if (run === undefined) return githubError(404, 'Not Found');
    const all = request.query['filter'] === 'all';
    const jobs = run.jobs.filter((job) => all || job.run_attempt === run.run_attempt).map((job) => jobJson(run, job));
    const { items, headers } = pageSlice(jobs, request);
    return { status: 200, body: { total_count: jobs.length, jobs: items }, headers };
  };

  const read = needs('read', 'actions');
  /** @type {Route[]} */
  const routes = [
    {
      method: 'GET',
      pattern: new RegExp(`^${prefix}/runs/(\\d+)$`),
      needs: read,
      handle: (match) => {
        const run = runOf(match[1]);
        return run === undefined ? githubError(404, 'Not Found') : { status: 200, body: runJson(run) };
      },
    },
    { method: 'GET', pattern: new RegExp(`^${prefix}/runs/(\\d+)/jobs$`), needs: read, handle: listJobs },
    { method: 'GET', pattern: new RegExp(`^${prefix}/workflows/([^/]+)/runs$`), needs: read, handle: listRuns },
  ];
  return { routes, add };
}
