// @ts-check
// One step of a GitHub runner, imitated: `node dist/index.js` in its own process with INPUT_*
// variables and files for GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and GITHUB_EVENT_PATH. Shared by the
// end-to-end tests, the fault soak, the benchmarks and the demo, so they all run the bundle alike.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const BUNDLE = resolve('dist/index.js');

/**
 * GITHUB_OUTPUT's `name<<DELIMITER\nvalue\nDELIMITER` blocks and plain `name=value` lines. A name set
 * twice keeps its last value, as on the runner.
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function parseOutputFile(text) {
  /** @type {Record<string, string>} */
  const outputs = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name = '', delimiter] = heredoc;
      /** @type {string[]} */
      const value = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '');
      outputs[name] = value.join('\n');
    } else if (line.includes('=')) {
      const at = line.indexOf('=');
      outputs[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return outputs;
}

/**
 * Inputs as the runner passes them: `INPUT_API-KEY` (upper case, dash kept, spaces as `_`).
 * @param {Readonly<Record<string, string>>} inputs by their action.yml names
 * @returns {Record<string, string>}
 */
export function inputEnv(inputs) {
  /** @type {Record<string, string>} */
  const env = {};
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  return env;
}

/**
 * @typedef {object} StepFiles
 * @property {string} dir workspace, home and temp directory of the step
 * @property {string} outputFile
 * @property {string} summaryFile
 */

/**
 * Creates (or empties) the step's output and summary files in `dir`.
 * @param {string} dir created if missing
 * @returns {StepFiles}
 */
export function stepFiles(dir) {
  mkdirSync(dir, { recursive: true });
  const files = { dir, outputFile: join(dir, 'github_output'), summaryFile: join(dir, 'step_summary.md') };
  writeFileSync(files.outputFile, '');
  writeFileSync(files.summaryFile, '');
  return files;
}

/**
 * A clean runner environment without inputs: nothing from the developer's shell (proxies, tokens,
 * NODE_OPTIONS) leaks into a run.
 * @param {StepFiles} files
 * @param {string} [eventName]
 * @returns {Record<string, string>}
 */
export function runnerEnv(files, eventName = 'workflow_dispatch') {
  return {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: files.dir,
    RUNNER_TEMP: files.dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: files.dir,
    GITHUB_REPOSITORY: 'acme/docs',
    GITHUB_RUN_ID: '4242',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_EVENT_NAME: eventName,
    GITHUB_OUTPUT: files.outputFile,
    GITHUB_STEP_SUMMARY: files.summaryFile,
  };
}

/**
 * @typedef {object} StepOptions
 * @property {Readonly<Record<string, string>>} inputs by their action.yml names
 * @property {string} node the Node binary that runs the bundle
 * @property {Readonly<Record<string, string>>} [env] extra environment (GITHUB_API_URL, proxies...)
 * @property {unknown} [event] written to a file named by GITHUB_EVENT_PATH
 * @property {string} [eventName]
 * @property {string} [workDir] default: a new temporary directory
 * @property {number} [killAfterMs] SIGKILL after this long
 * @property {(pid: number) => void} [onSpawn] e.g. to send the process a signal
 */

/**
 * @typedef {object} StepRun
 * @property {number|null} exitCode
 * @property {NodeJS.Signals|null} signal
 * @property {boolean} killed true when killAfterMs ran out
 * @property {string} stdout
 * @property {string} stderr
 * @property {Record<string, string>} outputs
 * @property {string} summary
 * @property {number} durationMs
 * @property {string} workDir
 */

/**
 * @param {StepOptions} options
 * @returns {Promise<StepRun>}
 */
export async function runStep(options) {
  const files = stepFiles(options.workDir ?? mkdtempSync(join(tmpdir(), 'action-run-')));
  /** @type {Record<string, string>} */
  const env = { ...runnerEnv(files, options.eventName), ...inputEnv(options.inputs), ...options.env };
  if (options.event !== undefined) {
    const eventPath = join(files.dir, 'event.json');
    writeFileSync(eventPath, JSON.stringify(options.event));
    env['GITHUB_EVENT_PATH'] = eventPath;
  }
  const started = Date.now();
  const child = spawn(options.node, [BUNDLE], { env, cwd: files.dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => (stderr += chunk));
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  let killed = false;
  const timer =
    options.killAfterMs === undefined
      ? undefined
      : setTimeout(() => {
          killed = true;
          child.kill('SIGKILL');
        }, options.killAfterMs);
  /** @type {[number|null, NodeJS.Signals|null]} */
  const [exitCode, signal] = await new Promise((done) => child.on('close', (code, sig) => done([code, sig])));
  if (timer !== undefined) clearTimeout(timer);
  return {
    exitCode,
    signal,
    killed,
    stdout,
    stderr,
    outputs: parseOutputFile(readFileSync(files.outputFile, 'utf8')),
    summary: readFileSync(files.summaryFile, 'utf8'),
    durationMs: Date.now() - started,
    workDir: files.dir,
  };
}
