// @ts-check
// Where the action's start-up goes: one run of dist/index.js under `--cpu-prof`, its samples put in
// a few buckets by what V8 was doing. Profiling slows the run a little; the shares are what count.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTimed } from './lib/run-timed.js';
import { actionEnv, createWorkspace } from './lib/workspace.js';

const BUNDLE = fileURLToPath(new URL('../dist/index.js', import.meta.url));

/**
 * @typedef {object} ProfileNode
 * @property {number} id
 * @property {{functionName: string, url: string}} callFrame
 */

/** @type {readonly {bucket: string, test: (frame: ProfileNode['callFrame']) => boolean}[]} */
const BUCKETS = [
  { bucket: 'V8 compiles dist/index.js', test: (frame) => /^compile(SourceTextModule|Function)$|^wrapSafe$/.test(frame.functionName) },
  { bucket: 'Node loads its own built-in modules', test: (frame) => frame.functionName === 'compileForInternalLoader' },
  { bucket: "bundle code: dependencies' set-up, then the action", test: (frame) => /\/dist\/[^/]+\.js$/.test(frame.url) },
  { bucket: 'garbage collection', test: (frame) => frame.functionName === '(garbage collector)' },
  // npm undici's cookie code reads globalThis.Headers, and Node builds its own fetch to answer.
  {
    bucket: "Node's own undici (globalThis.Headers, read by npm undici)",
    test: (frame) => frame.url === 'node:internal/deps/undici/undici',
  },
  {
    bucket: 'Node internals (module loader, net, streams, fs)',
    test: (frame) => frame.url.startsWith('node:') || (frame.url === '' && /^[a-z]/i.test(frame.functionName)),
  },
  { bucket: 'unattributed V8 work, idle (waiting for the answer)', test: () => true },
];

/**
 * @param {string} file
 * @returns {{bucket: string, ms: number}[]}
 */
function bucketsOf(file) {
  /** @type {unknown} */
  const parsed = JSON.parse(readFileSync(file, 'utf8'));
  const profile = /** @type {{nodes: ProfileNode[], samples: number[], timeDeltas: number[]}} */ (parsed);
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  /** @type {Map<string, number>} */
  const totals = new Map(BUCKETS.map(({ bucket }) => [bucket, 0]));
  profile.samples.forEach((id, index) => {
    const frame = frames.get(id);
    const bucket = frame === undefined ? BUCKETS.at(-1)?.bucket : BUCKETS.find(({ test }) => test(frame))?.bucket;
    if (bucket !== undefined) totals.set(bucket, (totals.get(bucket) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals].map(([bucket, ms]) => ({ bucket, ms }));
}

/**
 * @param {{node: import('./lib/nodes.js').NodeBinary, emulator: import('./lib/emulator-process.js').EmulatorProcess, runs: number}} options
 * @returns {Promise<{bucket: string, ms: number}[]>} median over the runs, per bucket
 */
export async function profileStartup({ node, emulator, runs }) {
  await emulator.setScenario({ job: { createStatus: 'completed' } });
  const workspace = createWorkspace('profile');
  const profiles = mkdtempSync(join(tmpdir(), 'bench-cpuprof-'));
  try {
    for (let run = 0; run < runs; run++) {
      workspace.clear();
      const env = actionEnv(workspace, {
        'api-key': emulator.apiKey,
        'project-id': 'proj_bench',
        'base-url': emulator.url,
        prompt: `profile#${run}`,
      });
      const result = await runTimed(node.path, ['--cpu-prof', '--cpu-prof-interval', '200', '--cpu-prof-dir', profiles, BUNDLE], {
        env,
        cwd: workspace.dir,
      });
      if (result.code !== 0) throw new Error(`profiled run failed: ${result.stdout}${result.stderr}`);
    }
    const all = readdirSync(profiles).map((name) => bucketsOf(join(profiles, name)));
    return BUCKETS.map(({ bucket }) => {
      const values = all.map((buckets) => buckets.find((entry) => entry.bucket === bucket)?.ms ?? 0).sort((a, b) => a - b);
      return { bucket, ms: values[Math.floor(values.length / 2)] ?? 0 };
    });
  } finally {
    workspace.remove();
    rmSync(profiles, { recursive: true, force: true });
  }
}
