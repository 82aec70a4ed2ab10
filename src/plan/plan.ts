/**
 * What this run does, decided from the inputs and the event before any request to the service: run
 * (a job request, or none for an analytics-only run), or skip. A skipped run ends green with
 * `skipped=true`, one log line and one summary line saying why, and no request to the service.
 *
 * Deciding happens twice. `screenRun` looks only at the inputs and the event payload, before the
 * trigger check: an event that is not for the action (a comment without the command, a pull request
 * closed without merging) is skipped before anyone's permission is looked up, so it never fails.
 * `resolveRun` comes after the trigger check and may ask GitHub (what a push changed, which job a
 * thread belongs to); what it learns may still skip the run, or shape the job's prompt.
 */
import { InputError } from '../errors.js';
import type { RunEvent } from '../event/run-event.js';
import type { GitHubAccess } from '../github/open.js';
import type { JobRequest } from '../job/settings.js';
import type { Timing } from '../runtime.js';
import type { Settings } from '../settings.js';

export type Plan =
  /** The run ends green at once; `reason` completes "Skipped: …" in the log and the summary. */
  | { readonly kind: 'skip'; readonly reason: string }
  /** `request` is undefined for an analytics-only run. */
  | { readonly kind: 'run'; readonly request?: JobRequest };

/** Before the trigger check, without any request: the inputs and the event payload alone. */
export function screenRun(settings: Settings, _event: RunEvent): Plan {
  const request = settings.job.request;
  if (request === undefined && settings.analytics === undefined) {
    throw new InputError(
      'prompt',
      "nothing to do: set 'prompt' or 'prompt-file' to start a job, 'job-id' to follow one, or 'analytics: true' for a report.",
    );
  }
  return { kind: 'run', ...(request && { request }) };
}

export interface ResolveContext extends Pick<Timing, 'clock' | 'deadline'> {
  readonly event: RunEvent;
  readonly github: GitHubAccess;
}

/** After the trigger check: what GitHub says may still skip the run or shape the job's request. */
export async function resolveRun(_settings: Settings, screened: Plan, _context: ResolveContext): Promise<Plan> {
  return screened;
}
