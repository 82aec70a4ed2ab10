/**
 * What the run does, decided before any request to the service: run, or skip (green, `skipped=true`).
 * Two stages (src/kinds/): from the inputs and the event alone, so an event not for the action is
 * skipped before anyone's permission is looked up; then, with GitHub, the trigger check and the
 * kind's own reading. What it found goes into the plan for the steps.
 */
import type { SentEntry } from '../comment/review-record.js';
import type { ThreadJob } from '../conversation/thread-job.js';
import type { CommandComment } from '../event/conversation.js';
import type { RunEvent } from '../event/run-event.js';
import type { DocsRepository } from '../github/docs-repository.js';
import type { RepositoryHandle } from '../github/repository.js';
import type { JobRequest } from '../job/settings.js';
import type { Runtime, Timing } from '../runtime.js';
import type { Settings } from '../settings.js';
import type { StaleStatus } from '../stream/stale-status.js';

/** The run ends green at once; `reason` completes "Skipped: …" in the log and the summary. */
export interface Skip {
  readonly kind: 'skip';
  readonly reason: string;
  /** A bare command, answered in the thread's tracking comment before the skip. */
  readonly reply?: CommandReply;
  /** The commit's `docs-agent` status says why. */
  readonly skipStatus?: SkipStatus;
  /** The summary's heading when the skipped run is not a job's (the docs check's). */
  readonly heading?: string;
}

export type SkipStatus =
  | { readonly sha: string; readonly reason: 'paths' | 'marker' }
  /** A newer run (`runUrl`, its head `head`) already documented the commit. */
  | { readonly sha: string; readonly reason: 'documented'; readonly head: string; readonly runUrl?: string };

export interface CommandReply {
  readonly tracking?: ThreadJob;
}

/** Everything the steps need, nothing left to look up. */
export interface RunPlan {
  readonly kind: 'run';
  /** Undefined for an analytics-only run. */
  readonly request?: JobRequest;
  /** The job documents a change, not a request in the thread. */
  readonly forChange?: true;
  readonly reactTo?: CommandComment;
  /** Found while resolving: its comment is updated, not looked up again. */
  readonly threadJob?: ThreadJob;
  readonly statusSha?: string;
  /** Replaced once this run's job is known. */
  readonly staleStatus?: StaleStatus;
  readonly rocketOn?: CommandComment;
  /** Recorded in the tracking comment once the service accepted it: a re-run does not send it again. */
  readonly recordSent?: SentEntry;
}

/** A kind that starts no job does its own work (the docs check): the run ends green when it is done. */
export interface OwnRun {
  readonly kind: 'own';
  perform(): Promise<void>;
}

export type Plan = Skip | RunPlan | OwnRun;

export interface RunContext {
  readonly runtime: Runtime;
  readonly event: RunEvent;
  /** The workflow's repository; made on first use. */
  readonly github: RepositoryHandle;
  /** The agent's pull requests' repository. */
  readonly docs: DocsRepository;
  readonly started: number;
  /** No request or wait starts after it. */
  readonly deadline: number;
}

export function timingOf(context: RunContext): Timing {
  return { clock: context.runtime.clock, sleep: context.runtime.sleep, deadline: context.deadline };
}

/** A push, a merged pull request, a command…: one module of src/kinds/, in its list. */
export interface TriggerKind<Subject> {
  /** Before any request: the run it takes up (`taken`), a skip, or undefined when the run is not its kind. */
  screen(settings: Settings, event: RunEvent): ScreenedRun | Skip | undefined;
  /** False for a kind that starts no job: nothing is started, so nobody is checked. */
  readonly checked?: false;
  /** Before the trigger check, reading GitHub without writing. */
  admit?(subject: Subject, context: RunContext): Promise<Admitted<Subject> | Skip>;
  /** After the trigger check; `request`: the screen's, when it decided one. */
  resolve(settings: Settings, subject: Subject, request: JobRequest | undefined, context: RunContext): Promise<Plan>;
}

export interface Triggered<Subject = unknown> {
  readonly kind: TriggerKind<Subject>;
  readonly subject: Subject;
}

export interface Admitted<Subject> {
  readonly kind: 'admitted';
  readonly subject: Subject;
}

export interface ScreenedRun {
  readonly kind: 'run';
  /** Undefined for an analytics-only run, and when the kind decides it once GitHub is read. */
  readonly request?: JobRequest;
  /** Undefined for a run that follows its inputs. */
  readonly trigger?: Triggered;
}

export type Screened = Skip | ScreenedRun;

export function taken<Subject>(kind: TriggerKind<Subject>, subject: Subject, request?: JobRequest): ScreenedRun {
  const trigger: Triggered = { kind, subject };
  return { kind: 'run', ...(request && { request }), trigger };
}
