/**
 * End to end: the docs stream's records belong to the workflow and project that wrote them, and a
 * week of pushes leaves no commit sent twice and no status wrong. Against the built action, the
 * emulator and the fake GitHub: a release run on a commit the push workflow documented, a second
 * project's workflow re-run on a commit the first documented, a 🚀 another workflow left, a login
 * GraphQL would not confirm, a second workflow's own status context; a failed run re-run after a
 * newer run succeeded, a cancelled run, a run the runner killed, and a create answered 500.
 */
import { describe, expect, test } from '@jest/globals';
import { serviceInputs, useEmulator, useFakeGitHub } from '../helpers/emulator-fixture.js';
import { addCommit, addPull, addRelease, pushEvent, releaseEvent, type FakeGitHub, type FakeStatus } from '../helpers/fake-github.js';
import { recordWriterOf, writerTag } from '../helpers/record-writer.js';
import { errorLines, runAction, type ActionRun, type RunOptions } from '../helpers/run-action.js';

const TOKEN = 'ghs_e2eRecordsToken0123456789abcdef';
const SERVER = 'https://github.com';
const PR_LINK = `${SERVER}/acme/widgets/pull/90`;
const BOT = 'github-actions[bot]';
const PUSH_WORKFLOW = '.github/workflows/docs.yml';
/** The tag of the push workflow and the project of serviceInputs. */
const TAG = writerTag(PUSH_WORKFLOW, 'proj_123');

const emulator = useEmulator();

interface Runner {
  readonly runId: number;
  readonly attempt?: number;
  readonly workflow?: string;
  readonly sha?: string;
  readonly ref?: string;
}

/** One step of the workflow `runner.workflow` (the push workflow by default), as its run `runner.runId`. */
function step(
  github: FakeGitHub,
  eventName: string,
  event: unknown,
  runner: Runner,
  inputs: Record<string, string> = {},
  extra: Partial<RunOptions> = {},
): Promise<ActionRun> {
  return runAction({
    inputs: serviceInputs(emulator(), { 'github-token': TOKEN, ...inputs }),
    event,
    eventName,
    env: {
      GITHUB_API_URL: github.url,
      GITHUB_REPOSITORY: 'acme/widgets',
      GITHUB_SERVER_URL: SERVER,
      GITHUB_RUN_ID: String(runner.runId),
      GITHUB_RUN_ATTEMPT: String(runner.attempt ?? 1),
      GITHUB_WORKFLOW_REF: `acme/widgets/${runner.workflow ?? PUSH_WORKFLOW}@${runner.ref ?? 'refs/heads/main'}`,
      ...(runner.sha !== undefined && { GITHUB_SHA: runner.sha }),
      GITHUB_REF: runner.ref ?? 'refs/heads/main',
    },
    ...extra,
  });
}

function start(github: FakeGitHub): string {
  return addCommit(github.repository, 'main', { message: 'Initial commit', files: ['README.md'] });
}

function push(github: FakeGitHub, before: string, message: string, file: string): { after: string; event: unknown } {
  const after = addCommit(github.repository, 'main', { message, files: [file] });
  return { after, event: pushEvent(github.state, { ref: 'refs/heads/main', before, after }) };
}

/** A commit's statuses of `context`, oldest first. */
function statusesOf(github: FakeGitHub, sha: string, context = 'docs-agent'): Array<Pick<FakeStatus, 'state' | 'description'>> {
  return github
    .statuses()
    .filter((status) => status.sha === sha && status.context === context)
    .map(({ state, description }) => ({ state, description }));
}

const requests = (endpoint: string) => emulator().requests.filter((request) => request.endpoint === endpoint);
/** The requests to `endpoint` the emulator acted on (answered 2xx). */
const accepted = (endpoint: string) =>
  requests(endpoint).filter((request) => typeof request.response === 'number' && request.response >= 200 && request.response < 300);
const promptOf = (request: { body: string }): string => (JSON.parse(request.body) as { prompt: string }).prompt;

function expectGreen(result: ActionRun): void {
  expect(errorLines(result)).toEqual([]);
  expect(result.exitCode).toBe(0);
}

describe('a record belongs to the workflow and project that wrote it', () => {
  const github = useFakeGitHub({ token: TOKEN, repo: 'widgets', collaborators: { lead: 'maintain' } });

  test("a release run with its own prompt on a commit the push workflow documented starts its own job, with the release's prompt", async () => {
    emulator().setScenario({ job: { statuses: ['active', 'completed'], prLink: PR_LINK } });
    const { after, event } = push(github(), start(github()), 'Add widgets', 'src/widgets.ts');
    const pushed = await step(github(), 'push', event, { runId: 4300, sha: after });
    expectGreen(pushed);
    const release = addRelease(github().repository, { tag: 'v2.0.0', name: 'Two' });
    const released = await step(
      github(),
      'release',
      releaseEvent(github().state, release),
      { runId: 4400, sha: after, workflow: '.github/workflows/release-notes.yml', ref: 'refs/tags/v2.0.0' },
      { prompt: 'Write the release notes page for this release.', 'commit-status': 'true' },
    );
    expectGreen(released);
    const creates = requests('create');
    expect(creates).toHaveLength(2);
    expect(promptOf(creates[1] ?? { body: '{}' }).startsWith('Write the release notes page for this release.')).toBe(true);
    expect(released.outputs['job-id']).not.toBe(pushed.outputs['job-id']);
    const releaseTag = writerTag('.github/workflows/release-notes.yml', 'proj_123');
    expect(statusesOf(github(), after).map((status) => status.description)).toEqual([
      `Docs agent working: job ${pushed.outputs['job-id']}${TAG}`,
      `Docs agent job ${pushed.outputs['job-id']}: pull request acme/widgets#90${TAG}`,
      `Docs agent working: job ${released.outputs['job-id']}${releaseTag}`,
      `Docs agent job ${released.outputs['job-id']}: pull request acme/widgets#90${releaseTag}`,
    ]);
  });

  test("two projects on one repository: a re-run of B's workflow on a commit A documented starts B's job in project B, green", async () => {
    emulator().setScenario({ job: { statuses: ['active', 'completed'], prLink: PR_LINK } });
    const { after, event } = push(github(), start(github()), 'Add widgets', 'src/widgets.ts');
    const a = await step(
      github(),
      'push',
      event,
      { runId: 4300, sha: after, workflow: '.github/workflows/docs-a.yml' },
      { 'project-id': 'proj_a' },
    );
    expectGreen(a);
    const b = await step(
      github(),
      'push',
      event,
      { runId: 4301, attempt: 2, sha: after, workflow: '.github/workflows/docs-b.yml' },
      { 'project-id': 'proj_b' },
    );
    expectGreen(b);
    expect(requests('create').map((request) => request.path)).toEqual(['/v2/agent/proj_a/job', '/v2/agent/proj_b/job']);
    expect(requests('get').filter((request) => request.path.includes(`/proj_b/job/${a.outputs['job-id']}`))).toEqual([]);
    expect(statusesOf(github(), after).at(-1)?.description).toBe(
      `Docs agent job ${b.outputs['job-id']}: pull request acme/widgets#90${writerTag('.github/workflows/docs-b.yml', 'proj_b')}`,
    );
  });

  const issue = { number: 7, title: 'Widgets', body: 'Document widgets.', user: { login: 'alice', type: 'User' } };
  const commentEvent = (comment: { id: number; body: string }) => ({
    action: 'created',
    issue,
    comment,
    sender: { login: 'lead', id: 100, type: 'User' },
  });

  test("a 🚀 another workflow left on the command comment: the first attempt sends the command; its re-run does not, another workflow's does", async () => {
    emulator().setScenario({ job: { statuses: ['active', 'completed'], prLink: PR_LINK } });
    const command = github().addComment(7, '/docs-agent Document widgets', 'lead');
    // A slash-command dispatcher (same token account) reacted first.
    github().addReaction('issue', command.id, 'rocket', BOT);
    const agent = { runId: 4500, workflow: '.github/workflows/agent.yml' };
    const first = await step(github(), 'issue_comment', commentEvent(command), agent, { comment: 'true' });
    expectGreen(first);
    expect(requests('create')).toHaveLength(1);
    const record = github()
      .comments(7)
      .find((comment) => comment.body.includes('mintlify-docs-agent sent='));
    expect(record?.body).toContain(`c${command.id}:${recordWriterOf('.github/workflows/agent.yml', 'proj_123')}`);
    const rerun = await step(github(), 'issue_comment', commentEvent(command), { ...agent, attempt: 2 }, { comment: 'true' });
    expectGreen(rerun);
    expect(rerun.outputs['job-id']).toBe(first.outputs['job-id']);
    expect(requests('create')).toHaveLength(1);
    expect(requests('message')).toHaveLength(0);
    const other = { runId: 4600, attempt: 2, workflow: '.github/workflows/other-agent.yml' };
    expectGreen(await step(github(), 'issue_comment', commentEvent(command), other, { comment: 'true' }));
    expect(requests('message')).toHaveLength(1);
  });

  test('a second workflow on the same repository writes its status under its own context (status-context)', async () => {
    emulator().setScenario({ job: { statuses: ['active', 'completed'], prLink: PR_LINK } });
    const { after, event } = push(github(), start(github()), 'Add widgets', 'src/widgets.ts');
    expectGreen(await step(github(), 'push', event, { runId: 4300, sha: after }, { 'status-context': 'docs-agent/release' }));
    expect(statusesOf(github(), after)).toEqual([]);
    expect(statusesOf(github(), after, 'docs-agent/release').map((status) => status.state)).toEqual(['pending', 'success']);
  });
});

describe('a login GitHub would not confirm makes no record its own', () => {
  // The token is an app's; the statuses by the workflow token's account are someone else's.
  const github = useFakeGitHub({ token: TOKEN, repo: 'widgets', viewerLogin: 'docs-app[bot]' });

  test("GraphQL refuses to say who the token is: a status by github-actions[bot] naming a job is not followed, though it carries this run's tag", async () => {
    emulator().setScenario({ job: { statuses: ['active', 'completed'], prLink: PR_LINK } });
    const { after, event } = push(github(), start(github()), 'Add widgets', 'src/widgets.ts');
    github().addStatus(after, { state: 'pending', context: 'docs-agent', description: `Docs agent working: job job_other${TAG}` }, BOT);
    github().fail({ status: 403, path: '/graphql', message: 'Resource not accessible by integration' });
    const rerun = await step(github(), 'push', event, { runId: 4300, attempt: 2, sha: after });
    expectGreen(rerun);
    expect(requests('create')).toHaveLength(1);
    expect(requests('get').filter((request) => request.path.endsWith('/job_other'))).toEqual([]);
    expect(rerun.stdout).toContain('GitHub refused to say who the token is');
  });
});

describe('the stream over a week: no commit twice, no status left wrong', () => {
  const github = useFakeGitHub({ token: TOKEN, repo: 'widgets' });

  const run = (runId: number, sha: string) =>
    github().addWorkflowRun({ id: runId, workflowId: 51, branch: 'main', headSha: sha, status: 'in_progress' });

  test('a failed run re-run after a newer run succeeded sends nothing and sets success saying a newer run documented its commits', async () => {
    emulator().setScenario({ job: { statuses: ['active', 'completed'], prLink: PR_LINK } });
    addPull(github().repository, { number: 90, merged: false, title: 'Docs update' });
    const inputs = { 'extend-open-pr': 'true' };
    const c0 = start(github());
    const first = push(github(), c0, 'Add widgets', 'src/widgets.ts');
    const run1 = run(4300, first.after);
    expectGreen(await step(github(), 'push', first.event, { runId: 4300, sha: first.after }, inputs));
    Object.assign(run1, { status: 'completed', conclusion: 'success' });
    // The second push's follow-up is answered 500: the run fails.
    emulator().setScenario({
      job: { statuses: ['active', 'completed'], prLink: PR_LINK },
      faults: [{ endpoint: 'message', kind: 'status', status: 500 }],
    });
    const second = push(github(), first.after, 'Add gadgets', 'src/gadgets.ts');
    const run2 = run(4301, second.after);
    const failed = await step(github(), 'push', second.event, { runId: 4301, sha: second.after }, inputs);
    expect(failed.exitCode).not.toBe(0);
    Object.assign(run2, { status: 'completed', conclusion: 'failure' });
    // The third push takes the second's commits too, and succeeds.
    emulator().setScenario({ job: { statuses: ['active', 'completed'], prLink: PR_LINK } });
    const third = push(github(), second.after, 'Add sprockets', 'src/sprockets.ts');
    const run3 = run(4302, third.after);
    expectGreen(await step(github(), 'push', third.event, { runId: 4302, sha: third.after }, inputs));
    Object.assign(run3, { status: 'completed', conclusion: 'success' });
    const messages = accepted('message');
    expect(messages).toHaveLength(1);
    expect(promptOf(messages[0] ?? { body: '{}' })).toContain(second.after.slice(0, 7));
    // The failed run is re-run late: its commits are in the third run's change.
    Object.assign(run2, { status: 'in_progress', conclusion: null, run_attempt: 2 });
    const late = await step(github(), 'push', second.event, { runId: 4301, attempt: 2, sha: second.after }, inputs);
    expectGreen(late);
    expect(late.outputs['skipped']).toBe('true');
    expect(requests('message')).toHaveLength(2);
    expect(accepted('message')).toHaveLength(1);
    expect(requests('create')).toHaveLength(1);
    expect(statusesOf(github(), second.after).at(-1)).toEqual({
      state: 'success',
      description: `skipped: a newer run documented this commit (at ${third.after.slice(0, 7)})${TAG}`,
    });
  });

  test('a create answered 500 still ends with a final status on the commit', async () => {
    emulator().setScenario({ faults: [{ endpoint: 'create', kind: 'status', status: 500 }] });
    const { after, event } = push(github(), start(github()), 'Add widgets', 'src/widgets.ts');
    const result = await step(github(), 'push', event, { runId: 4300, sha: after });
    expect(result.exitCode).not.toBe(0);
    expect(statusesOf(github(), after)).toEqual([
      { state: 'error', description: `Docs agent: the agent service gave no clear answer; the next run takes its commits${TAG}` },
    ]);
  });

  test('a run that cannot call the service at all (an empty api-key) still ends its commit with a final status', async () => {
    const { after, event } = push(github(), start(github()), 'Add widgets', 'src/widgets.ts');
    const result = await step(github(), 'push', event, { runId: 4300, sha: after }, { 'api-key': '' });
    expect(result.exitCode).not.toBe(0);
    expect(statusesOf(github(), after)).toEqual([
      { state: 'error', description: `Docs agent: the change could not be sent to the agent; the next run takes its commits${TAG}` },
    ]);
  });

  /** Runs a step and sends `signal` once the commit `sha` shows the pending status of its job. */
  async function stopWhenPending(eventName: string, event: unknown, runner: Runner & { sha: string }, signal: NodeJS.Signals) {
    let pid = 0;
    const running = step(github(), eventName, event, runner, {}, { onSpawn: (spawned) => (pid = spawned), killAfterMs: 20_000 });
    for (let i = 0; i < 400 && !statusesOf(github(), runner.sha).some((status) => status.state === 'pending'); i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    process.kill(pid, signal);
    return running;
  }

  test("a cancelled run sets its commit's status to error: cancelled, the next run takes its commits", async () => {
    emulator().setScenario({ job: { statuses: ['active'] } });
    const { after, event } = push(github(), start(github()), 'Add widgets', 'src/widgets.ts');
    const cancelled = await stopWhenPending('push', event, { runId: 4300, sha: after }, 'SIGINT');
    expect(cancelled.exitCode).toBe(130);
    expect(requests('create')).toHaveLength(1);
    expect(statusesOf(github(), after).at(-1)).toEqual({
      state: 'error',
      description: `Docs agent job ${cancelled.outputs['job-id']}: this run was cancelled; the next run takes its commits${TAG}`,
    });
  });

  test('a run the runner killed left its status pending: the next run, which takes its commits, replaces it', async () => {
    emulator().setScenario({ job: { statuses: ['active', 'completed'], prLink: PR_LINK } });
    const c0 = start(github());
    const first = push(github(), c0, 'Add widgets', 'src/widgets.ts');
    const run1 = run(4300, first.after);
    expectGreen(await step(github(), 'push', first.event, { runId: 4300, sha: first.after }));
    Object.assign(run1, { status: 'completed', conclusion: 'success' });
    emulator().setScenario({ job: { statuses: ['active'] } });
    const second = push(github(), first.after, 'Add gadgets', 'src/gadgets.ts');
    const run2 = run(4301, second.after);
    const killed = await stopWhenPending('push', second.event, { runId: 4301, sha: second.after }, 'SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    Object.assign(run2, { status: 'completed', conclusion: 'cancelled' });
    const killedJob = killed.outputs['job-id'];
    expect(statusesOf(github(), second.after).at(-1)?.state).toBe('pending');
    emulator().setScenario({ job: { statuses: ['active', 'completed'], prLink: PR_LINK } });
    const third = push(github(), second.after, 'Add sprockets', 'src/sprockets.ts');
    run(4302, third.after);
    const next = await step(github(), 'push', third.event, { runId: 4302, sha: third.after });
    expectGreen(next);
    expect(promptOf(requests('create').at(-1) ?? { body: '{}' })).toContain(second.after.slice(0, 7));
    expect(statusesOf(github(), second.after).at(-1)).toEqual({
      state: 'error',
      description: `Docs agent job ${killedJob}: its run stopped; a later run took its commits${TAG}`,
    });
  });
});
