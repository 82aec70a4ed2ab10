// @ts-check
// Runs one process and measures its wall time from spawn to exit with Node's monotonic clock.
import { spawn } from 'node:child_process';

/**
 * @typedef {object} TimedRun
 * @property {number} ms wall time, spawn to exit
 * @property {number} startedAt Date.now() at spawn, to compare with the emulator's clock
 * @property {number} exitedAt Date.now() at exit, to compare with the emulator's clock
 * @property {number|null} code
 * @property {string} stdout
 * @property {string} stderr
 */

/**
 * @param {string} command
 * @param {readonly string[]} args
 * @param {{env: NodeJS.ProcessEnv, cwd?: string, killAfterMs?: number}} options
 * @returns {Promise<TimedRun>}
 */
export function runTimed(command, args, options) {
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { env: options.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    /** @type {{ms: number, exitedAt: number, code: number|null}|undefined} */
    let exit;
    const timer = options.killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), options.killAfterMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      exit = { ms: Number(process.hrtime.bigint() - started) / 1e6, exitedAt: Date.now(), code };
    });
    child.once('close', () => {
      if (timer !== undefined) clearTimeout(timer);
      if (exit === undefined) return reject(new Error(`${command}: closed without exit`));
      resolve({ ...exit, startedAt, stdout, stderr });
    });
  });
}
