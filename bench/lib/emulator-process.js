// @ts-check
// The service emulator in its own process (emulator/cli.js), steered over its control endpoints, so
// that a measured process competes with nothing of the benchmark's own in its event loop.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../emulator/cli.js', import.meta.url));

/** @typedef {import('../../emulator/server.js').RequestLogEntry} RequestLogEntry */

/**
 * @typedef {object} EmulatorProcess
 * @property {string} url
 * @property {string} apiKey
 * @property {(scenario: unknown) => Promise<void>} setScenario
 * @property {() => Promise<void>} reset clears jobs and the request log
 * @property {() => Promise<RequestLogEntry[]>} requests
 * @property {() => Promise<void>} stop
 */

/** @returns {Promise<EmulatorProcess>} */
export async function startEmulatorProcess() {
  const child = spawn(process.execPath, [CLI, '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout });
  /** @type {string} */
  const first = await new Promise((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`emulator exited with code ${code} before listening`)));
  });
  lines.close();
  /** @type {unknown} */
  const ready = JSON.parse(first);
  const { url, apiKey } = /** @type {{url: string, apiKey: string}} */ (ready);

  /**
   * @param {string} method
   * @param {string} action
   * @param {unknown} [body]
   */
  const control = async (method, action, body) => {
    const response = await fetch(`${url}/__emulator/${action}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`emulator ${method} ${action}: HTTP ${response.status} ${text}`);
    return text;
  };

  return {
    url,
    apiKey,
    setScenario: async (scenario) => void (await control('PUT', 'scenario', scenario)),
    reset: async () => void (await control('POST', 'reset')),
    requests: async () => {
      /** @type {unknown} */
      const entries = JSON.parse(await control('GET', 'requests'));
      return /** @type {RequestLogEntry[]} */ (entries);
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
