/**
 * What the run shows once both phases settled: the step summary, and the analytics report as a
 * comment on `report-issue`. Neither fails the step: the outputs and the outcome matter more.
 */
import * as core from '@actions/core';
import * as log from '../log.js';
import type { ImpactComments } from '../comment/impact-comments.js';
import { postReportComment } from '../comment/post-report.js';
import { messageOf } from '../errors.js';
import type { RunContext } from '../plan/plan.js';
import type { Settings } from '../settings.js';
import { composeSummary } from '../summary/compose.js';
import type { Service } from './service.js';
import type { SettledRun } from './settle.js';

async function writeSummary(settings: Settings, settled: SettledRun): Promise<void> {
  if (!settings.run.summary || settled.blocks.length === 0) return;
  try {
    await core.summary.addRaw(composeSummary(settled.blocks)).write();
  } catch (error) {
    // The outputs and the outcome matter more than their rendering (e.g. no GITHUB_STEP_SUMMARY outside a runner).
    log.warning(`The job summary could not be written: ${messageOf(error)}`);
  }
}

async function postReport(settings: Settings, settled: SettledRun, service: Service, context: RunContext): Promise<void> {
  const { analytics } = settled;
  if (settings.reportIssue === undefined || settings.analytics === undefined || analytics.report === undefined) return;
  await postReportComment({
    issue: settings.reportIssue,
    analytics: settings.analytics,
    projectId: service.projectId,
    report: analytics.report,
    visitorsOnly: analytics.visitorsOnly,
    ...(analytics.evidenceBytes !== undefined && { evidenceBytes: analytics.evidenceBytes }),
    runUrl: context.event.runUrl,
    github: context.github,
  });
}

/** impact-comment: the comment on each measured pull request whose verdict is final. */
async function postImpact(settled: SettledRun, impactComments: ImpactComments | undefined): Promise<void> {
  const impact = settled.analytics.report?.impact;
  if (impactComments === undefined || impact?.ok !== true) return;
  await impactComments.post(impact.report);
}

export async function publishRun(
  settings: Settings,
  settled: SettledRun,
  service: Service,
  context: RunContext,
  impactComments?: ImpactComments,
): Promise<void> {
  await writeSummary(settings, settled);
  await postReport(settings, settled, service, context);
  await postImpact(settled, impactComments);
}
