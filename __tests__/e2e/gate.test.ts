/**
 * End to end: the built bundle checks who triggered an issue, comment or pull request run against a
 * fake GitHub API before it sends anything to the service (the emulator).
 */
import { beforeEach, describe, expect, test } from '@jest/globals';
import { serviceInputs, useEmulator, useFakeGitHub } from '../helpers/emulator-fixture.js';
import { errorLines, runAction, visible, type ActionRun } from '../helpers/run-action.js';

const TOKEN = 'ghs_e2eGateToken0123456789abcdef';
const PERMISSION_PATH = (login: string) => `/repos/acme/docs/collaborators/${encodeURIComponent(login)}/permission`;

const emulator = useEmulator();
const github = useFakeGitHub({ token: TOKEN, collaborators: { lead: 'maintain', reader: 'read' } });

/** An `issue_comment` (or other) event sent by `login`, as GitHub writes it to GITHUB_EVENT_PATH. */
function eventBy(login: string, type = login.endsWith('[bot]') ? 'Bot' : 'User') {
  return {
    action: 'created',
    issue: { number: 7, title: 'Document the widgets endpoint', user: { login: 'someone', type: 'User' } },
    comment: { id: 1, body: '/docs-agent go', user: { login, type } },
    repository: { full_name: 'acme/docs', owner: { login: 'acme' } },
    sender: { login, id: 99, type },
  };
}

/**
 * A run of `eventName` by `login`. On a pull_request event the change context would skip the run
 * before the gate (only a merged pull request starts a job): 'change-context: none' runs it anyway,
 * as a workflow that starts the agent on opened pull requests does.
 */
function run(login: string, inputs: Record<string, string> = {}, eventName = 'issue_comment'): Promise<ActionRun> {
  const context = eventName === 'pull_request' ? { 'change-context': 'none' } : {};
  return runAction({
    inputs: serviceInputs(emulator(), {
      prompt: 'Document the widgets endpoint',
      wait: 'false',
      'github-token': TOKEN,
      ...context,
      ...inputs,
    }),
    event: eventBy(login),
    eventName,
    env: { GITHUB_API_URL: github().url },
  });
}

function expectRefused(result: ActionRun, text: string): void {
  expect(result.exitCode).toBe(1);
  const errors = errorLines(result);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toContain(text);
  expect(emulator().requests).toEqual([]);
  expect(result.outputs['job-id']).toBeUndefined();
  expect(visible(result)).not.toContain(TOKEN);
}

describe('who triggered the run is checked before any request to the service', () => {
  test('allowed: a maintainer starts the job; the lookup came first, with the token', async () => {
    const result = await run('lead');
    expect(result.exitCode).toBe(0);
    expect(errorLines(result)).toEqual([]);
    expect(result.outputs['job-id']).toMatch(/^job_/);
    expect(result.stdout).toContain("Trigger check: @lead has the role 'maintain' on acme/docs; 'trigger-permission' is 'triage'.");
    const [lookup] = github().requests;
    expect(github().requests).toHaveLength(1);
    expect(lookup?.path).toBe(PERMISSION_PATH('lead'));
    expect(lookup?.headers['authorization']).toBe(`token ${TOKEN}`);
    const [first] = emulator().requests;
    expect(lookup?.at).toBeLessThanOrEqual(first?.at ?? 0);
    expect(visible(result)).not.toContain(TOKEN);
  });

  test('refused: a reader is below the default triage', async () => {
    const result = await run('reader');
    expectRefused(
      result,
      "This 'issue_comment' run was triggered by @reader, whose role on acme/docs is 'read', below 'trigger-permission: triage'",
    );
    expect(github().requests.map((request) => request.path)).toEqual([PERMISSION_PATH('reader')]);
  });

  test('refused: someone who is not a collaborator, on a pull_request event', async () => {
    expectRefused(await run('stranger', {}, 'pull_request'), "whose role on acme/docs is 'none'");
  });

  test("loosened: trigger-permission 'read' lets the reader through", async () => {
    const result = await run('reader', { 'trigger-permission': 'read' });
    expect(result.exitCode).toBe(0);
    expect(emulator().requests.filter((request) => request.endpoint === 'create')).toHaveLength(1);
  });

  describe("'trigger-permission: read' asks whether the user is a collaborator: a public repository answers 'read' for anyone", () => {
    const COLLABORATOR_PATH = (login: string) => `/repos/acme/docs/collaborators/${encodeURIComponent(login)}`;
    beforeEach(() => github().setPublicRepository(true));

    test('a collaborator with the read role (204) starts the job', async () => {
      const result = await run('reader', { 'trigger-permission': 'read' });
      expect(result.exitCode).toBe(0);
      expect(github().requests.map((request) => [request.path, request.status])).toEqual([
        [PERMISSION_PATH('reader'), 200],
        [COLLABORATOR_PATH('reader'), 204],
      ]);
      expect(result.stdout).toContain(
        "Trigger check: @reader is a collaborator of acme/docs with the role 'read'; 'trigger-permission' is 'read'.",
      );
      expect(emulator().requests.filter((request) => request.endpoint === 'create')).toHaveLength(1);
    });

    test("anyone else, whom the public repository's permission calls 'read' (404), is refused", async () => {
      const result = await run('stranger', { 'trigger-permission': 'read' });
      expectRefused(
        result,
        "triggered by @stranger, who is not a collaborator of acme/docs (GitHub answers 'read' for anyone on a public repository)",
      );
      expect(github().requests.map((request) => [request.path, request.status])).toEqual([
        [PERMISSION_PATH('stranger'), 200],
        [COLLABORATOR_PATH('stranger'), 404],
      ]);
    });

    test('a token that may not ask (403) refuses the run, saying why and what to do', async () => {
      github().fail({ status: 403, path: COLLABORATOR_PATH('reader'), message: 'Must have push access to view repository collaborators.' });
      const result = await run('reader', { 'trigger-permission': 'read' });
      expectRefused(result, 'GitHub answers that only to a token with push access to the repository');
      const [error] = errorLines(result);
      expect(error).toContain("on a public repository every user's permission reads as 'read', collaborator or not");
      expect(error).toContain("raise 'trigger-permission' to 'triage' or higher");
    });

    test("'triage' and above need no second question: the permission alone tells", async () => {
      const result = await run('lead');
      expect(result.exitCode).toBe(0);
      expect(github().requests.map((request) => request.path)).toEqual([PERMISSION_PATH('lead')]);
      emulator().reset();
      expectRefused(await run('stranger'), "whose role on acme/docs is 'read', below 'trigger-permission: triage'");
    });
  });

  test('a bot not in allowed-bots is refused without asking GitHub', async () => {
    expectRefused(
      await run('dependabot[bot]', {}, 'pull_request'),
      "triggered by the bot @dependabot[bot], which is not listed in 'allowed-bots'",
    );
    expect(github().requests).toEqual([]);
  });

  test('a bot in allowed-bots starts the job', async () => {
    const result = await run('dependabot[bot]', { 'allowed-bots': 'renovate, dependabot' }, 'pull_request');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("Trigger check: the bot @dependabot[bot] is listed in 'allowed-bots'.");
    expect(github().requests).toEqual([]);
    expect(emulator().requests.filter((request) => request.endpoint === 'create')).toHaveLength(1);
  });

  test('a lookup that fails refuses: the token is rejected (401)', async () => {
    const result = await run('lead', { 'github-token': 'ghs_notTheRightToken000000' });
    expectRefused(
      result,
      "Could not check the permission of @lead on acme/docs, who triggered this 'issue_comment' run: GitHub rejected 'github-token' (HTTP 401)",
    );
    expect(visible(result)).not.toContain('ghs_notTheRightToken000000');
  });

  test('a lookup that fails refuses: an answer without a role', async () => {
    github().setPermission('lead', { status: 200, body: { message: 'maintenance' } });
    expectRefused(await run('lead'), "GitHub's answer has no 'role_name', 'permission' or 'user.permissions' that names a role");
  });

  test('a lookup that fails refuses: an app account GitHub does not know as a user (404)', async () => {
    github().setPermission('lead', { status: 404, body: { message: 'Not Found' } });
    expectRefused(await run('lead'), 'GitHub answered 404');
  });

  test('no token on a checked event: one input error, nothing sent anywhere', async () => {
    const result = await run('lead', { 'github-token': '' });
    expectRefused(
      result,
      "Input 'github-token': is empty, but this 'issue_comment' run needs it to check the repository permission of @lead",
    );
    expect(github().requests).toEqual([]);
  });

  test.each(['workflow_dispatch', 'schedule', 'release', 'push'])('%s runs are not checked: no lookup', async (eventName) => {
    const result = await run('stranger', { 'github-token': '' }, eventName);
    expect(result.exitCode).toBe(0);
    expect(github().requests).toEqual([]);
    expect(emulator().requests.filter((request) => request.endpoint === 'create')).toHaveLength(1);
  });
});
