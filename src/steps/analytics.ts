/**
 * The analytics phase, started side by side with the job, or before it when the job's prompt
 * carries the reports' evidence (analytics-in-prompt). Its failure is settled after both phases,
 * without touching the job's outcome.
 */
import { TemporaryFiles } from '../analytics/export-file.js';
import type { HealthReport } from '../analytics/health-report.js';
import { runHealthPhase } from '../analytics/run-health.js';
import { ImpactComments } from '../comment/impact-comments.js';
import { impactRunner } from '../impact/run.js';
import type { Progress } from '../cancel.js';
import { timingOf, type RunContext, type RunPlan } from '../plan/plan.js';
import type { Settings } from '../settings.js';
import type { Service } from './service.js';

/**
 * impact-comment's comments, when the run asks for them: the impact report reads the verdicts they
 * recorded, and the run writes them once it is over.
 */
export function openImpactComments(settings: Settings, service: Service, context: RunContext): ImpactComments | undefined {
  if (settings.analytics?.impact?.comment !== true) return undefined;
  return new ImpactComments({ projectId: service.projectId, runUrl: context.event.runUrl, github: context.github });
}

/** Undefined without `analytics`. */
export function startAnalytics(
  settings: Settings,
  plan: RunPlan,
  service: Service,
  context: RunContext,
  progress: Progress,
  impactComments?: ImpactComments,
): Promise<HealthReport> | undefined {
  if (settings.analytics === undefined) return undefined;
  // A cancelled run removes the export's temporary file before it exits.
  const temporaryFiles = new TemporaryFiles();
  progress.temporaryFiles = temporaryFiles;
  const { impact } = settings.analytics;
  const source = impact && {
    github: context.github,
    settings: impact,
    window: settings.analytics.window,
    ...(impactComments && { recorded: (numbers: readonly number[]) => impactComments.recorded(numbers) }),
  };
  return runHealthPhase({
    ...timingOf(context),
    client: service.client,
    temporaryFiles,
    projectId: service.projectId,
    settings: settings.analytics,
    grouped: plan.request === undefined || settings.analyticsInPrompt,
    ...(source && { impact: impactRunner(source) }),
  });
}
