/**
 * End to end: the job's lifecycle when the run is cancelled or answers are odd. The bundle is
 * cancelled as the runner cancels it (SIGINT, then SIGTERM; the kill follows SIGTERM after about
 * 2.5 s) at the moments that matter: a create or message in flight, the wait, with an issue
 * comment. A create answered 2xx in the wrong shape still hands on the job it names.
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { serviceInputs, useEmulator, useFakeGitHub } from '../helpers/emulator-fixture.js';
import { errorLines, runAction, warningLines, type ActionRun, type RunOptions } from '../helpers/run-action.js';

const emulator = useEmulator();
const TOKEN = 'ghs_e2eLifecycleToken0123456789abcdef';
const ISSUE = 12;
// The event's sender maintains the repository, so the trigger gate lets these runs through.
const github = useFakeGitHub({ token: TOKEN, collaborators: { maintainer: 'maintain' } });

/** What the runner leaves a cancelled step: SIGTERM follows SIGINT after 7.5 s, the kill follows SIGTERM after 2.5 s. */
const GRACE_MS = { SIGINT: 7500, SIGTERM: 2500 } as const;

function inputs(extra: Record<string, string> = {}): Record<string, string> {
  return serviceInputs(emulator(), { prompt: 'Document the new /v2/widgets endpoint', ...extra });
}

function withComment(extra: Record<string, string> = {}): Partial<RunOptions> & { inputs: Record<string, string> } {
  return {
    inputs: inputs({ comment: 'true', 'github-token': TOKEN, ...extra }),
    event: {
      action: 'labeled',
      issue: { number: ISSUE, title: 't', body: 'b' },
      label: { name: 'docs-agent' },
      sender: { login: 'maintainer', id: 102, type: 'User' },
    },
    eventName: 'issues',
    env: { GITHUB_API_URL: github().url },
  };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const requestsTo = (endpoint: string): number => emulator().requests.filter((request) => request.endpoint === endpoint).length;

/**
 * Starts a run, sends `signals` (each after its delay) once `ready` holds, and returns the run and
 * how long it took from the first signal to the end of the process.
 */
async function cancelWhen(
  options: RunOptions,
  ready: () => boolean,
  signals: ReadonlyArray<readonly [NodeJS.Signals, number]>,
): Promise<{ run: ActionRun; afterSignalMs: number }> {
  let pid = 0;
  const running = runAction({ ...options, onSpawn: (spawned) => (pid = spawned), killAfterMs: 20_000 });
  await until(ready, 'the moment to cancel');
  const signalled = Date.now();
  for (const [signal, delayMs] of signals) {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    process.kill(pid, signal);
  }
  const run = await running;
  return { run, afterSignalMs: Date.now() - signalled };
}

function infoLines(run: ActionRun): string[] {
  return run.stdout.split('\n').filter((line) => line.startsWith('Received SIG'));
}

describe('cancelled while a create is in flight', () => {
  test('the answer comes during the wait: the log names the job it created and how to resume', async () => {
    emulator().setScenario({ job: { statuses: ['active'] }, faults: [{ endpoint: 'create', kind: 'delay', delayMs: 800 }] });
    const { run, afterSignalMs } = await cancelWhen({ inputs: inputs() }, () => requestsTo('create') === 1, [['SIGTERM', 0]]);
    expect(run.exitCode).toBe(143);
    const jobId = [...emulator().jobs.keys()][0] ?? 'no job';
    expect(jobId).toMatch(/^job_/);
    expect(infoLines(run)).toEqual([
      `Received SIGTERM: stopping. Job ${jobId} keeps running on the service. To wait for it again, run the action with job-id: ${jobId} and no prompt.`,
    ]);
    expect(run.outputs['job-id']).toBe(jobId);
    expect(afterSignalMs).toBeLessThan(GRACE_MS.SIGTERM);
  });

  test('no answer: the log says a job may have started and where to look, and the process still exits promptly', async () => {
    emulator().setScenario({ faults: [{ endpoint: 'create', kind: 'hang', afterAction: true }] });
    const { run, afterSignalMs } = await cancelWhen({ inputs: inputs() }, () => requestsTo('create') === 1, [['SIGINT', 0]]);
    expect(run.exitCode).toBe(130);
    // The service did create it: the message must not say otherwise.
    expect(emulator().createdJobCount).toBe(1);
    expect(infoLines(run)).toEqual([
      'Received SIGINT: stopping. A request to create a job was sent and got no clear answer: the service may have started a job. Check the Mintlify dashboard before re-running, and follow a job you find there with job-id and no prompt instead of creating another.',
    ]);
    expect(afterSignalMs).toBeLessThan(GRACE_MS.SIGINT);
  });

  test('a second signal during the wait writes the line at once and exits', async () => {
    emulator().setScenario({ faults: [{ endpoint: 'create', kind: 'hang', afterAction: true }] });
    const { run, afterSignalMs } = await cancelWhen({ inputs: inputs() }, () => requestsTo('create') === 1, [
      ['SIGINT', 0],
      ['SIGTERM', 200],
    ]);
    expect(run.exitCode).toBe(143);
    expect(infoLines(run)).toEqual([
      expect.stringMatching(/^Received SIGTERM again: stopping\. A request to create a job was sent .* may have started a job/),
    ]);
    // Before the answer wait (2 s after SIGINT) would have ended.
    expect(afterSignalMs).toBeLessThan(2000);
  });
});

test('cancelled while a follow-up is in flight: the log names the job it was sent to', async () => {
  emulator().setScenario({ job: { statuses: ['completed'] } });
  const first = await runAction({ inputs: inputs({ wait: 'false' }) });
  const jobId = first.outputs['job-id'] ?? '';
  emulator().setScenario({ faults: [{ endpoint: 'message', kind: 'hang' }] });
  const { run, afterSignalMs } = await cancelWhen(
    { inputs: inputs({ 'job-id': jobId, prompt: 'Also add an example' }) },
    () => requestsTo('message') === 1,
    [['SIGTERM', 0]],
  );
  expect(run.exitCode).toBe(143);
  expect(infoLines(run)).toEqual([
    `Received SIGTERM: stopping. A follow-up message to job ${jobId} was sent and got no clear answer, so it may or may not have reached the job: check job ${jobId} in the Mintlify dashboard before sending the message again. To wait for the job, run the action with job-id: ${jobId} and no prompt.`,
  ]);
  expect(run.outputs['job-id']).toBe(jobId);
  expect(afterSignalMs).toBeLessThan(GRACE_MS.SIGTERM);
});

describe('the issue comment on cancellation', () => {
  test('cancelled while waiting: the comment says so, with the job id and how to resume', async () => {
    emulator().setScenario({ job: { statuses: ['active'] } });
    const { run, afterSignalMs } = await cancelWhen(
      withComment(),
      () => requestsTo('get') > 0 && github().requests.some((request) => request.method === 'POST'),
      [['SIGINT', 0]],
    );
    expect(run.exitCode).toBe(130);
    const jobId = run.outputs['job-id'] ?? 'no job';
    const comments = github().comments(ISSUE);
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body.startsWith(`<!-- mintlify-docs-agent job=${jobId} -->`)).toBe(true);
    expect(comments[0]?.body).toContain(`### ⏹️ Mintlify agent job \`${jobId}\`: run cancelled`);
    expect(comments[0]?.body).toContain(`A run with \`job-id: ${jobId}\` picks it up and updates this comment.`);
    expect(afterSignalMs).toBeLessThan(GRACE_MS.SIGINT);
  });

  test('a comment call in flight is aborted, and the comment still says the run was cancelled, in time', async () => {
    emulator().setScenario({ job: { statuses: ['active'] } });
    // The "started" comment never gets an answer: without the abort the cancellation would wait for it.
    github().fail({ status: 200, method: 'POST', path: `/repos/acme/docs/issues/${ISSUE}/comments`, hang: true, times: 1 });
    const { run, afterSignalMs } = await cancelWhen(
      withComment(),
      () => requestsTo('get') > 0 && github().requests.some((request) => request.method === 'POST'),
      [['SIGINT', 0]],
    );
    expect(run.exitCode).toBe(130);
    const comments = github().comments(ISSUE);
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toContain('run cancelled');
    expect(warningLines(run)).toEqual([]);
    expect(afterSignalMs).toBeLessThan(GRACE_MS.SIGINT);
  });

  test('a GitHub that answers nothing: the log says the comment could not be updated, and the step ends within its grace', async () => {
    emulator().setScenario({ job: { statuses: ['active'] } });
    github().fail({ status: 200, path: new RegExp(`^/repos/acme/docs/issues/`), hang: true });
    const { run, afterSignalMs } = await cancelWhen(withComment(), () => requestsTo('get') > 0 && github().requests.length > 0, [
      ['SIGINT', 0],
    ]);
    expect(run.exitCode).toBe(130);
    expect(github().comments(ISSUE)).toEqual([]);
    expect(run.stdout).toMatch(
      /GitHub did not answer within the [\d.]+ s a cancelled step has left: the issue comment may still say the job is running\./,
    );
    expect(afterSignalMs).toBeLessThan(GRACE_MS.SIGINT);
  });

  test('cancelled before the create was answered: a comment says a job may have started and where to look', async () => {
    emulator().setScenario({ faults: [{ endpoint: 'create', kind: 'hang', afterAction: true }] });
    const { run, afterSignalMs } = await cancelWhen(withComment(), () => requestsTo('create') === 1, [['SIGTERM', 0]]);
    expect(run.exitCode).toBe(143);
    const comments = github().comments(ISSUE);
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toContain('A job may have started: check the Mintlify dashboard');
    expect(afterSignalMs).toBeLessThan(GRACE_MS.SIGTERM);
  });
});

test('a create answered 2xx in the wrong shape: the job-id output is set and the error says where to look', async () => {
  emulator().setScenario({ job: { malformed: 'status-number' } });
  const run = await runAction(withComment());
  expect(run.exitCode).toBe(1);
  const jobId = [...emulator().jobs.keys()][0] ?? 'no job';
  expect(run.outputs['job-id']).toBe(jobId);
  expect(errorLines(run)).toEqual([
    `::error::create job: job ${jobId} has no string 'status'. The service acted on the request and names job ${jobId}, which was probably started: check it in the Mintlify dashboard, and follow it with job-id: ${jobId} and no prompt instead of starting another job.`,
  ]);
  // Not polled, not repeated; the comment names the job.
  expect(requestsTo('get')).toBe(0);
  expect(requestsTo('create')).toBe(1);
  expect(github().comments(ISSUE)[0]?.body).toContain(`\`job-id: ${jobId}\``);
});

test('a cancelled export leaves no partial file behind', async () => {
  emulator().setScenario({ visitors: { pageCount: 1000 }, faults: [{ endpoint: 'views', kind: 'hang' }] });
  const { run } = await cancelWhen(
    {
      inputs: serviceInputs(emulator(), {
        analytics: 'true',
        'analytics-reports': 'all',
        'analytics-file': 'out/health.json',
      }),
    },
    () => requestsTo('views') === 1,
    [['SIGINT', 0]],
  );
  expect(run.exitCode).toBe(130);
  const out = join(run.workDir, 'out');
  expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
});
