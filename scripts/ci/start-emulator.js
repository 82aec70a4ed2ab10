// @ts-check
// Starts the emulator in the background for later steps of a workflow job, and returns once it listens:
//   node scripts/ci/start-emulator.js --scenario scripts/ci/scenarios/completed.json [--dir DIR]
// Writes `url`, `api-key`, `pid` and `log` (the emulator's request log) to GITHUB_OUTPUT, or prints
// them when GITHUB_OUTPUT is not set. DIR (default: $RUNNER_TEMP/emulator) receives
// emulator-<scenario>.log and .out. The same on Linux, macOS and Windows: the emulator is a detached
// Node process whose stdout and stderr go to files, so it outlives this step without holding the
// step's pipes open (a Windows step would otherwise wait for it), and no shell is involved.
import { spawn } from 'node:child_process';
import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const EMULATOR_CLI = fileURLToPath(new URL('../../emulator/cli.js', import.meta.url));
const READY_TIMEOUT_MS = 30_000;
const POLL_MS = 50;

/**
 * @typedef {object} StartedEmulator
 * @property {string} url
 * @property {string} apiKey
 * @property {number} pid
 * @property {string} log the emulator's stderr: one line per request it answered
 */

/**
 * The first line of `text` that is the emulator's ready line ({"url","apiKey"}), if any.
 * @param {string} text
 * @returns {{url: string, apiKey: string} | undefined}
 */
export function readyLine(text) {
  for (const line of text.split('\n')) {
    try {
      /** @type {unknown} */
      const parsed = JSON.parse(line);
      if (typeof parsed === 'object' && parsed !== null && 'url' in parsed && 'apiKey' in parsed) {
        const { url, apiKey } = parsed;
        if (typeof url === 'string' && typeof apiKey === 'string') return { url, apiKey };
      }
    } catch {
      // Not the ready line (or not complete yet).
    }
  }
  return undefined;
}

/**
 * Starts `emulator/cli.js` with the scenario, detached, and waits for its ready line.
 * @param {string} scenario path of a scenario JSON file (see emulator/scenario.js)
 * @param {string} dir where the emulator's output files go
 * @returns {Promise<StartedEmulator>}
 */
export async function startEmulator(scenario, dir) {
  const name = basename(scenario).replace(/\.json$/, '');
  const stdoutPath = join(dir, `emulator-${name}.out`);
  const log = join(dir, `emulator-${name}.log`);
  const stdout = openSync(stdoutPath, 'w');
  const stderr = openSync(log, 'w');
  const child = spawn(process.execPath, [EMULATOR_CLI, '--scenario', resolve(scenario)], {
    detached: true,
    stdio: ['ignore', stdout, stderr],
    windowsHide: true,
  });
  closeSync(stdout);
  closeSync(stderr);
  /** @type {string | undefined} */
  let exited;
  child.once('exit', (code, signal) => (exited = `exited with ${signal ?? `code ${code}`}`));
  child.once('error', (error) => (exited = `could not start: ${error.message}`));

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const ready = readyLine(readFileSync(stdoutPath, 'utf8'));
    if (ready !== undefined && child.pid !== undefined) {
      // Let this process exit while the emulator keeps running.
      child.unref();
      return { ...ready, pid: child.pid, log };
    }
    const problem = exited ?? (Date.now() > deadline ? `did not listen within ${READY_TIMEOUT_MS / 1000}s` : undefined);
    if (problem !== undefined) {
      if (exited === undefined) child.kill();
      throw new Error(`the emulator ${problem}:\n${readFileSync(log, 'utf8')}`);
    }
    await new Promise((wake) => setTimeout(wake, POLL_MS));
  }
}

/**
 * `name=value` lines for GITHUB_OUTPUT.
 * @param {StartedEmulator} emulator
 * @returns {string}
 */
export function outputLines(emulator) {
  const outputs = { url: emulator.url, 'api-key': emulator.apiKey, pid: String(emulator.pid), log: emulator.log };
  return Object.entries(outputs)
    .map(([name, value]) => {
      // A value with a line break would need the heredoc form; none of these can have one.
      if (/[\r\n]/.test(value)) throw new Error(`output ${name} has a line break`);
      return `${name}=${value}\n`;
    })
    .join('');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const { values } = parseArgs({ options: { scenario: { type: 'string' }, dir: { type: 'string' } } });
    if (values.scenario === undefined) throw new Error('usage: node scripts/ci/start-emulator.js --scenario FILE [--dir DIR]');
    const dir = values.dir ?? join(process.env['RUNNER_TEMP'] || tmpdir(), 'emulator');
    mkdirSync(dir, { recursive: true });
    const lines = outputLines(await startEmulator(values.scenario, dir));
    const outputFile = process.env['GITHUB_OUTPUT'];
    if (outputFile) appendFileSync(outputFile, lines);
    process.stdout.write(lines);
  } catch (error) {
    process.stderr.write(`start-emulator: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
