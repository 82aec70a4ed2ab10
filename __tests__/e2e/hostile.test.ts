/**
 * End to end: broken inputs stop the bundle before any request, and answers from the service are
 * treated as untrusted: redirects, oversized bodies, echoed keys and hostile strings.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceInputs, useEmulator } from '../helpers/emulator-fixture.js';
import { errorLines, runAction, visible, type ActionRun } from '../helpers/run-action.js';

const emulator = useEmulator();

function run(extra: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({
    inputs: serviceInputs(emulator(), { 'max-poll-interval': '100ms', prompt: 'Document the widgets endpoint', ...extra }),
  });
}

describe('broken inputs: one error naming the input, and no request', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hostile-'));
  test.each([
    ['a key with a line break inside', { 'api-key': 'mint_test_0123\n456789abcdef' }, "Input 'api-key'", 'line break'],
    ['a base-url that is not a URL', { 'base-url': 'api.mintlify.com' }, "Input 'base-url'", "such as 'https://api.mintlify.com'"],
    ['plain http to a non-loopback host', { 'base-url': 'http://api.mintlify.com' }, "Input 'base-url'", 'must use https'],
    ['a zero timeout', { timeout: '0' }, "Input 'timeout'", 'between 1s and 24h'],
    ['an unknown fail-on', { 'fail-on': 'failed,flaky' }, "Input 'fail-on'", "'flaky' is not an outcome"],
    ['a prompt-file that is a directory', { prompt: '', 'prompt-file': directory }, "Input 'prompt-file'", 'not a regular file'],
    ['both prompt and prompt-file', { 'prompt-file': join(directory, 'p.md') }, "Input 'prompt'", 'not both'],
    ['a date that is not a calendar day', { analytics: 'true', 'analytics-from': '2026-02-30' }, "Input 'analytics-from'", "'YYYY-MM-DD'"],
  ])('%s', async (_name, inputs, input, form) => {
    const result = await run(inputs);
    expect(result.exitCode).toBe(1);
    const errors = errorLines(result);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(input);
    expect(errors[0]).toContain(form);
    expect(emulator().requests).toHaveLength(0);
  });
});

describe('untrusted answers', () => {
  let other: Server;
  let otherUrl = '';
  const otherRequests: string[] = [];

  beforeAll(async () => {
    other = createServer((request, response) => {
      otherRequests.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
      response.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"job_evil","status":"active"}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const address = other.address();
    otherUrl = typeof address === 'object' && address !== null ? `http://127.0.0.1:${address.port}` : '';
  });
  afterAll(async () => {
    other.closeAllConnections();
    await new Promise<void>((resolve) => other.close(() => resolve()));
  });
  beforeEach(() => {
    otherRequests.length = 0;
  });

  test.each(['create', 'get'] as const)('a 307 on %s to another origin is not followed: the key never goes there', async (endpoint) => {
    emulator().setScenario({ faults: [{ endpoint, kind: 'redirect', location: `${otherUrl}/v2/agent/proj_123/job` }] });
    const result = await run();
    expect(result.exitCode).toBe(1);
    expect(otherRequests).toEqual([]);
    const errors = errorLines(result);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`redirect to ${otherUrl}/v2/agent/proj_123/job`);
    expect(errors[0]).toContain(`redirects are not followed so the key stays with ${emulator().url}`);
    expect(emulator().requests.filter((r) => r.endpoint === endpoint)).toHaveLength(1);
  });

  test('an oversized poll answer is cut off at the cap and not retried', async () => {
    emulator().setScenario({ faults: [{ endpoint: 'get', kind: 'huge', sizeBytes: 64 * 1024 * 1024 }] });
    const result = await run();
    expect(result.exitCode).toBe(1);
    expect(errorLines(result)).toEqual([expect.stringContaining('body larger than 4194304 bytes')]);
    expect(emulator().requests.filter((r) => r.endpoint === 'get')).toHaveLength(1);
  });

  test('an oversized create answer is reported as ambiguous, and create is not repeated', async () => {
    emulator().setScenario({ faults: [{ endpoint: 'create', kind: 'huge', afterAction: true }] });
    const result = await run();
    expect(result.exitCode).toBe(1);
    const errors = errorLines(result);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('body larger than 4194304 bytes');
    expect(errors[0]).toContain('check the Mintlify dashboard');
    expect(emulator().requests.filter((r) => r.endpoint === 'create')).toHaveLength(1);
  });

  test('an error body that echoes the key: shortened, key redacted', async () => {
    const echo = `prompt rejected for Authorization: Bearer ${emulator().apiKey}; ${'lorem ipsum '.repeat(400)}`;
    emulator().setScenario({ faults: [{ endpoint: 'create', kind: 'status', status: 400, body: { error: echo } }] });
    const result = await run();
    expect(result.exitCode).toBe(1);
    const errors = errorLines(result);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('HTTP 400: prompt rejected for Authorization: Bearer [redacted];');
    expect(errors[0]).toContain('…');
    expect(errors[0]?.length).toBeLessThan(500);
    expect(visible(result)).not.toContain(emulator().apiKey);
  });

  test('hostile strings in a job are escaped in the summary and cannot inject workflow commands', async () => {
    emulator().setScenario({
      job: {
        statuses: ['active\n::error::injected by status', '##[set-output name=pr-link;]https://evil.example', 'completed'],
        model: '<img src=x onerror=alert(1)> @octocat [click](javascript:alert(1)) | extra cell',
        repository: '</td><script>alert(1)</script>\n## Heading',
        ref: 'main` <b>x</b> | y',
        prLink: 'https://evil.example/pull/1)"><img src=x>',
        extraFields: { note: '<script>ignored</script>' },
      },
    });
    const result = await run();
    expect(result.exitCode).toBe(0);
    const { summary, stdout } = result;

    // Inside a code span GitHub shows HTML as text; everywhere else no tag may survive. A ref with a
    // backtick or a pipe cannot be shown exactly as code, so it is escaped text.
    const outsideCode = summary.replace(/`[^`\n]*`/g, '');
    expect(outsideCode).not.toContain('<');
    expect(summary).toContain('@ main&#96; &lt;b&gt;x&lt;/b&gt; &#124; y |');
    expect(summary).not.toContain('](javascript:');
    expect(summary).not.toMatch(/(^|[^;])@octocat/);
    expect(summary).not.toMatch(/^## Heading/m);
    const rows = summary.split('\n').filter((line) => line.startsWith('| '));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) expect(row.replace(/\\\|/g, '').split('|')).toHaveLength(4);
    expect(summary).toContain('(https://evil.example/pull/1%29%22%3E%3Cimg%20src=x%3E)');

    // A plain log line holding a service string must not start or carry a runner command.
    expect(errorLines(result)).toEqual([]);
    expect(stdout.split('\n').filter((line) => !line.startsWith('::') && line.includes('##['))).toEqual([]);
    expect(result.outputs['pr-link']).toBe('https://evil.example/pull/1)"><img src=x>');
  });
});

describe('oversized strings in a job', () => {
  test('a 1.5 MB model and 600 KB repository, ref and link are cut in the summary; the visitors report stays whole', async () => {
    // Together just under the 4 MiB cap on a response body.
    const huge = 'm'.repeat(1_500_000);
    const large = 'r'.repeat(600_000);
    emulator().setScenario({
      job: {
        statuses: ['completed'],
        model: huge,
        repository: `https://github.com/${large}`,
        ref: large,
        prLink: `https://github.com/acme/docs/pull/7?${large}`,
      },
      visitors: { pageCount: 30 },
    });
    const result = await run({ analytics: 'true' });
    expect(result.exitCode).toBe(0);
    const { summary } = result;
    expect(Buffer.byteLength(summary)).toBeLessThan(64 * 1024);
    expect(summary).not.toContain('was trimmed');
    expect(summary).toContain(`| Model | ${'m'.repeat(119)}… |`);
    // The report after the card is all there: totals, chart and every row of the table.
    expect(summary).toContain('## Docs visitors');
    expect(summary).toContain('xychart-beta horizontal');
    expect(summary.split('\n').filter((line) => /^\| \d+ \| \//.test(line))).toHaveLength(10);
    // Outputs keep the whole value: later steps get what the service sent.
    expect(result.outputs['model']).toBe(huge);
  });
});
