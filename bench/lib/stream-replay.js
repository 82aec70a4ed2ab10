// @ts-check
// The docs stream over a week of pushes, replayed through the built action (dist/index.js, one
// process per step, runner-like variables) against the emulator and the fake GitHub, with the push
// example's inputs (extend-open-pr, so commit-status too): every push is a run of the workflow
// `docs-on-push.yml`, and the week has what a real one has: the first run, follow-ups to the open
// docs pull request, that pull request merged mid-week, a follow-up answered 500 and a create
// answered 500 (failed runs), a run cancelled while its follow-up was on its way, a run GitHub
// replaced in the queue (it never ran), a successful run re-run, and a failed run re-run after a
// newer run succeeded. Afterwards it counts how often each commit reached the agent (the range of
// every prompt the service accepted) and the last status of every commit a run decided to document.
// Used by bench/stream-replay.js (a real repository's week) and __tests__/e2e/stream-replay.test.ts.
import { pushEvent } from '../../emulator/github/events.js';
import { addCommit, addPull, commitsBetween } from '../../emulator/github/repository.js';
import { runStep } from '../../scripts/lib/runner-step.js';

/**
 * @typedef {import('../../emulator/github/server.js').FakeGitHub} FakeGitHub
 * @typedef {import('../../emulator/server.js').Emulator} Emulator
 * @typedef {import('../../emulator/github/repository.js').CommitSpec} CommitSpec
 * @typedef {import('../../emulator/github/actions.js').FakeWorkflowRun} FakeWorkflowRun
 */

/**
 * @typedef {object} ReplayPush
 * @property {CommitSpec[]} commits oldest first
 */

/**
 * What happens to a push's run. `normal`: it runs and ends green; `message-500`/`create-500`: the
 * service answers the follow-up or the create with 500 (not acted on), the run fails;
 * `cancelled`: cancelled (SIGINT) while its follow-up is on its way and unanswered; `replaced`:
 * GitHub cancelled it while it waited in the queue, it never ran.
 * @typedef {'normal' | 'message-500' | 'create-500' | 'cancelled' | 'replaced'} Fate
 */

/**
 * @typedef {object} Week
 * @property {Fate[]} fates by push, index 0 first; a push past the end is `normal`
 * @property {number} mergeAfter the docs pull request is merged after this push's run
 * @property {number} rerunSuccess this push's (successful) run is re-run right after it
 * @property {number} rerunLate this push's (failed) run is re-run after this later push's run
 * @property {number} rerunAfter
 */

/** The week of 16 pushes the issue describes, by push index. */
export const WEEK = /** @type {Week} */ ({
  fates: [
    'normal',
    'normal',
    'message-500',
    'normal',
    'normal',
    'normal',
    'create-500',
    'normal',
    'cancelled',
    'replaced',
    'normal',
    'message-500',
    'normal',
    'normal',
    'normal',
    'normal',
  ],
  mergeAfter: 5,
  rerunSuccess: 3,
  rerunLate: 11,
  rerunAfter: 12,
});

export const PUSH_WORKFLOW = '.github/workflows/docs-on-push.yml';
const SERVER = 'https://github.com';
const RUN_BASE = 7000;
const DOCS_PULLS = [90, 91, 92];

/**
 * @typedef {object} ReplayOptions
 * @property {FakeGitHub} github reset, with the token `token`
 * @property {Emulator} emulator reset
 * @property {string} token
 * @property {ReplayPush[]} pushes at least 16
 * @property {string} node the Node that runs the bundle
 * @property {Readonly<Record<string, string>>} [inputs] over the push example's
 * @property {Week} [week]
 * @property {(line: string) => void} [log]
 */

/**
 * @typedef {object} RunRecord
 * @property {number} push index
 * @property {number} attempt
 * @property {Fate | 'rerun'} fate
 * @property {string} head the push's `after`
 * @property {string} outcome 'green', 'skipped', 'failed' or 'cancelled'; 'replaced' for a run that never ran
 * @property {string} sent 'create', 'message', 'nothing' (what the service accepted)
 * @property {number} githubRequests
 */

/**
 * @typedef {object} ReplayReport
 * @property {number} commits pushed during the week
 * @property {Map<string, number>} described how many accepted prompts named each commit's change
 * @property {string[]} missing commits no accepted prompt described
 * @property {string[]} repeated commits described more than once
 * @property {Map<string, string>} finalStatus the last `docs-agent` state of each commit a run decided to document ('absent' for none)
 * @property {string[]} unsettled commits a run decided to document whose last state is pending or absent
 * @property {RunRecord[]} runs in order
 */

/** The push example's inputs (examples/docs-on-push.yml): extend-open-pr, so commit-status too; its prompt. */
export const PUSH_EXAMPLE_INPUTS = {
  'extend-open-pr': 'true',
  'change-paths': 'src/**\nopenapi/**\n!**/*.test.ts',
  prompt:
    'Update the documentation where this change needs it: new and changed options, endpoints, defaults and error messages. ' +
    'Leave pages the change does not touch as they are, and change only documentation.',
};

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {ReplayOptions} options
 * @returns {Promise<ReplayReport>}
 */
export async function replayWeek(options) {
  const { github, emulator } = options;
  const week = options.week ?? WEEK;
  const log = options.log ?? (() => undefined);
  const { owner, repo } = github.state;
  let pull = 0;
  const prLink = () => `${SERVER}/${owner}/${repo}/pull/${DOCS_PULLS[pull]}`;
  addPull(github.repository, { number: DOCS_PULLS[0] ?? 90, merged: false, title: 'Docs update' });
  const start = addCommit(github.repository, 'main', { message: 'Initial commit', files: ['README.md'] });
  /** @type {RunRecord[]} */
  const runs = [];
  /** @type {Array<{ before: string, after: string, run: FakeWorkflowRun }>} */
  const pushed = [];
  /** @type {Set<string>} the heads of the runs that ran: each decided to document its commit */
  const documented = new Set();

  /**
   * Runs one attempt of push `index`'s run with the service answering as `fate` says.
   * @param {number} index
   * @param {number} attempt
   * @param {Fate} fate
   */
  const attemptRun = async (index, attempt, fate) => {
    const at = pushed[index];
    if (at === undefined) throw new Error(`no push ${index}`);
    const { before, after, run } = at;
    Object.assign(run, { status: 'in_progress', conclusion: null, run_attempt: attempt });
    const job = { statuses: ['active', 'completed'], prLink: prLink() };
    const fault = fate === 'message-500' || fate === 'create-500' ? [{ endpoint: fate.split('-')[0], kind: 'status', status: 500 }] : [];
    const hang = fate === 'cancelled' ? [{ endpoint: 'message', kind: 'hang' }] : [];
    emulator.setScenario(/** @type {import('../../emulator/scenario.js').Scenario} */ ({ job, faults: [...fault, ...hang] }));
    const githubBefore = github.requests.length;
    const serviceBefore = emulator.requests.length;
    let pid = 0;
    const running = runStep({
      inputs: {
        'api-key': emulator.apiKey,
        'project-id': 'proj_week',
        'base-url': emulator.url,
        'github-token': options.token,
        'poll-interval': '100ms',
        'max-poll-interval': '200ms',
        ...PUSH_EXAMPLE_INPUTS,
        ...options.inputs,
      },
      event: pushEvent(github.state, { ref: 'refs/heads/main', before, after }),
      eventName: 'push',
      env: {
        GITHUB_API_URL: github.url,
        GITHUB_REPOSITORY: `${owner}/${repo}`,
        GITHUB_SERVER_URL: SERVER,
        GITHUB_RUN_ID: String(run.id),
        GITHUB_RUN_ATTEMPT: String(attempt),
        GITHUB_WORKFLOW_REF: `${owner}/${repo}/${PUSH_WORKFLOW}@refs/heads/main`,
        GITHUB_SHA: after,
        GITHUB_REF: 'refs/heads/main',
      },
      node: options.node,
      killAfterMs: 60_000,
      onSpawn: (spawned) => (pid = spawned),
    });
    if (fate === 'cancelled') {
      // The runner's cancel: SIGINT once the follow-up is on its way and the service has not answered.
      const hung = () => emulator.requests.slice(serviceBefore).some((request) => request.response === 'hang');
      for (let i = 0; i < 800 && !hung(); i++) await sleep(25);
      process.kill(pid, 'SIGINT');
    }
    const step = await running;
    const service = emulator.requests.slice(serviceBefore);
    const accepted = service.find((request) => request.jobCreated === true);
    const outcome =
      step.exitCode === 130 || step.signal !== null
        ? 'cancelled'
        : step.exitCode !== 0
          ? 'failed'
          : step.outputs['skipped'] === 'true'
            ? 'skipped'
            : 'green';
    Object.assign(run, {
      status: 'completed',
      conclusion: outcome === 'failed' ? 'failure' : outcome === 'cancelled' ? 'cancelled' : 'success',
    });
    documented.add(after);
    /** @type {RunRecord} */
    const record = {
      push: index,
      attempt,
      fate: attempt > 1 ? 'rerun' : fate,
      head: after,
      outcome,
      sent: accepted?.endpoint ?? 'nothing',
      githubRequests: github.requests.length - githubBefore,
    };
    runs.push(record);
    log(
      `push ${index + 1}${attempt > 1 ? ` (attempt ${attempt})` : ''}: ${record.fate}, ${outcome}, sent ${record.sent}, ${record.githubRequests} GitHub requests`,
    );
  };

  for (const [index, push] of options.pushes.entries()) {
    const before = github.repository.branches.get('main') ?? start;
    let after = before;
    for (const commit of push.commits) after = addCommit(github.repository, 'main', commit);
    const fate = week.fates[index] ?? 'normal';
    const run = github.addWorkflowRun({
      id: RUN_BASE + index,
      workflowId: 51,
      workflowFile: 'docs-on-push.yml',
      branch: 'main',
      headSha: after,
      status: 'queued',
    });
    pushed.push({ before, after, run });
    if (fate === 'replaced') {
      Object.assign(run, { status: 'completed', conclusion: 'cancelled' });
      runs.push({ push: index, attempt: 1, fate, head: after, outcome: 'replaced', sent: 'nothing', githubRequests: 0 });
      log(`push ${index + 1}: replaced in the queue, never ran`);
    } else await attemptRun(index, 1, fate);
    if (index === week.rerunSuccess) await attemptRun(index, 2, 'normal');
    if (index === week.rerunAfter) await attemptRun(week.rerunLate, 2, 'normal');
    if (index === week.mergeAfter) {
      const docs = github.repository.pulls.find((candidate) => candidate.number === DOCS_PULLS[pull]);
      if (docs !== undefined) Object.assign(docs, { state: 'closed', merged: true });
      pull++;
      addPull(github.repository, { number: DOCS_PULLS[pull] ?? 91, merged: false, title: 'Docs update' });
    }
  }
  return report(github, emulator, start, documented, runs);
}

/**
 * Each commit's count of accepted prompts whose change (the compare range every push prompt names)
 * holds it, and the last status of each commit a run decided to document.
 * @param {FakeGitHub} github
 * @param {Emulator} emulator
 * @param {string} start
 * @param {ReadonlySet<string>} documented
 * @param {RunRecord[]} runs
 * @returns {ReplayReport}
 */
function report(github, emulator, start, documented, runs) {
  const head = github.repository.branches.get('main') ?? start;
  const all = commitsBetween(github.repository, commitOf(github, start), commitOf(github, head));
  /** @type {Map<string, number>} */
  const described = new Map(all.map((commit) => [commit.sha, 0]));
  for (const request of emulator.requests) {
    if (request.jobCreated !== true || (request.endpoint !== 'create' && request.endpoint !== 'message')) continue;
    /** @type {unknown} */
    const body = JSON.parse(request.body);
    const prompt = body !== null && typeof body === 'object' && 'prompt' in body ? body.prompt : undefined;
    const range = typeof prompt === 'string' ? /\/compare\/([0-9a-f]{40})\.\.\.([0-9a-f]{40})/.exec(prompt) : null;
    const base = range?.[1] === undefined ? undefined : github.repository.commits.get(range[1]);
    const tip = range?.[2] === undefined ? undefined : github.repository.commits.get(range[2]);
    if (base === undefined || tip === undefined) continue;
    for (const commit of commitsBetween(github.repository, base, tip)) described.set(commit.sha, (described.get(commit.sha) ?? 0) + 1);
  }
  /** @type {Map<string, string>} */
  const finalStatus = new Map();
  for (const sha of documented) {
    const last = github
      .statuses()
      .filter((status) => status.sha === sha && status.context === 'docs-agent')
      .at(-1);
    finalStatus.set(sha, last?.state ?? 'absent');
  }
  const shas = [...described.keys()];
  return {
    commits: shas.length,
    described,
    missing: shas.filter((sha) => described.get(sha) === 0),
    repeated: shas.filter((sha) => (described.get(sha) ?? 0) > 1),
    finalStatus,
    unsettled: [...finalStatus].filter(([, state]) => state === 'pending' || state === 'absent').map(([sha]) => sha),
    runs,
  };
}

/**
 * @param {FakeGitHub} github
 * @param {string} sha
 */
function commitOf(github, sha) {
  const commit = github.repository.commits.get(sha);
  if (commit === undefined) throw new Error(`fake GitHub: no commit ${sha}`);
  return commit;
}

/** Commits a push carried in a busy week: mostly one (a merged pull request), now and then a few pushed together. */
const WEEK_SHAPE = [1, 1, 3, 1, 2, 1, 1, 5, 1, 1, 2, 1, 1, 4, 1, 1];
const AREAS = ['src/router', 'src/middleware', 'src/adapter', 'src/helper', 'openapi'];
const VERBS = ['Add', 'Fix', 'Support', 'Document', 'Refactor'];
const THINGS = ['route params', 'cookie options', 'streaming responses', 'the CORS headers', 'request validation', 'the client types'];

/**
 * A deterministic week of `count` pushes shaped like a real one (WEEK_SHAPE commits each, one to
 * three files under src/ or openapi/, a test file now and then), for the end-to-end test.
 * @param {number} [count]
 * @returns {ReplayPush[]}
 */
export function generatedWeek(count = WEEK_SHAPE.length) {
  let n = 0;
  return Array.from({ length: count }, (_, push) => ({
    commits: Array.from({ length: WEEK_SHAPE[push % WEEK_SHAPE.length] ?? 1 }, () => {
      n++;
      const area = AREAS[n % AREAS.length] ?? 'src';
      const file = area === 'openapi' ? `openapi/spec-${n % 3}.yaml` : `${area}/module-${n % 7}.ts`;
      const files = n % 4 === 0 ? [file, `${area}/module-${n % 7}.test.ts`] : [file];
      return {
        message: `${VERBS[n % VERBS.length] ?? 'Fix'} ${THINGS[n % THINGS.length] ?? 'it'} (#${100 + n})`,
        author: `dev${(n % 5) + 1}`,
        files: files.map((filename) => ({
          filename,
          status: /** @type {const} */ ('modified'),
          additions: 3 + (n % 40),
          deletions: n % 9,
        })),
      };
    }),
  }));
}
