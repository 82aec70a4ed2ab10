/**
 * End to end: the docs stream against the fake GitHub and the emulator. The `docs-agent` commit
 * status of created, completed, skipped and failed runs, and without `statuses: write`; a re-run of
 * a push run and of a command run (one job, one message); five pushes with `extend-open-pr` while
 * the pull request is open (one job, four follow-ups), and one after it was merged (a new job);
 * and what a push run costs in GitHub requests with the status.
 */
import { beforeEach, describe, expect, test } from '@jest/globals';
import { serviceInputs, useEmulator, useFakeGitHub } from '../helpers/emulator-fixture.js';
import { addCommit, addPull, pushEvent, type FakeStatus } from '../helpers/fake-github.js';
import { writerTag } from '../helpers/record-writer.js';
import { errorLines, runAction, type ActionRun } from '../helpers/run-action.js';

const TOKEN = 'ghs_e2eStreamToken0123456789abcdef';
const RUN_URL = 'https://github().com/acme/widgets/actions/runs/4242';
const DOCS_PR = 90;
const PR_LINK = `https://github().com/acme/widgets/pull/${DOCS_PR}`;
const BOT = 'github-actions[bot]';
/** The tag of the docs workflow (docs.yml) and the project of serviceInputs (proj_123). */
const TAG = writerTag('.github/workflows/docs.yml', 'proj_123');

const emulator = useEmulator();
const github = useFakeGitHub({ token: TOKEN, repo: 'widgets', collaborators: { lead: 'maintain' } });

beforeEach(() => {
  emulator().setScenario({ job: { statuses: ['active', 'completed'], prLink: PR_LINK } });
});

const RUN_ID = 4242;
/** The runner's variables of a first attempt of the docs workflow's run RUN_ID. */
const ENV = {
  GITHUB_REPOSITORY: 'acme/widgets',
  GITHUB_SERVER_URL: 'https://github().com',
  GITHUB_RUN_ID: String(RUN_ID),
  GITHUB_RUN_ATTEMPT: '1',
  GITHUB_WORKFLOW_REF: 'acme/widgets/.github/workflows/docs.yml@refs/heads/main',
};

/** `runner` replaces the runner's variables (another attempt, another run). */
function run(
  eventName: string,
  event: unknown,
  inputs: Record<string, string> = {},
  runner: Record<string, string> = {},
): Promise<ActionRun> {
  return runAction({
    inputs: serviceInputs(emulator(), { 'github-token': TOKEN, ...inputs }),
    event,
    eventName,
    env: { ...ENV, GITHUB_API_URL: github().url, ...runner },
  });
}

/** The docs workflow's run `id` on main, in progress as while its step runs. */
function workflowRun(id: number, headSha: string) {
  return github().addWorkflowRun({ id, workflowId: 51, branch: 'main', headSha, status: 'in_progress' });
}

/** A main branch with a first commit; returns its SHA. */
function start(): string {
  return addCommit(github().repository, 'main', { message: 'Initial commit', files: ['README.md'] });
}

function push(before: string, message = 'Add widgets', files = ['src/widgets.ts']): { after: string; event: unknown } {
  const after = addCommit(github().repository, 'main', { message, files });
  return { after, event: pushEvent(github().state, { ref: 'refs/heads/main', before, after }) };
}

/** The `docs-agent` statuses of a commit, oldest first, as state and description. */
function statusesOf(sha: string): Array<Pick<FakeStatus, 'state' | 'description' | 'target_url'>> {
  return github()
    .statuses()
    .filter((status) => status.sha === sha && status.context === 'docs-agent')
    .map(({ state, description, target_url }) => ({ state, description, target_url }));
}

const endpoints = (name: string) => emulator().requests.filter((request) => request.endpoint === name);

function expectGreen(result: ActionRun): void {
  expect(errorLines(result)).toEqual([]);
  expect(result.exitCode).toBe(0);
}

describe('the docs-agent status', () => {
  test('a job that opens a pull request: pending with the run, then success naming the pull request', async () => {
    const { after, event } = push(start());
    const result = await run('push', event);
    expectGreen(result);
    const jobId = result.outputs['job-id'] ?? '';
    expect(statusesOf(after)).toEqual([
      { state: 'pending', description: `Docs agent working: job ${jobId}${TAG}`, target_url: RUN_URL },
      { state: 'success', description: `Docs agent job ${jobId}: pull request acme/widgets#${DOCS_PR}${TAG}`, target_url: PR_LINK },
    ]);
    expect(
      github()
        .statuses()
        .every((status) => status.creator === BOT),
    ).toBe(true);
  });

  test('a job without a pull request: success, no docs change needed', async () => {
    emulator().setScenario({ job: { statuses: ['active', 'completed'], prLink: null } });
    const { after, event } = push(start());
    const result = await run('push', event);
    expectGreen(result);
    expect(statusesOf(after).at(-1)).toEqual({
      state: 'success',
      description: `Docs agent job ${result.outputs['job-id']}: no docs change needed${TAG}`,
      target_url: RUN_URL,
    });
  });

  test('a failed job: failure linking to the run, and the step fails as before', async () => {
    emulator().setScenario({ job: { statuses: ['active', 'failed'] } });
    const { after, event } = push(start());
    const result = await run('push', event);
    expect(result.exitCode).not.toBe(0);
    expect(statusesOf(after).at(-1)).toEqual({
      state: 'failure',
      description: `Docs agent job ${result.outputs['job-id']} failed${TAG}`,
      target_url: RUN_URL,
    });
  });

  test('skipped by change-paths, and by [skip docs]: success saying why, no job', async () => {
    const base = start();
    const paths = push(base, 'Refactor', ['lib/internal.ts']);
    expectGreen(await run('push', paths.event, { 'change-paths': 'src/**' }));
    expect(statusesOf(paths.after)).toEqual([
      { state: 'success', description: `skipped: no file in change-paths changed${TAG}`, target_url: RUN_URL },
    ]);
    const marked = push(paths.after, 'Tidy up [skip docs]');
    const result = await run('push', marked.event);
    expectGreen(result);
    expect(result.outputs['skipped']).toBe('true');
    expect(statusesOf(marked.after)).toEqual([{ state: 'success', description: `skipped: [skip docs]${TAG}`, target_url: RUN_URL }]);
    expect(endpoints('create')).toEqual([]);
  });

  test('without statuses: write (403): one notice naming it, and the run is otherwise the same', async () => {
    github().setTokenPermissions({ contents: 'read', 'pull-requests': 'read' });
    const { after, event } = push(start());
    const result = await run('push', event);
    expectGreen(result);
    expect(result.outputs['pr-link']).toBe(PR_LINK);
    expect(statusesOf(after)).toEqual([]);
    const notices = result.stdout.split('\n').filter((line) => line.startsWith('::notice') && line.includes('docs-agent'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("add 'statuses: write' to the workflow's permissions");
    expect(endpoints('create')).toHaveLength(1);
  });

  test('a v1 push workflow (its own prompt) writes and reads no status unless it asks; commit-status: true asks', async () => {
    const { after, event } = push(start());
    expectGreen(await run('push', event, { prompt: 'Update the API reference for this push.' }));
    expect(statusesOf(after)).toEqual([]);
    expect(github().requests.filter((request) => request.path.includes('status'))).toEqual([]);
    expectGreen(await run('push', event, { prompt: 'Update the API reference for this push.', 'commit-status': 'true' }));
    expect(statusesOf(after).map((status) => status.state)).toEqual(['pending', 'success']);
  });

  test('commit-status: false writes none and reads none: the push costs what it did', async () => {
    const { after, event } = push(start());
    expectGreen(await run('push', event, { 'commit-status': 'false' }));
    expect(statusesOf(after)).toEqual([]);
    expect(github().requests.filter((request) => request.path.includes('status'))).toEqual([]);
  });

  test('a first attempt of a push costs two GitHub requests more than without the status: pending, final; no record read', async () => {
    const before = start();
    const { after, event } = push(before);
    github().addWorkflowRun({ workflowId: 51, branch: 'main', headSha: before }); // the last success ended at the push's before
    workflowRun(RUN_ID, after);
    await run('push', event, { 'commit-status': 'false' });
    const without = github().requests.length;
    github().requests.length = 0;
    expectGreen(await run('push', event));
    const added = github().requests.filter((request) => request.path.includes('status'));
    expect(added.map((request) => `${request.method} ${request.path.replace('/repos/acme/widgets', '')}`)).toEqual([
      `POST /statuses/${after}`,
      `POST /statuses/${after}`,
    ]);
    expect(github().requests.length).toBe(without + 2);
  });
});

describe('a re-run never repeats a job', () => {
  /** The reads of `sha`'s statuses: the re-run record. */
  const recordReads = (sha: string) =>
    github().requests.filter((request) => request.method === 'GET' && request.path.endsWith(`/commits/${sha}/statuses`));

  test('a re-run of a push run (GITHUB_RUN_ATTEMPT 2) reads the record its commit carries and follows that job: one job', async () => {
    const { after, event } = push(start());
    const ownRun = workflowRun(RUN_ID, after);
    const first = await run('push', event);
    expectGreen(first);
    expect(recordReads(after)).toEqual([]);
    Object.assign(ownRun, { status: 'completed', conclusion: 'failure', run_attempt: 2 });
    const second = await run('push', event, {}, { GITHUB_RUN_ATTEMPT: '2' });
    expectGreen(second);
    expect(recordReads(after)).toHaveLength(1);
    expect(endpoints('create')).toHaveLength(1);
    expect(endpoints('message')).toHaveLength(0);
    expect(second.outputs['job-id']).toBe(first.outputs['job-id']);
    expect(second.outputs['pr-link']).toBe(PR_LINK);
    expect(second.stdout).toContain(
      `already records agent job ${first.outputs['job-id']} (a re-run, or the same commit again): following it, not starting another.`,
    );
    expect(statusesOf(after).at(-1)?.state).toBe('success');
  });

  test('the same commit reached again (the last successful run ended at it): a new run reads the record and follows that job', async () => {
    const before = start();
    const { after, event } = push(before);
    const firstRun = workflowRun(RUN_ID, after);
    const first = await run('push', event);
    expectGreen(first);
    Object.assign(firstRun, { status: 'completed', conclusion: 'success' });
    // The branch went back to `before` and the same commit was pushed again: a new run, first attempt.
    workflowRun(RUN_ID + 1, after);
    const again = await run('push', event, {}, { GITHUB_RUN_ID: String(RUN_ID + 1) });
    expectGreen(again);
    expect(recordReads(after)).toHaveLength(1);
    expect(endpoints('create')).toHaveLength(1);
    expect(again.outputs['job-id']).toBe(first.outputs['job-id']);
    expect(again.stdout).toContain(`already records agent job ${first.outputs['job-id']} (a re-run, or the same commit again)`);
  });

  test('a re-run of a command run waits for the job instead of sending the follow-up again: one message', async () => {
    const issue = { number: 7, title: 'Widgets', body: 'Document widgets.', user: { login: 'alice', type: 'User' } };
    const sender = { login: 'lead', id: 100, type: 'User' };
    const repository = { id: 1, name: 'widgets', full_name: 'acme/widgets', owner: { login: 'acme', type: 'Organization' } };
    const inputs = { comment: 'true' };
    // The first command starts the thread's job (and its comment); the second is a follow-up, run twice.
    const startCommand = github().addComment(7, '/docs-agent Document widgets', 'lead');
    const commentEvent = (comment: { id: number; body: string }) => ({ action: 'created', issue, comment, repository, sender });
    expectGreen(await run('issue_comment', commentEvent(startCommand), inputs));
    const followUp = github().addComment(7, '/docs-agent Also add a table', 'lead');
    const first = await run('issue_comment', commentEvent(followUp), inputs);
    expectGreen(first);
    const rockets = github()
      .reactions()
      .filter((reaction) => reaction.commentId === followUp.id && reaction.content === 'rocket');
    expect(rockets).toHaveLength(1);
    const again = await run('issue_comment', commentEvent(followUp), inputs);
    expectGreen(again);
    expect(endpoints('create')).toHaveLength(1);
    expect(endpoints('message')).toHaveLength(1);
    expect(again.outputs['job-id']).toBe(first.outputs['job-id']);
    expect(again.stdout).toContain(`following agent job ${first.outputs['job-id']} instead of sending it again.`);
  });

  test('a command comment with only eyes (the earlier attempt stopped before sending) is sent', async () => {
    const issue = { number: 8, title: 'Gizmos', body: '', user: { login: 'alice', type: 'User' } };
    const sender = { login: 'lead', id: 100, type: 'User' };
    const comment = github().addComment(8, '/docs-agent Document gizmos', 'lead');
    github().addReaction('issue', comment.id, 'eyes', BOT);
    expectGreen(await run('issue_comment', { action: 'created', issue, comment, sender }, { comment: 'true' }));
    expect(endpoints('create')).toHaveLength(1);
  });
});

describe('extend-open-pr', () => {
  const inputs = { 'extend-open-pr': 'true' };

  async function burst(extend: boolean): Promise<{ heads: string[]; results: ActionRun[] }> {
    let before = start();
    const heads: string[] = [];
    const results: ActionRun[] = [];
    for (let i = 0; i < 5; i++) {
      const pushed = push(before, `Change ${i}`, [`src/part${i}.ts`]);
      const result = await run('push', pushed.event, extend ? inputs : {});
      expectGreen(result);
      results.push(result);
      heads.push(pushed.after);
      before = pushed.after;
    }
    return { heads, results };
  }

  test('five pushes while the pull request is open: one job, four follow-ups, every status names the one pull request', async () => {
    addPull(github().repository, { number: DOCS_PR, merged: false, title: 'Docs update' });
    const { heads, results } = await burst(true);
    expect(endpoints('create')).toHaveLength(1);
    const messages = endpoints('message');
    expect(messages).toHaveLength(4);
    for (const message of messages) {
      const { prompt } = JSON.parse(message.body) as { prompt: string };
      expect(prompt.startsWith('Also update the docs for this change:\n\n---\n\n## What changed')).toBe(true);
    }
    const jobId = results[0]?.outputs['job-id'];
    for (const result of results) {
      expect(result.outputs['job-id']).toBe(jobId);
      expect(result.outputs['pr-link']).toBe(PR_LINK);
    }
    for (const head of heads)
      expect(statusesOf(head).at(-1)?.description).toBe(`Docs agent job ${jobId}: pull request acme/widgets#${DOCS_PR}${TAG}`);
    expect(results[1]?.stdout).toContain(`is open.`);
  });

  test('without extend-open-pr the same burst creates five jobs', async () => {
    addPull(github().repository, { number: DOCS_PR, merged: false, title: 'Docs update' });
    await burst(false);
    expect(endpoints('create')).toHaveLength(5);
    expect(endpoints('message')).toHaveLength(0);
  });

  test('a push after the pull request was merged: a new job, with one notice', async () => {
    const pull = addPull(github().repository, { number: DOCS_PR, merged: false, title: 'Docs update' });
    const first = push(start());
    expectGreen(await run('push', first.event, inputs));
    pull.state = 'closed';
    pull.merged = true;
    const next = push(first.after, 'More widgets', ['src/more.ts']);
    const result = await run('push', next.event, inputs);
    expectGreen(result);
    expect(endpoints('create')).toHaveLength(2);
    expect(endpoints('message')).toHaveLength(0);
    const notices = result.stdout.split('\n').filter((line) => line.startsWith('::notice') && line.includes('new job'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`The pull request acme/widgets#${DOCS_PR} of the agent job`);
    expect(notices[0]).toContain('was merged: starting a new job.');
  });
});
