/**
 * The docs stream's part of the plan: where a change run's `docs-agent` status goes, whether its job
 * is new, resumed (the commit already records one) or extended (`extend-open-pr`), and whether a
 * command's follow-up was already sent (the token's 🚀 on the command comment), or a review's (its
 * id recorded in the thread's tracking comment). Only reads: the steps write the statuses, the
 * reaction and the record.
 */
import * as log from '../log.js';
import type { ChangeSource } from '../change/read.js';
import { viewerLogin } from '../comment/github-api.js';
import { recordedReviews } from '../comment/review-record.js';
import type { ConversationRequest } from '../conversation/resolve.js';
import type { EventChange } from '../event/change.js';
import type { RunEvent } from '../event/run-event.js';
import type { DocsRepository } from '../github/docs-repository.js';
import type { GitHubAccess } from '../github/open.js';
import type { JobRequest } from '../job/settings.js';
import type { Settings } from '../settings.js';
import {
  mayCarryRecord,
  openPullRequestJob,
  recordedJob,
  statusCommitOf,
  type Continuation,
  type StreamReads,
} from '../stream/continuation.js';
import type { AnsweredLookup } from '../stream/last-success.js';
import { hasOwnReaction } from '../stream/reactions.js';
import type { Plan, SkipStatus } from './plan.js';

/** The first words of a change sent to the job of an open pull request. */
export const FOLLOW_UP_INSTRUCTION = 'Also update the docs for this change:';

export interface StreamContext {
  readonly event: RunEvent;
  readonly github: GitHubAccess;
  readonly docs: DocsRepository;
}

function readsOf(context: StreamContext): StreamReads | undefined {
  const { github, event, docs } = context;
  if (!github.ok || event.repository === undefined) return undefined;
  return { github: github.client, docs, repository: event.repository, event, ownLogin: () => viewerLogin(github.client) };
}

/**
 * The status of a run skipped before anything was read: a `[skip docs]` marker or the `skip-docs`
 * label. eventSkip's other reasons (a deleted branch, a pull request closed without merging or not
 * yet merged without a prompt, a deleted release) leave no documented commit to mark.
 */
export function markerSkipStatus(settings: Settings, change: EventChange, event: RunEvent, prompted: boolean): SkipStatus | undefined {
  if (!settings.stream.commitStatus) return undefined;
  const marked =
    change.kind === 'push' ? !change.deleted : change.kind === 'pull' && (change.action === 'closed' ? change.merged : prompted);
  const sha = marked ? statusCommitOf(change, event) : undefined;
  return sha === undefined ? undefined : { sha, reason: 'marker' };
}

/** A `change-paths` skip marks the commit; a digest's does not (its head may record an earlier digest's job). */
export function pathsSkipStatus(settings: Settings, change: ChangeSource, event: RunEvent): SkipStatus | undefined {
  const sha = settings.stream.commitStatus && change.kind !== 'since' ? statusCommitOf(change, event) : undefined;
  return sha === undefined ? undefined : { sha, reason: 'paths' };
}

function logged(continuation: Continuation): Continuation {
  if (continuation.note !== undefined)
    (continuation.kind === 'new' && continuation.notice === true ? log.notice : log.info)(continuation.note);
  return continuation;
}

/**
 * A change run's job: the one its commit records, the open pull request's (`extend-open-pr`), or a
 * new one. `lastSuccess`, the change's look-up of the workflow's last successful run, tells whether
 * the commit can carry a record at all (mayCarryRecord).
 */
export async function planContinuation(
  settings: Settings,
  change: ChangeSource,
  statusSha: string | undefined,
  context: StreamContext,
  lastSuccess?: AnsweredLookup,
): Promise<Continuation> {
  const reads = readsOf(context);
  if (reads === undefined || !settings.stream.commitStatus) return { kind: 'new' };
  if (statusSha !== undefined && mayCarryRecord(context.event, statusSha, lastSuccess)) {
    const recorded = logged(await recordedJob(reads, statusSha));
    if (recorded.kind === 'resume') return recorded;
  }
  if (!settings.stream.extendOpenPr) return { kind: 'new' };
  return logged(await openPullRequestJob(reads, change));
}

/** The request for the continuation: `prompt` is the instruction followed by the change's section. */
export function continuedRequest(continuation: Continuation, instruction: string, prompt: string): JobRequest {
  switch (continuation.kind) {
    case 'resume':
      return { kind: 'wait', jobId: continuation.jobId };
    case 'extend':
      return { kind: 'message', jobId: continuation.jobId, prompt: `${FOLLOW_UP_INSTRUCTION}${prompt.slice(instruction.length)}` };
    case 'new':
      return { kind: 'create', prompt };
  }
}

type Requested = Extract<ConversationRequest, { kind: 'request' }>;

/**
 * A command whose comment carries the token's 🚀 was sent by an earlier attempt: the run waits for
 * the thread's job instead of sending it again. Only 👀 (or nothing): it is sent, and gets its 🚀.
 */
export async function planCommandRecord(resolved: Requested, context: StreamContext): Promise<Plan> {
  const { request, reactTo, threadJob } = resolved;
  const plan = { kind: 'run', request, ...(reactTo && { reactTo }), ...(threadJob && { threadJob }) } as const;
  const reads = readsOf(context);
  if (reactTo === undefined || reads === undefined) return plan;
  const read = await hasOwnReaction(reads.github, reads.repository, reactTo, 'rocket', reads.ownLogin);
  if (read.kind === 'found') {
    const sent = `The command comment ${reactTo.id} already carries this token's 'rocket': an earlier attempt sent it to the agent`;
    if (threadJob === undefined) return { kind: 'skip', reason: `${sent}, and no comment names its job to follow.` };
    log.info(`${sent}; following agent job ${threadJob.jobId} instead of sending it again.`);
    return { ...plan, request: { kind: 'wait', jobId: threadJob.jobId } };
  }
  if (read.kind !== 'none') {
    const why = read.kind === 'refused' ? `GitHub refused (${read.status}); '${read.permission}' reads it` : read.detail;
    log.info(`The reactions of the command comment ${reactTo.id} could not be read (${why}), so a re-run of this run may send it again.`);
  }
  return { ...plan, rocketOn: reactTo };
}

/**
 * A review whose id the thread's tracking comment records was sent by an earlier attempt: the run
 * waits for the thread's job instead of sending it again. That comment is the token's own (the
 * thread's job is found only through it), so a record pasted by anyone else is never read.
 * Otherwise the review is sent, and recorded once the service accepted it.
 */
export function planReviewRecord(resolved: Requested, reviewId: number): Plan {
  const { request, threadJob } = resolved;
  const plan = { kind: 'run', request, ...(threadJob && { threadJob }) } as const;
  if (threadJob === undefined || request.kind !== 'message') return plan;
  if (!recordedReviews(threadJob.comment.body).includes(reviewId)) return { ...plan, recordReview: reviewId };
  log.info(
    `Review ${reviewId} is already recorded in this token's comment ${threadJob.comment.htmlUrl}: an earlier attempt sent it to the agent; ` +
      `following agent job ${threadJob.jobId} instead of sending it again.`,
  );
  return { ...plan, request: { kind: 'wait', jobId: threadJob.jobId } };
}
