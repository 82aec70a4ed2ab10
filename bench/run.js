// @ts-check
// `npm run bench` (`-- --quick` for a smaller run): measures the built action (dist/) against what a
// user would write instead, on the local emulator, then prints the report and writes
// bench/results.md. Sections: start-up, polling economy, analytics export, bundle, change context
// (with change-paths at its worst), the impact report.
//   node bench/run.js [--quick] [--only=startup,polling,analytics,bundle,change,impact] [--runs=N]
//     [--baseline=OTHER/dist/index.js]
// --runs sets the start-up rounds; --baseline measures another build of the action beside this one.
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchAnalytics } from './analytics.js';
import { describeBundle } from './bundle.js';
import { benchChange, renderChange } from './change.js';
import { benchChangePaths, renderChangePaths } from './change-paths.js';
import { benchImpact, renderImpact } from './impact.js';
import { startEmulatorProcess } from './lib/emulator-process.js';
import { currentLoad, describeMachine } from './lib/machine.js';
import { section, table } from './lib/markdown.js';
import { findNodes } from './lib/nodes.js';
import { SCALE, benchPolling } from './polling.js';
import { renderAnalytics, renderBundle, renderPolling, renderStartup, renderTargets } from './report.js';
import { benchStartup } from './startup.js';
import { profileStartup } from './startup-profile.js';

const RESULTS = fileURLToPath(new URL('./results.md', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const SECTIONS = ['startup', 'polling', 'analytics', 'bundle', 'change', 'impact'];

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, only: { type: 'string' }, runs: { type: 'string' }, baseline: { type: 'string' } },
});
const quick = values.quick === true;
const only = new Set(values.only?.split(',') ?? SECTIONS);
const unknown = [...only].filter((name) => !SECTIONS.includes(name));
if (unknown.length > 0) throw new Error(`unknown section(s) ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
if (!existsSync(BUNDLE)) throw new Error('dist/index.js is missing: run `npm run build` first.');
const baseline = values.baseline === undefined ? undefined : resolve(values.baseline);
if (baseline !== undefined && !existsSync(baseline)) throw new Error(`--baseline: ${baseline} does not exist`);
if (values.runs !== undefined && !/^[1-9]\d*$/.test(values.runs)) throw new Error(`--runs: a whole number of rounds, not '${values.runs}'`);

const config = quick
  ? { runs: 10, profileRuns: 1, lengthsS: [10, 60], phasesS: [0, 5], pages: [1_000, 10_000], changeRuns: 3 }
  : {
      runs: 20,
      profileRuns: 3,
      lengthsS: [10, 60, 600],
      phasesS: [0, 1.25, 2.5, 3.75, 5, 6.25, 7.5, 8.75],
      pages: [1_000, 10_000, 100_000],
      changeRuns: 10,
    };
if (values.runs !== undefined) config.runs = Number(values.runs);

/** @param {string} line */
const log = (line) => process.stderr.write(`${line}\n`);
const started = Date.now();
const machine = describeMachine();
const { nodes, notes } = findNodes();
const newest = nodes.at(-1);
if (newest === undefined) throw new Error('no Node binary found');
const haveShell = ![machine.curl, machine.jq, machine.bash].includes('missing');
if (!haveShell) notes.push('bash, curl or jq is missing: the shell contenders are skipped.');
const loads = [`start: ${currentLoad()}`];

/** @type {Parameters<typeof renderTargets>[0]} */
const results = {};
/** @type {string[]} */
const sections = [];

if (only.has('startup')) {
  log(`start-up: ${config.runs} rounds on ${nodes.map((node) => node.version).join(', ')}`);
  const emulator = await startEmulatorProcess();
  try {
    results.startup = await benchStartup({ emulator, nodes, runs: config.runs, haveCurl: haveShell, baseline, log });
    log(`start-up: profiling on ${newest.version}`);
    const profile = await profileStartup({ node: newest, emulator, runs: config.profileRuns });
    sections.push(renderStartup(results.startup, config.runs, profile, newest.label));
  } finally {
    await emulator.stop();
  }
  loads.push(`after start-up: ${currentLoad()}`);
}
if (only.has('polling')) {
  if (haveShell) {
    log(`polling: jobs of ${config.lengthsS.join(', ')} s, scaled 1/${SCALE}, on ${newest.version}`);
    results.polling = await benchPolling({ node: newest, lengthsS: config.lengthsS, phasesS: config.phasesS, log });
    sections.push(renderPolling(results.polling, SCALE, config.phasesS));
  } else {
    sections.push(section('2. Polling economy', ['Skipped: bash, curl or jq is missing.']));
  }
  loads.push(`after polling: ${currentLoad()}`);
}
if (only.has('analytics')) {
  log(`analytics: ${config.pages.join(', ')} pages (bench/analytics-export.js)`);
  results.analytics = await benchAnalytics(config.pages);
  sections.push(renderAnalytics(results.analytics));
  loads.push(`after analytics: ${currentLoad()}`);
}
if (only.has('bundle')) sections.push(renderBundle(describeBundle()));
if (only.has('change')) {
  log(`change context: ${config.changeRuns} runs of each change against the fake GitHub`);
  sections.push(renderChange(await benchChange(config.changeRuns, log), config.changeRuns));
  log(`change-paths: 100 patterns like *a*a…b against 4 KB paths, ${config.changeRuns} runs`);
  sections.push(renderChangePaths(await benchChangePaths(config.changeRuns), config.changeRuns));
  loads.push(`after change context: ${currentLoad()}`);
}
if (only.has('impact')) {
  log(`impact report: 10 merged pull requests over 8 weeks on a 1,000-page site, ${config.changeRuns} runs`);
  sections.push(renderImpact(await benchImpact(config.changeRuns)));
  loads.push(`after impact: ${currentLoad()}`);
}

const header = [
  `# Benchmark results${quick ? ' (--quick)' : ''}`,
  `Written by \`npm run bench${quick ? ' -- --quick' : ''}\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC in ${Math.round((Date.now() - started) / 1000)} s. Reproduce: \`npm ci && npm run build && npm run bench\`.`,
  table(
    ['Machine', ''],
    [
      ['CPU', `${machine.cpu}, ${machine.cores} cores`],
      ['Memory, OS', `${machine.memoryGiB} GiB, ${machine.os}`],
      [
        'Node',
        nodes
          .map((node) => `${node.version} (${node.path === process.execPath ? 'running the benchmark' : 'scripts/node24.sh'})`)
          .join(', '),
      ],
      ['Tools', `${machine.curl}, ${machine.jq}, bash ${machine.bash}; hyperfine: ${machine.hyperfine}`],
      ['Load average (1, 5, 15 min)', loads.join('; ')],
    ],
    ['l', 'l'],
  ),
  ...notes.map((note) => `> ${note}`),
].join('\n\n');
const report = [header, renderTargets(results), ...sections].join('\n\n') + '\n';
writeFileSync(RESULTS, report);
process.stdout.write(report);
log(`wrote ${RESULTS} (${Math.round((Date.now() - started) / 1000)} s)`);
