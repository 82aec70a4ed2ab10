/**
 * End to end: the docs in their own repository. The code in acme/widgets runs the workflow; the
 * agent's pull requests are in acme/docs, a private repository the fake GitHub serves beside it,
 * which answers 404 to the workflow's token and 200 to its own (a token made for it, as by
 * actions/create-github-app-token). The push example's `extend-open-pr` and the merged pull request
 * example's comment on the agent's pull request, with the examples' own inputs: with `docs-token`
 * they reach acme/docs with that token alone; without it, one notice names acme/docs and
 * `docs-token`, and the run carries on (a new job; no comment).
 */
import { beforeEach, describe, expect, test } from '@jest/globals';
import { serviceInputs, useEmulator, useFakeGitHub } from '../helpers/emulator-fixture.js';
import { addCommit, addPull, pullRequestEvent, pushEvent, type RecordedRequest, type SecondRepository } from '../helpers/fake-github.js';
import { errorLines, noticeLines, runAction, visible, warningLines, type ActionRun } from '../helpers/run-action.js';
import { jobsOf, readWorkflows, record, stepsOf } from '../helpers/workflow-yaml.js';

const TOKEN = 'ghs_e2eWorkflowToken0123456789abcd';
const DOCS_TOKEN = 'ghs_e2eDocsAppToken0123456789abcd';
const DOCS_PR = 90;
const PR_LINK = `https://github.com/acme/docs/pull/${DOCS_PR}`;
const ENV = {
  GITHUB_REPOSITORY: 'acme/widgets',
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_RUN_ID: '4242',
  GITHUB_RUN_ATTEMPT: '1',
  GITHUB_WORKFLOW_REF: 'acme/widgets/.github/workflows/docs.yml@refs/heads/main',
};

const emulator = useEmulator();
const github = useFakeGitHub({
  token: TOKEN,
  repo: 'widgets',
  collaborators: { maintainer: 'maintain' },
  secondRepository: { owner: 'acme', repo: 'docs', token: DOCS_TOKEN },
});

beforeEach(() => {
  emulator().setScenario({ job: { statuses: ['active', 'completed'], prLink: PR_LINK } });
});

function docs(): SecondRepository {
  const second = github().second;
  if (second === undefined) throw new Error('the fake GitHub has no docs repository');
  return second;
}

/** The `with:` of the action's step in an example, without the values a runner fills in (`${{ … }}`). */
function exampleInputs(name: string): Record<string, string> {
  const workflow = readWorkflows('examples').find((file) => file.path.endsWith(name));
  if (workflow === undefined) throw new Error(`examples/${name} is missing`);
  const steps = [...jobsOf(workflow.yaml, name).values()].flatMap((job) => stepsOf(job, name));
  const action = steps.find((step) => String(step['uses']).startsWith('mintlify/docs-agent-action@'));
  const inputs: Record<string, string> = {};
  for (const [input, value] of Object.entries(record(action?.['with'], `${name} with`)))
    if (!String(value).includes('${{')) inputs[input] = String(value);
  return inputs;
}

function run(example: string, eventName: string, event: unknown, docsToken: boolean): Promise<ActionRun> {
  return runAction({
    inputs: serviceInputs(emulator(), { ...exampleInputs(example), 'github-token': TOKEN, ...(docsToken && { 'docs-token': DOCS_TOKEN }) }),
    event,
    eventName,
    env: { ...ENV, GITHUB_API_URL: github().url },
  });
}

const carries = (request: RecordedRequest, token: string): boolean => request.headers['authorization'] === `token ${token}`;
const inDocs = (request: RecordedRequest): boolean => request.path.startsWith('/repos/acme/docs/');
const endpoints = (name: string) => emulator().requests.filter((request) => request.endpoint === name);

function expectGreen(result: ActionRun): void {
  expect(errorLines(result)).toEqual([]);
  expect(result.exitCode).toBe(0);
}

/**
 * With docs-token, each token went only where it belongs: docs-token to acme/docs, the workflow's
 * token elsewhere (without docs-token, github-token is the docs repository's token too). Neither
 * shows anywhere a reader can see.
 */
function expectTokensKeptApart(results: readonly ActionRun[], docsToken: boolean): void {
  for (const request of github().requests) {
    const where = [request.method, request.path];
    if (carries(request, DOCS_TOKEN)) expect(where).toEqual([request.method, expect.stringMatching(/^\/repos\/acme\/docs\//)]);
    else if (docsToken) expect([...where, inDocs(request)]).toEqual([...where, false]);
  }
  for (const result of results) {
    expect(visible(result)).not.toContain(DOCS_TOKEN);
    expect(visible(result)).not.toContain(TOKEN);
  }
}

/** The notices that speak of the docs repository, besides the job's own line naming its pull request. */
const docsNotices = (result: ActionRun): string[] =>
  noticeLines(result).filter((line) => line.includes('acme/docs') && !line.startsWith('::notice::Pull request for job '));

describe("the push example's extend-open-pr", () => {
  /** Two pushes to main, each run as the push example; the second finds the first's job and its open pull request. */
  async function twoPushes(docsToken: boolean): Promise<ActionRun[]> {
    addPull(docs().repository, { number: DOCS_PR, merged: false, title: 'Docs update' });
    const first = addCommit(github().repository, 'main', { message: 'Initial commit', files: ['README.md'] });
    const results: ActionRun[] = [];
    let before = first;
    for (const part of ['one', 'two']) {
      const after = addCommit(github().repository, 'main', { message: `Widgets ${part}`, files: [`src/${part}.ts`] });
      const result = await run('docs-on-push.yml', 'push', pushEvent(github().state, { ref: 'refs/heads/main', before, after }), docsToken);
      expectGreen(result);
      results.push(result);
      before = after;
    }
    return results;
  }

  test('with docs-token: the second push extends the job of the open docs pull request, read with docs-token alone', async () => {
    const [first, second] = await twoPushes(true);
    expect(endpoints('create')).toHaveLength(1);
    expect(endpoints('message')).toHaveLength(1);
    expect(second?.outputs['job-id']).toBe(first?.outputs['job-id']);
    expect(second?.stdout).toContain(`its pull request acme/docs#${DOCS_PR} is open.`);
    const reads = github().requests.filter((request) => request.path === `/repos/acme/docs/pulls/${DOCS_PR}`);
    expect(reads.map((request) => [request.status, carries(request, DOCS_TOKEN)])).toEqual([[200, true]]);
    expect(docsNotices(second as ActionRun)).toEqual([]);
    expectTokensKeptApart([first as ActionRun, second as ActionRun], true);
  });

  test("without docs-token: a new job, with one notice naming acme/docs and 'docs-token', and no permissions advice", async () => {
    const [first, second] = await twoPushes(false);
    expect(endpoints('create')).toHaveLength(2);
    expect(endpoints('message')).toHaveLength(0);
    const reads = github().requests.filter((request) => request.path === `/repos/acme/docs/pulls/${DOCS_PR}`);
    expect(reads.map((request) => request.status)).toEqual([404]);
    const notices = docsNotices(second as ActionRun);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("The docs repository acme/docs answered 404 to 'github-token'");
    expect(notices[0]).toContain('it starts a new job instead of extending that one');
    expect(notices[0]).toContain("pass a token for acme/docs in 'docs-token'");
    expect([...noticeLines(second as ActionRun), ...warningLines(second as ActionRun)].join('\n')).not.toContain('pull-requests: read');
    expectTokensKeptApart([first as ActionRun, second as ActionRun], false);
  });

  test('docs-token refused (403): a new job, with the one notice naming docs-token', async () => {
    github().fail({ status: 403, path: `/repos/acme/docs/pulls/${DOCS_PR}` });
    const [, second] = await twoPushes(true);
    expect(endpoints('create')).toHaveLength(2);
    const notices = docsNotices(second as ActionRun);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("The docs repository acme/docs answered 403 to 'docs-token'");
    expect(notices[0]).toContain("check that 'docs-token' is a token for acme/docs");
  });

  test('the docs repository failing (502): a new job, with the ordinary notice, not the docs-token one', async () => {
    github().fail({ status: 502, path: `/repos/acme/docs/pulls/${DOCS_PR}` });
    const [, second] = await twoPushes(true);
    expect(endpoints('create')).toHaveLength(2);
    const notices = docsNotices(second as ActionRun);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`The state of the pull request acme/docs#${DOCS_PR} of the agent job`);
    expect(notices[0]).toContain('could not be read');
    expect(notices[0]).not.toContain("'docs-token'");
  });
});

describe('the merged pull request example with comment: true', () => {
  async function merged(docsToken: boolean): Promise<ActionRun> {
    addCommit(github().repository, 'main', { message: 'Initial commit', files: ['README.md'] });
    const pull = addPull(github().repository, { number: 34, title: 'Streaming', commits: [{ files: ['src/stream.ts'] }] });
    const result = await run('docs-on-merged-pr.yml', 'pull_request_target', pullRequestEvent(github().state, pull, 'closed'), docsToken);
    expectGreen(result);
    expect(result.outputs['pr-link']).toBe(PR_LINK);
    // The merged pull request's own comment is the workflow token's, in the workflow's repository.
    expect(
      github()
        .comments(34)
        .map((comment) => comment.user.login),
    ).toEqual(['github-actions[bot]']);
    return result;
  }

  test("with docs-token: the agent's pull request gets its comment, written with docs-token by the app's account", async () => {
    const result = await merged(true);
    const comments = docs().comments(DOCS_PR);
    expect(comments).toHaveLength(1);
    expect(comments[0]?.user.login).toBe('docs-app[bot]');
    expect(comments[0]?.body).toContain(`This pull request was opened by Mintlify agent job \`${result.outputs['job-id']}\``);
    expect(warningLines(result)).toEqual([]);
    expect(docsNotices(result)).toEqual([]);
    expectTokensKeptApart([result], true);
  });

  test("without docs-token: no comment there, one notice naming acme/docs and 'docs-token', no permissions advice", async () => {
    const result = await merged(false);
    expect(docs().comments(DOCS_PR)).toEqual([]);
    expect(warningLines(result)).toEqual([]);
    const notices = docsNotices(result);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("The docs repository acme/docs answered 404 to 'github-token'");
    expect(notices[0]).toContain(`could not comment on the job's pull request acme/docs#${DOCS_PR}; the agent job is not affected`);
    expect(notices[0]).toContain("'docs-token'");
    expect(result.stdout).not.toContain('pull-requests: write');
    expectTokensKeptApart([result], false);
  });
});
