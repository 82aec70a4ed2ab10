/**
 * What the run shows once both phases settled (src/steps/publish.ts): the step summary, then the
 * report as report-issue's comment, then the impact comments; none of them fails the step.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { runContext } from '../../helpers/run-context.js';
import { scriptedDocs, scriptedGitHub, usable } from '../../helpers/scripted-github.js';
import type { HealthReport, ImpactProgress } from '../../../src/analytics/health-report.js';
import { healthWithImpact, impactProgress } from '../impact/fixtures.js';
import type { SettledRun } from '../../../src/steps/settle.js';

const core = mockCore();
const { openReportComment, publishRun } = await import('../../../src/steps/publish.js');
const { ReportComment } = await import('../../../src/comment/post-report.js');
const { readSettings } = await import('../../../src/settings.js');
const { runEventOf } = await import('../../../src/event/run-event.js');

const agent = useMockAgent();

function settings(inputs: Record<string, string> = {}) {
  core.inputs = {
    'api-key': 'mint_0123456789abcdef',
    'project-id': 'proj_1',
    'github-token': 'ghs_x0123456789abcdef',
    analytics: 'true',
    ...inputs,
  };
  return readSettings();
}

/** A report without the impact part. */
function plainReport(): HealthReport {
  const { impact: _impact, ...report } = healthWithImpact(impactProgress([]));
  return report;
}

function settledWith(report: HealthReport | undefined): SettledRun {
  return {
    blocks: [{ markdown: '## The card\n', keep: 'essential', name: 'the job card' }],
    failure: undefined,
    jobResult: undefined,
    unclearJobId: undefined,
    analytics: { visitorsOnly: true, evidenceBytes: 321, ...(report && { report }) },
  };
}

/** Fakes that say when they were asked to post, and with what. */
function recording(order: string[]) {
  const posted: unknown[] = [];
  return {
    posted,
    report: {
      post: async (...args: Parameters<InstanceType<typeof ReportComment>['post']>) => {
        order.push('report');
        posted.push(args);
        return undefined;
      },
    },
    impact: {
      post: async (progress: ImpactProgress) => {
        order.push('impact');
        posted.push(progress);
      },
    },
  };
}

describe('publishRun', () => {
  test('the summary, then the report with what it shows, then the impact comments of a report that measured', async () => {
    const progress = impactProgress([]);
    const report = healthWithImpact(progress);
    const order: string[] = [];
    const fakes = recording(order);
    await publishRun(settings({ 'report-issue': '3' }), settledWith(report), fakes.report, fakes.impact);
    expect(core.summaryText).toContain('## The card');
    expect(order).toEqual(['report', 'impact']);
    expect(fakes.posted).toEqual([[report, true, 321], progress]);
  });

  test('without a report (the phase failed): no comment; summary: false: no summary', async () => {
    const order: string[] = [];
    const fakes = recording(order);
    await publishRun(settings({ summary: 'false' }), settledWith(undefined), fakes.report, fakes.impact);
    expect(order).toEqual([]);
    expect(core.summaryText).toBe('');
  });

  test('a summary that cannot be written is a warning; the report is still posted', async () => {
    core.summaryWriteError = new Error('no GITHUB_STEP_SUMMARY');
    const order: string[] = [];
    const fakes = recording(order);
    await publishRun(settings(), settledWith(plainReport()), fakes.report, fakes.impact);
    expect(core.messages('warning')).toEqual(['The job summary could not be written: no GITHUB_STEP_SUMMARY']);
    // A report without an impact part posts no impact comments.
    expect(order).toEqual(['report']);
  });
});

describe('openReportComment', () => {
  test("only with report-issue: the comment, written through the workflow's repository", async () => {
    const github = await scriptedGitHub(agent(), () => ({ status: 404, json: {} }));
    const context = runContext({ event: runEventOf({}, {}), github: usable(github.client), docs: await scriptedDocs(github) });
    const service = { projectId: 'proj_1' };
    expect(openReportComment(settings(), service, context)).toBeUndefined();
    expect(openReportComment(settings({ 'report-issue': '3' }), service, context)).toBeInstanceOf(ReportComment);
    expect(github.calls).toEqual([]);
  });
});
