/**
 * End to end: the built bundle behind a real forward proxy on 127.0.0.1, configured only through
 * the proxy environment variables, as on a self-hosted runner.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { serviceInputs, useEmulator } from '../helpers/emulator-fixture.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { unusedPort, startForwardProxy, type ForwardProxy } from '../helpers/forward-proxy.js';
import { errorLines, runAction, type ActionRun } from '../helpers/run-action.js';

const emulator = useEmulator();
let proxy: ForwardProxy;

beforeAll(async () => {
  proxy = await startForwardProxy({ hosts: { 'api.github.test': '127.0.0.1' } });
});
afterAll(async () => {
  await proxy.close();
});
beforeEach(() => {
  emulator().setScenario({ job: { statuses: ['active', 'completed'] } });
  proxy.log.length = 0;
});

function inputs(extra: Record<string, string> = {}): Record<string, string> {
  return serviceInputs(emulator(), { 'max-poll-interval': '100ms', prompt: 'Document the widgets endpoint', ...extra });
}

function run(env: Record<string, string>, extra: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({ inputs: inputs(extra), env });
}

const emulatorHost = (): string => `127.0.0.1:${emulator().port}`;

describe('service calls', () => {
  test('HTTP_PROXY: every request is tunnelled through the proxy with CONNECT, the key stays inside the tunnel', async () => {
    const result = await run({ HTTP_PROXY: proxy.url });
    expect(result.exitCode).toBe(0);
    expect(result.outputs['status']).toBe('completed');
    // undici tunnels plain-http targets too (proxyTunnel defaults to true): no absolute-form request.
    expect(proxy.log.length).toBeGreaterThan(0);
    expect(proxy.log.every((entry) => entry.method === 'CONNECT' && entry.target === emulatorHost())).toBe(true);
    expect(JSON.stringify(proxy.log)).not.toContain(emulator().apiKey);
    expect(emulator().requests.filter((r) => r.endpoint === 'create')).toHaveLength(1);
  });

  test('the lower-case variable wins over the upper-case one, as in undici and curl', async () => {
    const result = await run({ http_proxy: proxy.url, HTTP_PROXY: `http://127.0.0.1:${await unusedPort()}` });
    expect(result.exitCode).toBe(0);
    expect(proxy.log.some((entry) => entry.target === emulatorHost())).toBe(true);
  });

  test('a proxy given without a scheme is taken as http://', async () => {
    const result = await run({ HTTP_PROXY: `127.0.0.1:${proxy.port}` });
    expect(result.exitCode).toBe(0);
    expect(proxy.log.length).toBeGreaterThan(0);
  });

  test('HTTPS_PROXY alone does not apply to an http base-url', async () => {
    const result = await run({ HTTPS_PROXY: proxy.url });
    expect(result.exitCode).toBe(0);
    expect(proxy.log).toEqual([]);
    expect(emulator().requests.length).toBeGreaterThan(0);
  });

  test.each([
    ['NO_PROXY with the host', { NO_PROXY: '127.0.0.1' }],
    ['no_proxy with host:port among others', { no_proxy: 'example.com, 127.0.0.1:PORT' }],
    ['NO_PROXY=*', { NO_PROXY: '*' }],
  ])('%s bypasses the proxy', async (_name, extra) => {
    const env: Record<string, string> = { HTTP_PROXY: proxy.url };
    for (const [name, value] of Object.entries(extra)) env[name] = value.replace('PORT', String(emulator().port));
    const result = await run(env);
    expect(result.exitCode).toBe(0);
    expect(proxy.log).toEqual([]);
    expect(emulator().requests.filter((r) => r.endpoint === 'create')).toHaveLength(1);
  });

  test('NO_PROXY for another port of the same host still uses the proxy', async () => {
    const result = await run({ HTTP_PROXY: proxy.url, NO_PROXY: `127.0.0.1:${emulator().port + 1}` });
    expect(result.exitCode).toBe(0);
    expect(proxy.log.length).toBeGreaterThan(0);
  });

  test('a proxy that refuses connections: one error naming the proxy and its variable, nothing sent', async () => {
    const port = await unusedPort();
    const result = await run({ HTTP_PROXY: `http://user:secret-pass@127.0.0.1:${port}` });
    expect(result.exitCode).toBe(1);
    const errors = errorLines(result);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`could not connect to ${emulator().url} through the proxy http://127.0.0.1:${port} (from HTTP_PROXY)`);
    expect(errors[0]).toContain('ECONNREFUSED');
    expect(errors[0]).toContain('NO_PROXY');
    expect(result.stdout).not.toContain('secret-pass');
    expect(emulator().requests).toHaveLength(0);
  });

  test('a proxy that refuses the tunnel (407): one error naming the proxy, nothing sent', async () => {
    const refusing = await startForwardProxy({ refuseConnectWith: 407 });
    try {
      const result = await run({ http_proxy: refusing.url });
      expect(result.exitCode).toBe(1);
      const errors = errorLines(result);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(`through the proxy ${refusing.url} (from http_proxy)`);
      expect(errors[0]).toContain('Proxy response (407)');
      expect(refusing.log.length).toBeGreaterThan(0);
      expect(emulator().requests).toHaveLength(0);
    } finally {
      await refusing.close();
    }
  });

  test('an unusable proxy setting is one clear error before any request', async () => {
    const result = await run({ HTTPS_PROXY: 'http://', HTTP_PROXY: 'http://' });
    expect(result.exitCode).toBe(1);
    const errors = errorLines(result);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('The proxy setting in HTTP_PROXY and HTTPS_PROXY cannot be used: Invalid URL');
    expect(errors[0]).toContain('http://proxy.example:3128');
    expect(emulator().requests).toHaveLength(0);
  });
});

describe('GitHub comment calls (Octokit through @actions/http-client)', () => {
  const TOKEN = 'ghs_proxyTestToken0123456789';
  let github: FakeGitHub;
  const event = {
    action: 'labeled',
    issue: { number: 7, title: 'Docs', body: 'Please document', user: { login: 'alice', type: 'User' } },
    repository: { name: 'docs', full_name: 'acme/docs', owner: { login: 'acme' } },
    sender: { login: 'maintainer', id: 102, type: 'User' },
  };

  beforeAll(async () => {
    github = await startFakeGitHub({ token: TOKEN, collaborators: { maintainer: 'maintain' } });
  });
  afterAll(async () => {
    await github.close();
  });
  beforeEach(() => github.reset());

  function commentRun(env: Record<string, string>, extra: Record<string, string> = {}): Promise<ActionRun> {
    return runAction({ inputs: inputs({ comment: 'true', 'github-token': TOKEN, ...extra }), event, eventName: 'issues', env });
  }

  test('go through HTTP_PROXY for a named host', async () => {
    const githubPort = new URL(github.url).port;
    const result = await commentRun({ HTTP_PROXY: proxy.url, GITHUB_API_URL: `http://api.github.test:${githubPort}` });
    expect(result.exitCode).toBe(0);
    expect(result.outputs['comment-url']).toMatch(/#issuecomment-\d+$/);
    expect(proxy.log.some((entry) => entry.method === 'CONNECT' && entry.target === `api.github.test:${githubPort}`)).toBe(true);
    expect(github.requests.length).toBeGreaterThan(0);
  });

  test('bypass the proxy for loopback hosts, even with no NO_PROXY (unlike the service calls)', async () => {
    // Without the trigger check, whose lookup follows the service calls' rules (next test): only comment calls go to GitHub.
    const result = await commentRun({ HTTP_PROXY: proxy.url, GITHUB_API_URL: github.url }, { 'trigger-permission': 'none' });
    expect(result.exitCode).toBe(0);
    expect(github.requests.length).toBeGreaterThan(0);
    const githubHost = new URL(github.url).host;
    expect(proxy.log.some((entry) => entry.target.includes(githubHost))).toBe(false);
    // The service calls in the same run did use the proxy.
    expect(proxy.log.some((entry) => entry.target === emulatorHost())).toBe(true);
  });

  test("the trigger check's permission lookup follows the service calls' rules: a loopback GitHub is tunnelled", async () => {
    const result = await commentRun({ HTTP_PROXY: proxy.url, GITHUB_API_URL: github.url }, { comment: 'false' });
    expect(result.exitCode).toBe(0);
    expect(github.requests.map((request) => request.path)).toEqual(['/repos/acme/docs/collaborators/maintainer/permission']);
    expect(proxy.log.some((entry) => entry.method === 'CONNECT' && entry.target === new URL(github.url).host)).toBe(true);
    expect(JSON.stringify(proxy.log)).not.toContain(TOKEN);
  });
});
