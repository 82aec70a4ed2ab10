/**
 * The plan's second stage, with GitHub: what the kind reads before the trigger check (a review
 * counts only on the agent's pull request), the trigger check (before anything is read for the
 * run), then the kind's plan. A run that follows its inputs is checked and goes as screened.
 */
import { checkTrigger } from '../gate/check.js';
import type { Plan, RunContext, ScreenedRun } from '../plan/plan.js';
import type { Settings } from '../settings.js';

export async function resolveRun(settings: Settings, screened: ScreenedRun, context: RunContext): Promise<Plan> {
  const { trigger, request } = screened;
  const admitted = trigger?.kind.admit === undefined ? undefined : await trigger.kind.admit(trigger.subject, context);
  if (admitted?.kind === 'skip') return admitted;
  if (trigger?.kind.checked !== false) await checkTrigger(settings.trigger, context.event, context.github);
  if (trigger === undefined) return screened;
  return trigger.kind.resolve(settings, admitted?.subject ?? trigger.subject, request, context);
}
