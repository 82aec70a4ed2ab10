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
import { runJobLocally, type JobRun } from '../helpers/local-job.js';
import { bundleNode } from '../helpers/run-action.js';
import { jobsOf, record, stepsOf } from '../helpers/workflow-yaml.js';

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

beforeAll(async () => {
  runnerTemp = mkdtempSync(join(tmpdir(), 'self-test-'));
  job = await runJobLocally(steps, {
    runnerTemp,
    node: bundleNode(),
    skipUses: (uses) => uses.startsWith('actions/checkout@') || uses.startsWith('actions/setup-node@'),
  });
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
