/**
 * After both phases (src/steps/settle.ts): the job's outputs and card, the outcome that fails the
 * step (`fail-on`), the job a failed create or message may have acted on, and the analytics'
 * sections; the first failure (the evidence's, the job's, the analytics') is the one the step fails with.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import type { HealthReport } from '../../../src/analytics/health-report.js';
import type { JobResult } from '../../../src/job/outcome.js';

const core = mockCore();
const { settleRun } = await import('../../../src/steps/settle.js');
const { readSettings } = await import('../../../src/settings.js');
const { AmbiguousRequestError, EvidenceError, JobOutcomeError, ServiceError } = await import('../../../src/errors.js');

function settings(inputs: Record<string, string> = {}) {
  core.inputs = { 'api-key': 'mint_0123456789abcdef', 'project-id': 'proj_1', prompt: 'Document widgets', ...inputs };
  return readSettings();
}

const create = { kind: 'create', prompt: 'Document widgets' } as const;
const plan = { kind: 'run', request: create } as const;
const noAnalytics: PromiseSettledResult<HealthReport | undefined> = { status: 'fulfilled', value: undefined };

function ended(outcome: JobResult['outcome'], status: string, prLink?: string): PromiseSettledResult<JobResult | undefined> {
  const job = { id: 'job_1', status, ...(prLink !== undefined && { prLink }), model: 'opus' };
  return { status: 'fulfilled', value: { request: create, jobId: 'job_1', job, status, outcome, polls: 3, elapsedMs: 60_000 } };
}

describe('settleRun', () => {
  test('a completed job: its outputs, its card, no failure', () => {
    const settled = settleRun(settings(), plan, { request: create }, [
      ended('completed', 'completed', 'https://github.com/acme/docs/pull/12'),
      noAnalytics,
    ]);
    expect(settled.failure).toBeUndefined();
    expect(settled.jobResult).toMatchObject({ jobId: 'job_1', outcome: 'completed' });
    expect(settled.blocks.map((block) => block.name)).toEqual(['the job card']);
    expect(Object.fromEntries(core.outputs)).toMatchObject({ 'job-id': 'job_1', status: 'completed', 'pr-number': '12', model: 'opus' });
  });

  test('an outcome in fail-on fails the step after the outputs; one not in it is a warning', () => {
    const failed = settleRun(settings(), plan, { request: create }, [ended('failed', 'failed'), noAnalytics]);
    expect(failed.failure).toBeInstanceOf(JobOutcomeError);
    expect(core.outputs.get('job-id')).toBe('job_1');
    const tolerated = settleRun(settings({ 'fail-on': 'none' }), plan, { request: create }, [ended('failed', 'failed'), noAnalytics]);
    expect(tolerated.failure).toBeUndefined();
    expect(core.messages('warning')).toHaveLength(1);
  });

  test('a follow-up that got no clear answer: the job it was for is handed on (job-id), and the step fails', () => {
    const message = { kind: 'run', request: { kind: 'message', jobId: 'job_given', prompt: 'More' } } as const;
    const unclear: PromiseSettledResult<JobResult | undefined> = {
      status: 'rejected',
      reason: new AmbiguousRequestError('message to job job_given: HTTP 502'),
    };
    const settled = settleRun(settings(), message, { request: message.request }, [unclear, noAnalytics]);
    expect(settled.unclearJobId).toBe('job_given');
    expect(settled.failure).toBeInstanceOf(AmbiguousRequestError);
    expect(core.outputs.get('job-id')).toBe('job_given');
  });

  test('a refused create names no job', () => {
    const refused: PromiseSettledResult<JobResult | undefined> = { status: 'rejected', reason: new ServiceError('create job: HTTP 400') };
    const settled = settleRun(settings(), plan, { request: create }, [refused, noAnalytics]);
    expect(settled).toMatchObject({ unclearJobId: undefined, jobResult: undefined });
    expect(core.outputs.has('job-id')).toBe(false);
  });

  test("the evidence's failure comes first: the job was never started", () => {
    const evidence = new EvidenceError('no evidence');
    const settled = settleRun(settings(), plan, { failure: evidence }, [{ status: 'fulfilled', value: undefined }, noAnalytics]);
    expect(settled.failure).toBe(evidence);
    expect(settled.blocks).toEqual([]);
  });

  test('an analytics run without a job that failed: the failure is the step\u2019s; visitorsOnly says which reports were asked', () => {
    const broken: PromiseSettledResult<HealthReport | undefined> = {
      status: 'rejected',
      reason: new ServiceError('visitors report: HTTP 500'),
    };
    const settled = settleRun(settings({ prompt: '', analytics: 'true' }), { kind: 'run' }, {}, [
      { status: 'fulfilled', value: undefined },
      broken,
    ]);
    expect(settled.failure).toBeInstanceOf(ServiceError);
    expect(settled.analytics.visitorsOnly).toBe(true);
  });
});
