/**
 * A cancelled step gets SIGINT, SIGTERM about 7.5 s later, and is killed about 2.5 s after that. The
 * job keeps running on the service, so the log and the comment must say which job it is and how to
 * resume. A create or message may be in flight (the service may act on it unread): the run waits
 * briefly for its answer, then writes the log line, the comment and the status within CANCEL_LIMITS.
 * A second signal ends any wait at once.
 */
import type { CancelNote, CommentSession } from './comment/session.js';
import type { JobResult } from './job/outcome.js';
import type { AnswerOutcome, PendingRequest, RequestKind } from './job/pending.js';
import * as log from './log.js';
import { setOutput } from './outputs.js';

type SignalName = 'SIGINT' | 'SIGTERM';

/** The change run's commit status (steps/status.ts): set once more when the run is cancelled. */
export interface CancelledStatus {
  /** Never rejects for GitHub's failures. */
  cancelled(jobId: string | undefined, ended: JobResult | undefined): Promise<boolean>;
}

/** The job as its phase knows it so far (steps/job.ts keeps it). */
export interface TrackedJob {
  /** The `job-id` input from the start, a created job's id once known. */
  readonly jobId: string | undefined;
  /** A cancelled run waits briefly for its answer. */
  readonly request: PendingRequest | undefined;
  /** Once the phase has one: a job that already ended is not "still running". */
  readonly result: JobResult | undefined;
}

/**
 * What a cancelled run can still tell the user: the run (action.ts) puts here what each of its steps
 * returned, once it has it; nothing else writes it.
 */
export interface Progress {
  job?: TrackedJob;
  comment?: CommentSession | undefined;
  status?: CancelledStatus | undefined;
  /** Removed, so no `.partial` file stays. */
  temporaryFiles?: { removeAll(): void };
}

/** After the first signal: the whole cancellation, and the wait for an answer in flight within it. */
export const CANCEL_LIMITS: Readonly<Record<SignalName, { readonly totalMs: number; readonly answerMs: number }>> = {
  SIGINT: { totalMs: 4_000, answerMs: 2_000 },
  SIGTERM: { totalMs: 2_000, answerMs: 1_500 },
};

export interface CancelState {
  readonly jobId: string | undefined;
  readonly request: RequestKind | undefined;
  /** Its answer; undefined when none came (yet). */
  readonly outcome: AnswerOutcome | undefined;
  /** When it had already ended. */
  readonly ended: JobResult | undefined;
}

function isUnclear(state: CancelState): boolean {
  return state.request !== undefined && (state.outcome === undefined || state.outcome.kind === 'unclear');
}

/** The sentence after "Received SIGTERM: stopping." */
export function cancelHint(state: CancelState): string {
  const { jobId, request, outcome, ended } = state;
  if (ended !== undefined) return `Job ${ended.jobId} had already ended ('${ended.status}').`;
  if (request === 'create' && jobId === undefined) {
    if (outcome?.kind === 'refused') return 'The request to create a job failed, so no job was started.';
    return (
      'A request to create a job was sent and got no clear answer: the service may have started a job. ' +
      'Check the Mintlify dashboard before re-running, and follow a job you find there with job-id and no prompt instead of creating another.'
    );
  }
  if (jobId === undefined) return 'No job had been started yet.';
  const resume = `run the action with job-id: ${jobId} and no prompt.`;
  if (request === 'message' && outcome?.kind === 'refused') {
    return `The follow-up message to job ${jobId} was not delivered: the service refused it or it could not be sent.`;
  }
  if (request === 'message' && isUnclear(state)) {
    return (
      `A follow-up message to job ${jobId} was sent and got no clear answer, so it may or may not have reached the job: ` +
      `check job ${jobId} in the Mintlify dashboard before sending the message again. To wait for the job, ${resume}`
    );
  }
  return `Job ${jobId} keeps running on the service. To wait for it again, ${resume}`;
}

/** Undefined when no job was started. */
export function cancelledNote(state: CancelState): CancelNote | undefined {
  if (state.ended !== undefined) return { jobId: state.ended.jobId, messageUnclear: false, ended: state.ended };
  if (state.outcome?.kind === 'refused') return undefined;
  if (state.jobId === undefined && state.request !== 'create') return undefined;
  return { jobId: state.jobId, messageUnclear: state.request === 'message' && isUnclear(state) };
}

/** Outcomes after which the job is over; `timeout` and `started` leave it running. */
const ENDED: ReadonlySet<JobResult['outcome']> = new Set(['completed', 'no-pr', 'failed', 'archived']);

function stateOf(progress: Progress, outcome: AnswerOutcome | undefined): CancelState {
  const result = progress.job?.result;
  return {
    jobId: outcome?.kind === 'answered' ? outcome.jobId : progress.job?.jobId,
    request: progress.job?.request?.kind,
    outcome,
    ended: result !== undefined && ENDED.has(result.outcome) ? result : undefined,
  };
}

export interface CancelDependencies {
  readonly signals: {
    on(signal: SignalName, listener: (signal: SignalName) => void): unknown;
    off(signal: SignalName, listener: (signal: SignalName) => void): unknown;
  };
  readonly exit: (code: number) => void;
  /** The run stops waiting for GitHub at once. */
  readonly abortGitHub?: () => void;
  readonly wait: (ms: number) => Promise<void>;
  readonly clock: () => number;
}

const SIGNALS: readonly SignalName[] = ['SIGINT', 'SIGTERM'];

type CancelPhase = 'running' | 'waiting for the answer' | 'updating the comment';

function within<T>(write: Promise<T>, left: number, wait: CancelDependencies['wait']): Promise<T | 'late'> {
  return Promise.race([write, wait(left).then(() => 'late' as const)]);
}

/** The job id goes to later steps that run on cancellation (`if: cancelled()`). */
function reportCancelled(signal: SignalName, state: CancelState, again: boolean): void {
  log.endGroup();
  log.info(`Received ${signal}${again ? ' again' : ''}: stopping. ${cancelHint(state)}`);
  if (state.jobId !== undefined && state.outcome?.kind !== 'refused') setOutput('job-id', state.jobId);
}

function removeTemporaryFiles(progress: Progress): void {
  try {
    progress.temporaryFiles?.removeAll();
  } catch {
    // Best effort: the process exits in a moment whatever happens to a half-written file.
  }
}

async function answerWithin(
  request: PendingRequest | undefined,
  ms: number,
  wait: CancelDependencies['wait'],
): Promise<AnswerOutcome | undefined> {
  return request && (await Promise.race([request.settled, wait(ms).then(() => request.outcome)]));
}

async function updateComment(comment: CommentSession, note: CancelNote, left: number, wait: CancelDependencies['wait']): Promise<void> {
  const unchanged = 'the issue comment may still say the job is running';
  if (left <= 0) {
    log.info(`No time was left to update the issue comment: ${unchanged}.`);
    return;
  }
  const written = comment.cancelled(note).then(
    (url) => (url === undefined ? 'failed' : 'written'),
    () => 'failed' as const,
  );
  const result = await within(written, left, wait);
  if (result === 'late') {
    log.info(`GitHub did not answer within the ${(left / 1000).toFixed(1)} s a cancelled step has left: ${unchanged}.`);
  } else if (result === 'failed') log.info(`The issue comment could not be updated (see the warning above): ${unchanged}.`);
}

async function updateStatus(status: CancelledStatus, state: CancelState, left: number, wait: CancelDependencies['wait']): Promise<void> {
  const unchanged = "the commit status may still say 'pending' until the next run replaces it";
  if (left <= 0) return log.info(`No time was left to set the commit status: ${unchanged}.`);
  const written = await within(
    status.cancelled(state.jobId, state.ended).catch(() => false),
    left,
    wait,
  );
  if (written === 'late')
    log.info(`GitHub did not answer within the ${(left / 1000).toFixed(1)} s a cancelled step has left: ${unchanged}.`);
  else if (!written) log.info(`The commit status could not be set (see the notice above): ${unchanged}.`);
}

/** The returned function removes the handlers, unless a cancellation is under way. */
export function handleCancellation(progress: Progress, dependencies: CancelDependencies): () => void {
  const { exit, wait, clock } = dependencies;
  let phase: CancelPhase = 'running';

  const cancel = async (signal: SignalName): Promise<void> => {
    phase = 'waiting for the answer';
    dependencies.abortGitHub?.();
    removeTemporaryFiles(progress);
    const limits = CANCEL_LIMITS[signal];
    const deadline = clock() + limits.totalMs;
    const outcome = await answerWithin(progress.job?.request, limits.answerMs, wait);
    if (phase !== 'waiting for the answer') return;
    const state = stateOf(progress, outcome);
    reportCancelled(signal, state, false);
    phase = 'updating the comment';
    const note = cancelledNote(state);
    const left = deadline - clock();
    await Promise.all([
      note === undefined || progress.comment === undefined ? undefined : updateComment(progress.comment, note, left, wait),
      progress.status === undefined ? undefined : updateStatus(progress.status, state, left, wait),
    ]);
  };

  const handler = (signal: SignalName): void => {
    const code = signal === 'SIGINT' ? 130 : 143;
    switch (phase) {
      case 'running':
        void cancel(signal).finally(() => exit(code));
        return;
      case 'waiting for the answer':
        // Not waiting any longer: say what is known now.
        reportCancelled(signal, stateOf(progress, progress.job?.request?.outcome), true);
        phase = 'updating the comment';
        exit(code);
        return;
      case 'updating the comment':
        log.endGroup();
        log.info(`Received ${signal} again: stopping without waiting for the issue comment.`);
        exit(code);
        return;
    }
  };
  for (const signal of SIGNALS) dependencies.signals.on(signal, handler);
  return () => {
    if (phase !== 'running') return;
    for (const signal of SIGNALS) dependencies.signals.off(signal, handler);
  };
}
