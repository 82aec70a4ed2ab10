/**
 * The analytics phase (src/steps/analytics.ts): started only with `analytics`, it returns its report
 * and the export's temporary files (which a cancelled run removes); the impact report reads GitHub
 * through the workflow's repository, and impact-comment's comments are opened only when asked for.
 */
import { describe, expect, test } from '@jest/globals';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mockCore } from '../../helpers/core-mock.js';
import { ORIGIN, useMockAgent } from '../../helpers/mock-client.js';
import { runContext } from '../../helpers/run-context.js';
import { NO_TOKEN, scriptedDocs, scriptedGitHub, usable } from '../../helpers/scripted-github.js';

const core = mockCore();
const { openImpactComments, startAnalytics } = await import('../../../src/steps/analytics.js');
const { openService } = await import('../../../src/steps/service.js');
const { readSettings } = await import('../../../src/settings.js');
const { runEventOf } = await import('../../../src/event/run-event.js');
const { ImpactComments } = await import('../../../src/comment/impact-comments.js');

const agent = useMockAgent();

function settings(inputs: Record<string, string> = {}) {
  core.inputs = {
    'api-key': 'mint_0123456789abcdef',
    'project-id': 'proj_1',
    'base-url': ORIGIN,
    'github-token': 'ghs_x0123456789abcdef',
    ...inputs,
  };
  return readSettings();
}

async function opened(inputs: Record<string, string>) {
  const github = await scriptedGitHub(agent(), () => ({ status: 404, json: {} }));
  const runtime = { dispatcher: agent(), clock: () => Date.UTC(2026, 0, 20), sleep: async () => undefined, random: () => 0.5 };
  const context = runContext({ event: runEventOf({}, {}), github: usable(github.client), docs: await scriptedDocs(github), runtime });
  const run = settings(inputs);
  return { run, context, service: openService(run, { kind: 'run' }, context) };
}

describe('startAnalytics', () => {
  test('without analytics: no phase', async () => {
    const { run, context, service } = await opened({ prompt: 'Document widgets' });
    expect(startAnalytics(run, { kind: 'run' }, service, context.github)).toBeUndefined();
  });

  test('the visitors report from the service; a finished export is no temporary file: removing them leaves it', async () => {
    agent()
      .get(ORIGIN)
      .intercept({ path: (path) => path.startsWith('/v1/analytics/proj_1/visitors'), method: 'GET' })
      .reply(200, { totals: { human: 3, ai: 1, total: 4 }, visitors: [{ path: '/a', human: 3, ai: 1, total: 4 }], hasMore: false });
    const dir = mkdtempSync(join(tmpdir(), 'analytics-step-'));
    const { run, context, service } = await opened({ analytics: 'true', 'analytics-file': join(dir, 'visitors.csv') });
    const phase = startAnalytics(run, { kind: 'run' }, service, context.github);
    if (phase === undefined) throw new Error('no phase');
    const report = await phase.report;
    expect(report.visitors).toMatchObject({ ok: true, report: { totals: { human: 3, ai: 1, total: 4 } } });
    expect(readdirSync(dir)).toEqual(['visitors.csv']);
    phase.temporaryFiles.removeAll();
    expect(readdirSync(dir)).toEqual(['visitors.csv']);
  });

  test('the impact report without a usable GitHub: its part fails saying why, the other reports stand', async () => {
    agent()
      .get(ORIGIN)
      .intercept({ path: (path) => path.startsWith('/v1/analytics/proj_1/visitors'), method: 'GET' })
      .reply(200, { totals: { human: 0, ai: 0, total: 0 }, visitors: [], hasMore: false });
    const { run, service } = await opened({ analytics: 'true', 'analytics-reports': 'visitors, impact' });
    const phase = startAnalytics(run, { kind: 'run' }, service, NO_TOKEN);
    const report = await phase?.report;
    expect(report?.impact).toMatchObject({ ok: false, error: expect.stringContaining('github-token is empty') });
    expect(report?.visitors).toMatchObject({ ok: true });
  });
});

describe('openImpactComments', () => {
  test('only with impact-comment: true', async () => {
    const without = await opened({ analytics: 'true', 'analytics-reports': 'impact' });
    expect(openImpactComments(without.run, without.service, without.context)).toBeUndefined();
    const asked = await opened({ analytics: 'true', 'analytics-reports': 'impact', 'impact-comment': 'true' });
    expect(openImpactComments(asked.run, asked.service, asked.context)).toBeInstanceOf(ImpactComments);
  });
});
