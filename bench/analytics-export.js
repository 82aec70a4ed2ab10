// @ts-check
/**
 * Benchmark of the analytics export: the built action (`npm run build` first) against the emulator
 * with 1,000, 10,000 and 100,000 pages, analytics only, page size 250. For each size it reports the
 * requests the emulator saw, wall time and the peak RSS of the action's process: the visitors report
 * to CSV, then every report (`analytics-reports: all`) to one JSON document; then the visitors
 * report through a bash + curl + jq loop, for comparison.
 *
 *   node bench/analytics-export.js [pageCount ...]
 *
 * The action runs in a child process (as on a runner) through a tiny wrapper that imports
 * dist/index.js and, on exit, writes `process.resourceUsage().maxRSS` to a file: a process can only
 * measure its own peak RSS, and polling /proc from outside misses the peak.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { startEmulator } from '../emulator/server.js';

const BUNDLE = resolve('dist/index.js');
const PAGE_SIZE = 250;
const PROJECT = 'proj_bench';
const DEFAULT_SIZES = [1_000, 10_000, 100_000];
/** A hung run must not hold the benchmark: far above what 100,000 pages take. */
const KILL_AFTER_MS = 120_000;

/**
 * @typedef {object} Measurement
 * @property {string} label
 * @property {number} pages pages in the emulated site
 * @property {number} requests analytics requests the emulator logged
 * @property {number} expected the requests a well-behaved run makes
 * @property {number} wallMs
 * @property {number|undefined} peakRssKb
 * @property {number} rows visitors rows in the file written
 * @property {number} fileBytes
 * @property {number|null} exitCode
 */

/**
 * Runs a command to completion, asynchronously so the in-process emulator keeps answering.
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {string} cwd
 * @returns {Promise<{code: number|null, stdout: string, stderr: string, wallMs: number}>}
 */
function run(command, args, env, cwd) {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, wallMs: performance.now() - started });
    });
  });
}

/** @param {string} path */
function countLines(path) {
  const text = readFileSync(path, 'utf8');
  return text === '' ? 0 : text.split(/\r?\n/).length - (text.endsWith('\n') ? 1 : 0);
}

/**
 * @param {string} workDir
 * @returns {string} path of the wrapper that reports the bundle's peak RSS
 */
function writeRssWrapper(workDir) {
  const wrapper = join(workDir, 'measure-rss.mjs');
  writeFileSync(
    wrapper,
    [
      "import { writeFileSync } from 'node:fs';",
      "process.on('exit', () => writeFileSync(process.env.BENCH_RSS_FILE ?? '', String(process.resourceUsage().maxRSS)));",
      `await import(${JSON.stringify(pathToFileURL(BUNDLE).href)});`,
    ].join('\n'),
  );
  return wrapper;
}

/** Every analytics endpoint of the emulator. */
const ANALYTICS = new Set(['visitors', 'views', 'searches', 'feedback', 'feedback-by-page', 'assistant-caller-stats']);

/**
 * Requests of an `all` report with an export: visitors and views pages, every search term (240 by
 * default, 100 a request), feedback by page, every feedback entry (150, 100 a request), assistant.
 * @param {number} pages
 */
function allReportRequests(pages) {
  const pageRequests = Math.max(1, Math.ceil(pages / PAGE_SIZE));
  return 2 * pageRequests + Math.ceil(240 / 100) + 1 + Math.ceil(150 / 100) + 1;
}

/**
 * @param {import('../emulator/server.js').Emulator} emulator
 * @param {number} pages
 * @param {string} workDir
 * @param {string} wrapper
 * @param {'visitors'|'all'} reports
 * @returns {Promise<Measurement>}
 */
async function measureAction(emulator, pages, workDir, wrapper, reports) {
  emulator.reset();
  emulator.setScenario({ visitors: { pageCount: pages } });
  const file = join(workDir, `action-${reports}-${pages}.${reports === 'all' ? 'json' : 'csv'}`);
  const rssFile = join(workDir, `rss-${pages}.txt`);
  const outputFile = join(workDir, `output-${pages}.txt`);
  const summaryFile = join(workDir, `summary-${pages}.md`);
  for (const path of [outputFile, summaryFile]) writeFileSync(path, '');
  const env = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: workDir,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    BENCH_RSS_FILE: rssFile,
    'INPUT_API-KEY': emulator.apiKey,
    'INPUT_PROJECT-ID': PROJECT,
    'INPUT_BASE-URL': emulator.url,
    INPUT_ANALYTICS: 'true',
    'INPUT_ANALYTICS-REPORTS': reports,
    'INPUT_ANALYTICS-FILE': file,
    'INPUT_ANALYTICS-PAGE-SIZE': String(PAGE_SIZE),
    // 100,000 pages take 400 requests a report: more than one hour's rate limit, allowed here on purpose.
    'INPUT_ANALYTICS-MAX-REQUESTS': '2000',
  };
  const result = await run(process.execPath, [wrapper], env, workDir);
  if (result.code !== 0) process.stderr.write(`action failed for ${pages} pages:\n${result.stdout}\n${result.stderr}\n`);
  return {
    label: `action, ${reports === 'all' ? 'all reports to JSON' : 'visitors to CSV'}, ${pages.toLocaleString('en-US')} pages`,
    pages,
    requests: emulator.requests.filter((request) => ANALYTICS.has(request.endpoint)).length,
    expected: reports === 'all' ? allReportRequests(pages) : Math.max(1, Math.ceil(pages / PAGE_SIZE)),
    wallMs: result.wallMs,
    peakRssKb: existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) : undefined,
    rows: !existsSync(file) ? 0 : reports === 'all' ? visitorsRowsOf(file) : countLines(file) - 1,
    fileBytes: existsSync(file) ? statSync(file).size : 0,
    exitCode: result.code,
  };
}

/**
 * Visitors rows of the JSON document: one line each, between the visitors key and the next key.
 * @param {string} path
 */
function visitorsRowsOf(path) {
  const lines = readFileSync(path, 'utf8').split('\n');
  const start = lines.findIndex((line) => line.startsWith('"visitors":'));
  const end = lines.findIndex((line, index) => index > start && line.startsWith(']'));
  return start === -1 || end === -1 ? 0 : end - start - 1;
}

/** The same report as a shell user would write it: curl each page, jq the rows and hasMore. */
const CURL_JQ_LOOP = `
set -euo pipefail
offset=0
echo 'path,human,ai,total' > "$OUT"
while :; do
  curl -sS --fail -H "Authorization: Bearer $KEY" "$BASE/v1/analytics/$PROJECT/visitors?limit=$LIMIT&offset=$offset" -o "$PAGE"
  jq -r '.visitors[] | [.path, .human, .ai, .total] | @csv' "$PAGE" >> "$OUT"
  [ "$(jq -r '.hasMore' "$PAGE")" = true ] || break
  offset=$((offset + LIMIT))
done
`;

/**
 * @param {import('../emulator/server.js').Emulator} emulator
 * @param {number} pages
 * @param {string} workDir
 * @returns {Promise<Measurement>}
 */
async function measureCurlJq(emulator, pages, workDir) {
  emulator.reset();
  emulator.setScenario({ visitors: { pageCount: pages } });
  const csv = join(workDir, `curl-${pages}.csv`);
  const env = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    OUT: csv,
    PAGE: join(workDir, 'page.json'),
    KEY: emulator.apiKey,
    BASE: emulator.url,
    PROJECT,
    LIMIT: String(PAGE_SIZE),
  };
  // GNU time reports the largest RSS among bash, curl and jq (each is its own process).
  const timed = existsSync('/usr/bin/time');
  const [command, args] = timed ? ['/usr/bin/time', ['-f', 'peak-rss-kb=%M', 'bash', '-c', CURL_JQ_LOOP]] : ['bash', ['-c', CURL_JQ_LOOP]];
  const result = await run(command, args, env, workDir);
  if (result.code !== 0) process.stderr.write(`curl + jq failed for ${pages} pages:\n${result.stderr}\n`);
  const rss = /peak-rss-kb=(\d+)/.exec(result.stderr)?.[1];
  return {
    label: `curl + jq, visitors to CSV, ${pages.toLocaleString('en-US')} pages`,
    pages,
    requests: emulator.requests.filter((request) => request.endpoint === 'visitors').length,
    expected: Math.max(1, Math.ceil(pages / PAGE_SIZE)),
    wallMs: result.wallMs,
    peakRssKb: rss === undefined ? undefined : Number(rss),
    rows: existsSync(csv) ? countLines(csv) - 1 : 0,
    fileBytes: existsSync(csv) ? statSync(csv).size : 0,
    exitCode: result.code,
  };
}

/** @param {Measurement[]} rows */
function printTable(rows) {
  const header = ['run', 'requests', 'expected', 'rows', 'file', 'wall time', 'peak RSS', 'exit'];
  const body = rows.map((row) => [
    row.label,
    String(row.requests),
    String(row.expected),
    row.rows.toLocaleString('en-US'),
    `${(row.fileBytes / 1024 / 1024).toFixed(1)} MiB`,
    `${(row.wallMs / 1000).toFixed(2)} s`,
    row.peakRssKb === undefined ? 'n/a' : `${(row.peakRssKb / 1024).toFixed(0)} MiB`,
    String(row.exitCode),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => (cells[column] ?? '').length)));
  const line = (/** @type {string[]} */ cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const cells of body) console.log(line(cells));
}

async function main() {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run 'npm run build' first.`);
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((size) => Number.isInteger(size) && size >= 0);
  const workDir = mkdtempSync(join(tmpdir(), 'bench-analytics-'));
  const wrapper = writeRssWrapper(workDir);
  const emulator = await startEmulator();
  const haveCurlJq = (await run('bash', ['-c', 'command -v curl && command -v jq'], process.env, workDir)).code === 0;
  /** @type {Measurement[]} */
  const results = [];
  try {
    for (const pages of sizes.length > 0 ? sizes : DEFAULT_SIZES) {
      results.push(await measureAction(emulator, pages, workDir, wrapper, 'visitors'));
      results.push(await measureAction(emulator, pages, workDir, wrapper, 'all'));
      if (haveCurlJq) results.push(await measureCurlJq(emulator, pages, workDir));
    }
  } finally {
    await emulator.close();
    rmSync(workDir, { recursive: true, force: true });
  }
  console.log(`Analytics export, page size ${PAGE_SIZE}, emulator in-process on ${emulator.url}, Node ${process.versions.node}`);
  printTable(results);
  if (!haveCurlJq) console.log('curl or jq not found: the shell comparison was skipped.');
  const wrong = results.filter((row) => row.exitCode !== 0 || row.rows !== row.pages || row.requests !== row.expected);
  if (wrong.length > 0) {
    console.error(`Unexpected results: ${wrong.map((row) => row.label).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
