// @ts-check
// Section 3, analytics export: runs bench/analytics-export.js (the analytics benchmark: requests,
// wall time and peak RSS of the export at 1,000 / 10,000 / 100,000 pages against a curl + jq loop)
// and keeps its report. When that script is absent the section says so and is skipped.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runTimed } from './lib/run-timed.js';

const SCRIPT = fileURLToPath(new URL('./analytics-export.js', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * @typedef {object} AnalyticsResult
 * @property {'ok'|'failed'|'missing'} status
 * @property {string} report the script's stdout (its own Markdown table), or why there is none
 * @property {number} wallMs
 */

/**
 * @param {readonly number[]} pageCounts
 * @returns {Promise<AnalyticsResult>}
 */
export async function benchAnalytics(pageCounts) {
  if (!existsSync(SCRIPT)) {
    return {
      status: 'missing',
      report: 'bench/analytics-export.js does not exist yet: this section is a hook that runs it when it does.',
      wallMs: 0,
    };
  }
  const run = await runTimed(process.execPath, [SCRIPT, ...pageCounts.map(String)], {
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
    cwd: ROOT,
    killAfterMs: 240_000,
  });
  const report = run.stdout.trim();
  if (run.code !== 0)
    return {
      status: 'failed',
      report: `${report}\n\nexit ${run.code}: ${run.stderr.trim().split('\n').slice(-5).join('\n')}`,
      wallMs: run.ms,
    };
  return { status: 'ok', report, wallMs: run.ms };
}
