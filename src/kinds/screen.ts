/**
 * The plan's first stage, from the inputs and the event alone, before any request: the trigger
 * kinds in their order, and a run that follows its inputs when none takes it up.
 */
import { InputError } from '../errors.js';
import type { RunEvent } from '../event/run-event.js';
import type { Screened } from '../plan/plan.js';
import type { Settings } from '../settings.js';
import { TRIGGER_KINDS } from './list.js';

export function screenRun(settings: Settings, event: RunEvent, kinds = TRIGGER_KINDS): Screened {
  for (const kind of kinds) {
    const screened = kind.screen(settings, event);
    if (screened !== undefined) return screened;
  }
  const request = settings.job.request;
  if (request === undefined && settings.analytics === undefined) {
    throw new InputError(
      'prompt',
      "nothing to do: set 'prompt' or 'prompt-file' to start a job, 'job-id' to follow one, or 'analytics: true' for a report. " +
        "(On push, pull_request and release events, and with 'change-since', the prompt may be left out: the job then documents the change.)",
    );
  }
  return { kind: 'run', ...(request && { request }) };
}
