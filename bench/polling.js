// @ts-check
// Section 2, polling economy: for jobs of 10 s, 1 min and 10 min, the GET requests each client makes
// and its detection lag (job end, per the emulator's clock, to the client's exit), with the clock
// scaled down SCALE times. Each length is run at several phases (job length + a fraction of the curl
// loop's period) so that a fixed-period loop is not measured only at a lucky or unlucky point.
import { fileURLToPath } from 'node:url';
import { startEmulatorProcess } from './lib/emulator-process.js';
import { createsFor, pollsOf } from './lib/request-log.js';
import { runTimed } from './lib/run-timed.js';
import { max, mean } from './lib/stats.js';
import { actionEnv, createWorkspace, scriptEnv } from './lib/workspace.js';

const BUNDLE = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const CURL_POLL = fileURLToPath(new URL('./contenders/curl-poll.sh', import.meta.url));
const PROJECT = 'proj_bench';
/** Every duration is divided by this: job length, poll intervals, the curl loop's period. */
export const SCALE = 20;
const CURL_PERIOD_S = 10;
/** Between the starts of two phases of a long job: more than the longest scaled wait (1.5 s). */
const STAGGER_MS = 2000;

/**
 * @typedef {import('./lib/emulator-process.js').EmulatorProcess} EmulatorProcess
 * @typedef {import('./lib/nodes.js').NodeBinary} NodeBinary
 * @typedef {import('./lib/workspace.js').Workspace} Workspace
 */

/**
 * @typedef {object} Client
 * @property {PollRow['key']} key
 * @property {string} name
 * @property {string} settings as a user would write them (real, unscaled)
 * @property {(workspace: Workspace, prompt: string, service: EmulatorProcess) => {command: string, args: string[], env: Record<string, string>}} command
 * @property {(workspace: Workspace, stdout: string) => {jobId?: string, createdAt?: string, status?: string}} result
 */

/**
 * @typedef {object} PollRun
 * @property {string} client
 * @property {number} jobSeconds real job length, phase included
 * @property {number} gets
 * @property {number} posts
 * @property {number} lagSeconds real seconds
 * @property {string} [failure]
 */

/**
 * @typedef {object} PollRow
 * @property {number} lengthSeconds nominal job length
 * @property {'curl'|'default'|'matched'} key
 * @property {string} client
 * @property {string} settings
 * @property {number} runs
 * @property {number} gets mean over phases
 * @property {number} posts mean over phases
 * @property {number} meanLag real seconds
 * @property {number} maxLag real seconds
 * @property {string[]} failures
 */

/** @param {number} realMs */
const scaled = (realMs) => `${Math.round(realMs / SCALE)}ms`;

/**
 * @param {NodeBinary} node
 * @returns {Client[]}
 */
function clients(node) {
  /**
   * @param {PollRow['key']} key
   * @param {string} name
   * @param {number} intervalS real seconds
   * @param {number} maxIntervalS real seconds
   * @returns {Client}
   */
  const action = (key, name, intervalS, maxIntervalS) => ({
    key,
    name,
    settings: `poll-interval ${intervalS}s, max-poll-interval ${maxIntervalS}s`,
    command: (workspace, prompt, service) => ({
      command: node.path,
      args: [BUNDLE],
      env: actionEnv(workspace, {
        'api-key': service.apiKey,
        'project-id': PROJECT,
        'base-url': service.url,
        prompt,
        'poll-interval': scaled(intervalS * 1000),
        'max-poll-interval': scaled(maxIntervalS * 1000),
      }),
    }),
    result: (workspace) => {
      const outputs = workspace.outputs();
      return { jobId: outputs['job-id'], createdAt: outputs['created-at'], status: outputs['status'] };
    },
  });
  return [
    {
      key: 'curl',
      name: 'curl + jq loop',
      settings: `check every ${CURL_PERIOD_S}s`,
      command: (workspace, prompt, service) => ({
        command: 'bash',
        args: [CURL_POLL],
        env: scriptEnv(workspace, service, PROJECT, prompt, { POLL_PERIOD_MS: String((CURL_PERIOD_S * 1000) / SCALE) }),
      }),
      result: (_workspace, stdout) => {
        /** @type {unknown} */
        const last = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
        const job = /** @type {{id?: string, createdAt?: string, status?: string}} */ (last);
        return { jobId: job.id, createdAt: job.createdAt, status: job.status };
      },
    },
    action('default', 'action, defaults', 5, 30),
    action('matched', 'action, tuned to the curl loop', CURL_PERIOD_S, CURL_PERIOD_S),
  ];
}

/**
 * One phase: a job of `jobSeconds` (real) on its own emulator, every client started at once.
 * @param {EmulatorProcess} emulator
 * @param {Client[]} list
 * @param {number} jobSeconds
 * @returns {Promise<PollRun[]>}
 */
async function runPhase(emulator, list, jobSeconds) {
  const completeAfterMs = (jobSeconds * 1000) / SCALE;
  await emulator.reset();
  await emulator.setScenario({ job: { completeAfterMs } });
  const finished = await Promise.all(
    list.map(async (client) => {
      const prompt = `poll ${jobSeconds}s ${client.key}`;
      const workspace = createWorkspace(`poll-${client.key}`);
      try {
        const { command, args, env } = client.command(workspace, prompt, emulator);
        const run = await runTimed(command, args, { env, cwd: workspace.dir, killAfterMs: 10 * completeAfterMs + 30_000 });
        return { client, prompt, run, result: client.result(workspace, run.stdout) };
      } finally {
        workspace.remove();
      }
    }),
  );
  const log = await emulator.requests();
  return finished.map(({ client, prompt, run, result }) => {
    const createdAtMs = result.createdAt === undefined ? Number.NaN : Date.parse(result.createdAt);
    const ok = run.code === 0 && result.status === 'completed' && !Number.isNaN(createdAtMs);
    return {
      client: client.key,
      jobSeconds,
      gets: pollsOf(log, result.jobId).length,
      posts: createsFor(log, prompt).length,
      lagSeconds: ((run.exitedAt - (createdAtMs + completeAfterMs)) * SCALE) / 1000,
      ...(ok
        ? {}
        : { failure: `exit ${run.code}, status ${result.status}: ${(run.stdout + run.stderr).trim().split('\n').slice(-2).join(' | ')}` }),
    };
  });
}

/**
 * All phases of one job length. A client is never started while another is detecting the end of
 * its job: the CPU that a start-up takes would delay the detection, and any delay is multiplied by
 * SCALE. Short jobs run one phase after the other; long ones would take too long that way, so their
 * phases start STAGGER_MS apart, each on its own emulator, all before the first job ends.
 * @param {EmulatorProcess[]} emulators one per phase
 * @param {Client[]} list
 * @param {number} lengthS nominal real job length
 * @param {readonly number[]} phasesS
 */
async function runLength(emulators, list, lengthS, phasesS) {
  const jobs = phasesS.map((phaseS) => lengthS + phaseS);
  const [first] = emulators;
  if (first === undefined) throw new Error('polling: no emulator');
  if ((lengthS * 1000) / SCALE > STAGGER_MS * phasesS.length) {
    const staggered = jobs.map(async (jobSeconds, index) => {
      await new Promise((resolve) => setTimeout(resolve, index * STAGGER_MS));
      return runPhase(emulators[index] ?? first, list, jobSeconds);
    });
    return (await Promise.all(staggered)).flat();
  }
  /** @type {PollRun[]} */
  const runs = [];
  for (const jobSeconds of jobs) runs.push(...(await runPhase(first, list, jobSeconds)));
  return runs;
}

/**
 * @param {{node: NodeBinary, lengthsS: readonly number[], phasesS: readonly number[], log?: (line: string) => void}} options
 * @returns {Promise<PollRow[]>}
 */
export async function benchPolling({ node, lengthsS, phasesS, log = () => {} }) {
  const emulators = await Promise.all(phasesS.map(() => startEmulatorProcess()));
  try {
    return await measure(emulators, node, lengthsS, phasesS, log);
  } finally {
    await Promise.all(emulators.map((emulator) => emulator.stop()));
  }
}

/**
 * @param {EmulatorProcess[]} emulators
 * @param {NodeBinary} node
 * @param {readonly number[]} lengthsS
 * @param {readonly number[]} phasesS
 * @param {(line: string) => void} log
 */
async function measure(emulators, node, lengthsS, phasesS, log) {
  const list = clients(node);
  /** @type {PollRow[]} */
  const rows = [];
  for (const lengthS of lengthsS) {
    log(`  polling: ${lengthS} s jobs (${(lengthS / SCALE).toFixed(1)} s scaled), ${phasesS.length} phases`);
    const runs = await runLength(emulators, list, lengthS, phasesS);
    for (const client of list) {
      const mine = runs.filter((run) => run.client === client.key);
      const good = mine.filter((run) => run.failure === undefined);
      rows.push({
        lengthSeconds: lengthS,
        key: client.key,
        client: client.name,
        settings: client.settings,
        runs: good.length,
        gets: mean(good.map((run) => run.gets)),
        posts: mean(good.map((run) => run.posts)),
        meanLag: mean(good.map((run) => run.lagSeconds)),
        maxLag: max(good.map((run) => run.lagSeconds)),
        failures: mine.flatMap((run) => (run.failure === undefined ? [] : [run.failure])),
      });
    }
  }
  return rows;
}
