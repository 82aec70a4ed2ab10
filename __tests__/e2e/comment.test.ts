/**
 * End to end: the built bundle, started as the runner starts it for an `issues: labeled` event,
 * talks to the emulator (the agent) and to a fake GitHub REST API (the comment).
 */
import { beforeEach, describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { serviceInputs, useEmulator, useFakeGitHub } from '../helpers/emulator-fixture.js';
import { bodyField, type RecordedRequest } from '../helpers/fake-github.js';
import { errorLines, runAction, visible, warningLines, type ActionRun, type RunOptions } from '../helpers/run-action.js';

const TOKEN = 'ghs_e2eCommentToken0123456789abcdef';
const ISSUE = 7;
const PR_LINK = 'https://github.com/acme/docs/pull/77';

/** The payload GitHub writes to GITHUB_EVENT_PATH for `issues` / `labeled`, trimmed to realistic essentials. */
const issuesLabeled = {
  action: 'labeled',
  issue: {
    number: ISSUE,
    title: 'Document the widgets endpoint',
    body: 'Please add a page for /v2/widgets.',
    state: 'open',
    html_url: `https://github.com/acme/docs/issues/${ISSUE}`,
    user: { login: 'alice', id: 101, type: 'User' },
    labels: [{ name: 'docs-agent' }],
    author_association: 'NONE',
  },
  label: { name: 'docs-agent', color: 'ededed' },
  repository: { id: 1, name: 'docs', full_name: 'acme/docs', owner: { login: 'acme', type: 'Organization' } },
  sender: { login: 'maintainer', id: 102, type: 'User' },
};

const emulator = useEmulator();
// The event's sender maintains the repository, so the trigger gate lets these runs through.
const github = useFakeGitHub({ token: TOKEN, collaborators: { maintainer: 'maintain' } });

beforeEach(() => {
  emulator().setScenario({ job: { statuses: ['active', 'active', 'completed'], prLink: PR_LINK, model: 'agent-model-1' } });
});

function issueRun(inputs: Record<string, string> = {}, extra: Partial<RunOptions> = {}): Promise<ActionRun> {
  return runAction({
    inputs: serviceInputs(emulator(), {
      'poll-interval': '200ms',
      prompt: 'Document the widgets endpoint',
      comment: 'true',
      'github-token': TOKEN,
      ...inputs,
    }),
    event: issuesLabeled,
    eventName: 'issues',
    env: { GITHUB_API_URL: github().url },
    ...extra,
  });
}

/**
 * Requests to the REST comments API of the issue: its list, its new comments and updates of its
 * comments (GraphQL's viewer query is counted apart, and so is the comment on the job's pull
 * request, which __tests__/e2e/conversation.test.ts covers).
 */
function calls(method: string): RecordedRequest[] {
  const ids = new Set(
    github()
      .comments(ISSUE)
      .map((comment) => comment.id),
  );
  return github().requests.filter((request) => {
    if (request.method !== method) return false;
    if (request.path === `/repos/acme/docs/issues/${ISSUE}/comments`) return true;
    const id = /^\/repos\/acme\/docs\/issues\/comments\/(\d+)$/.exec(request.path)?.[1];
    return id !== undefined && ids.has(Number(id));
  });
}

/** The comment on the job's pull request (PR_LINK), which every completed run here writes or updates. */
function pullRequestComments() {
  return github()
    .comments(77)
    .filter((comment) => comment.body.startsWith('<!-- mintlify-docs-agent pull-request job='));
}

function viewerQueries(): RecordedRequest[] {
  return github().requests.filter((request) => request.path === '/graphql');
}

function sentBody(request: RecordedRequest | undefined): string {
  return bodyField(request?.body ?? '') ?? '';
}

describe('comment on the triggering issue', () => {
  test('creates one comment when the job starts and updates the same comment when it ends', async () => {
    const run = await issueRun();
    expect(run.exitCode).toBe(0);
    expect(errorLines(run)).toEqual([]);
    expect(warningLines(run)).toEqual([]);
    const jobId = run.outputs['job-id'] ?? '';
    expect(jobId).toMatch(/^job_/);

    const [created] = calls('POST');
    expect(calls('POST')).toHaveLength(1);
    expect(created?.path).toBe(`/repos/acme/docs/issues/${ISSUE}/comments`);
    expect(created?.headers['authorization']).toBe(`token ${TOKEN}`);
    expect(created?.headers['user-agent']).toMatch(/^mintlify-docs-agent-action\//);
    const startedText = sentBody(created);
    expect(startedText.startsWith(`<!-- mintlify-docs-agent job=${jobId} -->`)).toBe(true);
    expect(startedText).toContain(`Agent job \`${jobId}\` started, following the request in this issue.`);
    expect(startedText).toContain('(https://github.com/acme/docs/actions/runs/4242)');

    // Written while the job was still running: before the poll that saw it complete.
    const lastPoll = emulator()
      .requests.filter((request) => request.endpoint === 'get')
      .at(-1);
    expect(created?.at).toBeLessThan(lastPoll?.at ?? 0);

    const [updated] = calls('PATCH');
    expect(calls('PATCH')).toHaveLength(1);
    const [comment] = github().comments(ISSUE);
    expect(github().comments(ISSUE)).toHaveLength(1);
    expect(updated?.path).toBe(`/repos/acme/docs/issues/comments/${comment?.id}`);
    expect(comment?.body).toBe(sentBody(updated));
    expect(comment?.body).toContain(`Mintlify agent job \`${jobId}\` ✅ completed`);
    expect(comment?.body).toContain(`[&#35;\u206077](${PR_LINK})`);
    expect(comment?.body).toContain('agent&#45;model&#45;1');
    expect(run.outputs['comment-url']).toBe(comment?.html_url);
    expect(visible(run)).not.toContain(TOKEN);
    // No marked comment existed: who the token is was never asked.
    expect(viewerQueries()).toEqual([]);
    // The job completed with a pull request: that pull request got its one comment too.
    expect(pullRequestComments()).toHaveLength(1);
    expect(pullRequestComments()[0]?.body).toContain(`Mintlify agent job \`${jobId}\``);
  });

  test('a follow-up and a job-id-only run find the marker and update the same comment', async () => {
    const first = await issueRun();
    const jobId = first.outputs['job-id'] ?? '';
    const url = first.outputs['comment-url'];
    // Other people talk on the issue in between.
    for (let i = 0; i < 3; i++) github().addComment(ISSUE, `thanks ${i}`, 'bob');
    github().requests.length = 0;

    const followUp = await issueRun({ 'job-id': jobId, prompt: 'Also add an example' });
    expect(followUp.exitCode).toBe(0);
    expect(calls('POST')).toEqual([]);
    expect(calls('GET').length).toBeGreaterThanOrEqual(1);
    expect(calls('PATCH')).toHaveLength(2);
    expect(sentBody(calls('PATCH')[0])).toContain(`Follow-up sent to agent job \`${jobId}\`.`);
    expect(followUp.outputs['comment-url']).toBe(url);

    github().requests.length = 0;
    const waitOnly = await issueRun({ 'job-id': jobId, prompt: '' });
    expect(waitOnly.exitCode).toBe(0);
    expect(calls('POST')).toEqual([]);
    expect(calls('PATCH')).toHaveLength(2);
    expect(waitOnly.outputs['comment-url']).toBe(url);
    const mine = github()
      .comments(ISSUE)
      .filter((comment) => comment.body.includes('mintlify-docs-agent'));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.body).toContain('✅ completed');
    // Finding the old comment asked once who the token is, with the token.
    expect(viewerQueries()).toHaveLength(1);
    expect(viewerQueries()[0]?.headers['authorization']).toBe(`token ${TOKEN}`);
    for (const run of [first, followUp, waitOnly]) expect(visible(run)).not.toContain(TOKEN);
  });

  test("a comment by someone else that starts with the job's marker is left alone; the action writes its own", async () => {
    const first = await issueRun();
    const jobId = first.outputs['job-id'] ?? '';
    const [own] = github().comments(ISSUE);
    // Another user pastes the marker, newer than the action's comment, hoping to get it edited.
    const planted = github().addComment(ISSUE, `<!-- mintlify-docs-agent job=${jobId} -->\nplanted by mallory`, 'mallory');
    github().requests.length = 0;

    const followUp = await issueRun({ 'job-id': jobId, prompt: 'Also add an example' });
    expect(followUp.exitCode).toBe(0);
    expect(warningLines(followUp)).toEqual([]);
    expect(
      github()
        .comments(ISSUE)
        .find((comment) => comment.id === planted.id)?.body,
    ).toBe(planted.body);
    expect(calls('PATCH').map((request) => request.path)).toEqual([
      `/repos/acme/docs/issues/comments/${own?.id}`,
      `/repos/acme/docs/issues/comments/${own?.id}`,
    ]);
    expect(followUp.outputs['comment-url']).toBe(own?.html_url);
  });

  test('only marked comments by others: a new comment is created, none is edited', async () => {
    github().addComment(ISSUE, 'first!', 'bob');
    const first = await issueRun();
    const jobId = first.outputs['job-id'] ?? '';
    github().reset();
    github().addComment(ISSUE, `<!-- mintlify-docs-agent job=${jobId} -->\nplanted`, 'mallory');
    const waitOnly = await issueRun({ 'job-id': jobId, prompt: '' });
    expect(waitOnly.exitCode).toBe(0);
    expect(calls('POST')).toHaveLength(1);
    const [planted, created] = github().comments(ISSUE);
    expect(planted?.body).toContain('planted');
    expect(created?.user.login).toBe('github-actions[bot]');
    expect(calls('PATCH').map((request) => request.path)).toEqual([`/repos/acme/docs/issues/comments/${created?.id}`]);
  });

  test('when GitHub cannot say who the token is, no marked comment is trusted: a warning, and nothing is written', async () => {
    const first = await issueRun();
    const jobId = first.outputs['job-id'] ?? '';
    const before = github()
      .comments(ISSUE)
      .map((comment) => comment.body);
    github().requests.length = 0;
    github().fail({ status: 502, path: '/graphql', message: 'Server Error' });

    const waitOnly = await issueRun({ 'job-id': jobId, prompt: '' });
    expect(waitOnly.exitCode).toBe(0);
    expect(waitOnly.outputs['status']).toBe('completed');
    expect(calls('POST')).toEqual([]);
    expect(calls('PATCH')).toEqual([]);
    expect(
      github()
        .comments(ISSUE)
        .map((comment) => comment.body),
    ).toEqual(before);
    const warnings = warningLines(waitOnly);
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    // The issue's comment, and the comment on the job's pull request (written by the first run), alike.
    const onIssue = warnings.filter((warning) => warning.includes(`on issue #${ISSUE}`));
    expect(onIssue.length).toBeGreaterThanOrEqual(1);
    for (const warning of onIssue)
      expect(warning).toContain(`Could not check who wrote the job's comment on issue #${ISSUE}: GitHub answered 502`);
    expect(warnings.filter((warning) => !onIssue.includes(warning))).toEqual([
      expect.stringContaining("Could not check who wrote the job's comment on pull request acme/docs#77: GitHub answered 502"),
    ]);
    expect(pullRequestComments()).toHaveLength(1);
    expect(waitOnly.outputs['comment-url']).toBe('');
  });

  test('a 403 from GitHub is one warning naming the permission, and the step stays green', async () => {
    github().fail({
      status: 403,
      method: 'POST',
      path: `/repos/acme/docs/issues/${ISSUE}/comments`,
      message: 'Resource not accessible by integration',
    });
    const run = await issueRun();
    expect(run.exitCode).toBe(0);
    expect(errorLines(run)).toEqual([]);
    expect(run.outputs['status']).toBe('completed');
    expect(run.outputs['comment-url']).toBe('');
    const commentWarnings = warningLines(run);
    expect(commentWarnings).toHaveLength(1);
    expect(commentWarnings[0]).toContain(`Could not create a comment on issue #${ISSUE}`);
    expect(commentWarnings[0]).toContain('add `permissions: issues: write` to the job');
    // Permission errors are not retried: no second attempt at the end of the job.
    expect(calls('POST')).toHaveLength(1);
    expect(calls('PATCH')).toEqual([]);
    expect(visible(run)).not.toContain(TOKEN);
  });

  test("a workflow_dispatch run with comment: true gives a notice and comments on no issue; only the job's pull request gets its comment", async () => {
    const run = await issueRun({}, { event: { inputs: {} }, eventName: 'workflow_dispatch' });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^::notice::'comment' is true, but this run was triggered by 'workflow_dispatch'/m);
    expect(run.stdout).toContain("the job's comment has nowhere to go (a pull request the job opens still gets its own).");
    expect(warningLines(run)).toEqual([]);
    expect(github().requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /repos/acme/docs/issues/77/comments',
      'POST /repos/acme/docs/issues/77/comments',
    ]);
    expect(pullRequestComments()[0]?.body).toContain('for [workflow run](https://github.com/acme/docs/actions/runs/4242)');
    expect(run.outputs['status']).toBe('completed');
  });
});

describe('one bundle, one GitHub client', () => {
  test('Octokit is a chunk of its own, loaded on the first GitHub call: a run that never calls GitHub does not parse it', () => {
    const chunks = readdirSync('dist').filter((name) => name.endsWith('.js') && name !== 'index.js');
    // @octokit/core's user agent trail: text only Octokit's own code holds.
    const octokitCore = 'octokit-core.js/';
    expect(readFileSync('dist/index.js', 'utf8')).not.toContain(octokitCore);
    expect(chunks.filter((name) => readFileSync(`dist/${name}`, 'utf8').includes(octokitCore))).toHaveLength(1);
  });

  test('every GitHub call of a commenting run names the REST API version it was written against', async () => {
    const run = await issueRun();
    expect(run.exitCode).toBe(0);
    const rest = github().requests.filter((request) => request.path !== '/graphql');
    expect(rest.length).toBeGreaterThan(2);
    expect(rest.every((request) => request.headers['x-github-api-version'] === '2022-11-28')).toBe(true);
  });
});
