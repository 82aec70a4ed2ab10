import { describe, expect, test } from '@jest/globals';
import { bypassesProxy, describeProxy, proxySettingFor, readProxyEnv } from '../../../src/net/proxy-env.js';
import { proxyFor } from '../../../src/net/transport.js';

describe('readProxyEnv follows undici: lower case first, https falls back to http', () => {
  test('lower-case names win, even when set but empty', () => {
    expect(readProxyEnv({ http_proxy: 'http://a:1', HTTP_PROXY: 'http://b:2' }).http).toEqual({
      value: 'http://a:1',
      variable: 'http_proxy',
    });
    expect(readProxyEnv({ http_proxy: '', HTTP_PROXY: 'http://b:2' }).http).toBeUndefined();
    expect(readProxyEnv({ HTTP_PROXY: 'http://b:2' }).http).toEqual({ value: 'http://b:2', variable: 'HTTP_PROXY' });
  });

  test('https uses HTTPS_PROXY, else the http proxy', () => {
    expect(readProxyEnv({ HTTPS_PROXY: 'http://s:3', HTTP_PROXY: 'http://b:2' }).https?.variable).toBe('HTTPS_PROXY');
    expect(readProxyEnv({ HTTP_PROXY: 'http://b:2' }).https?.variable).toBe('HTTP_PROXY');
    expect(readProxyEnv({}).https).toBeUndefined();
  });

  test('a value without a scheme is http, as curl reads it', () => {
    expect(readProxyEnv({ HTTPS_PROXY: ' proxy.corp:3128 ' }).https?.value).toBe('http://proxy.corp:3128');
    expect(readProxyEnv({ HTTPS_PROXY: 'https://proxy.corp:3128' }).https?.value).toBe('https://proxy.corp:3128');
  });

  test('no_proxy before NO_PROXY', () => {
    expect(readProxyEnv({ no_proxy: 'a', NO_PROXY: 'b' }).noProxy).toBe('a');
    expect(readProxyEnv({ NO_PROXY: 'b' }).noProxy).toBe('b');
  });
});

describe('bypassesProxy matches NO_PROXY entries like undici', () => {
  const api = new URL('https://api.mintlify.com/v2');
  test.each([
    ['', false],
    ['*', true],
    ['api.mintlify.com', true],
    ['mintlify.com', true],
    ['.mintlify.com', true],
    ['*.mintlify.com', true],
    ['API.Mintlify.com', true],
    ['example.com api.mintlify.com', true],
    ['example.com,,mintlify.com', true],
    ['mintlify.com:443', true],
    ['mintlify.com:8443', false],
    ['i.mintlify.com', false],
    ['notmintlify.com', false],
    ['*, example.com', false],
  ])('%p → %p', (noProxy, expected) => {
    expect(bypassesProxy(api, noProxy)).toBe(expected);
  });

  test('ports default by scheme; IPv6 literals keep their brackets', () => {
    expect(bypassesProxy(new URL('http://127.0.0.1/'), '127.0.0.1:80')).toBe(true);
    expect(bypassesProxy(new URL('http://127.0.0.1:8080/'), '127.0.0.1:80')).toBe(false);
    expect(bypassesProxy(new URL('http://[::1]:8080/'), '[::1]')).toBe(true);
  });
});

describe('the proxy named in messages', () => {
  const env = readProxyEnv({ HTTPS_PROXY: 'http://user:pa55@proxy.corp:3128', NO_PROXY: 'internal.example' });

  test('is the one for the scheme, without credentials, with its variable', () => {
    expect(proxyFor(new URL('https://api.mintlify.com'), env)).toBe('http://proxy.corp:3128 (from HTTPS_PROXY)');
    expect(proxyFor(new URL('http://127.0.0.1:9'), env)).toBeUndefined();
  });

  test('is none for plain http and for loopback hosts, whatever the variables say', () => {
    const everything = readProxyEnv({ HTTP_PROXY: 'http://proxy.corp:3128', HTTPS_PROXY: 'http://proxy.corp:3128' });
    for (const url of [
      'http://api.example.test',
      'http://127.0.0.1:8787',
      'https://localhost:8443',
      'https://127.0.0.5',
      'https://[::1]:1',
    ]) {
      expect(proxySettingFor(new URL(url), everything)).toBeUndefined();
    }
    expect(proxySettingFor(new URL('https://api.example.test'), everything)?.variable).toBe('HTTPS_PROXY');
  });

  test('is none for a host that NO_PROXY exempts', () => {
    expect(proxySettingFor(new URL('https://api.internal.example'), env)).toBeUndefined();
  });

  test('an unparsable value is named by its variable only', () => {
    expect(describeProxy({ value: 'http://', variable: 'https_proxy' })).toBe('(unparsable https_proxy)');
  });
});
