// @ts-check
// `npm start`: runs the built action against the local emulator the way a weekly docs-health
// workflow would: every analytics report, their evidence in the agent's prompt, an export of every
// row; then prints the step's logs, its outputs and the rendered job summary. No key, no network.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../emulator/server.js';
import { BUNDLE, inputEnv, parseOutputFile, runnerEnv, stepFiles } from './lib/runner-step.js';

const step = stepFiles(mkdtempSync(join(tmpdir(), 'docs-agent-demo-')));
const work = step.dir;

// The previous seven days (for analytics-compare) get smaller totals, so the change shows.
const DAY_MS = 86_400_000;
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const previousFrom = new Date(today - 14 * DAY_MS).toISOString().slice(0, 10);

const emulator = await startEmulator({
  scenario: {
    job: {
      completeAfterMs: 2500,
      prLink: 'https://github.com/acme/docs/pull/128',
      model: 'mintlify-agent',
      repository: 'https://github.com/acme/docs',
      ref: 'main',
    },
    visitors: { pageCount: 1200, totalsByDateFrom: { [previousFrom]: { human: 1_310_204, ai: 402_977, total: 1_633_560 } } },
    // views, searches, feedback and assistant: the emulator's realistic defaults for the same site.
  },
});

/** @type {Record<string, string>} */
const inputs = {
  'api-key': emulator.apiKey,
  'project-id': 'demo-project',
  'base-url': emulator.url,
  prompt: 'Improve the pages readers rated down this week: fix what their comments point at, and cover the searches nobody clicked.',
  'poll-interval': '500ms',
  'max-poll-interval': '1s',
  analytics: 'true',
  'analytics-reports': 'all',
  'analytics-in-prompt': 'true',
  'analytics-days': '7',
  'analytics-compare': 'true',
  'analytics-file': join(work, 'docs-health.json'),
};

const env = { ...runnerEnv(step), ...inputEnv(inputs) };

const line = (/** @type {string} */ title) => console.log(`\n\x1b[1m── ${title} ${'─'.repeat(Math.max(0, 60 - title.length))}\x1b[0m`);

line('Step log (node dist/index.js)');
const child = spawn(process.execPath, [BUNDLE], { env, stdio: ['ignore', 'inherit', 'inherit'] });
/** @type {number | null} */
const exitCode = await new Promise((done) => child.on('close', done));
await emulator.close();

line(`Outputs (exit code ${exitCode})`);
// job-id and status are set early and again at the end; the runner keeps the last value.
const outputs = parseOutputFile(readFileSync(step.outputFile, 'utf8'));
for (const [name, value] of Object.entries(outputs)) console.log(`${name} = ${value}`);
line('Job summary (Markdown, as GitHub receives it)');
console.log(readFileSync(step.summaryFile, 'utf8'));
line('Files');
console.log(`The export and summary are in ${work}`);
process.exitCode = typeof exitCode === 'number' ? exitCode : 1;
