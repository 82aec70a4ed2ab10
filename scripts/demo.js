// @ts-check
// `npm start`: runs the built action against the local emulator the way a weekly docs-health
// workflow would: every analytics report, their evidence in the agent's prompt, an export of every
// row, and the impact of the docs pull requests merged in the last weeks (a fake GitHub serves
// them); then prints the step's logs, its outputs and the rendered job summary. No key, no network.
// `npm start -- --push` runs it instead as a docs-on-push workflow does, on a push of three
// commits to a code repository served by the fake GitHub, and also prints the prompt the agent got.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../emulator/server.js';
import { addPull } from '../emulator/github/repository.js';
import { startFakeGitHub } from '../emulator/github/server.js';
import { DEMO_TOKEN, startPushDemo } from './demo-push.js';
import { BUNDLE, inputEnv, parseOutputFile, runnerEnv, stepFiles } from './lib/runner-step.js';

const push = process.argv.includes('--push');

const step = stepFiles(mkdtempSync(join(tmpdir(), 'docs-agent-demo-')));
const work = step.dir;

// The previous seven days (for analytics-compare) get smaller totals, so the change shows.
const DAY_MS = 86_400_000;
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const previousFrom = new Date(today - 14 * DAY_MS).toISOString().slice(0, 10);
const daysAgo = (/** @type {number} */ days) => new Date(today - days * DAY_MS).toISOString().slice(0, 10);

/** Pages changed by the docs pull requests of the impact section, one for each verdict: votes per day before and after the merge. */
const IMPACT_PAGES = [
  {
    number: 121,
    title: 'Rewrite the authentication guide',
    path: 'guides/authentication',
    merged: 45,
    before: [4, 6],
    after: [1, 9],
    search: 'api key',
  },
  {
    number: 118,
    title: 'Split the quickstart into two pages',
    path: 'quickstart',
    merged: 48,
    before: [1, 9],
    after: [3, 7],
    search: 'install',
  },
  {
    number: 124,
    title: 'Clarify rate limits',
    path: 'api-reference/rate-limits',
    merged: 44,
    before: [2, 8],
    after: [2, 8],
    search: 'retry-after',
  },
  {
    number: 119,
    title: 'Fix a typo in the webhooks page',
    path: 'guides/webhooks',
    merged: 50,
    before: [0.05, 0.1],
    after: [0.05, 0.1],
    search: 'webhook',
  },
  {
    number: 131,
    title: 'Document cursor pagination',
    path: 'api-reference/pagination',
    merged: 9,
    before: [3, 7],
    after: [1, 9],
    search: 'cursor',
  },
];
const daily = {
  pageCount: 1200,
  pages: IMPACT_PAGES.map((page) => ({
    path: `/${page.path}`,
    thumbsDown: page.before[0],
    thumbsUp: page.before[1],
    views: 60,
    changeOn: daysAgo(page.merged),
    after: { thumbsDown: page.after[0], thumbsUp: page.after[1], views: 75 },
    searches: [
      { searchQuery: page.search, hits: 12, ctr: 0.4, afterCtr: 0.6 },
      { searchQuery: `${page.search} example`, hits: 3, ctr: 0 },
    ],
  })),
};

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
    // feedback and assistant: the emulator's realistic defaults for the same site; views, votes by page and searches by day.
    ...(!push && { daily }),
  },
});

const common = {
  'api-key': emulator.apiKey,
  'project-id': 'demo-project',
  'base-url': emulator.url,
  'poll-interval': '500ms',
  'max-poll-interval': '1s',
};
const pushDemo = push ? await startPushDemo() : undefined;
const github = push ? undefined : await startFakeGitHub({ token: DEMO_TOKEN });
if (github !== undefined) {
  for (const page of IMPACT_PAGES) {
    const mergedAt = `${daysAgo(page.merged)}T15:00:00Z`;
    addPull(github.repository, { number: page.number, title: page.title, author: 'mintlify[bot]', mergedAt, files: [`${page.path}.mdx`] });
  }
}

/** @type {Record<string, string>} */
const inputs = pushDemo
  ? { ...common, ...pushDemo.inputs }
  : {
      ...common,
      prompt: 'Improve the pages readers rated down this week: fix what their comments point at, and cover the searches nobody clicked.',
      analytics: 'true',
      'analytics-reports': 'all, impact',
      'analytics-in-prompt': 'true',
      'analytics-days': '7',
      'analytics-compare': 'true',
      'analytics-file': join(work, 'docs-health.json'),
      'github-token': DEMO_TOKEN,
    };

/** @type {Record<string, string>} */
const env = { ...runnerEnv(step), ...inputEnv(inputs), ...pushDemo?.env, ...(github && { GITHUB_API_URL: github.url }) };
if (pushDemo) {
  env['GITHUB_EVENT_PATH'] = join(work, 'event.json');
  writeFileSync(env['GITHUB_EVENT_PATH'], JSON.stringify(pushDemo.event, null, 2));
}

const line = (/** @type {string} */ title) => console.log(`\n\x1b[1m── ${title} ${'─'.repeat(Math.max(0, 60 - title.length))}\x1b[0m`);

line('Step log (node dist/index.js)');
const child = spawn(process.execPath, [BUNDLE], { env, stdio: ['ignore', 'inherit', 'inherit'] });
/** @type {number | null} */
const exitCode = await new Promise((done) => child.on('close', done));
const created = emulator.requests.find((request) => request.endpoint === 'create');
await emulator.close();
await github?.close();
if (pushDemo) {
  line(`GitHub requests (${pushDemo.github.requests.length})`);
  for (const request of pushDemo.github.requests) {
    const query = new URLSearchParams(request.query).toString();
    console.log(`${request.method} ${request.path}${query === '' ? '' : `?${query}`} → ${request.status}`);
  }
  await pushDemo.github.close();
  line('The prompt the agent received');
  const body = /** @type {unknown} */ (created === undefined ? {} : JSON.parse(created.body));
  const prompt = typeof body === 'object' && body !== null && 'prompt' in body ? body.prompt : undefined;
  console.log(typeof prompt === 'string' ? prompt : '(no job was created)');
}

line(`Outputs (exit code ${exitCode})`);
// job-id and status are set early and again at the end; the runner keeps the last value.
const outputs = parseOutputFile(readFileSync(step.outputFile, 'utf8'));
for (const [name, value] of Object.entries(outputs)) console.log(`${name} = ${value}`);
line('Job summary (Markdown, as GitHub receives it)');
console.log(readFileSync(step.summaryFile, 'utf8'));
line('Files');
console.log(`The ${push ? 'event payload' : 'export'} and summary are in ${work}`);
process.exitCode = typeof exitCode === 'number' ? exitCode : 1;
