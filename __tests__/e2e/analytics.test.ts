/**
 * End to end: the visitors report from the built bundle (`npm run build` first), as the runner starts
 * it, against the emulator: alone, and beside an agent job.
 */
import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { generatedPage } from '../../emulator/visitors.js';
import { serviceInputs, useEmulator } from '../helpers/emulator-fixture.js';
import { errorLines, runAction, warningLines } from '../helpers/run-action.js';

const emulator = useEmulator();

const TOTALS = { human: 48_000, ai: 21_000, total: 61_500 };

function analyticsInputs(extra: Record<string, string> = {}): Record<string, string> {
  return serviceInputs(emulator(), { analytics: 'true', ...extra });
}

function visitorsRequests(): Array<Record<string, string>> {
  return emulator()
    .requests.filter((request) => request.endpoint === 'visitors')
    .map((request) => request.query);
}

describe('analytics-only run', () => {
  test('pages through 1,234 pages in ceil(1234 / 250) = 5 requests, writes outputs, CSV and summary', async () => {
    emulator().setScenario({ visitors: { pageCount: 1234, totals: TOTALS } });
    const run = await runAction({
      inputs: analyticsInputs({
        'analytics-from': '2026-01-01',
        'analytics-to': '2026-02-01',
        'analytics-file': 'reports/visitors.csv',
        'analytics-top': '5',
      }),
    });
    expect(errorLines(run)).toEqual([]);
    expect(run.exitCode).toBe(0);

    const queries = visitorsRequests();
    expect(queries).toEqual(
      [0, 250, 500, 750, 1000].map((offset) => ({ dateFrom: '2026-01-01', dateTo: '2026-02-01', limit: '250', offset: String(offset) })),
    );
    expect(emulator().requests.every((request) => request.headers['authorization'] === `Bearer ${emulator().apiKey}`)).toBe(true);

    const csvPath = join(run.workDir, 'reports', 'visitors.csv');
    expect(run.outputs).toMatchObject({
      'visitors-total': '61500',
      'visitors-human': '48000',
      'visitors-ai': '21000',
      'analytics-pages': '1234',
      'analytics-file': csvPath,
      'visitors-total-previous': '',
    });
    const lines = readFileSync(csvPath, 'utf8').split('\r\n');
    expect(lines[0]).toBe('path,human,ai,total');
    expect(lines).toHaveLength(1234 + 2);
    expect(lines.at(-1)).toBe('');
    for (const index of [0, 1, 617, 1233]) {
      const page = generatedPage(index);
      expect(lines[index + 1]).toBe(`${page.path},${page.human},${page.ai},${page.total}`);
    }
    expect(readdirSync(join(run.workDir, 'reports'))).toEqual(['visitors.csv']);

    expect(run.summary).toContain('## Docs visitors');
    expect(run.summary).toContain('**61,500** unique visitors: **48,000** human (78.0%) and **21,000** AI agents (34.1%).');
    expect(run.summary).toContain('Window: 2026-01-01 to 2026-02-01 (exclusive) · 1,234 pages · 5 requests');
    expect(run.summary).toContain('### Top 5 of 1,234 pages');
    const first = generatedPage(0);
    expect(run.summary).toContain(`| 1 | ${first.path} | ${first.human.toLocaleString('en-US')} |`);
    expect(run.summary).toMatch(/```mermaid\n%%\{init: .*\}%%\nxychart-beta horizontal\n/);
    // The value axis starts at 0, whatever the smallest bar.
    expect(run.summary).toContain(`    y-axis "Unique visitors" 0 --> ${first.total}\n`);
    const labels = Array.from({ length: 5 }, (_, index) => `"${index + 1}. ${generatedPage(index).path}"`);
    expect(run.summary).toContain(`    x-axis [${labels.join(', ')}]`);
    expect(run.summary).not.toContain('## Mintlify agent job');

    expect(run.stdout).toContain('::group::Fetch visitors report');
    expect(run.stdout).toContain('Visitors report: 1234 pages, 5 requests; 61500 unique visitors (human 48000, AI 21000).');
  });

  test('JSON export with hostile paths, no window given, compare off', async () => {
    const pages = [
      { path: '/a,"b"', human: 5, ai: 1, total: 6 },
      { path: '<img src=x onerror=alert(1)>', human: 4, ai: 4, total: 5 },
      { path: '/x|y\n@user', human: 1, ai: 0, total: 1 },
    ];
    emulator().setScenario({ visitors: { pages, totals: { human: 9, ai: 5, total: 11 } } });
    const run = await runAction({ inputs: analyticsInputs({ 'analytics-file': 'out.json', 'analytics-page-size': '2' }) });
    expect(run.exitCode).toBe(0);
    expect(visitorsRequests()).toEqual([
      { limit: '2', offset: '0' },
      { limit: '2', offset: '2' },
    ]);
    expect(JSON.parse(readFileSync(join(run.workDir, 'out.json'), 'utf8'))).toEqual({
      window: { from: null, to: null },
      totals: { human: 9, ai: 5, total: 11 },
      pages,
    });
    expect(run.summary).toContain('Window: service default (no dateFrom or dateTo sent)');
    expect(run.summary).not.toContain('<img');
    expect(run.summary).not.toContain('@user');
    expect(run.summary).toContain('&lt;img src=x onerror=alert&#40;1&#41;&gt;');
  });

  test('compare: one more request (limit 1, offset 0) for the previous window, and the change', async () => {
    emulator().setScenario({
      visitors: { pageCount: 30, totals: TOTALS, totalsByDateFrom: { '2025-12-02': { human: 40_000, ai: 0, total: 41_000 } } },
    });
    const run = await runAction({
      inputs: analyticsInputs({ 'analytics-from': '2026-01-01', 'analytics-to': '2026-01-31', 'analytics-compare': 'true' }),
    });
    expect(run.exitCode).toBe(0);
    const queries = visitorsRequests();
    expect(queries).toHaveLength(2);
    // 30 days before the 30-day window.
    expect(queries[1]).toEqual({ dateFrom: '2025-12-02', dateTo: '2026-01-01', limit: '1', offset: '0' });
    expect(run.outputs['visitors-total']).toBe('61500');
    expect(run.outputs['visitors-total-previous']).toBe('41000');
    expect(run.summary).toContain('Previous window: 2025-12-02 to 2026-01-01 (exclusive)');
    expect(run.summary).toContain('| Total | 61,500 | 41,000 | +20,500 (+50.0%) |');
    expect(run.summary).toContain('| AI agents | 21,000 | 0 | +21,000 (no percentage: previous window had 0) |');
    // One count everywhere: the log and the summary both include the previous window's request.
    expect(run.stdout).toContain('Visitors report: 30 pages, 2 requests; 61500 unique visitors (human 48000, AI 21000).');
    expect(run.summary).toContain('· 30 pages · 2 requests');
  });

  test('one page in one request: "1 page", "1 request", "Top 1 page", in the log and the summary', async () => {
    emulator().setScenario({ visitors: { pages: [{ path: '/only', human: 2, ai: 1, total: 2 }], totals: { human: 2, ai: 1, total: 2 } } });
    const run = await runAction({ inputs: analyticsInputs({ 'analytics-page-size': '1' }) });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('Visitors report for service default (no dateFrom or dateTo sent): 1 page per request.');
    expect(run.stdout).toContain('Visitors report: 1 page, 1 request; 2 unique visitors (human 2, AI 1).');
    expect(run.summary).toContain('· 1 page · 1 request');
    expect(run.summary).toContain('### Top 1 of 1 page\n');
    expect(run.summary).toContain('title "Top 1 page by unique visitors"');
    expect(`${run.stdout}\n${run.summary}`).not.toMatch(/\b1 (pages|requests|polls|rows)\b/);
  });

  test("a 400 fails the step with the service's error and details, and leaves no file", async () => {
    emulator().setScenario({
      faults: [
        {
          endpoint: 'visitors',
          kind: 'status',
          status: 400,
          body: { error: 'Invalid query parameters', details: [{ message: 'dateFrom: out of retention' }] },
        },
      ],
    });
    const run = await runAction({ inputs: analyticsInputs({ 'analytics-from': '2020-01-01', 'analytics-file': 'v.csv' }) });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run).join('\n')).toContain('HTTP 400: Invalid query parameters; dateFrom: out of retention');
    // A 400 is not retried.
    expect(visitorsRequests()).toHaveLength(1);
    expect(run.outputs['visitors-total']).toBeUndefined();
    expect(readdirSync(run.workDir).filter((name) => name.includes('v.csv'))).toEqual([]);
  });

  test('a service that ignores offset is stopped with a warning; the step stays green with what was received', async () => {
    emulator().setScenario({ visitors: { pageCount: 600, ignoreOffset: true, totals: TOTALS } });
    const run = await runAction({ inputs: analyticsInputs({ 'analytics-file': 'v.csv' }) });
    expect(run.exitCode).toBe(0);
    expect(visitorsRequests()).toHaveLength(2);
    expect(run.outputs['analytics-pages']).toBe('250');
    expect(warningLines(run).join('\n')).toContain('repeated pages already received');
    expect(run.summary).toContain('The report may be incomplete');
    expect(readFileSync(join(run.workDir, 'v.csv'), 'utf8').split('\r\n')).toHaveLength(252);
  });
});

describe('job and analytics in one run', () => {
  function combinedInputs(extra: Record<string, string> = {}): Record<string, string> {
    return analyticsInputs({ prompt: 'Document the new /v2/widgets endpoint', ...extra });
  }

  test('both sets of outputs, the job card first and then the report', async () => {
    emulator().setScenario({
      job: { statuses: ['active', 'completed'], prLink: 'https://github.com/acme/docs/pull/9' },
      visitors: { pageCount: 300, totals: TOTALS },
    });
    const run = await runAction({ inputs: combinedInputs({ 'analytics-days': '7' }) });
    expect(errorLines(run)).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ status: 'completed', 'pr-number': '9', 'visitors-total': '61500', 'analytics-pages': '300' });
    expect(visitorsRequests()).toHaveLength(2);
    const card = run.summary.indexOf('## Mintlify agent job');
    const report = run.summary.indexOf('## Docs visitors');
    expect(card).toBeGreaterThanOrEqual(0);
    expect(report).toBeGreaterThan(card);
    // Groups cannot interleave: the report logs without one next to a job.
    expect(run.stdout).not.toContain('::group::Fetch visitors report');
  });

  test('an analytics 400 is a warning; the job decides the step', async () => {
    emulator().setScenario({
      job: { statuses: ['completed'], prLink: 'https://github.com/acme/docs/pull/10' },
      faults: [
        {
          endpoint: 'visitors',
          kind: 'status',
          status: 400,
          body: { error: 'Invalid query parameters', details: [{ message: 'dateFrom: out of retention' }] },
        },
      ],
    });
    const run = await runAction({ inputs: combinedInputs() });
    expect(errorLines(run)).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ status: 'completed', 'pr-number': '10' });
    expect(run.outputs['visitors-total']).toBeUndefined();
    const warnings = warningLines(run).join('\n');
    expect(warnings).toContain('Visitors report failed');
    expect(warnings).toContain('Invalid query parameters; dateFrom: out of retention');
    expect(run.summary).toContain('## Mintlify agent job');
    expect(run.summary).toContain('The visitors report could not be fetched');
    expect(visitorsRequests()).toHaveLength(1);
  });
});

describe('a service that says hasMore forever with fresh rows', () => {
  /** 128 MiB: the export's cap (src/analytics/export-file.ts), stated here as the user reads it. */
  const CAP_BYTES = 134_217_728;
  /** Enough for ~3 times the cap, far below the 2,000-request limit: the cap must be what stops the run. */
  const MAX_RESPONSES = 400;

  test('the export stops at its size cap with the usual warning; file, outputs and summary agree', async () => {
    // 250 fresh rows of ~4 KB per response (1 MB, under the 4 MiB body cap), never saying it is done.
    const padding = 'x'.repeat(4000);
    let responses = 0;
    const server = createServer((request, response) => {
      const offset = Number(new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('offset') ?? '0');
      responses++;
      const visitors = Array.from({ length: 250 }, (_, index) => ({ path: `/p/${offset + index}/${padding}`, human: 2, ai: 1, total: 2 }));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ totals: TOTALS, visitors, hasMore: responses < MAX_RESPONSES }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      const url = typeof address === 'object' && address !== null ? `http://127.0.0.1:${address.port}` : '';
      // The budget allows the 2,000 requests the input permits: the cap, not the budget, must stop the run.
      const run = await runAction({
        inputs: { ...analyticsInputs({ 'analytics-file': 'v.csv', 'analytics-max-requests': '2000' }), 'base-url': url },
        killAfterMs: 120_000,
      });
      expect(errorLines(run)).toEqual([]);
      expect(run.exitCode).toBe(0);
      const file = join(run.workDir, 'v.csv');
      expect(statSync(file).size).toBeLessThanOrEqual(CAP_BYTES);
      expect(statSync(file).size).toBeGreaterThan(CAP_BYTES - 8 * 1024);
      expect(responses).toBeLessThan(MAX_RESPONSES);
      // Valid CSV of whole rows, and exactly the pages the outputs and the summary count.
      const lines = readFileSync(file, 'utf8').split('\r\n');
      expect(lines[0]).toBe('path,human,ai,total');
      expect(lines.at(-1)).toBe('');
      const rows = lines.slice(1, -1);
      expect(rows.every((line) => /^\/p\/\d+\/x{4000},2,1,2$/.test(line))).toBe(true);
      expect(run.outputs['analytics-pages']).toBe(String(rows.length));
      const warnings = warningLines(run).join('\n');
      expect(warnings).toContain(
        `Visitors report: the export file reached its size limit of 128 MiB (134217728 bytes) with ${rows.length} pages; stopped, keeping the ${rows.length} pages received in ${responses} requests.`,
      );
      expect(run.summary).toContain('The report may be incomplete');
      expect(run.summary).toContain(`· ${rows.length.toLocaleString('en-US')} pages · ${responses} requests`);
      expect(readdirSync(run.workDir).filter((name) => name.includes('v.csv'))).toEqual(['v.csv']);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 180_000);
});
