/**
 * The plan's first stage: from the inputs and the event alone, before any request (see plan.ts).
 */
import { DEFAULT_INSTRUCTION, checkRoomForChange } from '../change/prompt.js';
import type { ChangeSource } from '../change/read.js';
import { eventSkip } from '../change/skips.js';
import { changeSourceOf } from '../change/source.js';
import { screenConversation } from '../conversation/screen.js';
import { InputError } from '../errors.js';
import { isConversationEvent } from '../event/conversation.js';
import type { RunEvent } from '../event/run-event.js';
import type { Settings } from '../settings.js';
import type { Screened } from './plan.js';
import { markerSkipStatus } from './stream.js';

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

/**
 * The comment, review or label of a conversation event, when the run takes it up or skips it. The
 * action reads them itself only in a run the workflow gave nothing else to do: a prompt, a job id
 * or an analytics report keep the run to its inputs, as in v1.
 */
function screenConversationEvent(settings: Settings, event: RunEvent): Screened | undefined {
  const conversation = event.conversation;
  if (!isConversationEvent(event.name) || conversation === undefined) return undefined;
  if (settings.job.request !== undefined || settings.analytics !== undefined) return undefined;
  const screened = screenConversation(settings.conversation, event.name, conversation);
  if (screened.kind === 'skip') return { kind: 'skip', reason: screened.reason };
  return screened.kind === 'take' ? { kind: 'conversation', conversation: screened.conversation } : undefined;
}

/** Before the trigger check, without any request: the inputs and the event alone. */
export function screenRun(settings: Settings, event: RunEvent): Screened {
  const request = settings.job.request;
  const conversation = screenConversationEvent(settings, event);
  if (conversation !== undefined) return conversation;
  const change = changeSourceOf(settings.change, event);
  if (startsForChange(settings, change)) {
    const prompted = request !== undefined;
    const reason = change.kind === 'since' ? undefined : eventSkip(event.name, change, { prompted });
    if (reason !== undefined) {
      const skipStatus = change.kind === 'since' ? undefined : markerSkipStatus(settings, change, event, prompted);
      return { kind: 'skip', reason, ...(skipStatus && { skipStatus }) };
    }
    const prompt = request?.kind === 'create' ? request.prompt : DEFAULT_INSTRUCTION;
    checkRoomForChange(prompt, settings.analyticsInPrompt);
    return { kind: 'run', request: { kind: 'create', prompt }, change };
  }
  if (request === undefined && settings.analytics === undefined) {
    throw new InputError(
      'prompt',
      "nothing to do: set 'prompt' or 'prompt-file' to start a job, 'job-id' to follow one, or 'analytics: true' for a report. " +
        "(On push, pull_request and release events, and with 'change-since', the prompt may be left out: the job then documents the change.)",
    );
  }
  return { kind: 'run', ...(request && { request }) };
}
