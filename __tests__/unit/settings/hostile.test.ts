/**
 * Hostile and broken inputs not covered by settings/settings.test.ts: each is one InputError that names the
 * input and the accepted form, raised before any request. Among them, inputs that could change
 * where requests go or what they carry: ids that are path segments, a prompt that holds a secret,
 * keys that cannot be a header value, and the trigger gate's inputs.
 */
import { describe, expect, test } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mockCore } from '../../helpers/core-mock.js';
import { thrownBy } from '../../helpers/thrown.js';

const core = mockCore();
const { readSettings } = await import('../../../src/settings.js');
const { InputError } = await import('../../../src/errors.js');

const KEY = 'mint_0123456789abcdef';
const TOKEN = 'ghs_0123456789abcdefABCDEF';
const DOCS_TOKEN = 'ghs_docs9876543210fedcbaFEDCBA';

function read(extra: Record<string, string>) {
  core.inputs = { 'api-key': KEY, 'project-id': 'proj_1', prompt: 'Document the API', ...extra };
  return readSettings({ now: () => Date.UTC(2026, 10, 22) });
}

function inputError(extra: Record<string, string>): InstanceType<typeof InputError> {
  return thrownBy(InputError, () => read(extra), JSON.stringify(extra));
}

describe('rejected, naming the input and the accepted form', () => {
  test.each([
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
    expect(read({ 'api-key': `${KEY}\r\n` }).run.apiKey).toBe(KEY);
  });

  test('a key without the mint_ prefix is a warning only', () => {
    expect(read({ 'api-key': 'sk_live_0123456789' }).run.apiKey).toBe('sk_live_0123456789');
    expect(core.messages('warning')).toHaveLength(1);
  });

  test('http is fine for loopback hosts only', () => {
    expect(read({ 'base-url': 'http://localhost:8080' }).run.baseUrl.host).toBe('localhost:8080');
    expect(read({ 'base-url': 'http://[::1]:8080/' }).run.baseUrl.hostname).toBe('[::1]');
  });

  test('leap days and a trimmed date', () => {
    expect(read({ analytics: 'true', 'analytics-from': ' 2024-02-29 ' }).analytics?.window.from?.text).toBe('2024-02-29');
  });
});

/** A short test title for a long id. */
function label(id: string): string {
  return id.length > 20 ? `${id.slice(0, 4)}… (${id.length} characters)` : JSON.stringify(id);
}

describe('project-id and job-id cannot change the endpoint', () => {
  test.each(
    [
      ['.', 'made only of dots'],
      ['..', 'made only of dots'],
      ['...', 'made only of dots'],
      ['%2e%2e', "contains '/', '\\' or '%'"],
      ['.%2E', "contains '/', '\\' or '%'"],
      ['%2F', "contains '/', '\\' or '%'"],
      ['../other', "contains '/', '\\' or '%'"],
      ['proj/../../v1', "contains '/', '\\' or '%'"],
      ['..\\admin', "contains '/', '\\' or '%'"],
      ['proj?x=1', 'a character other than'],
      ['proj#x', 'a character other than'],
      ['proj;x', 'a character other than'],
      ['ｐroj', 'a character other than'],
      ['proj\u200b', 'a character other than'],
      ['p'.repeat(257), 'longer than 256 characters'],
    ].map(([id = '', reason = '']) => [label(id), id, reason]),
  )('%s is refused for both ids', (_label, id, reason) => {
    for (const name of ['project-id', 'job-id'] as const) {
      const error = inputError({ [name]: id });
      expect(error.input).toBe(name);
      expect(error.message).toContain(reason);
      expect(error.message).toContain("letters, digits, '-', '_', '.' and '~' only, not made only of dots");
    }
  });

  test.each(
    ['proj_123', 'job_1_9f3a2b', '6543a1b2c3d4e5f6a7b8c9d0', 'a.b', '.hidden', 'x~y-z', 'p'.repeat(256)].map((id) => [label(id), id]),
  )('%s is accepted', (_label, id) => {
    const settings = read({ 'project-id': id, 'job-id': id });
    expect(settings.run.projectId).toBe(id);
    expect(settings.job.request).toEqual({ kind: 'message', jobId: id, prompt: 'Document the API' });
  });
});

describe('a prompt never carries the API key or the GitHub token', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prompt-secret-'));

  test.each([
    ['the key inline', { prompt: `Use the key ${KEY} to call the API` }, 'prompt', 'api-key'],
    ['the token inline', { prompt: `token=${TOKEN}`, 'github-token': TOKEN }, 'prompt', 'github-token'],
    ['the key pasted with whitespace, prompt has the trimmed key', { 'api-key': `  ${KEY}\n`, prompt: `x ${KEY} y` }, 'prompt', 'api-key'],
    ['the token pasted with a newline', { 'github-token': `${TOKEN}\n`, prompt: `GITHUB_TOKEN=${TOKEN}` }, 'prompt', 'github-token'],
    ['the docs token inline', { prompt: `docs token ${DOCS_TOKEN}`, 'docs-token': DOCS_TOKEN }, 'prompt', 'docs-token'],
    ['the docs token pasted with a newline', { 'docs-token': ` ${DOCS_TOKEN}\n`, prompt: `DOCS=${DOCS_TOKEN}` }, 'prompt', 'docs-token'],
  ])('%s', (_name, extra, input, secret) => {
    const error = inputError(extra);
    expect(error.input).toBe(input);
    expect(error.message).toContain(`the prompt contains the value of '${secret}', so it was not sent`);
    expect(error.message).not.toContain(KEY);
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).not.toContain(DOCS_TOKEN);
  });

  test('a prompt file that holds the key, like an environment dump', () => {
    const path = join(dir, 'environ');
    writeFileSync(path, `PATH=/usr/bin\0INPUT_API-KEY=${KEY}\0HOME=/home/runner\0`);
    const error = inputError({ prompt: '', 'prompt-file': path });
    expect(error.input).toBe('prompt-file');
    expect(error.message).toContain("the prompt contains the value of 'api-key'");
    expect(error.message).toContain('/proc/self/environ');
    expect(error.message).not.toContain(KEY);
  });

  test("a prompt that only mentions part of a secret, or the default token's expression, is sent", () => {
    expect(read({ prompt: `Keys look like ${KEY.slice(0, 10)}…` }).job.request).toEqual({
      kind: 'create',
      prompt: `Keys look like ${KEY.slice(0, 10)}…`,
    });
    expect(read({ prompt: 'Document ${{ github.token }}' }).job.request?.kind).toBe('create');
  });
});

describe('keys and tokens must be valid header values', () => {
  test.each([
    ['U+200B (zero-width space) at character 6', '\u200b'],
    ['U+FEFF (byte order mark) at character 6', '\ufeff'],
    ['U+00AD (soft hyphen) at character 6', '\u00ad'],
    ['U+00A0 (no-break space) at character 6', '\u00a0'],
    ['U+0000 at character 6', '\u0000'],
    ['U+007F at character 6', '\u007f'],
    ['U+00E9 at character 6', 'é'],
  ])('an api-key with %s is refused before any request, without quoting the key', (where, character) => {
    const error = inputError({ 'api-key': `mint_${character}0123456789` });
    expect(error.input).toBe('api-key');
    expect(error.message).toContain(where);
    expect(error.message).toContain(
      'which an HTTP header cannot carry (visible ASCII only); an invisible character was probably pasted with it. Copy it again and paste the key alone',
    );
    expect(error.message).not.toContain('0123456789');
  });

  test('a github-token with an invisible character is refused, without quoting it', () => {
    const error = inputError({ 'github-token': `ghs_\u200babcdef0123` });
    expect(error.input).toBe('github-token');
    expect(error.message).toContain('U+200B (zero-width space) at character 5');
    expect(error.message).not.toContain('abcdef0123');
  });

  test('the github-token is masked, raw and trimmed, even without comment', () => {
    const settings = read({ 'github-token': ` ${TOKEN}\n` });
    expect(settings.run.githubToken).toBe(TOKEN);
    expect(core.secrets).toEqual(expect.arrayContaining([` ${TOKEN}\n`, TOKEN]));
  });

  test.each([
    ['an invisible character', `ghs_\u200babcdef0123`, 'U+200B (zero-width space) at character 5'],
    ['a space inside', 'ghs_abc def0123', 'contains whitespace or a line break inside'],
    ['a line break inside', 'ghs_abc\ndef0123', 'contains whitespace or a line break inside'],
  ])('a docs-token with %s is refused before any request, without quoting it', (_name, value, said) => {
    const error = inputError({ 'docs-token': value });
    expect(error.input).toBe('docs-token');
    expect(error.message).toContain(said);
    expect(error.message).toContain('paste the token alone');
    expect(error.message).not.toContain('def0123');
    // Masked before it was checked: a refused token never shows in the log either.
    expect(core.secrets).toContain(value);
  });

  test('the docs-token is masked, raw and trimmed, as soon as it is read; empty, there is none', () => {
    const settings = read({ 'docs-token': ` ${DOCS_TOKEN}\n` });
    expect(settings.run.docsToken).toBe(DOCS_TOKEN);
    expect(core.secrets).toEqual(expect.arrayContaining([` ${DOCS_TOKEN}\n`, DOCS_TOKEN]));
    expect(read({ 'docs-token': '  ' }).run.docsToken).toBeUndefined();
    expect(read({}).run.docsToken).toBeUndefined();
  });

  test("the unexpanded default '${{ github.token }}' counts as no token", () => {
    expect(read({ 'github-token': '${{ github.token }}' }).run.githubToken).toBeUndefined();
    expect(read({}).run.githubToken).toBeUndefined();
  });
});

describe('trigger-permission and allowed-bots', () => {
  test('defaults: triage, and no bot', () => {
    expect(read({}).trigger).toEqual({ minimumPermission: 'triage', allowedBots: new Set() });
  });

  test('levels in any case; bots with or without [bot], commas, spaces or lines', () => {
    const settings = read({ 'trigger-permission': 'Write', 'allowed-bots': 'dependabot[bot], Renovate\nmy-app[BOT]' });
    expect(settings.trigger.minimumPermission).toBe('write');
    expect(settings.trigger.allowedBots).toEqual(new Set(['dependabot', 'renovate', 'my-app']));
    expect(read({ 'allowed-bots': ' * ' }).trigger.allowedBots).toBe('any');
  });

  test.each([
    [
      { 'trigger-permission': 'owner' },
      'trigger-permission',
      "must be one of none, read, triage, write, maintain, admin (the lowest repository role that may start the agent), got 'owner'",
    ],
    [{ 'trigger-permission': 'push' }, 'trigger-permission', 'one of none, read'],
    [{ 'allowed-bots': '*, dependabot' }, 'allowed-bots', "'*' allows every bot and stands alone"],
    [{ 'allowed-bots': 'dependabot, @renovate' }, 'allowed-bots', "'@renovate' is not a bot login"],
    [{ 'allowed-bots': 'bot/evil' }, 'allowed-bots', 'is not a bot login'],
  ])('%p → %s', (extra, input, text) => {
    const error = inputError(extra);
    expect(error.input).toBe(input);
    expect(error.message).toContain(text);
  });
});
