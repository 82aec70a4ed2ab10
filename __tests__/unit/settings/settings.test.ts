import { describe, expect, test } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mockCore } from '../../helpers/core-mock.js';
import { thrownBy } from '../../helpers/thrown.js';

const core = mockCore();
const { readSettings } = await import('../../../src/settings.js');
const { MAX_PROMPT_BYTES } = await import('../../../src/job/settings.js');
const { InputError } = await import('../../../src/errors.js');
const { serviceAccessOf } = await import('../../../src/inputs/run.js');

const KEY = 'mint_0123456789abcdef';
const NOW = Date.UTC(2026, 10, 22, 15, 30);

function read(extra: Record<string, string>) {
  core.inputs = { 'api-key': KEY, 'project-id': 'proj_1', prompt: 'Document the API', ...extra };
  return readSettings({ now: () => NOW });
}

/** The InputError thrown for these inputs; fails the test when none is. */
function inputError(extra: Record<string, string>): InstanceType<typeof InputError> {
  return thrownBy(InputError, () => read(extra), JSON.stringify(extra));
}

describe('readSettings defaults', () => {
  test('a prompt alone creates a job with the documented defaults', () => {
    const settings = read({});
    expect(settings.job.request).toEqual({ kind: 'create', prompt: 'Document the API' });
    expect(settings.job.wait).toBe(true);
    expect(settings.job.pollIntervalMs).toBe(5000);
    expect(settings.job.maxPollIntervalMs).toBe(30_000);
    expect(settings.run.timeoutMs).toBe(3_600_000);
    expect(settings.run.requestTimeoutMs).toBe(30_000);
    expect([...settings.job.failOn]).toEqual(['failed', 'timeout']);
    expect(settings.run.baseUrl.href).toBe('https://api.mintlify.com/');
    expect(settings.run.summary).toBe(true);
    expect(settings.analytics).toBeUndefined();
    expect(settings.comment).toBeUndefined();
  });

  test('masks the key before validating it, raw and trimmed', () => {
    read({ 'api-key': `  ${KEY}\n` });
    expect(core.secrets).toEqual([`  ${KEY}\n`, KEY]);
    core.secrets.length = 0;
    read({});
    expect(core.secrets).toEqual([KEY]);
  });

  test('job-id with and without a prompt', () => {
    expect(read({ 'job-id': 'job_9' }).job.request).toEqual({ kind: 'message', jobId: 'job_9', prompt: 'Document the API' });
    expect(read({ 'job-id': 'job_9', prompt: '' }).job.request).toEqual({ kind: 'wait', jobId: 'job_9' });
  });

  test('booleans in any case', () => {
    expect(read({ wait: 'FALSE', summary: 'True' })).toMatchObject({ job: { wait: false }, run: { summary: true } });
  });

  test("fail-on accepts a list and 'none'", () => {
    expect([...read({ 'fail-on': ' No-PR , archived ' }).job.failOn]).toEqual(['no-pr', 'archived']);
    expect(read({ 'fail-on': 'none' }).job.failOn.size).toBe(0);
  });

  test('a non-mint_ key is a warning, not an error', () => {
    read({ 'api-key': 'sk_live_abc' });
    expect(core.messages('warning')).toContainEqual(expect.stringContaining("'api-key' does not start with 'mint_'"));
  });
});

describe('readSettings rejects bad input with the input name and accepted form', () => {
  test.each([
    [{ 'api-key': 'mint_abc def' }, 'api-key', 'whitespace'],
    [{ 'api-key': 'mint_abc\ndef' }, 'api-key', 'line break'],
    [{ 'project-id': 'proj 1' }, 'project-id', 'contains whitespace'],
    [{ prompt: '  \n ' }, 'prompt', 'only whitespace'],
    [{ wait: 'yes' }, 'wait', "'true' or 'false'"],
    [{ 'poll-interval': '-5s' }, 'poll-interval', 'a duration such as'],
    [{ 'poll-interval': '0' }, 'poll-interval', 'between'],
    [{ 'poll-interval': '10ms' }, 'poll-interval', 'between'],
    [{ timeout: '1000h' }, 'timeout', 'between'],
    [{ timeout: 'soon' }, 'timeout', 'a duration such as'],
    [{ 'poll-interval': '1m', 'max-poll-interval': '30s' }, 'max-poll-interval', "not be shorter than 'poll-interval'"],
    [{ 'request-timeout': '0s' }, 'request-timeout', 'between'],
    [{ 'fail-on': 'failed,crashed' }, 'fail-on', "'crashed' is not an outcome"],
    [{ 'base-url': 'http://api.mintlify.com' }, 'base-url', 'https'],
    [{ 'base-url': 'https://u:p@x.com' }, 'base-url', 'credentials'],
    [{ 'base-url': 'https://x.com/?a=b' }, 'base-url', 'query'],
    [{ 'job-id': 'job 1' }, 'job-id', 'contains whitespace'],
    [{ summary: '1' }, 'summary', "'true' or 'false'"],
  ])('%p → %s', (extra, input, text) => {
    const error = inputError(extra);
    expect(error.input).toBe(input);
    expect(error.message).toContain(`Input '${input}'`);
    expect(error.message).toContain(text);
  });

  test('an empty key or project is no error yet: a run that ends skipped needs neither (serviceAccessOf refuses them)', () => {
    const settings = read({ 'api-key': '  ', 'project-id': '' });
    expect(settings.run.apiKey).toBeUndefined();
    expect(settings.run.projectId).toBeUndefined();
    expect(core.secrets).toEqual([]);
    const keyError = thrownBy(InputError, () => serviceAccessOf(settings.run), 'no key');
    expect(keyError.input).toBe('api-key');
    expect(keyError.message).toContain("Input 'api-key': is empty, but this run starts or follows an agent job or reads analytics");
    expect(keyError.message).toContain('GitHub gives no secrets to runs for pull requests from forks');
    expect(keyError.message).toContain("runs triggered by Dependabot get only Dependabot's secrets");
    const projectError = thrownBy(InputError, () => serviceAccessOf(read({ 'project-id': '\n\t' }).run), 'no project');
    expect(projectError.input).toBe('project-id');
    expect(projectError.message).toContain("such as 'proj_123'");
    expect(projectError.message).toContain('GitHub gives no variables to runs for pull requests from forks');
    expect(serviceAccessOf(read({}).run)).toEqual({ apiKey: KEY, projectId: 'proj_1' });
  });

  test('the key never appears in an error message', () => {
    const error = inputError({ 'api-key': 'mint_secret value' });
    expect(error.message).not.toContain('mint_secret');
  });
});

describe('prompt-file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prompt-'));

  test('reads a UTF-8 file', () => {
    const path = join(dir, 'prompt.md');
    writeFileSync(path, '  Document the café API ✓\n');
    expect(read({ prompt: '', 'prompt-file': path }).job.request).toEqual({ kind: 'create', prompt: 'Document the café API ✓' });
  });

  test.each([
    ['both prompt and file', (path: string) => ({ 'prompt-file': path }), 'prompt', 'not both'],
    ['missing', () => ({ prompt: '', 'prompt-file': join(dir, 'nope.md') }), 'prompt-file', 'does not exist'],
    ['a directory', () => ({ prompt: '', 'prompt-file': dir }), 'prompt-file', 'not a regular file'],
  ])('%s', (_name, make, input, text) => {
    const path = join(dir, 'exists.md');
    writeFileSync(path, 'x');
    const error = inputError(make(path));
    expect(error.input).toBe(input);
    expect(error.message).toContain(text);
  });

  test('empty, too large, or not UTF-8', () => {
    const empty = join(dir, 'empty.md');
    writeFileSync(empty, ' \n\n');
    expect(inputError({ prompt: '', 'prompt-file': empty }).message).toContain('is empty');
    const large = join(dir, 'large.md');
    writeFileSync(large, 'a'.repeat(MAX_PROMPT_BYTES + 1));
    expect(inputError({ prompt: '', 'prompt-file': large }).message).toContain(`limit is ${MAX_PROMPT_BYTES} bytes`);
    const binary = join(dir, 'binary.md');
    writeFileSync(binary, Buffer.from([0x68, 0xff, 0xfe, 0x00]));
    expect(inputError({ prompt: '', 'prompt-file': binary }).message).toContain('not valid UTF-8');
  });
});

describe('analytics inputs', () => {
  test('analytics-only run with a rolling window of whole UTC days', () => {
    const settings = read({ prompt: '', analytics: 'true', 'analytics-days': '7' });
    expect(settings.job.request).toBeUndefined();
    expect(settings.analytics?.window.from?.text).toBe('2026-11-15');
    expect(settings.analytics?.window.to?.text).toBe('2026-11-22');
    expect(settings.analytics?.pageSize).toBe(250);
    expect(settings.analytics?.top).toBe(10);
  });

  test('compare computes the previous window of equal length', () => {
    const settings = read({ analytics: 'true', 'analytics-from': '2026-03-01', 'analytics-to': '2026-03-08', 'analytics-compare': 'true' });
    expect(settings.analytics?.previousWindow?.from.text).toBe('2026-02-22');
    expect(settings.analytics?.previousWindow?.to.text).toBe('2026-03-01');
  });

  test('export file format from the extension', () => {
    expect(read({ analytics: 'true', 'analytics-file': 'out/visitors.CSV' }).analytics?.file).toEqual({
      path: 'out/visitors.CSV',
      format: 'csv',
    });
    expect(read({ analytics: 'true', 'analytics-file': 'v.json' }).analytics?.file?.format).toBe('json');
  });

  test.each([
    [{ 'analytics-from': '2026-02-30' }, 'analytics-from', 'real calendar date'],
    [{ 'analytics-to': 'tomorrow' }, 'analytics-to', 'real calendar date'],
    [{ 'analytics-from': '2026-03-08', 'analytics-to': '2026-03-01' }, 'analytics-to', 'must be after'],
    [{ 'analytics-from': '2026-03-08', 'analytics-to': '2026-03-08' }, 'analytics-to', 'exclusive'],
    [{ 'analytics-days': '7', 'analytics-from': '2026-03-01' }, 'analytics-days', 'not both'],
    [{ 'analytics-days': '0' }, 'analytics-days', 'whole number'],
    [{ 'analytics-days': '1.5' }, 'analytics-days', 'whole number'],
    [{ 'analytics-page-size': '251' }, 'analytics-page-size', 'from 1 to 250'],
    [{ 'analytics-top': '0' }, 'analytics-top', 'from 1 to 1000'],
    [{ 'analytics-file': 'report.xlsx' }, 'analytics-file', '.csv or .json'],
    [{ 'analytics-compare': 'true' }, 'analytics-compare', 'needs a whole window'],
    [{ 'analytics-compare': 'true', 'analytics-from': '2026-03-01' }, 'analytics-compare', 'needs a whole window'],
  ])('%p → %s', (extra, input, text) => {
    const error = inputError({ analytics: 'true', ...extra });
    expect(error.input).toBe(input);
    expect(error.message).toContain(text);
  });

  test('analytics inputs without analytics: true warn instead of being ignored silently', () => {
    expect(read({ 'analytics-days': '1' }).analytics).toBeUndefined();
    expect(core.messages('warning')).toContainEqual(expect.stringContaining("analytics-days set but 'analytics' is false"));
  });
});

describe('comment inputs', () => {
  test('comment needs a token, which is masked', () => {
    expect(read({ comment: 'true', 'github-token': 'ghs_abc' }).comment).toEqual({ token: 'ghs_abc' });
    expect(core.secrets).toContain('ghs_abc');
    expect(inputError({ comment: 'true', 'github-token': ' ' }).input).toBe('github-token');
  });
});

describe('command', () => {
  test("'/docs-agent' by default; another word as given", () => {
    expect(read({}).conversation).toEqual({ command: '/docs-agent', triggerLabel: 'docs-agent' });
    expect(read({ command: ' @docs-bot ' }).conversation.command).toBe('@docs-bot');
    expect(read({ command: '/Docs' }).conversation.command).toBe('/Docs');
  });

  test.each([
    ['two words', '/docs agent'],
    ['a line break inside', '/docs\nagent'],
    ['a backtick', '/docs`agent'],
    ['an invisible character', '/docs\u200bagent'],
    ['too long', `/${'x'.repeat(50)}`],
  ])('%s is refused, with the accepted form', (_name, command) => {
    const error = inputError({ command });
    expect(error.input).toBe('command');
    expect(error.message).toContain("must be one word of at most 50 characters without spaces or backticks, such as '/docs-agent'");
  });
});

describe('trigger-label', () => {
  test("'docs-agent' by default; another label name as given, spaces inside kept", () => {
    expect(read({}).conversation.triggerLabel).toBe('docs-agent');
    expect(read({ 'trigger-label': '  write docs ✍ ' }).conversation.triggerLabel).toBe('write docs ✍');
  });

  test.each([
    ['a line break inside', 'docs\nagent'],
    ['an invisible character', 'docs\u200bagent'],
    ['longer than GitHub allows', 'x'.repeat(51)],
  ])('%s is refused, with the accepted form', (_name, label) => {
    const error = inputError({ 'trigger-label': label });
    expect(error.input).toBe('trigger-label');
    expect(error.message).toContain(
      "must be a label name of at most 50 characters without control or invisible characters, such as 'docs-agent'",
    );
  });
});

describe('change inputs', () => {
  test('defaults: change-context auto, no window, no path filter', () => {
    expect(read({}).change).toEqual({ context: 'auto' });
  });

  test('a window in the action duration form, globs one a line or comma-separated, context in any case', () => {
    const change = read({
      prompt: '',
      'change-context': 'AUTO',
      'change-since': '24h',
      'change-paths': 'src/**,\n !**/*.test.ts \n\n',
    }).change;
    expect(change.context).toBe('auto');
    expect(change.sinceMs).toBe(24 * 3_600_000);
    expect(change.paths?.patterns.map((pattern) => [pattern.text, pattern.exclude])).toEqual([
      ['src/**', false],
      ['!**/*.test.ts', true],
    ]);
    expect(read({ 'change-context': 'none' }).change).toEqual({ context: 'none' });
  });

  test('change-since: last-success, in any case: every commit since the last successful run, 24 hours when there is none', () => {
    expect(read({ 'change-since': 'last-success' }).change).toEqual({ context: 'auto', sinceMs: 24 * 3_600_000, sinceLastSuccess: true });
    expect(read({ 'change-since': ' Last-Success ' }).change.sinceLastSuccess).toBe(true);
    expect(read({ 'change-since': '24h' }).change.sinceLastSuccess).toBeUndefined();
  });

  test("change-paths: GitHub's filter forms are taken, one a line or several on a line separated by commas; no warning", () => {
    const change = read({ 'change-paths': 'src/**, docs/**/*.md\n[abc]+.ts, *.jsx?\n!src/*\n{{name}}/**\napp/\\[slug]/*' }).change;
    expect(change.paths?.patterns.map((pattern) => pattern.text)).toEqual([
      'src/**',
      'docs/**/*.md',
      '[abc]+.ts',
      '*.jsx?',
      '!src/*',
      '{{name}}/**',
      'app/\\[slug]/*',
    ]);
    expect(core.messages('warning')).toEqual([]);
  });

  test("change-paths: a trailing / or a leading ./ or / is read as before, with one warning naming what GitHub's filters read the same", () => {
    const change = read({ 'change-paths': 'src/, ./lib/**\n!/src/gen/\ndocs/**' }).change;
    expect(change.paths?.patterns.map((pattern) => [pattern.text, pattern.instead])).toEqual([
      ['src/', 'src/**'],
      ['./lib/**', 'lib/**'],
      ['!/src/gen/', '!src/gen/**'],
      ['docs/**', undefined],
    ]);
    expect(core.messages('warning')).toEqual([
      "Input 'change-paths': 'src/', './lib/**', '!/src/gen/' are read here as 'src/**', 'lib/**', '!src/gen/**', " +
        "but GitHub's path filters (on.push.paths) match nothing with a trailing '/' or a leading './' or '/': " +
        'write those, which mean the same in both.',
    ]);
    core.log.length = 0;
    read({ 'change-paths': 'docs/' });
    expect(core.messages('warning')).toEqual([
      "Input 'change-paths': 'docs/' is read here as 'docs/**', but GitHub's path filters (on.push.paths) match nothing " +
        "with a trailing '/' or a leading './' or '/': write that, which means the same in both.",
    ]);
    core.log.length = 0;
    read({ 'change-paths': Array.from({ length: 7 }, (_, i) => `p${i}/`).join('\n') });
    expect(core.messages('warning')).toEqual([
      expect.stringMatching(
        /^Input 'change-paths': 'p0\/', 'p1\/', 'p2\/', 'p3\/', 'p4\/' and 2 more are read here as 'p0\/\*\*', .*'p4\/\*\*' and so on, /,
      ),
    ]);
  });

  test.each([
    [{ 'change-context': 'off' }, 'change-context', "must be 'auto' or 'none', got 'off'"],
    [{ 'change-since': 'yesterday' }, 'change-since', 'a duration such as'],
    [
      { 'change-since': 'last-run' },
      'change-since',
      "(a window of time, such as '24h'), or 'last-success' (every commit since this workflow's last",
    ],
    [{ 'change-since': '30s' }, 'change-since', 'between 1m and 2160h'],
    [{ 'change-since': '2161h' }, 'change-since', 'between 1m and 2160h'],
    [{ 'change-paths': 'src/**, !' }, 'change-paths', "'!' names no path; give globs, one a line or comma-separated"],
    [{ 'change-paths': Array.from({ length: 101 }, (_, i) => `p${i}`).join(',') }, 'change-paths', 'at most 100'],
    // A comma inside braces does not split the pattern: it is refused whole, with the two patterns to write.
    [
      { 'change-paths': 'src/**, **/*.{ts,tsx}' },
      'change-paths',
      "'**/*.{ts,tsx}' has braces, which GitHub's path filters do not have: write one pattern per alternative instead ('**/*.ts', '**/*.tsx')",
    ],
    [{ 'change-paths': 'src/+(a|b)/**' }, 'change-paths', "'src/+(a|b)/**' has an extglob such as '+(a|b)'"],
    [{ 'change-paths': 'src\\docs\\*.md' }, 'change-paths', "'src\\docs\\*.md' has '\\d': a backslash makes only * ? + [ ! and \\ literal"],
    [
      { 'change-paths': "src/**\n- 'docs/**'" },
      'change-paths',
      "(- 'docs/**') is a YAML list item in quotes: 'change-paths' takes each pattern as it stands, so the list marker '- ' and " +
        'the quotes would be part of it and match nothing; write docs/** instead; give globs, one a line or comma-separated',
    ],
    [{ 'change-paths': '"src/"' }, 'change-paths', '("src/") is in quotes: '],
    [{ 'change-paths': 'docs/**\n?.md' }, 'change-paths', "'?.md': '?' repeats the character or [] just before it"],
    [{ 'change-paths': '[!a]*.ts' }, 'change-paths', "'[!a]*.ts' has '[!a]': a [] takes letters, digits and '_'"],
    [{ 'change-context': 'none', 'change-since': '24h' }, 'change-since', "needs 'change-context: auto'"],
    [{ 'change-context': 'none', 'change-paths': 'src/**' }, 'change-paths', "needs 'change-context: auto'"],
    [{ 'job-id': 'job_1', 'change-since': '24h' }, 'change-since', "does not apply with 'job-id'"],
    [{ 'job-id': 'job_1', 'change-since': 'last-success' }, 'change-since', "does not apply with 'job-id'"],
    [{ 'change-context': 'none', 'change-since': 'last-success' }, 'change-since', "needs 'change-context: auto'"],
    [{ 'job-id': 'job_1', prompt: '', 'change-paths': 'src/**' }, 'change-paths', "does not apply with 'job-id'"],
  ])('%p → %s', (extra, input, text) => {
    const error = inputError(extra);
    expect(error.input).toBe(input);
    expect(error.message).toContain(text);
  });
});
