/**
 * What this run does, decided before any request to the service: run (a job request, or none for
 * an analytics-only run), or skip. A skipped run ends green with `skipped=true`, one log line and one
 * summary line saying why, and no request to the service.
 *
 * The plan is made in two stages (src/kinds/): from the inputs and the event alone, each trigger
 * kind in turn says whether the run is its own (an event not for the action is skipped before
 * anyone's permission is looked up, so it never fails); then, with GitHub, the trigger check and
 * the kind's own reading (what a push changed, which job a thread belongs to), which may still skip
 * the run or shape the job's request. What it found goes into the plan for the steps after it.
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
  /** A bare command, answered in the thread's tracking comment (when it has one) before the skip. */
  readonly reply?: CommandReply;
  /** A change run skipped by `change-paths` or a `[skip docs]` marker: its commit's `docs-agent` status says so. */
  readonly skipStatus?: SkipStatus;
}

export type SkipStatus =
  | { readonly sha: string; readonly reason: 'paths' | 'marker' }
  /** A newer run already documented the commit: `head` is that run's head, `runUrl` the run. */
  | { readonly sha: string; readonly reason: 'documented'; readonly head: string; readonly runUrl?: string };

export interface CommandReply {
  /** The thread's tracking comment, which gets the note; undefined when the thread has none. */
  readonly tracking?: ThreadJob;
}

/** A run, resolved: everything the steps after planning need, nothing left to look up. */
export interface RunPlan {
  readonly kind: 'run';
  /** Undefined for an analytics-only run. */
  readonly request?: JobRequest;
  /** The job documents a change (its "What changed" section is in the request's prompt), not a request in the thread. */
  readonly forChange?: true;
  /** The command comment that gets the `eyes` reaction. */
  readonly reactTo?: CommandComment;
  /** The thread's job and the action's comment naming it, as resolving found them: the comment is updated, not looked up again. */
  readonly threadJob?: ThreadJob;
  /** The commit that gets the `docs-agent` status of this change run's job (`commit-status`). */
  readonly statusSha?: string;
  /** An earlier commit of the change whose own status its run left pending: replaced once this run's job is known. */
  readonly staleStatus?: StaleStatus;
  /** The command comment that gets a `rocket` once the service accepted what it asked. */
  readonly rocketOn?: CommandComment;
  /**
   * The review or command sent, with this run's writer: it goes into the thread's tracking comment
   * once the service accepted it, so a re-run does not send it again.
   */
  readonly recordSent?: SentEntry;
}

export type Plan = Skip | RunPlan;

/** What a run works with besides its settings: the outside world, the event, GitHub and the clock's bounds. */
export interface RunContext {
  readonly runtime: Runtime;
  readonly event: RunEvent;
  /** The workflow's repository: its client, owner and repo, and token, or why GitHub cannot be asked; made on first use. */
  readonly github: RepositoryHandle;
  /** The repository of the agent's pull requests, reached with `docs-token` when it is not the workflow's own. */
  readonly docs: DocsRepository;
  /** Epoch milliseconds when the run started; `timeout` counts from here. */
  readonly started: number;
  /** `started` + `timeout`: no request or wait starts after it. */
  readonly deadline: number;
}

/** The clock, the sleep and the one deadline every phase shares. */
export function timingOf(context: RunContext): Timing {
  return { clock: context.runtime.clock, sleep: context.runtime.sleep, deadline: context.deadline };
}

/**
 * One kind of trigger: a push, a merged pull request, a command… Each is one module of src/kinds/,
 * registered in its list (src/kinds/list.ts), tried in order.
 */
export interface TriggerKind<Subject> {
  /**
   * From the inputs and the event alone, before any request: the run this kind takes up (`taken`
   * makes it), a skip, or undefined when the event and the inputs are not this kind's.
   */
  screen(settings: Settings, event: RunEvent): ScreenedRun | Skip | undefined;
  /** False for a kind that starts no job: who triggered the run is not checked, as nothing is started. */
  readonly checked?: false;
  /** Before the trigger check, reading GitHub without writing: the subject as it stands, or a skip. */
  admit?(subject: Subject, context: RunContext): Promise<Admitted<Subject> | Skip>;
  /** After the trigger check: the plan. `request`: the one the screen decided, when it did. */
  resolve(settings: Settings, subject: Subject, request: JobRequest | undefined, context: RunContext): Promise<Plan>;
}

/** A run a trigger kind took up, with what it knows of it so far. */
export interface Triggered<Subject = unknown> {
  readonly kind: TriggerKind<Subject>;
  readonly subject: Subject;
}

export interface Admitted<Subject> {
  readonly kind: 'admitted';
  readonly subject: Subject;
}

/** What the first stage decided for a run it did not skip. */
export interface ScreenedRun {
  readonly kind: 'run';
  /** Undefined for an analytics-only run, and for a run whose request the kind decides once GitHub is read. */
  readonly request?: JobRequest;
  /** The trigger kind that took the run up; undefined for a run that follows its inputs. */
  readonly trigger?: Triggered;
}

export type Screened = Skip | ScreenedRun;

/** The run `kind` takes up. */
export function taken<Subject>(kind: TriggerKind<Subject>, subject: Subject, request?: JobRequest): ScreenedRun {
  const trigger: Triggered = { kind, subject };
  return { kind: 'run', ...(request && { request }), trigger };
}
