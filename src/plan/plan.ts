/**
 * What this run does, decided before any request to the service: run (a job request, or none for
 * an analytics-only run), or skip. A skipped run ends green with `skipped=true`, one log line and one
 * summary line saying why, and no request to the service.
 *
 * The plan is made once, in two stages, both called from `run()`. `screenRun` (screen.ts) looks only
 * at the inputs and the event, before any request: an event that is not for the action (a comment
 * without the command, a pull request closed without merging) is skipped before anyone's permission
 * is looked up, so it never fails. `resolveRun` (resolve.ts) asks GitHub: whether a review is for
 * the agent, then the trigger check, then what the run needs to know (what a push changed, which job
 * a thread belongs to). What it reads may still skip the run or shape the job's request, and what it
 * found is kept in the plan for the steps after it (the thread's job comment goes to the comment).
 */
import type { ChangeSource } from '../change/read.js';
import type { Conversation } from '../conversation/screen.js';
import type { SentEntry } from '../comment/review-record.js';
import type { ThreadJob } from '../conversation/thread-job.js';
import type { CommandComment } from '../event/conversation.js';
import type { RunEvent } from '../event/run-event.js';
import type { DocsRepository } from '../github/docs-repository.js';
import type { RepositoryHandle } from '../github/repository.js';
import type { JobRequest } from '../job/settings.js';
import type { Runtime, Timing } from '../runtime.js';
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

/** What the first stage decided from the inputs and the event alone. */
export type Screened =
  | Skip
  /** The run follows its inputs: `request` is undefined for an analytics-only run; `change`: the change its job is started for. */
  | { readonly kind: 'run'; readonly request?: JobRequest; readonly change?: ChangeSource }
  /** A comment, review or label the run takes up: its request is known only once GitHub is read. */
  | { readonly kind: 'conversation'; readonly conversation: Conversation };

export type ScreenedRun = Exclude<Screened, Skip>;

/** A run, resolved: everything the steps after planning need, nothing left to look up. */
export interface RunPlan {
  readonly kind: 'run';
  /** Undefined for an analytics-only run. */
  readonly request?: JobRequest;
  /** The change the job is started for; its "What changed" section is already in the request's prompt. */
  readonly change?: ChangeSource;
  /** The command comment that gets the `eyes` reaction. */
  readonly reactTo?: CommandComment;
  /** The thread's job and the action's comment naming it, as resolving found them: the job's comment is updated, not looked up again. */
  readonly threadJob?: ThreadJob;
  /** The commit that gets the `docs-agent` status of this change run's job (`commit-status`). */
  readonly statusSha?: string;
  /** An earlier commit of the change whose own status its run left pending: replaced once this run's job is known. */
  readonly staleStatus?: StaleStatus;
  /** The command comment that gets a `rocket` reaction once the service accepted what it asked: the commenter sees the agent has it. */
  readonly rocketOn?: CommandComment;
  /**
   * The review or command sent, with this run's writer: it goes into the thread's tracking comment
   * (the session's, else `threadJob`'s) once the service accepted it, so a re-run does not send it again.
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

/** The clock, the sleep and the one deadline every phase shares: `timeout` bounds the whole run. */
export function timingOf(context: RunContext): Timing {
  return { clock: context.runtime.clock, sleep: context.runtime.sleep, deadline: context.deadline };
}
