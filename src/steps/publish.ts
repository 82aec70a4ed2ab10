/** What the run shows once both phases settled; none of it fails the step: the outputs and the outcome matter more. */
import * as core from '@actions/core';
import * as log from '../log.js';
import type { ImpactComments } from '../comment/impact-comments.js';
import { ReportComment } from '../comment/post-report.js';
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
    log.warning(`The job summary could not be written: ${messageOf(error)}`);
  }
}

export function openReportComment(settings: Settings, service: Pick<Service, 'projectId'>, context: RunContext): ReportComment | undefined {
  if (settings.reportIssue === undefined || settings.analytics === undefined) return undefined;
  const { projectId } = service;
  return new ReportComment({
    issue: settings.reportIssue,
    analytics: settings.analytics,
    projectId,
    runUrl: context.event.runUrl,
    github: context.github,
  });
}

async function postImpact(settled: SettledRun, impactComments: Pick<ImpactComments, 'post'> | undefined): Promise<void> {
  const impact = settled.analytics.report?.impact;
  if (impactComments === undefined || impact?.ok !== true) return;
  await impactComments.post(impact.report);
}

export async function publishRun(
  settings: Settings,
  settled: SettledRun,
  reportComment: Pick<ReportComment, 'post'> | undefined,
  impactComments: Pick<ImpactComments, 'post'> | undefined,
): Promise<void> {
  await writeSummary(settings, settled);
  const { report, visitorsOnly, evidenceBytes } = settled.analytics;
  if (reportComment !== undefined && report !== undefined) await reportComment.post(report, visitorsOnly, evidenceBytes);
  await postImpact(settled, impactComments);
}
