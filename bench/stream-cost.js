// @ts-check
// What the docs stream's records cost in GitHub requests: one step of the built action
// (dist/index.js) per scenario against the fake GitHub and the emulator, each counted from the
// fake's request log (every request of the measured step, the trigger check's included). The
// steps before a measured one (the run that documented the last commit, the command that started
// the thread's job) run first and are not counted.
//   node bench/stream-cost.js
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../emulator/server.js';
import { pushEvent, releaseEvent } from '../emulator/github/events.js';
import { addCommit, addPull, addRelease } from '../emulator/github/repository.js';
import { startFakeGitHub } from '../emulator/github/server.js';
import { runStep } from '../scripts/lib/runner-step.js';
import { table } from './lib/markdown.js';

const TOKEN = 'ghs_benchStreamToken0123456789abcdef';
const SERVER = 'https://github.com';
const PR_LINK = `${SERVER}/acme/widgets/pull/90`;
const PUSH_WORKFLOW = 'acme/widgets/.github/workflows/docs.yml@refs/heads/main';
const RELEASE_WORKFLOW = 'acme/widgets/.github/workflows/release-notes.yml@refs/tags/v2.0.0';

/**
 * @typedef {object} Bench
 * @property {import('../emulator/github/server.js').FakeGitHub} github
 * @property {import('../emulator/server.js').Emulator} emulator
 */

/**
 * @typedef {object} Step
 * @property {string} eventName
 * @property {unknown} event
 * @property {Record<string, string>} [inputs]
 * @property {Record<string, string>} [env] the runner's variables, over a first attempt of the push workflow
 */

/**
 * Runs one step of the built action; throws unless it ends green.
 * @param {Bench} bench
 * @param {Step} step
 */
async function runGreen(bench, step) {
  const result = await runStep({
    inputs: {
      'api-key': bench.emulator.apiKey,
      'project-id': 'proj_bench',
      'base-url': bench.emulator.url,
      'github-token': TOKEN,
      'poll-interval': '100ms',
      'max-poll-interval': '200ms',
      ...step.inputs,
    },
    event: step.event,
    eventName: step.eventName,
    env: {
      GITHUB_API_URL: bench.github.url,
      GITHUB_REPOSITORY: 'acme/widgets',
      GITHUB_SERVER_URL: SERVER,
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_WORKFLOW_REF: PUSH_WORKFLOW,
      GITHUB_REF: 'refs/heads/main',
      ...step.env,
    },
    node: process.execPath,
  });
  if (result.exitCode !== 0) throw new Error(`exit ${result.exitCode}\n${result.stdout}\n${result.stderr}`);
  return result;
}

/**
 * A push of three commits to main, run as the workflow's run `runId` (in progress, the run before it green at `before`).
 * @param {Bench} bench
 * @param {number} runId
 * @param {string} [before] default: a new first commit
 */
function pushOfThree(bench, runId, before) {
  const { github } = bench;
  const base = before ?? addCommit(github.repository, 'main', { message: 'Initial commit', files: ['README.md'] });
  addCommit(github.repository, 'main', { message: 'Add the widgets endpoint', files: ['src/widgets.ts'] });
  addCommit(github.repository, 'main', { message: 'Fix a typo', files: ['src/util.ts'] });
  const after = addCommit(github.repository, 'main', { message: 'Document the limits', files: ['src/limits.ts'] });
  if (before === undefined) github.addWorkflowRun({ workflowId: 51, branch: 'main', headSha: base });
  const run = github.addWorkflowRun({ id: runId, workflowId: 51, branch: 'main', headSha: after, status: 'in_progress' });
  const event = pushEvent(github.state, { ref: 'refs/heads/main', before: base, after });
  return { after, run, step: { eventName: 'push', event, env: { GITHUB_RUN_ID: String(runId), GITHUB_SHA: after } } };
}

/** The tag that ends the push workflow's statuses (docs/change-context.md, "Whose record it is"). */
const PUSH_TAG = ` [wf ${createHash('sha256').update('.github/workflows/docs.yml\nproj_bench').digest('hex').slice(0, 8)}]`;

/** @param {import('../emulator/github/actions.js').FakeWorkflowRun} run */
function succeed(run) {
  Object.assign(run, { status: 'completed', conclusion: 'success' });
}

/**
 * An issue and a command comment on it, as the `issue_comment` payload.
 * @param {Bench} bench
 * @param {string} body
 */
function commandEvent(bench, body) {
  const comment = bench.github.addComment(7, body, 'lead');
  return {
    action: 'created',
    issue: { number: 7, title: 'Widgets', body: 'Document widgets.', user: { login: 'alice', type: 'User' } },
    comment: { id: comment.id, body: comment.body },
    sender: { login: 'lead', id: 100, type: 'User' },
  };
}

/**
 * Each scenario prepares the fake and returns the step to measure.
 * @type {Array<{ name: string, measure: (bench: Bench) => Promise<Step> }>}
 */
const SCENARIOS = [
  {
    name: 'push of 3 commits, default instruction',
    measure: async (bench) => pushOfThree(bench, 4300).step,
  },
  {
    name: 'push of 3 commits, extend-open-pr, first documented push',
    measure: async (bench) => ({ ...pushOfThree(bench, 4300).step, inputs: { 'extend-open-pr': 'true' } }),
  },
  {
    name: 'push of 3 commits, extend-open-pr, the last job has an open pull request',
    measure: async (bench) => {
      addPull(bench.github.repository, { number: 90, merged: false, title: 'Docs update' });
      const inputs = { 'extend-open-pr': 'true' };
      const first = pushOfThree(bench, 4300);
      await runGreen(bench, { ...first.step, inputs });
      succeed(first.run);
      bench.github.requests.length = 0;
      return { ...pushOfThree(bench, 4301, first.after).step, inputs };
    },
  },
  {
    name: 'push of 3 commits, its re-run (attempt 2)',
    measure: async (bench) => {
      const push = pushOfThree(bench, 4300);
      await runGreen(bench, push.step);
      bench.github.requests.length = 0;
      return { ...push.step, env: { ...push.step.env, GITHUB_RUN_ATTEMPT: '2' } };
    },
  },
  {
    name: 'push of 3 commits after a run the runner killed (its status left pending)',
    measure: async (bench) => {
      const first = pushOfThree(bench, 4300);
      const killed = pushOfThree(bench, 4301, first.after);
      Object.assign(killed.run, { status: 'completed', conclusion: 'cancelled' });
      const description = `Docs agent working: job job_killed${PUSH_TAG}`;
      bench.github.addStatus(killed.after, { state: 'pending', context: 'docs-agent', description });
      return pushOfThree(bench, 4302, killed.after).step;
    },
  },
  {
    name: 'a failed run re-run after a newer run succeeded (nothing to send)',
    measure: async (bench) => {
      const first = pushOfThree(bench, 4300);
      const failed = pushOfThree(bench, 4301, first.after);
      Object.assign(failed.run, { status: 'completed', conclusion: 'failure' });
      const newer = pushOfThree(bench, 4302, failed.after);
      succeed(newer.run);
      return { ...failed.step, env: { ...failed.step.env, GITHUB_RUN_ATTEMPT: '2' } };
    },
  },
  {
    name: 'release with its own prompt and commit-status: true, on a commit the push workflow documented',
    measure: async (bench) => {
      const push = pushOfThree(bench, 4300);
      await runGreen(bench, push.step);
      bench.github.requests.length = 0;
      const release = addRelease(bench.github.repository, { tag: 'v2.0.0', name: 'Two' });
      return {
        eventName: 'release',
        event: releaseEvent(bench.github.state, release),
        inputs: { prompt: 'Write the release notes page for this release.', 'commit-status': 'true' },
        env: { GITHUB_RUN_ID: '4400', GITHUB_SHA: push.after, GITHUB_REF: 'refs/tags/v2.0.0', GITHUB_WORKFLOW_REF: RELEASE_WORKFLOW },
      };
    },
  },
  {
    name: 'a command that follows up the thread job (comment: true)',
    measure: async (bench) => {
      const env = { GITHUB_RUN_ID: '4500', GITHUB_WORKFLOW_REF: 'acme/widgets/.github/workflows/agent.yml@refs/heads/main' };
      await runGreen(bench, {
        eventName: 'issue_comment',
        event: commandEvent(bench, '/docs-agent Document widgets'),
        inputs: { comment: 'true' },
        env,
      });
      bench.github.requests.length = 0;
      const followUp = commandEvent(bench, '/docs-agent Also add a table');
      return { eventName: 'issue_comment', event: followUp, inputs: { comment: 'true' }, env: { ...env, GITHUB_RUN_ID: '4501' } };
    },
  },
];

/** `GET /repos/acme/widgets/commits/<sha>/statuses` → `GET …/commits/{sha}/statuses`: the request's shape, for the breakdown. */
function shapeOf(/** @type {import('../emulator/github/server.js').RecordedRequest} */ request) {
  const path = request.path
    .replace('/repos/acme/widgets', '…')
    .replace(/[0-9a-f]{40}\.\.\.[0-9a-f]{40}/, '{base}...{head}')
    .replace(/[0-9a-f]{40}/, '{sha}')
    .replace(/\/comments\/\d+/, '/comments/{id}');
  return `${request.method} ${path}`;
}

/** @param {(line: string) => void} log */
export async function benchStreamCost(log) {
  const scenario = { job: { statuses: ['active', 'completed'], prLink: PR_LINK } };
  const emulator = await startEmulator();
  const github = await startFakeGitHub({ token: TOKEN, repo: 'widgets', collaborators: { lead: 'maintain' } });
  /** @type {string[][]} */
  const rows = [];
  try {
    for (const measured of SCENARIOS) {
      github.reset();
      emulator.reset();
      emulator.setScenario(scenario);
      const step = await measured.measure({ github, emulator });
      github.requests.length = 0;
      await runGreen({ github, emulator }, step);
      /** @type {Map<string, number>} */
      const shapes = new Map();
      for (const request of github.requests) shapes.set(shapeOf(request), (shapes.get(shapeOf(request)) ?? 0) + 1);
      const breakdown = [...shapes].map(([shape, count]) => (count > 1 ? `${count} × ${shape}` : shape)).join('; ');
      log(`stream cost: ${measured.name}: ${github.requests.length} GitHub requests`);
      rows.push([measured.name, String(github.requests.length), breakdown]);
    }
  } finally {
    await github.close();
    await emulator.close();
  }
  return table(['scenario (first attempt unless said)', 'GitHub requests', 'which'], rows, ['l', 'r', 'l']);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await benchStreamCost((line) => console.error(line)));
}
