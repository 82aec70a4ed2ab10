/**
 * End to end: the built bundle in its own process, as the runner starts it, against the emulator.
 * `npm run test:e2e:node24` runs the same tests with the bundle on Node 24.
 */
import { describe, expect, test } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceInputs, useEmulator } from '../helpers/emulator-fixture.js';
import { bundleNode, errorLines, runAction, visible, type ActionRun } from '../helpers/run-action.js';

const emulator = useEmulator();

function inputs(extra: Record<string, string> = {}): Record<string, string> {
  return serviceInputs(emulator(), { prompt: 'Document the new /v2/widgets endpoint', ...extra });
}

function expectNoKey(run: ActionRun, key = emulator().apiKey): void {
  expect(visible(run)).not.toContain(key);
}

describe('agent job', () => {
  test('creates a job, waits, and hands the PR to later steps', async () => {
    emulator().setScenario({
      job: { statuses: ['active', 'active', 'completed'], prLink: 'https://github.com/acme/docs/pull/77', model: 'agent-model-1' },
    });
    const run = await runAction({ inputs: inputs() });
    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({
      status: 'completed',
      'pr-link': 'https://github.com/acme/docs/pull/77',
      'pr-number': '77',
      model: 'agent-model-1',
    });
    expect(run.outputs['job-id']).toMatch(/^job_/);
    expect(run.summary).toContain('## Mintlify agent job');
    expect(run.summary).toContain('(https://github.com/acme/docs/pull/77)');
    expect(run.stdout).toContain('::notice::Pull request for job');
    expect(run.stdout).toContain('::group::Start agent job');
    const creates = emulator().requests.filter((r) => r.endpoint === 'create');
    expect(creates).toHaveLength(1);
    expect(creates[0]?.headers['authorization']).toBe(`Bearer ${emulator().apiKey}`);
    expect(creates[0]?.headers['content-type']).toBe('application/json');
    const nodeVersion = bundleNode() === process.execPath ? process.versions.node : '24\\.';
    expect(creates[0]?.headers['user-agent']).toMatch(new RegExp(`^mintlify-docs-agent-action/\\d+\\.\\d+\\.\\d+ node/${nodeVersion}`));
    expect(JSON.parse(creates[0]?.body ?? '{}')).toEqual({ prompt: 'Document the new /v2/widgets endpoint' });
    expect(emulator().requests.filter((r) => r.endpoint === 'get')).toHaveLength(3);
    expectNoKey(run);
  });
});

describe('job outcomes', () => {
  test('failed fails the step with outputs set', async () => {
    emulator().setScenario({ job: { statuses: ['active', 'failed'] } });
    const run = await runAction({ inputs: inputs() });
    expect(run.exitCode).toBe(1);
    expect(run.outputs['status']).toBe('failed');
    expect(errorLines(run).join('\n')).toMatch(/Job job_\S+ failed\./);
  });

  test('completed without PR passes by default and fails with fail-on no-pr', async () => {
    emulator().setScenario({ job: { statuses: ['completed'], prLink: null } });
    const pass = await runAction({ inputs: inputs() });
    expect(pass.exitCode).toBe(0);
    expect(pass.outputs['pr-link']).toBe('');
    const fail = await runAction({ inputs: inputs({ 'fail-on': 'failed,no-pr' }) });
    expect(fail.exitCode).toBe(1);
    expect(errorLines(fail).join('\n')).toContain('without a pull request');
  });

  test('timeout: outputs set, message names the job and how to resume, then resume with job-id', async () => {
    emulator().setScenario({ job: { completeAfterMs: 2000 } });
    const run = await runAction({ inputs: inputs({ timeout: '1s' }) });
    expect(run.exitCode).toBe(1);
    const jobId = run.outputs['job-id'] ?? '';
    expect(jobId).toMatch(/^job_/);
    expect(run.outputs['status']).toBe('active');
    expect(errorLines(run).join('\n')).toContain(`job-id: ${jobId} and no prompt`);
    expect(run.durationMs).toBeLessThan(8000);

    const resumed = await runAction({ inputs: inputs({ prompt: '', 'job-id': jobId, timeout: '10s' }) });
    expect(resumed.exitCode).toBe(0);
    expect(resumed.outputs['status']).toBe('completed');
    expect(emulator().requests.filter((r) => r.endpoint === 'create')).toHaveLength(1);
  });

  test('a Retry-After longer than the time left ends the wait at once, as a timeout that says why', async () => {
    emulator().setScenario({
      job: { statuses: ['active'] },
      faults: [{ endpoint: 'get', kind: 'status', status: 429, retryAfter: '3600', times: Infinity }],
    });
    const run = await runAction({ inputs: inputs({ timeout: '1m' }) });
    expect(run.exitCode).toBe(1);
    expect(run.outputs['status']).toBe('active');
    const errors = errorLines(run).join('\n');
    expect(errors).toContain('the service asked to wait 1h (Retry-After), but the timeout ends in');
    expect(errors).toContain('and no prompt');
    expect(emulator().requests.filter((r) => r.endpoint === 'get')).toHaveLength(1);
    expect(run.durationMs).toBeLessThan(10_000);
    // The job card says the service asked to wait past the timeout, not that the timeout ran out.
    expect(run.summary).toContain('⏱️ still running: the service asked to wait 1h (Retry-After), past the timeout');
    expect(run.summary).not.toContain('when the timeout ran out');
  });

  test('timeout left out of fail-on: green step with status active', async () => {
    emulator().setScenario({ job: { statuses: ['active'] } });
    const run = await runAction({ inputs: inputs({ timeout: '1s', 'fail-on': 'failed' }) });
    expect(run.exitCode).toBe(0);
    expect(run.outputs['status']).toBe('active');
    expect(run.stdout).toContain('::warning::');
  });

  test('follow-up message to an existing job, then waiting', async () => {
    emulator().setScenario({ job: { statuses: ['completed'] } });
    const first = await runAction({ inputs: inputs({ wait: 'false' }) });
    const jobId = first.outputs['job-id'] ?? '';
    expect(first.outputs['status']).toBe('active');
    const followUp = await runAction({ inputs: inputs({ 'job-id': jobId, prompt: 'Also add an example' }) });
    expect(followUp.exitCode).toBe(0);
    const message = emulator().requests.find((r) => r.endpoint === 'message');
    expect(message?.jobId).toBe(jobId);
    expect(JSON.parse(message?.body ?? '{}')).toEqual({ prompt: 'Also add an example' });
    expect(emulator().requests.filter((r) => r.endpoint === 'create')).toHaveLength(1);
  });

  test('prompt-file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prompt-file-'));
    writeFileSync(join(dir, 'prompt.md'), '# Long prompt\n\nDocument everything.\n');
    const run = await runAction({ inputs: inputs({ prompt: '', 'prompt-file': join(dir, 'prompt.md') }) });
    expect(run.exitCode).toBe(0);
    const create = emulator().requests.find((r) => r.endpoint === 'create');
    expect(JSON.parse(create?.body ?? '{}')).toEqual({ prompt: '# Long prompt\n\nDocument everything.' });
  });

  test('a wrong key is rejected with a pointer to the keys page, without the key', async () => {
    const run = await runAction({ inputs: inputs({ 'api-key': 'mint_wrong_key_value' }) });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run).join('\n')).toContain('rejected the API key');
    expectNoKey(run, 'mint_wrong_key_value');
  });

  test('invalid input: one error naming the input, and no request', async () => {
    const run = await runAction({ inputs: inputs({ 'fail-on': 'sometimes' }) });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toEqual([expect.stringContaining("Input 'fail-on'")]);
    expect(emulator().requests).toHaveLength(0);
  });

  test('tolerates 404 right after create and retries 5xx/429 on polls', async () => {
    emulator().setScenario({
      job: { statuses: ['active', 'completed'], notFoundPolls: 2 },
      faults: [
        { endpoint: 'get', kind: 'status', status: 503, skip: 2 },
        { endpoint: 'get', kind: 'status', status: 429, retryAfter: '0' },
      ],
    });
    const run = await runAction({ inputs: inputs() });
    expect(run.exitCode).toBe(0);
    expect(run.outputs['status']).toBe('completed');
    expect(emulator().requests.filter((r) => r.endpoint === 'create')).toHaveLength(1);
  });

  test('a 500 on create is not retried: no duplicate job', async () => {
    emulator().setScenario({ faults: [{ endpoint: 'create', kind: 'status', status: 500, afterAction: true }] });
    const run = await runAction({ inputs: inputs() });
    expect(run.exitCode).toBe(1);
    expect(emulator().requests.filter((r) => r.endpoint === 'create')).toHaveLength(1);
    expect(errorLines(run).join('\n')).toContain('check the Mintlify dashboard');
  });

  test('SIGTERM while waiting logs the job id and how to resume', async () => {
    emulator().setScenario({ job: { statuses: ['active'] } });
    let pid = 0;
    const running = runAction({ inputs: inputs(), onSpawn: (p) => (pid = p) });
    for (let i = 0; i < 100 && emulator().requests.filter((r) => r.endpoint === 'get').length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    process.kill(pid, 'SIGTERM');
    const run = await running;
    expect(run.exitCode).toBe(143);
    expect(run.stdout).toMatch(/Received SIGTERM: stopping\. Job job_\S+ keeps running .* job-id: job_\S+ and no prompt/);
    expect(run.outputs['job-id']).toMatch(/^job_/);
  });
});
