/** The analytics phase: beside the job, or before it for analytics-in-prompt; it never changes the job's outcome. */
import { TemporaryFiles } from '../analytics/export-file.js';
import type { HealthReport } from '../analytics/health-report.js';
import { runHealthPhase } from '../analytics/run-health.js';
import { ImpactComments } from '../comment/impact-comments.js';
import type { RepositoryHandle } from '../github/repository.js';
import { impactRunner } from '../impact/run.js';
import type { RunContext, RunPlan } from '../plan/plan.js';
import type { Settings } from '../settings.js';
import type { Service } from './service.js';

/** The impact report reads the verdicts they recorded; the run writes them once it is over. */
export function openImpactComments(settings: Settings, service: Service, context: RunContext): ImpactComments | undefined {
  if (settings.analytics?.impact?.comment !== true) return undefined;
  return new ImpactComments({ projectId: service.projectId, runUrl: context.event.runUrl, github: context.github });
}

export interface AnalyticsPhase {
  readonly report: Promise<HealthReport>;
  /** The export's files while they are written: a cancelled run removes them. */
  readonly temporaryFiles: TemporaryFiles;
}

export function startAnalytics(
  settings: Settings,
  plan: RunPlan,
  service: Service,
  github: RepositoryHandle,
  impactComments?: ImpactComments,
): AnalyticsPhase | undefined {
  if (settings.analytics === undefined) return undefined;
  const temporaryFiles = new TemporaryFiles();
  const { impact } = settings.analytics;
  const source = impact && {
    github,
    settings: impact,
    window: settings.analytics.window,
    ...(impactComments && { recorded: (numbers: readonly number[]) => impactComments.recorded(numbers) }),
  };
  const report = runHealthPhase({
    ...service.timing,
    client: service.client,
    temporaryFiles,
    projectId: service.projectId,
    settings: settings.analytics,
    grouped: plan.request === undefined || settings.analyticsInPrompt,
    ...(source && { impact: impactRunner(source) }),
  });
  return { report, temporaryFiles };
}
