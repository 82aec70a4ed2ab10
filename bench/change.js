// @ts-check
// Section 5, change context: what building the "What changed" section costs, for a 3-commit push
// and for changes of 300 commits and 3,000 files (a push, a merged pull request, a release and a
// daily digest), run by the built action (dist/index.js) against the fake GitHub and the emulator
// in this process, each push and `last-success` digest as the workflow's run 4242 (GITHUB_RUN_ID of
// scripts/lib/runner-step.js) after a successful one. Per scenario: the GitHub requests (the look-up
// of the last successful run included), the time the action reports for reading the
// change and building the section (its own log line), the section's and the whole prompt's bytes,
// and the step's wall time next to the same step with `change-context: none`.
//   node bench/change.js [runs]
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../emulator/server.js';
import { pullRequestEvent, pushEvent, releaseEvent } from '../emulator/github/events.js';
import { addCommit, addPull, addRelease } from '../emulator/github/repository.js';
import { startFakeGitHub } from '../emulator/github/server.js';
import { runStep } from '../scripts/lib/runner-step.js';
import { section, table } from './lib/markdown.js';
import { median } from './lib/stats.js';

const TOKEN = 'ghs_benchChangeToken0123456789abcdef';
const DAY_MS = 86_400_000;
const RUN_ID = 4242;
const WORKFLOW_ID = 1;

/**
 * @typedef {object} ChangeRow
 * @property {string} scenario
 * @property {number} requests GitHub requests of one run (the trigger check's lookup not counted)
 * @property {number} lookups of those, the look-up of where the change starts (the workflow's runs, the ancestry check)
 * @property {number} readMs median of the action's own "read with … in N ms"
 * @property {number} sectionBytes
 * @property {number} promptBytes
 * @property {number} stepMs median wall time of the step
 * @property {number} noneMs median wall time of the same step with change-context: none
 */

/**
 * @typedef {object} Scenario
 * @property {string} eventName
 * @property {unknown} event
 * @property {Record<string, string>} [inputs]
 */

/**
 * `count` commits on main after a first one, `filesEach` new files each (3,000 files for 300 × 10),
 * dated within the last day. Returns the first commit's SHA and the last's.
 * @param {import('../emulator/github/repository.js').RepositoryModel} repository
 * @param {number} count
 * @param {number} filesEach
 * @param {string} [branch]
 */
function commits(repository, count, filesEach, branch = 'main') {
  const first =
    repository.branches.get(branch) ??
    addCommit(repository, branch, {
      message: 'Initial commit',
      files: ['README.md'],
      date: new Date(Date.now() - 3 * DAY_MS).toISOString(),
    });
  let last = first;
  for (let i = 0; i < count; i++) {
    last = addCommit(repository, branch, {
      message: `Change ${i}: update the generated client\n\nLonger description of change ${i}.`,
      author: i % 3 === 0 ? 'alice' : 'bob',
      files: Array.from({ length: filesEach }, (_, j) => ({
        filename: `src/area${i % 12}/module${i}/file${j}.ts`,
        status: /** @type {const} */ ('added'),
        additions: 10 + ((i * 7 + j) % 90),
        deletions: 0,
      })),
    });
  }
  return { first, last };
}

/**
 * The scenarios, each built in a freshly reset fake.
 * @param {import('../emulator/github/server.js').FakeGitHub} github
 * @returns {Array<{ name: string, build: () => Scenario }>}
 */
function scenarios(github) {
  const repository = github.repository;
  const fake = github.state;
  /**
   * The run asking (in progress) and the last successful run before it, at `documented`.
   * @param {string} documented
   * @param {string} head
   * @param {string} [event]
   */
  const runs = (documented, head, event = 'push') => {
    github.addWorkflowRun({ workflowId: WORKFLOW_ID, branch: 'main', headSha: documented, event });
    github.addWorkflowRun({ id: RUN_ID, workflowId: WORKFLOW_ID, branch: 'main', headSha: head, event, status: 'in_progress' });
  };
  return [
    {
      name: 'push, 3 commits (1 from a pull request)',
      build: () => {
        const { first } = commits(repository, 0, 0);
        addPull(repository, { number: 12, title: 'Add the widgets endpoint', labels: ['api'], commits: [{ files: ['src/widgets.ts'] }] });
        addCommit(repository, 'main', { message: 'Fix a typo', files: ['src/util.ts'] });
        const last = addCommit(repository, 'main', { message: 'Bump version', files: ['package.json'] });
        runs(first, last);
        return { eventName: 'push', event: pushEvent(fake, { ref: 'refs/heads/main', before: first, after: last }) };
      },
    },
    {
      name: 'push, 3 commits after a cancelled run of 3 (6 since the last success)',
      build: () => {
        const { first, last: cancelled } = commits(repository, 3, 1);
        const { last } = commits(repository, 3, 1);
        github.addWorkflowRun({ workflowId: WORKFLOW_ID, branch: 'main', headSha: first });
        github.addWorkflowRun({ workflowId: WORKFLOW_ID, branch: 'main', headSha: cancelled, conclusion: 'cancelled' });
        github.addWorkflowRun({ id: RUN_ID, workflowId: WORKFLOW_ID, branch: 'main', headSha: last, status: 'in_progress' });
        return { eventName: 'push', event: pushEvent(fake, { ref: 'refs/heads/main', before: cancelled, after: last }) };
      },
    },
    {
      name: 'push, 300 commits, 3,000 files',
      build: () => {
        const { first, last } = commits(repository, 300, 10);
        runs(first, last);
        return { eventName: 'push', event: pushEvent(fake, { ref: 'refs/heads/main', before: first, after: last }) };
      },
    },
    {
      name: 'merged pull request, 300 commits, 3,000 files',
      build: () => {
        commits(repository, 0, 0);
        const specs = Array.from({ length: 300 }, (_, i) => ({
          message: `Step ${i}`,
          files: Array.from({ length: 10 }, (_, j) => ({
            filename: `src/area${i % 12}/m${i}/f${j}.ts`,
            status: /** @type {const} */ ('added'),
            additions: 10 + j,
            deletions: 0,
          })),
        }));
        const pull = addPull(repository, {
          number: 77,
          title: 'Regenerate the client',
          body: 'Regenerates every module.',
          labels: ['generated'],
          commits: specs,
        });
        return { eventName: 'pull_request', event: pullRequestEvent(fake, pull, 'closed') };
      },
    },
    {
      name: 'release, 300 commits, 3,000 files since the previous',
      build: () => {
        commits(repository, 1, 1);
        addRelease(repository, { tag: 'v1.0.0' });
        commits(repository, 300, 10);
        const release = addRelease(repository, { tag: 'v2.0.0', name: 'Two', body: '## What is new\n- a regenerated client' });
        return { eventName: 'release', event: releaseEvent(fake, release) };
      },
    },
    {
      name: 'daily digest, 300 commits, 3,000 files',
      build: () => {
        commits(repository, 300, 10);
        return { eventName: 'schedule', event: { schedule: '17 6 * * *' }, inputs: { 'change-since': '24h' } };
      },
    },
    {
      name: 'daily digest since the last success, 300 commits, 3,000 files',
      build: () => {
        const { first, last } = commits(repository, 300, 10);
        runs(first, last, 'schedule');
        const event = { schedule: '17 6 * * *', repository: { default_branch: 'main' } };
        return { eventName: 'schedule', event, inputs: { 'change-since': 'last-success' } };
      },
    },
  ];
}

const READ_LINE = /section of (\d+) bytes .*read with (\d+) GitHub requests? in (\d+) ms; the whole prompt is (\d+) bytes/;

/**
 * The requests before the change is read: the workflow's runs, and the one-commit comparison that
 * checks the last documented commit is an ancestor.
 * @param {readonly import('../emulator/github/server.js').RecordedRequest[]} requests
 */
function lookupsOf(requests) {
  let count = 0;
  for (const request of requests) {
    const ancestry = count > 0 && request.path.includes('/compare/') && request.query['per_page'] === '1';
    if (!request.path.includes('/actions/') && !ancestry) break;
    count++;
  }
  return count;
}

/**
 * @param {number} runs
 * @param {(line: string) => void} log
 * @returns {Promise<ChangeRow[]>}
 */
export async function benchChange(runs, log) {
  const emulator = await startEmulator({ scenario: { job: { statuses: ['completed'] } } });
  const github = await startFakeGitHub({ token: TOKEN, repo: 'widgets', collaborators: { maintainer: 'maintain' } });
  /** @type {ChangeRow[]} */
  const rows = [];
  try {
    for (const { name, build } of scenarios(github)) {
      /** @type {number[]} */
      const reads = [];
      /** @type {number[]} */
      const steps = [];
      /** @type {number[]} */
      const nones = [];
      let requests = 0;
      let lookups = 0;
      let sectionBytes = 0;
      let promptBytes = 0;
      for (let round = 0; round < runs; round++) {
        for (const context of ['auto', 'none']) {
          github.reset();
          emulator.reset();
          const scenario = build();
          const result = await runStep({
            inputs: {
              'api-key': emulator.apiKey,
              'project-id': 'bench',
              'base-url': emulator.url,
              'github-token': TOKEN,
              wait: 'false',
              'change-context': context,
              ...(context === 'none' ? { prompt: 'Update the documentation where this change needs it.' } : scenario.inputs),
            },
            event: scenario.event,
            eventName: scenario.eventName,
            env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
            node: process.execPath,
          });
          if (result.exitCode !== 0) throw new Error(`${name} (${context}): exit ${result.exitCode}\n${result.stdout}\n${result.stderr}`);
          if (context === 'none') {
            nones.push(result.durationMs);
            continue;
          }
          const match = READ_LINE.exec(result.stdout);
          if (match === null) throw new Error(`${name}: no 'What changed' line in the log\n${result.stdout}`);
          sectionBytes = Number(match[1]);
          // Reading the change only: the trigger check and the docs-agent status (its cost is in docs/change-context.md) aside.
          const made = github.requests.filter(
            (request) => !request.path.includes('/collaborators/') && !/\/statuses(\/|$)/.test(request.path),
          );
          requests = made.length;
          lookups = lookupsOf(made);
          if (requests - lookups !== Number(match[2])) {
            throw new Error(`${name}: the fake saw ${requests - lookups} requests after the look-up, the action counted ${match[2]}`);
          }
          reads.push(Number(match[3]));
          promptBytes = Number(match[4]);
          steps.push(result.durationMs);
        }
      }
      const row = {
        scenario: name,
        requests,
        lookups,
        readMs: median(reads),
        sectionBytes,
        promptBytes,
        stepMs: median(steps),
        noneMs: median(nones),
      };
      log(`change: ${name}: ${requests} requests (${lookups} to find where it starts), ${row.readMs} ms, ${sectionBytes} section bytes`);
      rows.push(row);
    }
  } finally {
    await github.close();
    await emulator.close();
  }
  return rows;
}

/**
 * @param {readonly ChangeRow[]} rows
 * @param {number} runs
 */
export function renderChange(rows, runs) {
  const bytes = (/** @type {number} */ count) => `${count.toLocaleString('en-US')} B`;
  const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;
  return section('5. Change context', [
    `The built action against the fake GitHub and the emulator on this machine (no network latency: on github.com each request adds its round trip), median of ${runs} runs. The GitHub requests include the look-up of where the change starts (in parentheses: the workflow's runs and the ancestry check). "Read and build" is the action's own measure, from the first request of the read to the finished section; the step times compare the whole run with the same run under \`change-context: none\`.`,
    table(
      ['Change', 'GitHub requests', 'Read and build', 'Section', 'Whole prompt', 'Step', 'Step, change-context: none'],
      rows.map((row) => [
        row.scenario,
        `${row.requests} (${row.lookups})`,
        ms(row.readMs),
        bytes(row.sectionBytes),
        bytes(row.promptBytes),
        ms(row.stepMs),
        ms(row.noneMs),
      ]),
    ),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.argv[2] ?? '5') || 5;
  const rows = await benchChange(runs, (line) => process.stderr.write(`${line}\n`));
  process.stdout.write(`${renderChange(rows, runs)}\n`);
}
