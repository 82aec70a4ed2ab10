/**
 * Which requests the production dispatcher sends through a proxy, over real sockets on 127.0.0.1:
 * only https to a named host, never plain http (a proxy could read the key in it, even inside a
 * CONNECT tunnel) and never loopback, whatever the proxy variables say.
 */
import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { request, type Dispatcher } from 'undici';
import { readProxyEnv } from '../../../src/net/proxy-env.js';
import { createDispatcher } from '../../../src/net/transport.js';
import { startForwardProxy, type ForwardProxy } from '../../helpers/forward-proxy.js';

let proxy: ForwardProxy;
let refusingProxy: ForwardProxy;
let plain: Server;
let tcp: TcpServer;
let tcpConnections = 0;
const dispatchers: Dispatcher[] = [];

function listen(server: Server | TcpServer): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : 0);
    });
  });
}

let plainPort = 0;
let tcpPort = 0;

beforeAll(async () => {
  proxy = await startForwardProxy();
  refusingProxy = await startForwardProxy({ refuseConnectWith: 407 });
  plain = createHttpServer((_request, response) => response.end('{"ok":true}'));
  plainPort = await listen(plain);
  // Counts connections: a TLS client that reaches it came direct, whatever happens next.
  tcp = createTcpServer((socket) => {
    tcpConnections++;
    socket.destroy();
  });
  tcpPort = await listen(tcp);
});

afterEach(async () => {
  proxy.log.length = 0;
  refusingProxy.log.length = 0;
  await Promise.all(dispatchers.splice(0).map((dispatcher) => dispatcher.close()));
});

afterAll(async () => {
  await Promise.all([proxy.close(), refusingProxy.close()]);
  await new Promise((resolve) => plain.close(resolve));
  await new Promise((resolve) => tcp.close(resolve));
});

function dispatcherFor(env: NodeJS.ProcessEnv): Dispatcher {
  const dispatcher = createDispatcher({ requestTimeoutMs: 5000, proxyEnv: readProxyEnv(env) });
  dispatchers.push(dispatcher);
  return dispatcher;
}

async function failure(url: string, dispatcher: Dispatcher): Promise<string> {
  try {
    const response = await request(url, { dispatcher });
    await response.body.dump();
  } catch (error) {
    const cause: unknown = error instanceof Error ? error.cause : undefined;
    return `${String(error)} ${cause instanceof Error ? cause.message : ''}`;
  }
  throw new Error(`expected ${url} to fail`);
}

test('plain http never goes through a proxy, whatever the variables say: the key would cross it in clear', async () => {
  const dispatcher = dispatcherFor({ HTTP_PROXY: proxy.url, http_proxy: proxy.url, HTTPS_PROXY: proxy.url });
  // Direct, so the name must resolve, and `.test` names never do.
  expect(await failure('http://api.example.test:8080/v2', dispatcher)).toMatch(/ENOTFOUND|EAI_AGAIN|getaddrinfo/);
  expect(proxy.log).toEqual([]);
});

test('loopback goes direct, over http and https, even with every proxy variable set and no NO_PROXY', async () => {
  const dispatcher = dispatcherFor({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url });
  const response = await request(`http://127.0.0.1:${plainPort}/`, { dispatcher });
  expect(await response.body.json()).toEqual({ ok: true });

  tcpConnections = 0;
  await failure(`https://localhost:${tcpPort}/`, dispatcher);
  await failure(`https://[::1]:${tcpPort}/`, dispatcher);
  expect(tcpConnections).toBeGreaterThanOrEqual(1);
  expect(proxy.log).toEqual([]);
});

test('https to a named host goes through HTTPS_PROXY, as a CONNECT tunnel to that host', async () => {
  const said = await failure('https://api.example.test/v2', dispatcherFor({ HTTPS_PROXY: refusingProxy.url }));
  expect(said).toContain('Proxy response (407)');
  expect(refusingProxy.log).toEqual([expect.objectContaining({ method: 'CONNECT', target: 'api.example.test:443' })]);
});

test('HTTP_PROXY alone serves https targets too', async () => {
  await failure('https://api.example.test/v2', dispatcherFor({ HTTP_PROXY: refusingProxy.url }));
  expect(refusingProxy.log).toHaveLength(1);
});

test('NO_PROXY sends a named https host direct', async () => {
  const said = await failure('https://api.example.test/v2', dispatcherFor({ HTTPS_PROXY: refusingProxy.url, NO_PROXY: 'example.test' }));
  expect(said).toMatch(/ENOTFOUND|EAI_AGAIN|getaddrinfo/);
  expect(refusingProxy.log).toEqual([]);
});

test('an unusable proxy is one clear error naming the variable that applies', () => {
  expect(() =>
    createDispatcher({ requestTimeoutMs: 5000, proxyEnv: readProxyEnv({ HTTPS_PROXY: 'http://', HTTP_PROXY: 'http://p:1' }) }),
  ).toThrow('The proxy setting in HTTPS_PROXY cannot be used');
});
