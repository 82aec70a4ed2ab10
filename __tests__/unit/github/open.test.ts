/**
 * The run's GitHub client as openGitHub makes it, over undici's MockAgent: the user agent of its
 * calls carries the runner's orchestration id (ACTIONS_ORCHESTRATION_ID) as `getOctokit` of
 * @actions/github adds it.
 */
import { expect, test } from '@jest/globals';
import { openGitHub } from '../../../src/github/open.js';
import { useMockAgent } from '../../helpers/mock-client.js';

const agent = useMockAgent();

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
  const github = openGitHub({
    token: 'ghs_openTestToken0123456789',
    env,
    runtime: { dispatcher: agent(), clock: () => 0, sleep: async () => undefined, random: () => 0.5 },
    deadline: 3_600_000,
    requestTimeoutMs: 1000,
    debug: () => undefined,
  });
  if (!github.ok) throw new Error(`no client: ${github.reason}`);
  await (await github.client.rest()).repos.get({ owner: 'acme', repo: 'docs' });
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
