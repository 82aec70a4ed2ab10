/**
 * The CI self-test (ci.yml, job self-test) run here: its own steps, read from the workflow, start the
 * emulator with scripts/ci/start-emulator.js, run the built action against it and check the outcome,
 * outputs and job summary with scripts/ci/assert-step.js. And the two scripts on their own: a check
 * that does not hold fails, and an emulator that cannot start fails its step.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { useFakeGitHub } from '../helpers/emulator-fixture.js';
import { runJobLocally, type JobOptions, type JobRun } from '../helpers/local-job.js';
import { bundleNode } from '../helpers/run-action.js';
import { jobsOf, record, stepsOf, type Yaml } from '../helpers/workflow-yaml.js';

const workflow = record(parse(readFileSync('.github/workflows/ci.yml', 'utf8')), 'ci.yml');
const selfTest = jobsOf(workflow, 'ci.yml').get('self-test');
if (selfTest === undefined) throw new Error('ci.yml has no self-test job');
const steps = stepsOf(selfTest, 'self-test');

let job: JobRun;
let runnerTemp: string;

/** The emulators the job started keep running after their step, as on a runner; stop them here. */
function stopEmulators(run: JobRun | undefined): void {
  for (const result of run?.steps.values() ?? []) {
    const pid = Number(result.outputs['pid']);
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid);
      } catch {
        // Already gone.
      }
    }
  }
}

const skipUses: JobOptions['skipUses'] = (uses) => uses.startsWith('actions/checkout@') || uses.startsWith('actions/setup-node@');

beforeAll(async () => {
  runnerTemp = mkdtempSync(join(tmpdir(), 'self-test-'));
  job = await runJobLocally(steps, { runnerTemp, node: bundleNode(), skipUses });
}, 60_000);

afterAll(() => stopEmulators(job));

function step(id: string) {
  const result = job.steps.get(id);
  if (result === undefined) throw new Error(`step ${id} did not run:\n${job.log}`);
  return result;
}

describe('the self-test job of ci.yml, run here', () => {
  test('passes: every check step succeeds', () => {
    expect([job.failedAt, job.log]).toEqual([undefined, expect.any(String)]);
    expect(job.log.match(/^ok: a job summary was written with/gm)).toHaveLength(3);
  });

  test('the completed job hands its pull request to later steps', () => {
    expect(step('completed').outputs).toMatchObject({ status: 'completed', 'pr-link': 'https://github.com/acme/docs/pull/7' });
  });

  test('the failing job fails its step, and continue-on-error lets the job go on', () => {
    expect(step('failed')).toMatchObject({ outcome: 'failure', conclusion: 'success', outputs: { status: 'failed' } });
  });

  test('the analytics run writes its export where the workflow asked', () => {
    expect(step('analytics').outputs['analytics-file']).toBe(`${runnerTemp}/visitors.csv`);
    expect(readFileSync(`${runnerTemp}/visitors.csv`, 'utf8')).toContain('/self-test/quickstart');
  });
});

/**
 * ci.yml runs on `pull_request`, where the action's trigger gate checks the sender. Dependabot's pull
 * requests come from a bot, and a fork's from someone with no role on the repository: the self-test
 * passes for both only because its `uses: ./` steps say `trigger-permission: none` and
 * `allowed-bots: '*'`. Both are run here as a runner would run them, with a workflow token and a
 * GitHub API that knows neither sender; and once more without those two inputs, to prove that they
 * are what lets the job through.
 */
const TOKEN = 'ghs_selfTestWorkflowToken000000000000';
const GATE_INPUTS = ['trigger-permission', 'allowed-bots'];

function pullRequestFrom(login: string, type: 'Bot' | 'User', headRepository: string) {
  const user = { login, type };
  return {
    action: 'opened',
    number: 12,
    sender: user,
    repository: { full_name: 'acme/docs', private: false },
    pull_request: {
      number: 12,
      user,
      head: { ref: 'update', repo: { full_name: headRepository, fork: headRepository !== 'acme/docs' } },
      base: { ref: 'main', repo: { full_name: 'acme/docs' } },
    },
  };
}

/** The self-test's steps with the gate's inputs taken out of every `uses: ./` step. */
function withoutGateInputs(original: readonly Yaml[]): Yaml[] {
  return original.map((candidate) => {
    if (candidate['uses'] !== './') return candidate;
    const inputs = { ...record(candidate['with'], 'with') };
    for (const name of GATE_INPUTS) delete inputs[name];
    return { ...candidate, with: inputs };
  });
}

test("every step that runs the action sets the gate's inputs the pull request runs below depend on", () => {
  const actionSteps = steps.filter((candidate) => candidate['uses'] === './');
  expect(actionSteps).toHaveLength(3);
  for (const actionStep of actionSteps) {
    expect(record(actionStep['with'], 'with')).toMatchObject({ 'trigger-permission': 'none', 'allowed-bots': '*' });
  }
});

describe.each([
  {
    sender: 'Dependabot',
    payload: pullRequestFrom('dependabot[bot]', 'Bot', 'acme/docs'),
    refusal: /triggered by the bot @dependabot\[bot\]/,
  },
  {
    sender: 'a fork author',
    payload: pullRequestFrom('octo-fork', 'User', 'octo-fork/docs'),
    refusal: /triggered by @octo-fork, whose role/,
  },
])('the self-test job on a pull request from $sender', ({ payload, refusal }) => {
  const github = useFakeGitHub({ token: TOKEN });
  let asWritten: JobRun | undefined;
  let ungated: JobRun | undefined;

  beforeAll(async () => {
    const options: JobOptions = {
      runnerTemp: mkdtempSync(join(tmpdir(), 'self-test-pr-')),
      node: bundleNode(),
      skipUses,
      event: { name: 'pull_request', payload },
      runnerInputs: { 'github-token': TOKEN },
      runnerEnv: { GITHUB_API_URL: github().url },
    };
    asWritten = await runJobLocally(steps, options);
    ungated = await runJobLocally(withoutGateInputs(steps), { ...options, runnerTemp: mkdtempSync(join(tmpdir(), 'self-test-pr-')) });
  }, 90_000);

  afterAll(() => {
    stopEmulators(asWritten);
    stopEmulators(ungated);
  });

  test('passes with the inputs ci.yml gives', () => {
    expect([asWritten?.failedAt, asWritten?.log]).toEqual([undefined, expect.any(String)]);
    expect(asWritten?.log.match(/^ok: a job summary was written with/gm)).toHaveLength(3);
    expect(asWritten?.steps.get('completed')?.outputs['skipped']).toBe('false');
  });

  test('fails at the first action step without them: the gate refuses the sender', () => {
    expect(ungated?.failedAt).toBe('Run the action (completed job)');
    expect(ungated?.steps.get('completed')?.log).toMatch(refusal);
  });
});

/** assert-step.js on its own, with a step result and a directory of summaries like the runner's. */
function assertStep(stepJson: unknown, args: string[], summaries: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'assert-step-'));
  for (const [name, text] of Object.entries(summaries)) writeFileSync(join(dir, name), text);
  const ownSummary = join(dir, 'step_summary_own');
  writeFileSync(ownSummary, '');
  return spawnSync(process.execPath, ['scripts/ci/assert-step.js', ...args], {
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', STEP: JSON.stringify(stepJson), GITHUB_STEP_SUMMARY: ownSummary },
  });
}

describe('scripts/ci/assert-step.js', () => {
  const completed = { outcome: 'success', conclusion: 'success', outputs: { status: 'completed', 'job-id': 'job_1_abc' } };

  test('passes when every check holds', () => {
    const result = assertStep(completed, ['--outcome', 'success', '--output', 'status=completed', '--summary-includes-output', 'job-id'], {
      'step_summary_1-scrubbed': '| Job | `job_1_abc` |',
    });
    expect(result.stdout).toContain('ok: output status is');
    expect(result.status).toBe(0);
  });

  test('a wrong output, outcome or pattern fails with one error annotation each', () => {
    const result = assertStep(completed, ['--outcome', 'failure', '--output', 'status=failed', '--output-matches', 'job-id=^run_']);
    expect(result.status).toBe(1);
    expect(result.stdout.split('\n').filter((line) => line.startsWith('::error::'))).toEqual([
      '::error::outcome is failure (got success)',
      "::error::output status is 'failed' (got 'completed')",
      "::error::output job-id matches /^run_/ (got 'job_1_abc')",
    ]);
  });

  test("a summary that is missing, or another run's, fails the summary check", () => {
    const none = assertStep(completed, ['--summary-includes-output', 'job-id']);
    expect(none.status).toBe(1);
    expect(none.stdout).toContain("::error::a job summary was written with 'job_1_abc' (0 earlier summaries found)");
    const other = assertStep(completed, ['--summary-includes-output', 'job-id'], { 'step_summary_2-scrubbed': '`job_2_def`' });
    expect(other.status).toBe(1);
  });

  test('an output file that does not exist fails', () => {
    const result = assertStep({ ...completed, outputs: { 'analytics-file': join(tmpdir(), 'no-such-export.csv') } }, [
      '--output-file',
      'analytics-file',
    ]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('::error::output analytics-file names a file that is not empty');
  });

  test('nothing to check, or no STEP, is an error rather than a pass', () => {
    expect(assertStep(completed, []).status).toBe(2);
    const unset = spawnSync(process.execPath, ['scripts/ci/assert-step.js', '--outcome', 'success'], {
      encoding: 'utf8',
      env: { PATH: process.env['PATH'] ?? '' },
    });
    expect(unset.status).toBe(2);
    expect(unset.stdout).toContain('STEP is not set');
  });
});

describe('scripts/ci/start-emulator.js', () => {
  test('a scenario the emulator rejects fails the step with the emulator message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'start-emulator-'));
    const scenario = join(dir, 'typo.json');
    writeFileSync(scenario, JSON.stringify({ job: { statuss: ['completed'] } }));
    const outputFile = join(dir, 'github_output');
    writeFileSync(outputFile, '');
    const result = spawnSync(process.execPath, ['scripts/ci/start-emulator.js', '--scenario', scenario, '--dir', dir], {
      encoding: 'utf8',
      env: { PATH: process.env['PATH'] ?? '', GITHUB_OUTPUT: outputFile },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the emulator exited with code 2');
    expect(result.stderr).toContain('scenario.job.statuss is not a known scenario field');
    expect(readFileSync(outputFile, 'utf8')).toBe('');
  });
});
