/**
 * The run's repository handle as openRepository makes it, over undici's MockAgent: usable with a
 * token, `owner/repo` and usable endpoints, else the first reason it is not; the user agent of its
 * calls carries the runner's orchestration id (ACTIONS_ORCHESTRATION_ID) as `getOctokit` of
 * @actions/github adds it.
 */
import { expect, test } from '@jest/globals';
import { madeOnce, openRepository, type RepositoryHandle, type RepositoryOptions } from '../../../src/github/repository.js';
import { useMockAgent } from '../../helpers/mock-client.js';

const agent = useMockAgent();

function options(extra: Partial<RepositoryOptions> = {}): RepositoryOptions {
  return {
    token: 'ghs_openTestToken0123456789',
    repository: { owner: 'acme', repo: 'docs' },
    repositoryText: 'acme/docs',
    env: {},
    runtime: { dispatcher: agent(), clock: () => 0, sleep: async () => undefined, random: () => 0.5 },
    deadline: 3_600_000,
    requestTimeoutMs: 1000,
    debug: () => undefined,
    ...extra,
  };
}

/** The user agent of one REST call made through the client openGitHub makes with `env`. */
async function userAgentWith(env: Record<string, string>): Promise<string | undefined> {
  let seen: string | undefined;
  agent()
    .get('https://api.github.com')
    .intercept({ path: '/repos/acme/docs', method: 'GET' })
    .reply(200, (options) => {
      seen = (options.headers as Record<string, string>)['user-agent'];
      return { name: 'docs' };
    });
  const github = openRepository(options({ env }));
  if (!github.ok) throw new Error(`no client: ${github.reason}`);
  await (await github.client.rest()).repos.get({ ...github.repository });
  return seen;
}

test("the action's user agent, then Octokit's, when the runner sets no orchestration id", async () => {
  expect(await userAgentWith({})).toMatch(/^mintlify-docs-agent-action\/\d+\.\d+\.\d+ node\/\S+ octokit-core\.js\//);
});

test('the orchestration id follows the action, each character outside [A-Za-z0-9_.-] replaced by _', async () => {
  const userAgent = await userAgentWith({ ACTIONS_ORCHESTRATION_ID: ' run 42/attempt:1 ' });
  expect(userAgent).toMatch(/^mintlify-docs-agent-action\/\S+ node\/\S+ actions_orchestration_id\/run_42_attempt_1 octokit-core\.js\//);
});

test('an orchestration id of spaces only adds nothing', async () => {
  expect(await userAgentWith({ ACTIONS_ORCHESTRATION_ID: '   ' })).not.toContain('actions_orchestration_id');
});

test('usable: the client, the repository and the token together', () => {
  expect(openRepository(options())).toMatchObject({
    ok: true,
    repository: { owner: 'acme', repo: 'docs' },
    token: 'ghs_openTestToken0123456789',
  });
});

test.each<[string, Partial<RepositoryOptions>, Partial<RepositoryHandle>]>([
  [
    'no token',
    { token: undefined },
    { ok: false, reason: 'no-token', detail: "'github-token' is empty", repository: { owner: 'acme', repo: 'docs' } },
  ],
  [
    'GITHUB_REPOSITORY not owner/repo',
    { repository: undefined, repositoryText: 'docs' },
    { ok: false, reason: 'no-repository', detail: "GITHUB_REPOSITORY is 'docs', not 'owner/repo'" },
  ],
  [
    'GITHUB_API_URL unusable',
    { env: { GITHUB_API_URL: 'ftp://x' } },
    { ok: false, reason: 'bad-endpoint', detail: "GITHUB_API_URL 'ftp://x' is not an http(s) URL without credentials" },
  ],
  [
    'every reason at once: the token first',
    { token: undefined, repository: undefined, env: { GITHUB_API_URL: 'ftp://x' } },
    { ok: false, reason: 'no-token' },
  ],
  [
    'no repository and an unusable API: the repository first',
    { repository: undefined, env: { GITHUB_API_URL: 'ftp://x' } },
    { ok: false, reason: 'no-repository' },
  ],
])('unusable, with the first reason: %s', (_name, extra, expected) => {
  expect(openRepository(options(extra))).toMatchObject(expected);
});

test('made on first use, and once', () => {
  let made = 0;
  const handle = madeOnce(() => {
    made++;
    return openRepository(options());
  });
  expect(made).toBe(0);
  const first = handle();
  expect(handle()).toBe(first);
  expect(made).toBe(1);
});
