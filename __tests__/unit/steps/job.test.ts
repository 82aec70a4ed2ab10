/**
 * The job phase (src/steps/job.ts): it returns its result, the promise of the job's id once the
 * service accepted the request, and its own record of what a cancelled run reports (the request in
 * flight, the job's id, the result); the job's id and status become outputs at once, and the
 * comment hears of the job without the phase waiting for GitHub.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import { ORIGIN, useMockAgent } from '../../helpers/mock-client.js';
import { runContext } from '../../helpers/run-context.js';
import { NO_TOKEN, scriptedDocs, scriptedGitHub } from '../../helpers/scripted-github.js';
import type { CommentSession } from '../../../src/comment/session.js';
import type { JobRequest } from '../../../src/job/settings.js';

const core = mockCore();
const { startJob } = await import('../../../src/steps/job.js');
const { openService } = await import('../../../src/steps/service.js');
const { readSettings } = await import('../../../src/settings.js');
const { runEventOf } = await import('../../../src/event/run-event.js');
const { AmbiguousRequestError } = await import('../../../src/errors.js');

const agent = useMockAgent();

async function service(inputs: Record<string, string> = {}) {
  core.inputs = { 'api-key': 'mint_0123456789abcdef', 'project-id': 'proj_1', 'base-url': ORIGIN, prompt: 'Document widgets', ...inputs };
  const settings = readSettings();
  const scripted = await scriptedGitHub(agent(), () => ({ status: 404, json: {} }));
  let now = 0;
  const runtime = { dispatcher: agent(), clock: () => now, sleep: async (ms: number) => void (now += ms), random: () => 0.5 };
  const context = runContext({ event: runEventOf({}, {}), github: NO_TOKEN, docs: await scriptedDocs(scripted), runtime });
  return { settings, service: openService(settings, { kind: 'run' }, context) };
}

/** A comment that records which jobs it heard of. */
function listening(): { readonly session: Pick<CommentSession, 'started'>; readonly started: string[] } {
  const started: string[] = [];
  return { session: { started: (jobId: string) => void started.push(jobId) }, started };
}

describe('startJob', () => {
  test('no request (analytics only): no phase', async () => {
    const { settings, service: opened } = await service();
    expect(startJob(settings, undefined, opened, undefined)).toBeUndefined();
  });

  test('a create: the request in flight, then the job accepted, its outputs, the comment told, the result kept', async () => {
    agent().get(ORIGIN).intercept({ path: '/v2/agent/proj_1/job', method: 'POST' }).reply(201, { id: 'job_7', status: 'completed' });
    const { settings, service: opened } = await service();
    const comment = listening();
    const phase = startJob(settings, { kind: 'create', prompt: 'Document widgets' }, opened, comment.session);
    if (phase === undefined) throw new Error('no phase');
    expect(phase.tracked.jobId).toBeUndefined();
    expect(phase.tracked.request?.kind).toBe('create');
    expect(await phase.accepted).toBe('job_7');
    expect(comment.started).toEqual(['job_7']);
    expect(core.outputs.get('job-id')).toBe('job_7');
    expect(core.outputs.get('status')).toBe('completed');
    const result = await phase.result;
    expect(result).toMatchObject({ jobId: 'job_7', outcome: 'no-pr' });
    expect(phase.tracked).toMatchObject({ jobId: 'job_7', result });
  });

  test("a wait for a given job: its id is known from the start, and accepted once the job's status is read", async () => {
    agent()
      .get(ORIGIN)
      .intercept({ path: '/v2/agent/proj_1/job/job_given', method: 'GET' })
      .reply(200, { id: 'job_given', status: 'completed' });
    const { settings, service: opened } = await service();
    const request: JobRequest = { kind: 'wait', jobId: 'job_given' };
    const phase = startJob(settings, request, opened, undefined);
    expect(phase?.tracked.jobId).toBe('job_given');
    expect(await phase?.accepted).toBe('job_given');
    await expect(phase?.result).resolves.toMatchObject({ jobId: 'job_given' });
  });

  test('a create that got no clear answer (502): the phase rejects, no job is accepted or told to the comment', async () => {
    agent().get(ORIGIN).intercept({ path: '/v2/agent/proj_1/job', method: 'POST' }).reply(502, { error: 'bad gateway' });
    const { settings, service: opened } = await service();
    const comment = listening();
    const phase = startJob(settings, { kind: 'create', prompt: 'Document widgets' }, opened, comment.session);
    if (phase === undefined) throw new Error('no phase');
    await expect(phase.result).rejects.toBeInstanceOf(AmbiguousRequestError);
    expect(await phase.accepted).toBeUndefined();
    expect(comment.started).toEqual([]);
    expect(phase.tracked).toMatchObject({ jobId: undefined, result: undefined });
    expect(phase.tracked.request?.kind).toBe('create');
  });

  test("an answer of an unexpected shape that still names the job: the phase rejects, and the record keeps the job's id", async () => {
    agent().get(ORIGIN).intercept({ path: '/v2/agent/proj_1/job', method: 'POST' }).reply(201, { id: 'job_odd' });
    const { settings, service: opened } = await service();
    const phase = startJob(settings, { kind: 'create', prompt: 'Document widgets' }, opened, undefined);
    if (phase === undefined) throw new Error('no phase');
    await expect(phase.result).rejects.toMatchObject({ name: 'AmbiguousRequestError', jobId: 'job_odd' });
    expect(phase.tracked.jobId).toBe('job_odd');
    expect(await phase.accepted).toBeUndefined();
  });
});
