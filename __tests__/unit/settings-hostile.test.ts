/**
 * Hostile and broken inputs not covered by settings.test.ts: each is one InputError that names the
 * input and the accepted form, raised before any request.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../helpers/core-mock.js';
import { thrownBy } from '../helpers/thrown.js';

const core = mockCore();
const { readSettings } = await import('../../src/settings.js');
const { InputError } = await import('../../src/errors.js');

const KEY = 'mint_0123456789abcdef';

function read(extra: Record<string, string>) {
  core.inputs = { 'api-key': KEY, 'project-id': 'proj_1', prompt: 'Document the API', ...extra };
  return readSettings({ now: () => Date.UTC(2026, 10, 22) });
}

function inputError(extra: Record<string, string>): InstanceType<typeof InputError> {
  return thrownBy(InputError, () => read(extra), JSON.stringify(extra));
}

describe('rejected, naming the input and the accepted form', () => {
  test.each([
    [{ 'project-id': '' }, 'project-id', 'is required'],
    [{ 'project-id': '\n\t' }, 'project-id', 'is required'],
    [{ 'api-key': 'mint_abc\tdef' }, 'api-key', 'paste the key alone'],
    [{ 'api-key': 'mint_abc\r\ndef' }, 'api-key', 'line break'],
    [{ 'base-url': 'api.mintlify.com' }, 'base-url', 'is not a URL; it must be an https URL'],
    [{ 'base-url': 'not a url' }, 'base-url', 'is not a URL'],
    [{ 'base-url': 'https://api.mintlify.com/#frag' }, 'base-url', 'query or fragment'],
    [{ 'base-url': 'https://api.mintlify.com/?' }, 'base-url', 'query or fragment'],
    [{ 'base-url': 'ftp://api.mintlify.com' }, 'base-url', "unsupported scheme 'ftp:'"],
    [{ 'base-url': 'http://127.0.0.1.evil.example' }, 'base-url', 'must use https'],
    [{ 'base-url': 'http://10.0.0.1' }, 'base-url', 'must use https'],
    [{ 'base-url': 'https://:key@api.mintlify.com' }, 'base-url', 'credentials'],
    [{ timeout: '0' }, 'timeout', 'between 1s and 24h'],
    [{ timeout: '-1m' }, 'timeout', "a duration such as '500ms'"],
    [{ timeout: '25h' }, 'timeout', 'between'],
    [{ timeout: '1e3' }, 'timeout', 'a duration such as'],
    [{ timeout: 'Infinity' }, 'timeout', 'a duration such as'],
    [{ timeout: '99999999999999999999h' }, 'timeout', 'between'],
    [{ 'request-timeout': '-5s' }, 'request-timeout', 'a duration such as'],
    [{ 'request-timeout': '11m' }, 'request-timeout', "must be between 1s and 10m, got '11m'"],
    [{ 'poll-interval': '0ms' }, 'poll-interval', 'between 100ms and 1h'],
    [{ 'max-poll-interval': '2h' }, 'max-poll-interval', 'between 100ms and 1h'],
    [{ 'fail-on': 'none,failed' }, 'fail-on', "'none' is not an outcome; use a comma list of failed, archived, no-pr, timeout, or 'none'"],
    [{ 'fail-on': 'FAILURE' }, 'fail-on', "'failure' is not an outcome"],
    [{ prompt: 'a', 'prompt-file': 'p.md' }, 'prompt', "either 'prompt' or 'prompt-file', not both"],
    [{ analytics: 'true', 'analytics-from': '2025-02-29' }, 'analytics-from', "a real calendar date 'YYYY-MM-DD'"],
    [{ analytics: 'true', 'analytics-from': '2026-04-31' }, 'analytics-from', 'real calendar date'],
    [{ analytics: 'true', 'analytics-to': '2026-13-01' }, 'analytics-to', 'real calendar date'],
    [{ analytics: 'true', 'analytics-to': '2026-00-10' }, 'analytics-to', 'real calendar date'],
    [{ analytics: 'true', 'analytics-to': '2026-01-01T24:00:00Z' }, 'analytics-to', 'real calendar date'],
    [{ analytics: 'true', 'analytics-from': '2026-1-5' }, 'analytics-from', 'real calendar date'],
    [{ analytics: 'true', 'analytics-from': '2026-01-05T10:00:00' }, 'analytics-from', 'ISO 8601 date-time'],
  ])('%p → %s', (extra, input, text) => {
    const error = inputError(extra);
    expect(error.input).toBe(input);
    expect(error.message).toContain(`Input '${input}'`);
    expect(error.message).toContain(text);
  });

  test('dates are checked even when analytics is off, so a typo is not silently ignored', () => {
    expect(inputError({ 'analytics-from': '2026-02-30' }).input).toBe('analytics-from');
  });

  test('the rejected key is never quoted back', () => {
    for (const key of ['mint_secret\nvalue', 'mint_secret\tvalue']) {
      expect(inputError({ 'api-key': key }).message).not.toContain('mint_secret');
    }
  });
});

describe('accepted', () => {
  test('a key pasted with a trailing newline is trimmed, not rejected', () => {
    expect(read({ 'api-key': `${KEY}\r\n` }).apiKey).toBe(KEY);
  });

  test('a key without the mint_ prefix is a warning only', () => {
    expect(read({ 'api-key': 'sk_live_0123456789' }).apiKey).toBe('sk_live_0123456789');
    expect(core.messages('warning')).toHaveLength(1);
  });

  test('http is fine for loopback hosts only', () => {
    expect(read({ 'base-url': 'http://localhost:8080' }).baseUrl.host).toBe('localhost:8080');
    expect(read({ 'base-url': 'http://[::1]:8080/' }).baseUrl.hostname).toBe('[::1]');
  });

  test('leap days and a trimmed date', () => {
    expect(read({ analytics: 'true', 'analytics-from': ' 2024-02-29 ' }).analytics?.window.from?.text).toBe('2024-02-29');
  });
});
