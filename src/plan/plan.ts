/**
 * What this run does, decided from the inputs and the event before any request to the service: run
 * (a job request, or none for an analytics-only run), or skip. A skipped run ends green with
 * `skipped=true`, one log line and one summary line saying why, and no request to the service.
 *
 * Deciding happens in steps. `screenRun` looks only at the inputs and the event payload, before the
 * trigger check: an event that is not for the action (a comment without the command, a pull request
 * closed without merging) is skipped before anyone's permission is looked up, so it never fails.
 * `screenWithGitHub` may still skip before the trigger check, from what GitHub says without writing
 * anything (a review on a pull request that is not the agent's). `resolveRun` comes after the
 * trigger check and may ask GitHub (what a push changed, which job a thread belongs to); what it
 * learns may still skip the run, or shape the job's prompt.
 */
import { DEFAULT_INSTRUCTION, checkRoomForChange } from '../change/prompt.js';
import type { ChangeSource } from '../change/read.js';
import { resolveChange } from '../change/resolve.js';
import { eventSkip } from '../change/skips.js';
import { changeSourceOf } from '../change/source.js';
import { ConversationError, InputError } from '../errors.js';
import type { CommandComment } from '../conversation/event.js';
import { isConversationEvent } from '../conversation/event.js';
import { resolveConversation, reviewedThreadJob } from '../conversation/resolve.js';
import { screenConversation, type Conversation } from '../conversation/screen.js';
import type { ThreadJob } from '../conversation/thread-job.js';
import type { RunEvent } from '../event/run-event.js';
import type { GitHubAccess } from '../github/open.js';
import { secretsOf } from '../inputs/run.js';
import type { JobRequest } from '../job/settings.js';
import type { Timing } from '../runtime.js';
import type { Settings } from '../settings.js';
import { changeBase } from '../stream/change-base.js';
import * as log from '../log.js';

export type Plan =
  /**
   * The run ends green at once; `reason` completes "Skipped: …" in the log and the summary.
   * `reply`: a bare command, answered in the thread's tracking comment (when it has one) before the skip.
   */
  | { readonly kind: 'skip'; readonly reason: string; readonly reply?: CommandReply }
  /**
   * `request` is undefined for an analytics-only run, and until `resolveRun` for a conversation.
   * `conversation`: the comment, review or label the run takes up; `threadJob`: its thread's job,
   * when already looked up; `reactTo`: the command comment that gets the `eyes` reaction.
   */
  | {
      readonly kind: 'run';
      readonly request?: JobRequest;
      readonly conversation?: Conversation;
      readonly threadJob?: ThreadJob;
      readonly reactTo?: CommandComment;
      /**
       * The change the job is started for: `resolveRun` reads it and appends the "What changed"
       * section to the request's prompt (and keeps it in the plan it returns, so the comment can say
       * what the job is for).
       */
      readonly change?: ChangeSource;
    };

export interface CommandReply {
  /** The thread's tracking comment, which gets the note; undefined when the thread has none. */
  readonly tracking?: ThreadJob;
}

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
  // The action reads comments, reviews and labels itself only in a run the workflow gave nothing
  // else to do: a prompt, a job id or an analytics report keep the run to its inputs, as in v1.
  if (isConversationEvent(event.name) && request === undefined && settings.analytics === undefined) {
    const screened = screenConversation(settings.conversation, event.name, event.payload);
    if (screened.kind === 'skip') return { kind: 'skip', reason: screened.reason };
    if (screened.kind === 'take') return { kind: 'run', conversation: screened.conversation };
  }
  const change = changeSourceOf(settings.change, event);
  if (startsForChange(settings, change)) {
    const reason = change.kind === 'since' ? undefined : eventSkip(event.name, change, { prompted: request !== undefined });
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

export interface ScreenContext {
  readonly event: RunEvent;
  readonly github: GitHubAccess;
}

/**
 * Before the trigger check, reading GitHub without writing: a review counts only on a pull request
 * that carries the action's marker, so a stranger's review of any other pull request is skipped
 * green instead of failing the check. Without usable GitHub access the plan is left as it is: the
 * trigger check, or `resolveRun`, says what is missing.
 */
export async function screenWithGitHub(screened: Plan, context: ScreenContext): Promise<Plan> {
  if (screened.kind !== 'run' || screened.conversation?.event.kind !== 'review') return screened;
  if (!context.github.ok) return screened;
  const threadJob = await reviewedThreadJob(context.github.client, context.event, screened.conversation.event.thread);
  if (threadJob === undefined) {
    return {
      kind: 'skip',
      reason: `the reviewed pull request has no comment of an agent job, so the review is not for the agent ('pull_request_review' ${screened.conversation.event.action})`,
    };
  }
  return { ...screened, threadJob };
}

export interface ResolveContext extends Pick<Timing, 'clock' | 'deadline'> {
  readonly event: RunEvent;
  readonly github: GitHubAccess;
}

/** After the trigger check: what GitHub says may still skip the run or shape the job's request. */
export async function resolveRun(settings: Settings, screened: Plan, context: ResolveContext): Promise<Plan> {
  if (screened.kind !== 'run') return screened;
  if (screened.conversation === undefined) return resolveChangeRun(settings, screened, context);
  const { github } = context;
  if (!github.ok && github.reason === 'no-token') {
    throw new InputError('github-token', 'is empty, but the action needs it to read the comment, review or issue that started this run.');
  }
  if (!github.ok) throw new ConversationError(`${github.detail}, so the conversation cannot be read; nothing was sent to the agent.`);
  const resolved = await resolveConversation(screened.conversation, {
    event: context.event,
    github: github.client,
    command: settings.conversation.command,
    secrets: secretsOf(settings.run),
    writesComment: settings.comment !== undefined,
    ...(screened.threadJob && { threadJob: screened.threadJob }),
  });
  if (resolved.kind === 'bare')
    return { kind: 'skip', reason: resolved.reason, reply: { ...(resolved.tracking && { tracking: resolved.tracking }) } };
  return {
    kind: 'run',
    request: resolved.request,
    ...(resolved.reactTo && { reactTo: resolved.reactTo }),
  };
}

/** A run started for a change: the change is read from GitHub, and may still skip the run or extend the prompt. */
async function resolveChangeRun(settings: Settings, screened: Plan & { kind: 'run' }, context: ResolveContext): Promise<Plan> {
  if (screened.change === undefined || screened.request?.kind !== 'create') return screened;
  const base = await changeBase(screened.change, context);
  if (base.info !== undefined) log.info(base.info);
  if (base.notice !== undefined) log.notice(base.notice);
  const outcome = await resolveChange(settings.change, screened.request.prompt, base.source, {
    event: context.event,
    github: context.github,
    clock: context.clock,
    secrets: secretsOf(settings.run),
  });
  if (outcome.kind === 'skip') return outcome;
  return { kind: 'run', request: { kind: 'create', prompt: outcome.prompt }, change: base.source };
}
