/**
 * The service's client (src/steps/service.ts): made only for a run that calls the service, so only
 * there may an empty key or project fail the run; it calls `base-url` with the key through the run's
 * dispatcher, and carries the run's clock, sleep and deadline for the phases that call the service.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import { ORIGIN, useMockAgent } from '../../helpers/mock-client.js';
import { runContext } from '../../helpers/run-context.js';
import { NO_TOKEN, scriptedDocs, scriptedGitHub } from '../../helpers/scripted-github.js';

const core = mockCore();
const { openService } = await import('../../../src/steps/service.js');
const { readSettings } = await import('../../../src/settings.js');
const { runEventOf } = await import('../../../src/event/run-event.js');
const { InputError } = await import('../../../src/errors.js');

const agent = useMockAgent();
const KEY = 'mint_0123456789abcdef';

function settings(inputs: Record<string, string>) {
  core.inputs = { 'base-url': ORIGIN, prompt: 'Document widgets', ...inputs };
  return readSettings();
}

async function context() {
  const scripted = await scriptedGitHub(agent(), () => ({ status: 404, json: {} }));
  const runtime = { dispatcher: agent(), clock: () => 5_000, sleep: async () => undefined, random: () => 0.5 };
  return runContext({ event: runEventOf({}, {}), github: NO_TOKEN, docs: await scriptedDocs(scripted), runtime });
}

describe('openService', () => {
  test("the client calls base-url with the key through the run's dispatcher; its timing is the run's", async () => {
    let authorization: unknown;
    agent()
      .get(ORIGIN)
      .intercept({ path: '/v2/agent/proj_1/job/job_1', method: 'GET' })
      .reply(200, (options) => {
        authorization = (options.headers as Record<string, string>)['authorization'];
        return { id: 'job_1', status: 'active' };
      });
    const run = await context();
    const service = openService(settings({ 'api-key': KEY, 'project-id': 'proj_1' }), { kind: 'run' }, run);
    expect(service.projectId).toBe('proj_1');
    expect(await service.client.getJob('proj_1', 'job_1')).toMatchObject({ id: 'job_1', status: 'active' });
    expect(authorization).toBe(`Bearer ${KEY}`);
    expect(service.timing.deadline).toBe(run.deadline);
    expect(service.timing.clock()).toBe(5_000);
    expect(service.timing.sleep).toBe(run.runtime.sleep);
  });

  test.each([
    ['api-key', { 'project-id': 'proj_1' }],
    ['project-id', { 'api-key': KEY }],
  ])('an empty %s fails here, naming the input', async (input, inputs) => {
    const run = await context();
    const error = (() => {
      try {
        openService(settings(inputs), { kind: 'run' }, run);
        return undefined;
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ input });
  });
});
