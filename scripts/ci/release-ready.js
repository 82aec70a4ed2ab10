// @ts-check
// Before a tag is released: its commit must be on the default branch, and the checks that prove it
// works on every runner OS must have passed for that very commit. For the release workflow:
//   RELEASE_SHA=<sha> GITHUB_REPOSITORY=owner/repo GITHUB_TOKEN=… GITHUB_API_URL=… \
//     node scripts/ci/release-ready.js --branch main --check 'Self-test (ubuntu-latest)' [--check …] \
//       [--timeout-minutes 45] [--interval-seconds 30]
// It waits while a check is queued or running (the tag is often pushed right after the merge, while
// CI still runs), fails at once when one failed, and fails when the time runs out. The token needs
// `contents: read` (compare) and `checks: read` (check runs).
import { pathToFileURL } from 'node:url';

/**
 * @typedef {object} CheckRun
 * @property {number} id
 * @property {string} name
 * @property {string} status queued, in_progress, completed, ...
 * @property {string | null} conclusion success, failure, cancelled, skipped, ...
 */

/**
 * @typedef {object} Verdict
 * @property {'passed' | 'failed' | 'waiting'} state
 * @property {string} detail one line for the log
 */

/**
 * What the check runs of a commit say about the checks a release needs. A check that ran more than
 * once (a re-run) counts by its latest run.
 * @param {readonly CheckRun[]} runs
 * @param {readonly string[]} required
 * @returns {Verdict}
 */
export function judgeChecks(runs, required) {
  /** @type {string[]} */
  const waiting = [];
  /** @type {string[]} */
  const failed = [];
  for (const name of required) {
    const latest = runs.filter((run) => run.name === name).sort((a, b) => b.id - a.id)[0];
    if (latest === undefined) waiting.push(`${name} (not started)`);
    else if (latest.status !== 'completed') waiting.push(`${name} (${latest.status})`);
    else if (latest.conclusion !== 'success') failed.push(`${name} (${latest.conclusion ?? 'no conclusion'})`);
  }
  if (failed.length > 0) return { state: 'failed', detail: `failed: ${failed.join(', ')}` };
  if (waiting.length > 0) return { state: 'waiting', detail: `waiting for ${waiting.join(', ')}` };
  return { state: 'passed', detail: `passed: ${required.join(', ')}` };
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * @param {unknown} value
 * @returns {CheckRun[]}
 */
function checkRunsOf(value) {
  const runs = isRecord(value) ? value['check_runs'] : undefined;
  if (!Array.isArray(runs)) throw new Error('the check-runs answer has no check_runs list');
  return runs.filter(isRecord).map((run) => ({
    id: Number(run['id']),
    name: String(run['name']),
    status: String(run['status']),
    conclusion: typeof run['conclusion'] === 'string' ? run['conclusion'] : null,
  }));
}

/**
 * @typedef {object} ReadyOptions
 * @property {string} api GitHub's REST root
 * @property {string} repository owner/repo
 * @property {string} token
 * @property {string} sha the tagged commit
 * @property {string} branch
 * @property {readonly string[]} checks
 * @property {number} timeoutMs
 * @property {number} intervalMs
 * @property {(line: string) => void} log
 */

/**
 * @param {ReadyOptions} options
 * @returns {Promise<void>} throws with the reason the release must not go on
 */
export async function waitUntilReleasable(options) {
  /** @param {string} path */
  const get = async (path) => {
    const response = await fetch(`${options.api}/repos/${options.repository}${path}`, {
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${options.token}`,
        'x-github-api-version': '2022-11-28',
      },
    });
    const body = /** @type {unknown} */ (await response.json().catch(() => undefined));
    if (!response.ok) {
      const message = isRecord(body) && typeof body['message'] === 'string' ? body['message'] : '';
      throw new Error(`GET ${path} answered ${response.status} ${message}`.trim());
    }
    return body;
  };

  // `behind` or `identical`: the commit is reachable from the branch's head.
  const comparison = await get(`/compare/${encodeURIComponent(options.branch)}...${options.sha}`);
  const status = isRecord(comparison) ? comparison['status'] : undefined;
  if (status !== 'behind' && status !== 'identical') {
    throw new Error(
      `the tagged commit ${options.sha} is not on ${options.branch} (GitHub compares it as '${String(status)}'): merge it first, then tag a commit of ${options.branch}.`,
    );
  }
  options.log(`${options.sha} is on ${options.branch}.`);

  const deadline = Date.now() + options.timeoutMs;
  let last = '';
  for (;;) {
    const verdict = judgeChecks(checkRunsOf(await get(`/commits/${options.sha}/check-runs?per_page=100`)), options.checks);
    if (verdict.detail !== last) options.log(verdict.detail);
    last = verdict.detail;
    if (verdict.state === 'passed') return;
    if (verdict.state === 'failed')
      throw new Error(`the checks of ${options.sha} ${verdict.detail}: fix ${options.branch}, then tag again.`);
    if (Date.now() + options.intervalMs > deadline) {
      throw new Error(
        `the checks of ${options.sha} did not finish within ${Math.round(options.timeoutMs / 60_000)} minutes (${verdict.detail}).`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
  }
}

/**
 * @param {readonly string[]} args
 * @param {string} name
 * @returns {string[]}
 */
function values(args, name) {
  return args.flatMap((arg, index) => (arg === name && args[index + 1] !== undefined ? [args[index + 1] ?? ''] : []));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const env = process.env;
  const checks = values(args, '--check');
  try {
    if (checks.length === 0) throw new Error('name at least one --check');
    await waitUntilReleasable({
      api: env['GITHUB_API_URL'] ?? 'https://api.github.com',
      repository: env['GITHUB_REPOSITORY'] ?? '',
      token: env['GITHUB_TOKEN'] ?? '',
      sha: env['RELEASE_SHA'] ?? '',
      branch: values(args, '--branch')[0] ?? 'main',
      checks,
      timeoutMs: Number(values(args, '--timeout-minutes')[0] ?? '45') * 60_000,
      intervalMs: Number(values(args, '--interval-seconds')[0] ?? '30') * 1000,
      log: (line) => process.stdout.write(`${line}\n`),
    });
  } catch (error) {
    process.stdout.write(`::error::Not released: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
