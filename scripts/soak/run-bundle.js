// @ts-check
// Runs dist/index.js once as the runner does (INPUT_* variables, GITHUB_OUTPUT and
// GITHUB_STEP_SUMMARY files) and kills it when it outlives its limit.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const BUNDLE = resolve('dist/index.js');

/**
 * @typedef {object} BundleRun
 * @property {number|null} exitCode
 * @property {boolean} killed
 * @property {number} durationMs
 * @property {string} stdout
 * @property {string} stderr
 * @property {string} summary
 * @property {Record<string, string>} outputs
 */

/**
 * `name<<DELIMITER\nvalue\nDELIMITER` blocks, as @actions/core writes them.
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function parseOutputs(text) {
  /** @type {Record<string, string>} */
  const outputs = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i] ?? '');
    if (!heredoc) continue;
    const [, name = '', delimiter] = heredoc;
    /** @type {string[]} */
    const value = [];
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '');
    outputs[name] = value.join('\n');
  }
  return outputs;
}

/**
 * @param {object} options
 * @param {string} options.node
 * @param {string} options.workDir created if missing
 * @param {Record<string, string>} options.inputs
 * @param {number} options.killAfterMs
 * @returns {Promise<BundleRun>}
 */
export async function runBundle({ node, workDir, inputs, killAfterMs }) {
  mkdirSync(workDir, { recursive: true });
  const outputPath = join(workDir, 'github_output');
  const summaryPath = join(workDir, 'step_summary.md');
  writeFileSync(outputPath, '');
  writeFileSync(summaryPath, '');
  /** @type {Record<string, string>} */
  const env = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: workDir,
    RUNNER_TEMP: workDir,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workDir,
    GITHUB_REPOSITORY: 'acme/docs',
    GITHUB_RUN_ID: '4242',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;

  const started = Date.now();
  const child = spawn(node, [BUNDLE], { env, cwd: workDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, killAfterMs);
  /** @type {number|null} */
  const exitCode = await new Promise((done) => child.on('close', (code) => done(code)));
  clearTimeout(timer);
  return {
    exitCode,
    killed,
    durationMs: Date.now() - started,
    stdout,
    stderr,
    summary: readFileSync(summaryPath, 'utf8'),
    outputs: parseOutputs(readFileSync(outputPath, 'utf8')),
  };
}
