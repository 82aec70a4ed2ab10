/**
 * scripts/ci/release-ready.js: a tag is released only from a commit of main whose self-test passed on
 * every runner OS; it waits while those checks run.
 */
import { afterEach, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { judgeChecks } from '../../../scripts/ci/release-ready.js';

const CHECKS = ['Self-test (ubuntu-latest)', 'Self-test (windows-latest)', 'Self-test (macos-latest)'];
const SHA = 'f'.repeat(40);

const run = (id: number, name: string, status: string, conclusion: string | null = null) => ({ id, name, status, conclusion });
const allPassed = CHECKS.map((name, index) => run(index + 1, name, 'completed', 'success'));

describe('judgeChecks', () => {
  test('passes when every required check has succeeded; other checks do not matter', () => {
    expect(judgeChecks([...allPassed, run(9, 'CodeQL', 'completed', 'failure')], CHECKS).state).toBe('passed');
  });

  test('waits for a check that is queued, running or not started', () => {
    const verdict = judgeChecks([run(1, CHECKS[0] ?? '', 'in_progress'), run(2, CHECKS[1] ?? '', 'completed', 'success')], CHECKS);
    expect(verdict).toEqual({
      state: 'waiting',
      detail: 'waiting for Self-test (ubuntu-latest) (in_progress), Self-test (macos-latest) (not started)',
    });
  });

  test('fails on a failed or cancelled check even while others still run', () => {
    const verdict = judgeChecks([run(1, CHECKS[0] ?? '', 'completed', 'cancelled'), run(2, CHECKS[1] ?? '', 'queued')], CHECKS);
    expect(verdict).toEqual({ state: 'failed', detail: 'failed: Self-test (ubuntu-latest) (cancelled)' });
  });

  test('a re-run counts by its latest run', () => {
    const rerun = [...allPassed.slice(1), run(1, CHECKS[0] ?? '', 'completed', 'failure'), run(7, CHECKS[0] ?? '', 'completed', 'success')];
    expect(judgeChecks(rerun, CHECKS).state).toBe('passed');
    expect(judgeChecks([...rerun, run(8, CHECKS[0] ?? '', 'completed', 'failure')], CHECKS).state).toBe('failed');
  });
});

describe('the script against a GitHub API', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  /** Serves the compare answer and, one after another, the check-runs answers (the last one repeats). */
  async function github(compareStatus: string, checkRuns: unknown[][]): Promise<{ url: string; paths: string[] }> {
    const paths: string[] = [];
    let polls = 0;
    server = createServer((req, res) => {
      paths.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization !== 'Bearer t0ken') return res.writeHead(401).end('{"message":"Bad credentials"}');
      if (req.url === `/repos/acme/action/compare/main...${SHA}`) return res.end(JSON.stringify({ status: compareStatus }));
      if (req.url === `/repos/acme/action/commits/${SHA}/check-runs?per_page=100`) {
        const answer = checkRuns[Math.min(polls++, checkRuns.length - 1)];
        return res.end(JSON.stringify({ total_count: answer?.length, check_runs: answer }));
      }
      res.writeHead(404).end('{"message":"Not Found"}');
    });
    await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths };
  }

  function ready(api: string, ...extra: string[]): Promise<{ code: number | null; stdout: string }> {
    const args = [
      'scripts/ci/release-ready.js',
      '--branch',
      'main',
      ...CHECKS.flatMap((name) => ['--check', name]),
      '--interval-seconds',
      '0.05',
      ...extra,
    ];
    const child = spawn(process.execPath, args, {
      env: {
        PATH: process.env['PATH'] ?? '',
        GITHUB_API_URL: api,
        GITHUB_REPOSITORY: 'acme/action',
        GITHUB_TOKEN: 't0ken',
        RELEASE_SHA: SHA,
      },
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    return new Promise((done) => child.on('close', (code) => done({ code, stdout })));
  }

  test('a commit of main whose self-test is still running: waits, then passes', async () => {
    const api = await github('behind', [[run(1, CHECKS[0] ?? '', 'queued')], allPassed.slice(0, 2), allPassed]);
    const result = await ready(api.url);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${SHA} is on main.`);
    expect(result.stdout).toContain('waiting for Self-test (ubuntu-latest) (queued)');
    expect(result.stdout).toContain('passed: Self-test (ubuntu-latest), Self-test (windows-latest), Self-test (macos-latest)');
    expect(api.paths.filter((path) => path.includes('/check-runs')).length).toBe(3);
  });

  test('a tag on a commit that is not on main is refused before any check is read', async () => {
    const api = await github('ahead', [allPassed]);
    const result = await ready(api.url);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`::error::Not released: the tagged commit ${SHA} is not on main (GitHub compares it as 'ahead')`);
    expect(api.paths.some((path) => path.includes('/check-runs'))).toBe(false);
  });

  test('a failed self-test refuses the release', async () => {
    const api = await github('identical', [[...allPassed.slice(1), run(1, CHECKS[0] ?? '', 'completed', 'failure')]]);
    const result = await ready(api.url);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('failed: Self-test (ubuntu-latest) (failure)');
  });

  test('checks that never finish fail when the time runs out', async () => {
    const api = await github('behind', [[run(1, CHECKS[0] ?? '', 'in_progress')]]);
    const result = await ready(api.url, '--timeout-minutes', '0.005');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/did not finish within 0 minutes \(waiting for Self-test \(ubuntu-latest\) \(in_progress\)/);
  });
});
