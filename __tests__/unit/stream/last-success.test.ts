/**
 * The head of the workflow's last successful run on a branch (src/stream/last-success.ts): the two
 * requests and their filters, the run asking and a fork's runs skipped, the default branch for
 * `change-since: last-success`, and every way GitHub can fail as a typed result, never a throw.
 */
import { describe, expect, test } from '@jest/globals';
import { lastSuccessfulHead, RUNS_PER_PAGE } from '../../../src/stream/last-success.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { githubError, scriptedGitHub, type GitHubAnswer, type GitHubCall } from '../../helpers/scripted-github.js';

const agent = useMockAgent();
const repository = { owner: 'acme', repo: 'code' };
const RUN_ID = 9001;
const WORKFLOW_ID = 77;
const sha = (digit: string) => digit.repeat(40);

function workflowRun(id: number, head: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    head_sha: head,
    conclusion: 'success',
    html_url: `https://github.com/acme/code/actions/runs/${id}`,
    head_repository: { full_name: 'acme/code' },
    ...extra,
  };
}

/** The run asking, then the workflow's runs; `runs` answers the second request. */
function actions(runs: GitHubAnswer, own: Record<string, unknown> = { id: RUN_ID, workflow_id: WORKFLOW_ID }) {
  return (call: GitHubCall): GitHubAnswer => {
    const { pathname } = new URL(call.url);
    if (pathname.endsWith(`/actions/runs/${RUN_ID}`)) return { status: 200, json: own };
    if (pathname.endsWith(`/actions/workflows/${WORKFLOW_ID}/runs`)) return runs;
    if (pathname === '/api/v3/repos/acme/code') return { status: 200, json: { default_branch: 'trunk' } };
    return githubError(404, 'Not Found');
  };
}

const listed = (...workflowRuns: unknown[]): GitHubAnswer => ({
  status: 200,
  json: { total_count: workflowRuns.length, workflow_runs: workflowRuns },
});

describe('lastSuccessfulHead', () => {
  test("reads the run's workflow, then its successful runs on the branch, newest first: two requests", async () => {
    const { client, calls } = await scriptedGitHub(agent(), actions(listed(workflowRun(8000, sha('a')), workflowRun(7000, sha('b')))));
    const found = await lastSuccessfulHead(client, repository, { runId: RUN_ID, branch: 'main' });
    expect(found).toEqual({
      kind: 'found',
      sha: sha('a'),
      runId: 8000,
      runUrl: 'https://github.com/acme/code/actions/runs/8000',
      branch: 'main',
    });
    expect(calls.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual([
      `GET /api/v3/repos/acme/code/actions/runs/${RUN_ID}`,
      `GET /api/v3/repos/acme/code/actions/workflows/${WORKFLOW_ID}/runs`,
    ]);
    const query = new URL(calls[1]?.url ?? '').searchParams;
    expect(Object.fromEntries(query)).toEqual({ branch: 'main', status: 'success', per_page: String(RUNS_PER_PAGE) });
  });

  test('never answers with the run asking (a re-run of a run that once succeeded), nor a failed run listed by mistake', async () => {
    const runs = listed(workflowRun(RUN_ID, sha('c')), workflowRun(8500, sha('d'), { conclusion: 'failure' }), workflowRun(8000, sha('a')));
    const { client } = await scriptedGitHub(agent(), actions(runs));
    expect(await lastSuccessfulHead(client, repository, { runId: RUN_ID, branch: 'main' })).toMatchObject({ kind: 'found', runId: 8000 });
  });

  test("skips a fork's run whose branch has the same name: its commit is not this repository's", async () => {
    const fork = workflowRun(8800, sha('f'), { head_repository: { full_name: 'mallory/code' } });
    const { client } = await scriptedGitHub(
      agent(),
      actions(listed(fork, workflowRun(8000, sha('a'), { head_repository: { full_name: 'ACME/Code' } }))),
    );
    expect(await lastSuccessfulHead(client, repository, { runId: RUN_ID, branch: 'main' })).toMatchObject({ kind: 'found', sha: sha('a') });
  });

  test('skips items that are not runs (no id, a head that is not a SHA) and keeps no run URL that is not http(s)', async () => {
    const runs = listed('x', null, { id: 5, head_sha: 'main' }, workflowRun(8000, sha('a'), { html_url: 'javascript:alert(1)' }));
    const { client } = await scriptedGitHub(agent(), actions(runs));
    expect(await lastSuccessfulHead(client, repository, { runId: RUN_ID, branch: 'main' })).toEqual({
      kind: 'found',
      sha: sha('a'),
      runId: 8000,
      branch: 'main',
    });
  });

  test('the first run: no earlier success is `none`', async () => {
    const { client } = await scriptedGitHub(agent(), actions(listed(workflowRun(RUN_ID, sha('c')))));
    expect(await lastSuccessfulHead(client, repository, { runId: RUN_ID, branch: 'main' })).toEqual({ kind: 'none', branch: 'main' });
  });

  test('an event filter is sent when asked for', async () => {
    const { client, calls } = await scriptedGitHub(agent(), actions(listed()));
    await lastSuccessfulHead(client, repository, { runId: RUN_ID, branch: 'main', event: 'push' });
    expect(new URL(calls[1]?.url ?? '').searchParams.get('event')).toBe('push');
  });

  test("with the workflow's file name: its runs listed by it, one request, the run asking still skipped", async () => {
    const byFile = (call: GitHubCall): GitHubAnswer =>
      new URL(call.url).pathname.endsWith('/actions/workflows/docs.yml/runs')
        ? listed(workflowRun(RUN_ID, sha('c')), workflowRun(8000, sha('a')))
        : githubError(404, 'Not Found');
    const { client, calls } = await scriptedGitHub(agent(), byFile);
    const found = await lastSuccessfulHead(client, repository, { runId: RUN_ID, workflowFile: 'docs.yml', branch: 'main', event: 'push' });
    expect(found).toMatchObject({ kind: 'found', sha: sha('a'), runId: 8000, branch: 'main' });
    expect(calls.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual([
      'GET /api/v3/repos/acme/code/actions/workflows/docs.yml/runs',
    ]);
    expect(Object.fromEntries(new URL(calls[0]?.url ?? '').searchParams)).toEqual({
      branch: 'main',
      status: 'success',
      event: 'push',
      per_page: String(RUNS_PER_PAGE),
    });
  });

  test("with the workflow's file name and no branch: the repository's default branch, then the runs (two requests)", async () => {
    const answers = (call: GitHubCall): GitHubAnswer => {
      const { pathname } = new URL(call.url);
      if (pathname === '/api/v3/repos/acme/code') return { status: 200, json: { default_branch: 'trunk' } };
      return pathname.endsWith('/actions/workflows/docs.yml/runs') ? listed(workflowRun(8000, sha('a'))) : githubError(404, 'Not Found');
    };
    const { client, calls } = await scriptedGitHub(agent(), answers);
    expect(await lastSuccessfulHead(client, repository, { runId: RUN_ID, workflowFile: 'docs.yml' })).toMatchObject({
      kind: 'found',
      branch: 'trunk',
    });
    expect(calls).toHaveLength(2);
    expect(new URL(calls[1]?.url ?? '').searchParams.get('branch')).toBe('trunk');
  });

  test("without a branch: the default branch the run's answer names, still two requests", async () => {
    const own = { id: RUN_ID, workflow_id: WORKFLOW_ID, head_branch: 'feature', repository: { default_branch: 'main' } };
    const { client, calls } = await scriptedGitHub(agent(), actions(listed(workflowRun(8000, sha('a'))), own));
    expect(await lastSuccessfulHead(client, repository, { runId: RUN_ID })).toMatchObject({ kind: 'found', branch: 'main' });
    expect(calls).toHaveLength(2);
    expect(new URL(calls[1]?.url ?? '').searchParams.get('branch')).toBe('main');
  });

  test("without a branch, when the run's answer does not name the default branch: asks the repository (three requests)", async () => {
    const { client, calls } = await scriptedGitHub(agent(), actions(listed(workflowRun(8000, sha('a')))));
    expect(await lastSuccessfulHead(client, repository, { runId: RUN_ID })).toMatchObject({ kind: 'found', branch: 'trunk' });
    expect(calls.map((call) => new URL(call.url).pathname)[1]).toBe('/api/v3/repos/acme/code');
    expect(new URL(calls[2]?.url ?? '').searchParams.get('branch')).toBe('trunk');
  });

  test.each([
    ['the run', 0],
    ["the workflow's runs", 1],
  ])("403 on %s: refused, naming 'actions: read'", async (_name, failing) => {
    const { client } = await scriptedGitHub(agent(), (call, index) =>
      index === failing ? githubError(403, 'Resource not accessible by integration') : actions(listed())(call),
    );
    expect(await lastSuccessfulHead(client, repository, { runId: RUN_ID, branch: 'main' })).toMatchObject({
      kind: 'refused',
      status: 403,
      permission: 'actions: read',
      detail: expect.stringContaining('Resource not accessible by integration') as unknown,
    });
  });

  test('a 403 for the rate limit is no refusal: waiting fixes it', async () => {
    const { client } = await scriptedGitHub(agent(), () => githubError(403, 'API rate limit exceeded for installation'));
    expect(await lastSuccessfulHead(client, repository, { runId: RUN_ID, branch: 'main' })).toMatchObject({
      kind: 'unavailable',
      status: 403,
    });
  });

  test.each([
    ['404', () => githubError(404, 'Not Found'), 404],
    ['a 502 on every attempt', () => githubError(502, 'Bad Gateway'), 502],
  ])('%s: unavailable with the status', async (_name, answer, status) => {
    const { client } = await scriptedGitHub(agent(), answer);
    const result = await lastSuccessfulHead(client, repository, { runId: RUN_ID, branch: 'main' });
    expect(result).toMatchObject({ kind: 'unavailable', status });
  });

  test('the network failing: unavailable, never a throw', async () => {
    const { client } = await scriptedGitHub(agent(), () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    expect(await lastSuccessfulHead(client, repository, { runId: RUN_ID, branch: 'main' })).toMatchObject({ kind: 'unavailable' });
  });

  test.each([
    ['a run without workflow_id', actions(listed(), { id: RUN_ID }), 'actions/runs/9001'],
    ['a workflow_id that is not a number', actions(listed(), { id: RUN_ID, workflow_id: '77' }), 'actions/runs/9001'],
    ['runs without workflow_runs', actions({ status: 200, json: { total_count: 0 } }), 'workflows/77/runs'],
    ['runs that are a list', actions({ status: 200, json: [] }), 'workflows/77/runs'],
  ])('%s: unavailable, naming the call', async (_name, answer, path) => {
    const { client } = await scriptedGitHub(agent(), answer);
    const result = await lastSuccessfulHead(client, repository, { runId: RUN_ID, branch: 'main' });
    expect(result).toMatchObject({ kind: 'unavailable', detail: expect.stringContaining(path) as unknown });
  });

  test('a cancelled run (its calls aborted) throws: cancelling is not a GitHub failure to report', async () => {
    const controller = new AbortController();
    controller.abort();
    const { client } = await scriptedGitHub(agent(), actions(listed()), { signal: controller.signal });
    await expect(lastSuccessfulHead(client, repository, { runId: RUN_ID, branch: 'main' })).rejects.toMatchObject({ aborted: true });
  });
});
