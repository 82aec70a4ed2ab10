// @ts-check
// Section 1, start-up: wall time of `node dist/index.js` starting a job whose create answer is
// already `completed` (one POST, no poll), against `node -e 0`, a minimal fetch script and a
// curl + jq script, on each Node, and optionally another build of the action (`baseline`, on the
// newest Node). Contenders run round-robin so that background load hits all alike; each round's
// ratio to the fetch script is kept, since load that drifts over the rounds cancels in it.
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createsFor, pollsOf } from './lib/request-log.js';
import { runTimed } from './lib/run-timed.js';
import { median, summarize } from './lib/stats.js';
import { actionEnv, createWorkspace, scriptEnv, stepEnv } from './lib/workspace.js';

const BUNDLE = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const FETCH_SCRIPT = fileURLToPath(new URL('./contenders/fetch-post.js', import.meta.url));
const CURL_SCRIPT = fileURLToPath(new URL('./contenders/curl-post.sh', import.meta.url));
const PROJECT = 'proj_bench';

/**
 * @typedef {import('./lib/nodes.js').NodeBinary} NodeBinary
 * @typedef {import('./lib/emulator-process.js').EmulatorProcess} EmulatorProcess
 * @typedef {import('./lib/workspace.js').Workspace} Workspace
 * @typedef {import('./lib/run-timed.js').TimedRun} TimedRun
 */

/**
 * @typedef {object} Contender
 * @property {string} key unique, also the prompt prefix
 * @property {string} name
 * @property {string} node label of the Node it runs on, '—' for none
 * @property {'e0'|'fetch'|'curl'|'action'|'action-cache'|'baseline'} kind
 * @property {boolean} posts
 * @property {Workspace} workspace
 * @property {(prompt: string) => {command: string, args: string[], env: Record<string, string>}} command
 * @property {(TimedRun & {prompt: string, jobId: string|undefined})[]} runs
 * @property {string[]} failures
 */

/**
 * @typedef {object} StartupRow
 * @property {string} name
 * @property {string} node
 * @property {Contender['kind']} kind
 * @property {ReturnType<typeof summarize>} wall
 * @property {number|undefined} toRequestMs median spawn → POST arrives at the emulator
 * @property {number|undefined} afterRequestMs median POST arrives → process exit
 * @property {number|undefined} postsPerRun
 * @property {number|undefined} getsPerRun
 * @property {ReturnType<typeof summarize>|undefined} perRoundRatio wall time over the same Node's fetch script's, round by round
 * @property {string[]} failures
 */

/**
 * @param {Omit<Contender, 'workspace'|'runs'|'failures'|'command'>} spec
 * @param {(workspace: Workspace, prompt: string) => {command: string, args: string[], env: Record<string, string>}} command
 * @returns {Contender}
 */
function contender(spec, command) {
  const workspace = createWorkspace(spec.key);
  return { ...spec, workspace, runs: [], failures: [], command: (prompt) => command(workspace, prompt) };
}

/**
 * @param {EmulatorProcess} emulator
 * @param {NodeBinary} node
 * @param {string|undefined} baseline another build's index.js, measured beside this one
 * @returns {Contender[]}
 */
function nodeContenders(emulator, node, baseline) {
  const id = `node${node.major}`;
  const on = { node: node.label };
  /** @param {string} prompt */
  const inputs = (prompt) => ({ 'api-key': emulator.apiKey, 'project-id': PROJECT, 'base-url': emulator.url, prompt });
  const list = [
    contender({ ...on, key: `${id}-e0`, name: '`node -e 0`', kind: 'e0', posts: false }, (workspace) => ({
      command: node.path,
      args: ['-e', '0'],
      env: stepEnv(workspace),
    })),
    contender({ ...on, key: `${id}-fetch`, name: '(b) minimal `fetch` script', kind: 'fetch', posts: true }, (workspace, prompt) => ({
      command: node.path,
      args: [FETCH_SCRIPT],
      env: scriptEnv(workspace, emulator, PROJECT, prompt),
    })),
    contender(
      { ...on, key: `${id}-action`, name: '**action** (`node dist/index.js`)', kind: 'action', posts: true },
      (workspace, prompt) => ({
        command: node.path,
        args: [BUNDLE],
        env: actionEnv(workspace, inputs(prompt)),
      }),
    ),
  ];
  if (baseline !== undefined) {
    list.push(
      contender(
        { ...on, key: `${id}-baseline`, name: 'action, the build given as --baseline', kind: 'baseline', posts: true },
        (workspace, prompt) => ({
          command: node.path,
          args: [baseline],
          env: actionEnv(workspace, inputs(prompt)),
        }),
      ),
    );
  }
  // V8's compile cache (NODE_COMPILE_CACHE, or module.enableCompileCache() in code) exists from
  // Node 22. Measured here to decide whether the action should enable it.
  if (node.major >= 22) {
    list.push(
      contender(
        {
          ...on,
          key: `${id}-cache-cold`,
          name: 'action + compile cache, cold (empty cache, as on a fresh runner)',
          kind: 'action-cache',
          posts: true,
        },
        (workspace, prompt) => ({
          command: node.path,
          args: [BUNDLE],
          env: { ...actionEnv(workspace, inputs(prompt)), NODE_COMPILE_CACHE: mkdtempSync(join(workspace.dir, 'cache-')) },
        }),
      ),
      contender(
        {
          ...on,
          key: `${id}-cache-warm`,
          name: 'action + compile cache, warm (cache from an earlier run)',
          kind: 'action-cache',
          posts: true,
        },
        (workspace, prompt) => ({
          command: node.path,
          args: [BUNDLE],
          env: { ...actionEnv(workspace, inputs(prompt)), NODE_COMPILE_CACHE: join(workspace.dir, 'cache') },
        }),
      ),
    );
  }
  return list;
}

/**
 * @param {EmulatorProcess} emulator
 * @returns {Contender}
 */
function curlContender(emulator) {
  return contender({ key: 'curl', name: '(c) bash + curl + jq script', node: '—', kind: 'curl', posts: true }, (workspace, prompt) => ({
    command: 'bash',
    args: [CURL_SCRIPT],
    env: scriptEnv(workspace, emulator, PROJECT, prompt),
  }));
}

/**
 * @param {Contender} contender
 * @param {string} prompt
 * @param {boolean} keep false for the warm-up round
 */
async function runOnce(contender, prompt, keep) {
  contender.workspace.clear();
  const { command, args, env } = contender.command(prompt);
  const run = await runTimed(command, args, { env, cwd: contender.workspace.dir, killAfterMs: 60_000 });
  const outputs = contender.workspace.outputs();
  let failure;
  if (run.code !== 0) failure = `exit ${run.code}: ${(run.stdout + run.stderr).trim().split('\n').slice(-3).join(' | ')}`;
  else if (contender.posts && (!outputs['job-id'] || outputs['status'] !== 'completed')) failure = `outputs ${JSON.stringify(outputs)}`;
  if (failure !== undefined) contender.failures.push(failure);
  else if (keep) contender.runs.push({ ...run, prompt, jobId: outputs['job-id'] });
}

/** @param {string} prompt `key#round` */
const roundOf = (prompt) => prompt.slice(prompt.lastIndexOf('#') + 1);

/**
 * Each round's wall time over `fetch`'s in the same round, for the rounds both completed.
 * @param {Contender} contender
 * @param {Contender|undefined} fetch
 */
function perRoundRatio(contender, fetch) {
  if (fetch === undefined || contender === fetch) return undefined;
  const fetchMs = new Map(fetch.runs.map((run) => [roundOf(run.prompt), run.ms]));
  const ratios = contender.runs.flatMap((run) => {
    const base = fetchMs.get(roundOf(run.prompt));
    return base === undefined ? [] : [run.ms / base];
  });
  return summarize(ratios);
}

/**
 * @param {Contender} contender
 * @param {import('../emulator/server.js').RequestLogEntry[]} log
 * @param {Contender|undefined} fetch the fetch script on the same Node
 * @returns {StartupRow}
 */
function rowOf(contender, log, fetch) {
  const wall = summarize(contender.runs.map((run) => run.ms));
  if (!contender.posts)
    return {
      name: contender.name,
      node: contender.node,
      kind: contender.kind,
      wall,
      toRequestMs: undefined,
      afterRequestMs: undefined,
      postsPerRun: undefined,
      getsPerRun: undefined,
      perRoundRatio: undefined,
      failures: contender.failures,
    };
  /** @type {number[]} */
  const toRequest = [];
  /** @type {number[]} */
  const afterRequest = [];
  let posts = 0;
  for (const run of contender.runs) {
    const creates = createsFor(log, run.prompt);
    posts += creates.length;
    const first = creates[0];
    if (first !== undefined) {
      toRequest.push(first.at - run.startedAt);
      afterRequest.push(run.exitedAt - first.at);
    }
  }
  const gets = contender.runs.reduce((sum, run) => sum + pollsOf(log, run.jobId).length, 0);
  const runs = Math.max(1, contender.runs.length);
  return {
    name: contender.name,
    node: contender.node,
    kind: contender.kind,
    wall,
    toRequestMs: median(toRequest),
    afterRequestMs: median(afterRequest),
    postsPerRun: posts / runs,
    getsPerRun: gets / runs,
    perRoundRatio: perRoundRatio(contender, fetch),
    failures: contender.failures,
  };
}

/**
 * @param {{emulator: EmulatorProcess, nodes: NodeBinary[], runs: number, haveCurl: boolean, baseline?: string, log?: (line: string) => void}} options
 * @returns {Promise<StartupRow[]>}
 */
export async function benchStartup({ emulator, nodes, runs, haveCurl, baseline, log = () => {} }) {
  await emulator.reset();
  await emulator.setScenario({ job: { createStatus: 'completed' } });
  const newest = nodes.at(-1);
  const contenders = nodes.flatMap((node) => nodeContenders(emulator, node, node === newest ? baseline : undefined));
  if (haveCurl) contenders.push(curlContender(emulator));
  try {
    // Round 0 warms the file cache (and the warm compile cache) and is not counted.
    for (let round = 0; round <= runs; round++) {
      for (const contender of contenders) await runOnce(contender, `${contender.key}#${round}`, round > 0);
      if (round > 0 && round % 5 === 0) log(`  start-up: ${round}/${runs} rounds`);
    }
    const requests = await emulator.requests();
    const fetchOn = (/** @type {string} */ node) => contenders.find((contender) => contender.kind === 'fetch' && contender.node === node);
    return contenders.map((contender) => rowOf(contender, requests, fetchOn(contender.node)));
  } finally {
    for (const contender of contenders) contender.workspace.remove();
  }
}
