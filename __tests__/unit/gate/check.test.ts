/**
 * The trigger gate over undici's MockAgent: who may start the agent on a checked event, what is
 * refused, and that a lookup that fails refuses too.
 */
import { describe, expect, test } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MockAgent } from 'undici';
import type { Runtime } from '../../../src/runtime.js';
import { mockCore } from '../../helpers/core-mock.js';
import { useMockAgent } from '../../helpers/mock-client.js';

const core = mockCore();
const { checkTrigger } = await import('../../../src/gate/check.js');
const { readRunEvent } = await import('../../../src/event/run-event.js');
const { openRepository } = await import('../../../src/github/repository.js');
const { run } = await import('../../../src/main.js');
const { InputError, TriggerRefusedError } = await import('../../../src/errors.js');

/** What the gate works with, as the run hands it over: its settings, the token and the time limits. */
interface GateSettings {
  readonly trigger: Parameters<typeof checkTrigger>[0];
  readonly githubToken?: string;
  readonly requestTimeoutMs: number;
  readonly timeoutMs: number;
}

const GITHUB = 'https://api.github.com';
const TOKEN = 'ghs_gateTestToken0123456789';
const agent = useMockAgent();
const dir = mkdtempSync(join(tmpdir(), 'gate-'));
let eventFiles = 0;
const NOT_JSON = join(dir, 'not-json.json');
writeFileSync(NOT_JSON, '{"sender": {"login": "alice"');

function env(event: string, payload: unknown, extra: Record<string, string> = {}): Record<string, string> {
  const path = join(dir, `event-${eventFiles++}.json`);
  writeFileSync(path, JSON.stringify(payload));
  return { GITHUB_EVENT_NAME: event, GITHUB_EVENT_PATH: path, GITHUB_REPOSITORY: 'acme/docs', ...extra };
}

const byUser = (login: string) => ({ action: 'labeled', sender: { login, type: 'User' } });
const byBot = (login: string) => ({ action: 'opened', sender: { login, type: 'Bot' } });

function settings(overrides: Partial<GateSettings['trigger']> = {}): GateSettings {
  return {
    trigger: { minimumPermission: 'triage', allowedBots: new Set(), ...overrides },
    githubToken: TOKEN,
    requestTimeoutMs: 1000,
    timeoutMs: 3_600_000,
  };
}

function withoutToken(overrides: Partial<GateSettings['trigger']> = {}): GateSettings {
  const { githubToken: _token, ...rest } = settings(overrides);
  return rest;
}

interface Clock {
  now: number;
  readonly sleeps: number[];
}

function runtime(dispatcher: MockAgent, clock: Clock = { now: 0, sleeps: [] }): Runtime {
  return {
    dispatcher,
    clock: () => clock.now,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.now += ms;
    },
    random: () => 0.5,
  };
}

function answer(role: string, permission: string) {
  return { permission, role_name: role, user: { login: 'x', type: 'User' } };
}

function intercept(login: string, origin = GITHUB, prefix = '') {
  return agent()
    .get(origin)
    .intercept({ path: `${prefix}/repos/acme/docs/collaborators/${encodeURIComponent(login)}/permission`, method: 'GET' });
}

/** The gate as run() calls it: the event read from `environment`, the run's GitHub client over the runtime. */
function check(gate: GateSettings, runtime: Runtime, environment: Record<string, string>): Promise<void> {
  const event = readRunEvent(environment);
  const github = openRepository({
    token: gate.githubToken,
    repository: event.repository,
    repositoryText: event.repositoryText,
    env: environment,
    runtime,
    deadline: runtime.clock() + gate.timeoutMs,
    requestTimeoutMs: gate.requestTimeoutMs,
    debug: () => undefined,
  });
  return checkTrigger(gate.trigger, event, github);
}

async function refusal(promise: Promise<void>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TriggerRefusedError) return error.message;
    throw error;
  }
  throw new Error('the gate let the run through');
}

describe('events that are not checked', () => {
  test.each(['workflow_dispatch', 'push', 'schedule', 'release', ''])('%p: no lookup, whoever sent it', async (event) => {
    await check(settings(), runtime(agent()), env(event, byUser('outsider')));
    expect(agent().pendingInterceptors()).toEqual([]);
    expect(core.messages('info')).toEqual([]);
  });
});

describe('users on a checked event', () => {
  test('a maintainer passes; the lookup carries the token and GitHub API headers', async () => {
    const seen: Record<string, string>[] = [];
    intercept('lead').reply(200, (options) => {
      seen.push(Object.fromEntries(Object.entries(options.headers as Record<string, string>)));
      return answer('maintain', 'write');
    });
    await check(settings(), runtime(agent()), env('issues', byUser('lead')));
    expect(seen[0]).toMatchObject({
      authorization: `token ${TOKEN}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
    });
    expect(seen[0]?.['user-agent']).toMatch(/^mintlify-docs-agent-action\//);
    expect(core.messages('info')).toEqual(["Trigger check: @lead has the role 'maintain' on acme/docs; 'trigger-permission' is 'triage'."]);
  });

  test.each([
    ['triage', 'triage', 'read'],
    ['write', 'write', 'write'],
    ['admin', 'admin', 'admin'],
  ])('trigger-permission %s lets role %s through', async (minimum, role, legacy) => {
    intercept('alice').reply(200, answer(role, legacy));
    await check(settings({ minimumPermission: minimum as 'triage' }), runtime(agent()), env('issue_comment', byUser('alice')));
    expect(agent().pendingInterceptors()).toEqual([]);
  });

  test('below the level: refused, naming the user, the role, the level and the fix', async () => {
    intercept('reader').reply(200, answer('read', 'read'));
    const message = await refusal(check(settings(), runtime(agent()), env('issue_comment', byUser('reader'))));
    expect(message).toBe(
      "This 'issue_comment' run was triggered by @reader, whose role on acme/docs is 'read', below 'trigger-permission: triage', so the agent was not started. Give @reader the triage role or higher, or lower 'trigger-permission' (see 'Who can trigger the agent' in the action's README).",
    );
  });

  test('someone who is not a collaborator is refused', async () => {
    intercept('stranger').reply(200, { permission: 'none', role_name: '', user: { login: 'stranger', type: 'User' } });
    expect(await refusal(check(settings(), runtime(agent()), env('issues', byUser('stranger'))))).toContain(
      "whose role on acme/docs is 'none'",
    );
  });

  test('maintain is below admin', async () => {
    intercept('lead').reply(200, answer('maintain', 'write'));
    const message = await refusal(check(settings({ minimumPermission: 'admin' }), runtime(agent()), env('pull_request', byUser('lead'))));
    expect(message).toContain("role on acme/docs is 'maintain', below 'trigger-permission: admin'");
  });

  test('a custom role is shown with the level it counts as', async () => {
    intercept('writer').reply(200, { permission: 'read', role_name: 'Docs editor', user: { permissions: { pull: true, triage: false } } });
    const message = await refusal(check(settings(), runtime(agent()), env('issues', byUser('writer'))));
    expect(message).toContain("whose role on acme/docs is 'Docs editor' (counted as 'read')");
  });

  test("trigger-permission 'none': no lookup and no token needed", async () => {
    await check(withoutToken({ minimumPermission: 'none' }), runtime(agent()), env('issues', byUser('anyone')));
    expect(core.messages('info')[0]).toContain("Trigger check: off for users ('trigger-permission: none')");
  });

  test('no token: one InputError naming github-token, before any request', async () => {
    const error = await check(withoutToken(), runtime(agent()), env('issues', byUser('alice'))).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(InputError);
    expect(error instanceof InputError && error.input).toBe('github-token');
    expect(error instanceof Error && error.message).toContain("set 'trigger-permission: none'");
  });

  test('the login is encoded into the path, and GitHub Enterprise Server keeps its /api/v3 prefix', async () => {
    intercept('alice_acme', 'https://ghe.example', '/api/v3').reply(200, answer('write', 'write'));
    await check(settings(), runtime(agent()), env('issues', byUser('alice_acme'), { GITHUB_API_URL: 'https://ghe.example/api/v3/' }));
    expect(agent().pendingInterceptors()).toEqual([]);
  });
});

describe('bots', () => {
  test('a bot not listed in allowed-bots is refused without a lookup', async () => {
    const message = await refusal(check(settings(), runtime(agent()), env('pull_request', byBot('dependabot[bot]'))));
    expect(message).toBe(
      "This 'pull_request' run was triggered by the bot @dependabot[bot], which is not listed in 'allowed-bots', so the agent was not started. If this bot may start the agent, add 'dependabot' to 'allowed-bots'.",
    );
  });

  test('a login ending in [bot] is a bot whatever its type says', async () => {
    const message = await refusal(check(settings(), runtime(agent()), env('issues', byUser('sneaky[bot]'))));
    expect(message).toContain('triggered by the bot @sneaky[bot]');
  });

  test('a listed bot, or any bot with *, passes without a lookup, whatever trigger-permission says', async () => {
    await check(
      settings({ allowedBots: new Set(['dependabot']), minimumPermission: 'admin' }),
      runtime(agent()),
      env('pull_request', byBot('dependabot[bot]')),
    );
    await check(settings({ allowedBots: 'any' }), runtime(agent()), env('issues', byBot('renovate[bot]')));
    expect(core.messages('info')).toEqual([
      "Trigger check: the bot @dependabot[bot] is listed in 'allowed-bots'.",
      "Trigger check: the bot @renovate[bot] is listed in 'allowed-bots'.",
    ]);
  });

  test("'none' does not let bots through", async () => {
    expect(await refusal(check(settings({ minimumPermission: 'none' }), runtime(agent()), env('issues', byBot('x[bot]'))))).toContain(
      "not listed in 'allowed-bots'",
    );
  });
});

describe('a check that cannot be made refuses', () => {
  test.each([
    ['no event file', { GITHUB_EVENT_NAME: 'issues', GITHUB_REPOSITORY: 'acme/docs' }],
    [
      'an event file that is missing',
      { GITHUB_EVENT_NAME: 'issues', GITHUB_EVENT_PATH: join(dir, 'missing.json'), GITHUB_REPOSITORY: 'acme/docs' },
    ],
    ['an event file that is not JSON', { GITHUB_EVENT_NAME: 'issues', GITHUB_EVENT_PATH: NOT_JSON, GITHUB_REPOSITORY: 'acme/docs' }],
  ])('%s: no sender', async (_name, environment) => {
    expect(await refusal(check(settings(), runtime(agent()), environment))).toBe(
      "This 'issues' run cannot be checked: its event payload (GITHUB_EVENT_PATH) names no sender, so the agent was not started.",
    );
  });

  test('a payload without a sender', async () => {
    expect(await refusal(check(settings(), runtime(agent()), env('issue_comment', { comment: { body: 'hi' } })))).toContain(
      'names no sender',
    );
  });

  test('GITHUB_REPOSITORY that is not owner/repo', async () => {
    const message = await refusal(check(settings(), runtime(agent()), env('issues', byUser('alice'), { GITHUB_REPOSITORY: 'acme' })));
    expect(message).toContain("GITHUB_REPOSITORY is 'acme', not 'owner/repo'");
  });

  test.each(['ftp://ghe.example/api/v3', 'not a url', 'https://user:secret@ghe.example/api/v3'])(
    'GITHUB_API_URL %p: the token is not sent',
    async (url) => {
      const message = await refusal(check(settings(), runtime(agent()), env('issues', byUser('alice'), { GITHUB_API_URL: url })));
      expect(message).toContain('is not an http(s) URL without credentials');
    },
  );

  test.each([
    [401, { message: 'Bad credentials' }, "GitHub rejected 'github-token' (HTTP 401)"],
    [403, { message: 'Resource not accessible by integration' }, 'the token may not read the permissions of acme/docs (HTTP 403'],
    [403, { message: 'API rate limit exceeded for installation' }, "GitHub's API rate limit was reached (HTTP 403)"],
    [404, { message: 'Not Found' }, 'GitHub answered 404: the token cannot see acme/docs, or @alice is not a user account'],
    [422, { message: 'Unprocessable' }, 'GitHub answered HTTP 422'],
  ])('HTTP %i: refused at once, saying what to fix', async (status, body, reason) => {
    intercept('alice').reply(status, body);
    const message = await refusal(check(settings(), runtime(agent()), env('issues', byUser('alice'))));
    expect(message).toContain("Could not check the permission of @alice on acme/docs, who triggered this 'issues' run: ");
    expect(message).toContain(reason);
    expect(message).toContain('A check that fails refuses the run: the agent was not started.');
    expect(message).not.toContain(TOKEN);
  });

  test("GitHub's answer is quoted without the token, removed before the answer is shortened", async () => {
    intercept('alice').reply(422, `${'x'.repeat(112)}${TOKEN} ${'tail '.repeat(200)}`);
    const message = await refusal(check(settings(), runtime(agent()), env('issues', byUser('alice'))));
    expect(message).toContain('GitHub answered HTTP 422: xxx');
    expect(message).toContain('[redacte');
    expect(message).not.toContain(TOKEN.slice(0, 8));
  });

  test('a 5xx is retried; three in a row refuse', async () => {
    intercept('alice').reply(502, 'bad gateway').times(3);
    const clock: Clock = { now: 0, sleeps: [] };
    const message = await refusal(check(settings(), runtime(agent(), clock), env('issues', byUser('alice'))));
    expect(message).toContain('GitHub answered HTTP 502');
    expect(clock.sleeps).toHaveLength(2);
    expect(agent().pendingInterceptors()).toEqual([]);
  });

  test('a 5xx then an answer passes', async () => {
    intercept('alice').reply(503, 'unavailable');
    intercept('alice').reply(200, answer('write', 'write'));
    await check(settings(), runtime(agent()), env('issues', byUser('alice')));
    expect(core.messages('info')[0]).toContain("@alice has the role 'write'");
  });

  test('a network failure refuses, naming GitHub and the proxy settings', async () => {
    intercept('alice')
      .replyWithError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
      .times(3);
    const message = await refusal(check(settings(), runtime(agent()), env('issues', byUser('alice'))));
    expect(message).toContain("GitHub's API at https://api.github.com could not be reached");
    expect(message).toContain('HTTPS_PROXY, NO_PROXY');
  });

  test('a redirect is not followed: the token stays with GITHUB_API_URL', async () => {
    intercept('alice').reply(301, '', { headers: { location: 'https://elsewhere.example/permission' } });
    const message = await refusal(check(settings(), runtime(agent()), env('issues', byUser('alice'))));
    expect(message).toContain('redirect to https://elsewhere.example/permission, which is not followed');
  });

  test.each([
    ['HTML from a proxy', '<html>login</html>', "GitHub's answer could not be read"],
    [
      'JSON without a role',
      JSON.stringify({ user: { login: 'alice' } }),
      "GitHub's answer has no 'role_name', 'permission' or 'user.permissions'",
    ],
  ])('%s refuses', async (_name, body, reason) => {
    intercept('alice').reply(200, body).times(3);
    expect(await refusal(check(settings(), runtime(agent()), env('issues', byUser('alice'))))).toContain(reason);
  });
});

describe('run(): the gate comes before any request to the service', () => {
  const SERVICE = 'https://api.mintlify.com';
  const KEY = 'mint_gateRunTestKey0123';

  function serviceAgent(): MockAgent {
    agent().get(SERVICE).intercept({ path: '/v2/agent/proj/job', method: 'POST' }).reply(201, { id: 'job_1', status: 'active' });
    return agent();
  }

  test('a refused sender fails the step and the service sees nothing', async () => {
    core.inputs = { 'api-key': KEY, 'project-id': 'proj', prompt: 'Write docs', wait: 'false', 'github-token': TOKEN };
    intercept('reader').reply(200, answer('read', 'read'));
    await run(() => runtime(serviceAgent()), env('issue_comment', byUser('reader')));
    expect(core.failures).toHaveLength(1);
    expect(core.failures[0]).toContain("This 'issue_comment' run was triggered by @reader, whose role on acme/docs is 'read'");
    expect(
      agent()
        .pendingInterceptors()
        .map((pending) => pending.path),
    ).toEqual(['/v2/agent/proj/job']);
    expect(Object.fromEntries(core.outputs)).toEqual({ skipped: 'false' });
  });

  test('an allowed sender starts the job', async () => {
    core.inputs = { 'api-key': KEY, 'project-id': 'proj', prompt: 'Write docs', wait: 'false', 'github-token': TOKEN };
    intercept('lead').reply(200, answer('write', 'write'));
    await run(() => runtime(serviceAgent()), env('issues', byUser('lead')));
    expect(core.failures).toEqual([]);
    expect(agent().pendingInterceptors()).toEqual([]);
    expect(core.outputs.get('job-id')).toBe('job_1');
  });

  test('the token never reaches the failure message, even when GitHub echoes it', async () => {
    core.inputs = { 'api-key': KEY, 'project-id': 'proj', prompt: 'Write docs', 'github-token': TOKEN };
    intercept('alice').reply(422, { message: `token ${TOKEN} is odd` });
    await run(() => runtime(serviceAgent()), env('issues', byUser('alice')));
    expect(core.failures[0]).toContain('GitHub answered HTTP 422');
    expect(core.failures[0]).not.toContain(TOKEN);
  });
});
