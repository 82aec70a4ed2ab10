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
import { DEFAULT_INSTRUCTION, checkRoomForChange } from '../change/prompt.js';
import type { ChangeSource } from '../change/read.js';
import { resolveChange } from '../change/resolve.js';
import { eventSkip } from '../change/skips.js';
import { changeSourceOf } from '../change/source.js';
import { InputError } from '../errors.js';
import type { RunEvent } from '../event/run-event.js';
import type { GitHubAccess } from '../github/open.js';
import { secretsOf } from '../inputs/run.js';
import type { JobRequest } from '../job/settings.js';
import type { Timing } from '../runtime.js';
import type { Settings } from '../settings.js';

export type Plan =
  /** The run ends green at once; `reason` completes "Skipped: …" in the log and the summary. */
  | { readonly kind: 'skip'; readonly reason: string }
  /**
   * `request` is undefined for an analytics-only run. `change` is the change the job is started for:
   * `resolveRun` reads it and appends the "What changed" section to the request's prompt (and keeps
   * it in the plan it returns, so the comment can say what the job is for).
   */
  | { readonly kind: 'run'; readonly request?: JobRequest; readonly change?: ChangeSource };

/**
 * Whether this run's job is started for a change: it creates a job, or it would with the default
 * instruction (no prompt and no job id, on a change event or with `change-since`; a run with
 * `analytics: true` and no prompt stays an analytics report, unless `change-since` asks for a digest).
 */
function startsForChange(settings: Settings, change: ChangeSource | undefined): change is ChangeSource {
  const request = settings.job.request;
  if (change === undefined) return false;
  if (request !== undefined) return request.kind === 'create';
  return settings.analytics === undefined || change.kind === 'since';
}

/** Before the trigger check, without any request: the inputs and the event payload alone. */
export function screenRun(settings: Settings, event: RunEvent): Plan {
  const request = settings.job.request;
  const change = changeSourceOf(settings.change, event);
  if (startsForChange(settings, change)) {
    const reason = change.kind === 'since' ? undefined : eventSkip(event.name, change);
    if (reason !== undefined) return { kind: 'skip', reason };
    const prompt = request?.kind === 'create' ? request.prompt : DEFAULT_INSTRUCTION;
    checkRoomForChange(prompt, settings.analyticsInPrompt);
    return { kind: 'run', request: { kind: 'create', prompt }, change };
  }
  if (request === undefined && settings.analytics === undefined) {
    throw new InputError(
      'prompt',
      "nothing to do: set 'prompt' or 'prompt-file' to start a job, 'job-id' to follow one, or 'analytics: true' for a report. (On push, pull_request and release events, and with 'change-since', the prompt may be left out: the job then documents the change.)",
    );
  }
  return { kind: 'run', ...(request && { request }) };
}

export interface ResolveContext extends Pick<Timing, 'clock' | 'deadline'> {
  readonly event: RunEvent;
  readonly github: GitHubAccess;
}

/** After the trigger check: what GitHub says may still skip the run or shape the job's request. */
export async function resolveRun(settings: Settings, screened: Plan, context: ResolveContext): Promise<Plan> {
  if (screened.kind !== 'run' || screened.change === undefined || screened.request?.kind !== 'create') return screened;
  const outcome = await resolveChange(settings.change, screened.request.prompt, screened.change, {
    event: context.event,
    github: context.github,
    clock: context.clock,
    secrets: secretsOf(settings.run),
  });
  if (outcome.kind === 'skip') return outcome;
  return { kind: 'run', request: { kind: 'create', prompt: outcome.prompt }, change: screened.change };
}
