// @ts-check
// `npm start`: runs the built action against the local emulator with a demo prompt and a visitor
// report, then prints the step's logs, its outputs and the rendered job summary. No key, no network.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEmulator } from '../emulator/server.js';

const bundle = resolve('dist/index.js');
const work = mkdtempSync(join(tmpdir(), 'docs-agent-demo-'));
const outputFile = join(work, 'github_output');
const summaryFile = join(work, 'step_summary.md');
writeFileSync(outputFile, '');
writeFileSync(summaryFile, '');

// The previous seven days (for analytics-compare) get smaller totals, so the change shows.
const DAY_MS = 86_400_000;
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const previousFrom = new Date(today - 14 * DAY_MS).toISOString().slice(0, 10);

const emulator = await startEmulator({
  scenario: {
    job: { completeAfterMs: 2500, prLink: 'https://github.com/acme/docs/pull/128', model: 'mintlify-agent', repository: 'https://github.com/acme/docs', ref: 'main' },
    visitors: { pageCount: 1200, totalsByDateFrom: { [previousFrom]: { human: 1_310_204, ai: 402_977, total: 1_633_560 } } },
  },
});

/** @type {Record<string, string>} */
const inputs = {
  'api-key': emulator.apiKey,
  'project-id': 'demo-project',
  'base-url': emulator.url,
  prompt: 'Document the new rate-limit headers on every API reference page.',
  'poll-interval': '500ms',
  'max-poll-interval': '1s',
  analytics: 'true',
  'analytics-days': '7',
  'analytics-compare': 'true',
  'analytics-file': join(work, 'visitors.csv'),
};

/** @type {Record<string, string>} */
const env = {
  PATH: process.env.PATH ?? '',
  GITHUB_OUTPUT: outputFile,
  GITHUB_STEP_SUMMARY: summaryFile,
  GITHUB_ACTIONS: 'true',
  RUNNER_TEMP: work,
};
for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;

const line = (/** @type {string} */ title) => console.log(`\n\x1b[1m── ${title} ${'─'.repeat(Math.max(0, 60 - title.length))}\x1b[0m`);

line('Step log (node dist/index.js)');
const child = spawn(process.execPath, [bundle], { env, stdio: ['ignore', 'inherit', 'inherit'] });
const exitCode = await new Promise((done) => child.on('close', done));
await emulator.close();

line(`Outputs (exit code ${exitCode})`);
// An output set twice (job-id and status are set early, then again at the end) keeps its last value.
const outputs = new Map();
for (const match of readFileSync(outputFile, 'utf8').matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) {
  outputs.set(match[1], match[3]);
}
for (const [name, value] of outputs) console.log(`${name} = ${value}`);
line('Job summary (Markdown, as GitHub receives it)');
console.log(readFileSync(summaryFile, 'utf8'));
line('Files');
console.log(`The export and summary are in ${work}`);
process.exitCode = typeof exitCode === 'number' ? exitCode : 1;
