/**
 * End to end: the built bundle behind a real forward proxy on 127.0.0.1, configured only through
 * the proxy variables, as on a self-hosted runner. As in production, the service is a named host
 * over HTTPS: the emulator serves HTTPS with the test certificate for api.example.test, the run
 * trusts the test CA through NODE_EXTRA_CA_CERTS, and the proxy maps `CONNECT api.example.test:443`
 * to the emulator. The name does not resolve, so a request that skips the proxy cannot reach it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { serviceInputs, useEmulator, useFakeGitHub } from '../helpers/emulator-fixture.js';
import { unusedPort, startForwardProxy, type ForwardProxy } from '../helpers/forward-proxy.js';
import { errorLines, runAction, warningLines, type ActionRun } from '../helpers/run-action.js';
import { TEST_CA_PATH, TEST_HOST, testServerTls } from '../helpers/test-tls.js';

const service = useEmulator({ tls: testServerTls() });
const loopbackService = useEmulator();
let proxy: ForwardProxy;

const BASE_URL = `https://${TEST_HOST}`;

const GITHUB_TOKEN = 'ghs_proxyTestToken0123456789';
/** GitHub as in production: HTTPS to a named host (the test certificate's), on a port of its own. */
const SECURE_GITHUB = `https://${TEST_HOST}:8443`;
const secureGithub = useFakeGitHub({ token: GITHUB_TOKEN, tls: testServerTls(), collaborators: { maintainer: 'maintain' } });

beforeAll(async () => {
  proxy = await startForwardProxy({
    hosts: {
      [`${TEST_HOST}:443`]: `127.0.0.1:${service().port}`,
      [`${TEST_HOST}:8443`]: `127.0.0.1:${secureGithub().port}`,
      'api.github.test': '127.0.0.1',
    },
  });
});
afterAll(async () => {
  await proxy.close();
});
beforeEach(() => {
  service().setScenario({ job: { statuses: ['active', 'completed'] } });
  loopbackService().setScenario({ job: { statuses: ['active', 'completed'] } });
  proxy.log.length = 0;
});

function inputs(extra: Record<string, string> = {}): Record<string, string> {
  return serviceInputs(service(), {
    'base-url': BASE_URL,
    'max-poll-interval': '100ms',
    prompt: 'Document the widgets endpoint',
    ...extra,
  });
}

/** Inputs for the plain-http emulator on 127.0.0.1. */
function loopbackInputs(extra: Record<string, string> = {}): Record<string, string> {
  return serviceInputs(loopbackService(), { 'max-poll-interval': '100ms', prompt: 'Document the widgets endpoint', ...extra });
}

function run(env: Record<string, string>, extra: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({ inputs: inputs(extra), env: { NODE_EXTRA_CA_CERTS: TEST_CA_PATH, ...env } });
}

const creates = (): number => service().requests.filter((r) => r.endpoint === 'create').length;

describe('service calls: https to a named host, through the https proxy', () => {
  test('HTTPS_PROXY: every request goes through a CONNECT tunnel, and the key crosses the proxy only encrypted', async () => {
    const result = await run({ HTTPS_PROXY: proxy.url });
    expect(result.exitCode).toBe(0);
    expect(result.outputs['status']).toBe('completed');
    expect(proxy.log.length).toBeGreaterThan(0);
    expect(proxy.log.every((entry) => entry.method === 'CONNECT' && entry.target === `${TEST_HOST}:443`)).toBe(true);
    const key = service().apiKey;
    expect(JSON.stringify(proxy.log.map((entry) => entry.headers))).not.toContain(key);
    const tunnelled = Buffer.concat(proxy.log.flatMap((entry) => entry.tunnelled));
    expect(tunnelled.length).toBeGreaterThan(0);
    expect(tunnelled.includes(key)).toBe(false);
    expect(tunnelled.includes('authorization')).toBe(false);
    // Yet it arrived, inside the tunnel.
    expect(service().requests[0]?.headers['authorization']).toBe(`Bearer ${key}`);
    expect(creates()).toBe(1);
  });

  test('HTTP_PROXY alone serves https targets too', async () => {
    const result = await run({ HTTP_PROXY: proxy.url });
    expect(result.exitCode).toBe(0);
    expect(proxy.log.length).toBeGreaterThan(0);
  });

  test('the lower-case variable wins over the upper-case one, as in undici and curl', async () => {
    const result = await run({ https_proxy: proxy.url, HTTPS_PROXY: `http://127.0.0.1:${await unusedPort()}` });
    expect(result.exitCode).toBe(0);
    expect(proxy.log.length).toBeGreaterThan(0);
  });

  test('a proxy given without a scheme is taken as http://', async () => {
    const result = await run({ HTTPS_PROXY: `127.0.0.1:${proxy.port}` });
    expect(result.exitCode).toBe(0);
    expect(proxy.log.length).toBeGreaterThan(0);
  });

  test.each([
    ['the host', `${TEST_HOST}`],
    ['a parent domain', 'example.test'],
    ['a wildcard domain', '*.example.test'],
    ['host:port among others', `other.test, ${TEST_HOST}:443`],
    ['*', '*'],
  ])('NO_PROXY with %s sends the requests direct, past the proxy', async (_name, noProxy) => {
    const result = await run({ HTTPS_PROXY: proxy.url, NO_PROXY: noProxy });
    // Direct, the name does not resolve: the error proves the proxy was skipped.
    expect(result.exitCode).toBe(1);
    const errors = errorLines(result);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`could not connect to ${BASE_URL}`);
    expect(errors[0]).not.toContain('through the proxy');
    expect(proxy.log).toEqual([]);
    expect(service().requests).toHaveLength(0);
  });

  test('NO_PROXY for another port of the same host still uses the proxy', async () => {
    const result = await run({ HTTPS_PROXY: proxy.url, NO_PROXY: `${TEST_HOST}:8443` });
    expect(result.exitCode).toBe(0);
    expect(proxy.log.length).toBeGreaterThan(0);
  });

  test('a proxy that refuses connections: one error naming the proxy and its variable, nothing sent', async () => {
    const port = await unusedPort();
    const result = await run({ HTTPS_PROXY: `http://user:secret-pass@127.0.0.1:${port}` });
    expect(result.exitCode).toBe(1);
    const errors = errorLines(result);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`could not connect to ${BASE_URL} through the proxy http://127.0.0.1:${port} (from HTTPS_PROXY)`);
    expect(errors[0]).toContain('ECONNREFUSED');
    expect(errors[0]).toContain('NO_PROXY');
    expect(result.stdout).not.toContain('secret-pass');
    expect(service().requests).toHaveLength(0);
  });

  test('a proxy that refuses the tunnel (407): one error naming the proxy, nothing sent', async () => {
    const refusing = await startForwardProxy({ refuseConnectWith: 407 });
    try {
      const result = await run({ https_proxy: refusing.url });
      expect(result.exitCode).toBe(1);
      const errors = errorLines(result);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(`through the proxy ${refusing.url} (from https_proxy)`);
      expect(errors[0]).toContain('Proxy response (407)');
      expect(refusing.log.length).toBeGreaterThan(0);
      expect(service().requests).toHaveLength(0);
    } finally {
      await refusing.close();
    }
  });

  test('an unusable proxy setting is one clear error before any request, naming the variable in use', async () => {
    const result = await run({ HTTPS_PROXY: 'http://', HTTP_PROXY: 'http://' });
    expect(result.exitCode).toBe(1);
    const errors = errorLines(result);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('The proxy setting in HTTPS_PROXY cannot be used: Invalid URL');
    expect(errors[0]).toContain('http://proxy.example:3128');
    expect(service().requests).toHaveLength(0);
  });
});

describe('loopback and plain http never go through a proxy', () => {
  const everyProxy = (): Record<string, string> => ({ HTTP_PROXY: proxy.url, http_proxy: proxy.url, HTTPS_PROXY: proxy.url });

  test('a plain-http loopback base-url with every proxy variable set: direct, the proxy never sees the key', async () => {
    const result = await runAction({ inputs: loopbackInputs(), env: everyProxy() });
    expect(result.exitCode).toBe(0);
    expect(result.outputs['status']).toBe('completed');
    expect(proxy.log).toEqual([]);
    expect(loopbackService().requests.filter((r) => r.endpoint === 'create')).toHaveLength(1);
  });

  test('an https loopback base-url (localhost) with HTTPS_PROXY: direct', async () => {
    const result = await run(everyProxy(), { 'base-url': `https://localhost:${service().port}` });
    expect(result.exitCode).toBe(0);
    expect(result.outputs['status']).toBe('completed');
    expect(proxy.log).toEqual([]);
    expect(creates()).toBe(1);
  });
});

describe('GitHub calls', () => {
  const TOKEN = GITHUB_TOKEN;
  const github = useFakeGitHub({ token: TOKEN, collaborators: { maintainer: 'maintain' } });
  const event = {
    action: 'labeled',
    issue: { number: 7, title: 'Docs', body: 'Please document', user: { login: 'alice', type: 'User' } },
    repository: { name: 'docs', full_name: 'acme/docs', owner: { login: 'acme' } },
    sender: { login: 'maintainer', id: 102, type: 'User' },
  };

  function commentRun(env: Record<string, string>, extra: Record<string, string> = {}): Promise<ActionRun> {
    return runAction({ inputs: loopbackInputs({ comment: 'true', 'github-token': TOKEN, ...extra }), event, eventName: 'issues', env });
  }

  test('GitHub calls (the trigger check and the comment) go through HTTPS_PROXY to a named host, the token only encrypted', async () => {
    const result = await commentRun({ HTTPS_PROXY: proxy.url, GITHUB_API_URL: SECURE_GITHUB, NODE_EXTRA_CA_CERTS: TEST_CA_PATH });
    expect(result.exitCode).toBe(0);
    expect(result.outputs['comment-url']).toMatch(/#issuecomment-\d+$/);
    const github = proxy.log.filter((entry) => entry.target === `${TEST_HOST}:8443`);
    expect(github.length).toBeGreaterThan(0);
    expect(github.every((entry) => entry.method === 'CONNECT')).toBe(true);
    const tunnelled = Buffer.concat(github.flatMap((entry) => entry.tunnelled));
    expect(tunnelled.includes(TOKEN)).toBe(false);
    expect(secureGithub().requests.map((request) => request.path)).toEqual(
      expect.arrayContaining(['/repos/acme/docs/collaborators/maintainer/permission', '/repos/acme/docs/issues/7/comments']),
    );
    expect(secureGithub().requests.every((request) => request.headers['authorization'] === `token ${TOKEN}`)).toBe(true);
  });

  test('comment calls never send the token over plain http through a proxy: they go direct, like every call', async () => {
    const githubPort = new URL(github().url).port;
    const result = await commentRun(
      { HTTP_PROXY: proxy.url, GITHUB_API_URL: `http://api.github.test:${githubPort}` },
      { 'trigger-permission': 'none' },
    );
    // Direct, the name does not resolve: the comment is a warning and the job is not affected.
    expect(result.exitCode).toBe(0);
    expect(result.outputs['status']).toBe('completed');
    expect(warningLines(result).join('\n')).toContain('Could not list the comments on issue #7: network error');
    expect(proxy.log).toEqual([]);
    expect(github().requests).toEqual([]);
  });

  test('comment calls bypass the proxy for loopback hosts, as the service calls do', async () => {
    const result = await commentRun({ HTTP_PROXY: proxy.url, GITHUB_API_URL: github().url });
    expect(result.exitCode).toBe(0);
    expect(github().requests.length).toBeGreaterThan(0);
    expect(proxy.log).toEqual([]);
  });

  test("the trigger check's permission lookup follows the service calls' rules: a loopback GitHub is direct", async () => {
    const result = await commentRun({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, GITHUB_API_URL: github().url }, { comment: 'false' });
    expect(result.exitCode).toBe(0);
    expect(github().requests.map((request) => request.path)).toEqual(['/repos/acme/docs/collaborators/maintainer/permission']);
    expect(proxy.log).toEqual([]);
  });

  test('the permission lookup never sends the token over plain http through a proxy: it goes direct', async () => {
    const githubPort = new URL(github().url).port;
    const result = await commentRun(
      { HTTP_PROXY: proxy.url, GITHUB_API_URL: `http://api.github.test:${githubPort}` },
      { comment: 'false' },
    );
    // Direct, the name does not resolve: the trigger check cannot confirm the sender and refuses.
    expect(result.exitCode).toBe(1);
    expect(errorLines(result).join('\n')).toContain("GitHub's API at http://api.github.test");
    expect(proxy.log).toEqual([]);
    expect(github().requests).toEqual([]);
    expect(loopbackService().requests).toEqual([]);
  });
});
