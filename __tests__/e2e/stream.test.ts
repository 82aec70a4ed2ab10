/**
 * End to end: the change starts at the last documented commit, the head of the workflow's last
 * successful run, read from the fake GitHub's Actions runs by the built bundle. A burst of pushes
 * whose middle run was cancelled, a failed run followed by a green one, the first run, a force push,
 * an Actions API that refuses (403), and a daily digest with `change-since: last-success` after a
 * late and a failed run: no commit missed, none repeated.
 */
import { describe, expect, test } from '@jest/globals';
import { serviceInputs, useEmulator, useFakeGitHub } from '../helpers/emulator-fixture.js';
import { addCommit, pushEvent, type WorkflowRunSpec } from '../helpers/fake-github.js';
import { errorLines, runAction, warningLines, type ActionRun } from '../helpers/run-action.js';

const TOKEN = 'ghs_e2eStreamToken0123456789abcdef';
const REPO = '/repos/acme/widgets';
const WORKFLOW_ID = 51;
const RUN_URL = 'https://github.com/acme/widgets/actions/runs';

const emulator = useEmulator();
const github = useFakeGitHub({ token: TOKEN, repo: 'widgets', collaborators: { maintainer: 'maintain' } });

let nextRunId = 4000;

/** A run of the docs workflow; `success` unless told. */
function workflowRun(spec: Partial<WorkflowRunSpec> & Pick<WorkflowRunSpec, 'headSha'>): number {
  return github().addWorkflowRun({ id: ++nextRunId, workflowId: WORKFLOW_ID, branch: 'main', ...spec }).id;
}

const WORKFLOW_REF = 'acme/widgets/.github/workflows/docs.yml@refs/heads/main';

/**
 * The run asking, in progress as it is while the step runs, and the step itself under that run's id.
 * `runner` replaces the runner's variables; one set to undefined is left out.
 */
function runStep(
  eventName: string,
  event: unknown,
  headSha: string,
  inputs: Record<string, string> = {},
  runner: Record<string, string | undefined> = {},
): Promise<ActionRun> {
  const runId = workflowRun({ headSha, event: eventName, status: 'in_progress' });
  const env: Record<string, string | undefined> = {
    GITHUB_API_URL: github().url,
    GITHUB_REPOSITORY: 'acme/widgets',
    GITHUB_RUN_ID: String(runId),
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_WORKFLOW_REF: WORKFLOW_REF,
    GITHUB_SHA: headSha,
    GITHUB_REF: 'refs/heads/main',
    ...runner,
  };
  return runAction({
    inputs: serviceInputs(emulator(), { wait: 'false', 'github-token': TOKEN, ...inputs }),
    event,
    eventName,
    env: Object.fromEntries(Object.entries(env).flatMap(([name, value]) => (value === undefined ? [] : [[name, value]]))),
  });
}

function pushRun(
  before: string,
  after: string,
  inputs: Record<string, string> = {},
  forced = false,
  runner: Record<string, string | undefined> = {},
): Promise<ActionRun> {
  return runStep('push', pushEvent(github().state, { ref: 'refs/heads/main', before, after, forced }), after, inputs, runner);
}

/** The prompt of the one job the run created (the emulator is reset between tests). */
function sentPrompt(): string {
  const creates = emulator().requests.filter((request) => request.endpoint === 'create');
  expect(creates).toHaveLength(1);
  return (JSON.parse(creates[0]?.body ?? '{}') as { prompt: string }).prompt;
}

/** The commits the section lists, newest first, by short SHA. */
function listedCommits(prompt: string): string[] {
  const commits = prompt.split('### Commits, newest first\n')[1]?.split('\n\n')[0] ?? '';
  return commits.split('\n').flatMap((line) => /^- ([0-9a-f]{7}) /.exec(line)?.[1] ?? []);
}

const short = (sha: string): string => sha.slice(0, 7);

function noticeLines(result: ActionRun): string[] {
  return result.stdout.split('\n').filter((line) => line.startsWith('::notice'));
}

function expectJob(result: ActionRun): void {
  expect(result.exitCode).toBe(0);
  expect(errorLines(result)).toEqual([]);
  expect(warningLines(result)).toEqual([]);
  expect(result.outputs['skipped']).toBe('false');
}

/** GitHub requests but the trigger check's permission look-up, without the repository prefix. */
/** What finding and reading the change cost: the trigger check and the docs-agent status (stream-status.test.ts) aside. */
function githubRequests(): string[] {
  return github()
    .requests.filter((request) => !request.path.includes('/collaborators/') && !/\/statuses(\/|$)/.test(request.path))
    .map((request) => request.path.replace(REPO, ''));
}

/** main: an initial commit, then `count` more, each changing one file under src/. */
function commits(count: number, from = 0): string[] {
  if (from === 0) addCommit(github().repository, 'main', { message: 'Initial commit', files: ['README.md'] });
  return Array.from({ length: count }, (_, i) =>
    addCommit(github().repository, 'main', { message: `Change ${from + i + 1}`, files: [`src/change${from + i + 1}.ts`] }),
  );
}

describe('push', () => {
  test('a burst whose middle run was cancelled: the next job names every commit since the last success', async () => {
    const [c1, c2, c3, c4, c5] = commits(5) as [string, string, string, string, string];
    workflowRun({ headSha: c1 }); // push 1 (… → c1), documented
    workflowRun({ headSha: c3, status: 'completed', conclusion: 'cancelled' }); // push 2 (c1 → c3), replaced in the queue
    const result = await pushRun(c3, c5); // push 3 (c3 → c5)
    expectJob(result);
    expect(noticeLines(result)).toEqual([]);
    expect(result.stdout).toContain(
      `The last documented commit is ${short(c1)}, the head of this workflow's last successful run on "main" (${RUN_URL}/${nextRunId - 2}): the change also covers the 2 commits pushed after it before this push, whose runs did not finish.`,
    );
    const prompt = sentPrompt();
    expect(listedCommits(prompt)).toEqual([c5, c4, c3, c2].map(short));
    expect(prompt).toContain(`Before: ${c3}. After: ${c5}.`);
    expect(prompt).toContain(
      `Also the 2 commits since the last documented commit ${short(c1)}, whose run did not finish: the change below runs from ${c1} to ${c5}.`,
    );
    expect(prompt).toContain(`Compare: https://github.com/acme/widgets/compare/${c1}...${c5}`);
    expect(result.outputs).toMatchObject({ 'change-commits': '4', 'change-files': '4' });
    // Today's requests (one comparison, a look-up per commit) and two more: the workflow's runs (by its file), the ancestry.
    expect(githubRequests().slice(0, 3)).toEqual(['/actions/workflows/docs.yml/runs', `/compare/${c1}...${c5}`, `/compare/${c1}...${c5}`]);
    expect(githubRequests()).toHaveLength(2 + 1 + 4);
  });

  test('change-paths decides on the widened change: a push of tests alone after a cancelled change to src/ starts a job', async () => {
    const [c1, c2] = commits(2) as [string, string];
    workflowRun({ headSha: c1 });
    workflowRun({ headSha: c2, status: 'completed', conclusion: 'cancelled' });
    const c3 = addCommit(github().repository, 'main', { message: 'Test it', files: ['test/change2.test.ts'] });
    const result = await pushRun(c2, c3, { 'change-paths': 'src/**' });
    expectJob(result);
    expect(sentPrompt()).toContain('"src/change2.ts"');
  });

  test('a failed run followed by a green one: the green run covers the failed commits, the next one does not repeat them', async () => {
    const [c1, c2, c3] = commits(3) as [string, string, string];
    workflowRun({ headSha: c1 });
    workflowRun({ headSha: c2, status: 'completed', conclusion: 'failure' });
    const green = await pushRun(c2, c3);
    expectJob(green);
    expect(listedCommits(sentPrompt())).toEqual([c3, c2].map(short));
    // That run ends green; the next push starts where it ended.
    const greenRun = github().state.workflowRuns.find((run) => run.id === nextRunId);
    if (greenRun === undefined) throw new Error('no run');
    Object.assign(greenRun, { status: 'completed', conclusion: 'success' });
    emulator().reset();
    const c4 = addCommit(github().repository, 'main', { message: 'Change 4', files: ['src/change4.ts'] });
    const next = await pushRun(c3, c4);
    expectJob(next);
    expect(noticeLines(next)).toEqual([]);
    const prompt = sentPrompt();
    expect(listedCommits(prompt)).toEqual([short(c4)]);
    expect(prompt).not.toContain('last documented commit');
    expect(next.stdout).toContain(`: the change is this push's own, from ${short(c3)} to ${short(c4)}.`);
  });

  test("the first run: the push's own change, with one notice saying so", async () => {
    const [c1, c2] = commits(2) as [string, string];
    const result = await pushRun(c1, c2);
    expectJob(result);
    expect(noticeLines(result)).toEqual([
      `::notice::The change starts at this push's 'before' ${short(c1)}: no earlier successful run of this workflow on the branch "main" was found (the first run). If earlier runs of this workflow failed or were cancelled, their commits are not in it.`,
    ]);
    expect(listedCommits(sentPrompt())).toEqual([short(c2)]);
  });

  test("a force push that dropped the last documented commit: the push's own change, one notice", async () => {
    const [c1, c2, c3] = commits(3) as [string, string, string];
    workflowRun({ headSha: c2 });
    workflowRun({ headSha: c3, status: 'completed', conclusion: 'failure' });
    const rewritten = addCommit(github().repository, 'main', { message: 'Rewrite', files: ['src/rewritten.ts'] }, [c1]);
    const result = await pushRun(c3, rewritten, {}, true);
    expectJob(result);
    expect(noticeLines(result)).toEqual([
      expect.stringContaining(`is not an ancestor of this push's head ${short(rewritten)} (diverged: a force push)`),
    ]);
    const prompt = sentPrompt();
    expect(prompt).toContain('The push was forced: it dropped 2 commits that were on the branch.');
    expect(prompt).not.toContain('last documented commit');
    expect(listedCommits(prompt)).toEqual([short(rewritten)]);
  });

  test("the Actions API refuses (403, no 'actions: read'): the push's own change, one notice naming the permission", async () => {
    const [c1, c2, c3] = commits(3) as [string, string, string];
    workflowRun({ headSha: c1 });
    github().setTokenPermissions({ contents: 'read', 'pull-requests': 'read', statuses: 'write' });
    const result = await pushRun(c2, c3);
    expectJob(result);
    const notices = noticeLines(result);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("GitHub refused to list this workflow's runs (");
    expect(notices[0]).toContain("add 'actions: read' to the job's permissions");
    expect(listedCommits(sentPrompt())).toEqual([short(c3)]);
    // The one refused request, then today's.
    expect(githubRequests()[0]).toBe('/actions/workflows/docs.yml/runs');
    expect(githubRequests().filter((path) => path.startsWith('/actions/'))).toHaveLength(1);
  });

  test.each([
    ['GITHUB_WORKFLOW_REF names the workflow file: its runs listed by it, one request', WORKFLOW_REF, ['/actions/workflows/docs.yml/runs']],
    [
      'without GITHUB_WORKFLOW_REF: the run asked for its workflow first, two requests',
      undefined,
      ['/actions/runs/RUN', `/actions/workflows/${WORKFLOW_ID}/runs`],
    ],
    [
      'a GITHUB_WORKFLOW_REF of another repository: refused, two requests',
      'mallory/widgets/.github/workflows/docs.yml@refs/heads/main',
      ['/actions/runs/RUN', `/actions/workflows/${WORKFLOW_ID}/runs`],
    ],
  ])('the last successful run of a push: %s', async (_name, workflowRef, lookUps) => {
    const [c1, c2] = commits(2) as [string, string];
    workflowRun({ headSha: c1 });
    const result = await pushRun(c1, c2, {}, false, { GITHUB_WORKFLOW_REF: workflowRef });
    expectJob(result);
    expect(noticeLines(result)).toEqual([]);
    expect(result.stdout).toContain(`: the change is this push's own, from ${short(c1)} to ${short(c2)}.`);
    const actions = githubRequests().filter((path) => path.startsWith('/actions/'));
    expect(actions).toEqual(lookUps.map((path) => path.replace('RUN', String(nextRunId))));
  });

  test("the Actions API fails (500 on every attempt): the push's own change, one notice, never a failed step", async () => {
    const [c1, c2] = commits(2) as [string, string];
    github().fail({ status: 500, message: 'Server Error', path: /\/actions\// });
    const result = await pushRun(c1, c2);
    expectJob(result);
    expect(noticeLines(result)).toEqual([expect.stringContaining("this workflow's last successful run could not be looked up (")]);
    expect(listedCommits(sentPrompt())).toEqual([short(c2)]);
  });
});

describe('change-since: last-success', () => {
  const hoursAgo = (hours: number): string => new Date(Date.now() - hours * 3_600_000).toISOString();
  // A schedule event's payload as GitHub writes it: no repository, so the default branch is asked of GET /repos/{owner}/{repo}.
  const schedule = { schedule: '17 6 * * *' };
  const digest = (head: string): Promise<ActionRun> => runStep('schedule', schedule, head, { 'change-since': 'last-success' });

  test('after a late and a failed run: every commit since the last success, none before it, none after the run began', async () => {
    addCommit(github().repository, 'main', { message: 'Initial commit', date: hoursAgo(100) });
    const documented = addCommit(github().repository, 'main', { message: 'Documented', files: ['src/a.ts'], date: hoursAgo(60) });
    workflowRun({ headSha: documented, event: 'schedule' }); // two days ago, green
    const c2 = addCommit(github().repository, 'main', { message: 'Two', files: ['src/b.ts'], date: hoursAgo(50) });
    const c3 = addCommit(github().repository, 'main', { message: 'Three', files: ['src/c.ts'], date: hoursAgo(40) });
    workflowRun({ headSha: c3, event: 'schedule', conclusion: 'failure' }); // yesterday, failed
    const c4 = addCommit(github().repository, 'main', { message: 'Four', files: ['src/d.ts'], date: hoursAgo(2) });
    // Today's run starts late, at c4; c5 lands on main before it reads the change.
    const c5 = addCommit(github().repository, 'main', { message: 'Five', files: ['src/e.ts'] });
    const result = await digest(c4);
    const runId = nextRunId;
    expectJob(result);
    expect(noticeLines(result)).toEqual([]);
    const prompt = sentPrompt();
    // A 24-hour window would have missed c2 and c3; the digest ends at the run's own commit, so c5 is the next run's.
    expect(listedCommits(prompt)).toEqual([c4, c3, c2].map(short));
    expect(prompt).toContain(
      `Event: a digest of the commits on the default branch "main" of acme/widgets (https://github.com/acme/widgets) since the last documented commit ${short(documented)} (the head of this workflow's last successful run). Its run: ${RUN_URL}/${runId - 2}`,
    );
    expect(result.outputs).toMatchObject({ 'change-commits': '3', 'change-files': '3' });
    // The payload names no default branch: one request for it, before the workflow's runs on it.
    expect(githubRequests().slice(0, 2)).toEqual(['', '/actions/workflows/docs.yml/runs']);
    expect(github().requests.find((request) => request.path === REPO)?.method).toBe('GET');
    expect(github().requests.find((request) => request.path.endsWith('/runs'))?.query['branch']).toBe('main');

    // That run ends green; the next one lists c5 alone.
    const today = github().state.workflowRuns.find((run) => run.id === runId);
    if (today === undefined) throw new Error('no run');
    Object.assign(today, { status: 'completed', conclusion: 'success' });
    emulator().reset();
    const next = await digest(c5);
    expectJob(next);
    expect(listedCommits(sentPrompt())).toEqual([short(c5)]);
  });

  test('nothing since the last success: skipped', async () => {
    const [, c2] = commits(2) as [string, string];
    workflowRun({ headSha: c2, event: 'schedule' });
    const result = await digest(c2);
    expect(result.exitCode).toBe(0);
    expect(result.outputs['skipped']).toBe('true');
    expect(result.stdout).toContain(
      `Skipped: no commit on the default branch since the last documented commit ${short(c2)} (the head of this workflow's last successful run) ('change-since: last-success').`,
    );
    expect(emulator().requests).toEqual([]);
  });

  test.each([
    ['the first run', () => undefined, 'no earlier successful run of this workflow on the branch "main" was found (the first run)'],
    [
      '403',
      () => github().setTokenPermissions({ contents: 'read', 'pull-requests': 'read', statuses: 'write' }),
      "add 'actions: read' to the job's permissions",
    ],
    [
      'GET /repos/{owner}/{repo} answered 404',
      () => github().fail({ status: 404, message: 'Not Found', path: REPO }),
      'GET /repos/acme/widgets',
    ],
    [
      'GET /repos/{owner}/{repo} answered 503 on every attempt',
      () => github().fail({ status: 503, message: 'Service Unavailable', path: REPO }),
      'GET /repos/acme/widgets',
    ],
    [
      'GET /repos/{owner}/{repo} answered 403',
      () => github().fail({ status: 403, message: 'Forbidden', path: REPO }),
      'GET /repos/acme/widgets',
    ],
  ])('%s: the last 24 hours, with one notice saying so', async (_name, arrange, reason) => {
    addCommit(github().repository, 'main', { message: 'Old', date: hoursAgo(30) });
    const recent = addCommit(github().repository, 'main', { message: 'Recent', files: ['src/a.ts'], date: hoursAgo(3) });
    arrange();
    const result = await digest(recent);
    expectJob(result);
    const notices = noticeLines(result);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("::notice::'change-since: last-success' covers the last 24h instead: ");
    expect(notices[0]).toContain(reason);
    const prompt = sentPrompt();
    expect(prompt).toContain('in the last 24h, since ');
    expect(listedCommits(prompt)).toEqual([short(recent)]);
  });
});
