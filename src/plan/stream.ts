/**
 * The docs stream's part of the plan: whether a change's job is new, resumed or extended, and whether
 * a follow-up was already sent. A record counts only when this run's workflow and project wrote it
 * (stream/writer.ts) with the token's own account, as GitHub said: a guessed login makes no record
 * this run's own. Only reads: the steps write.
 */
import * as log from '../log.js';
import { viewerIdentity } from '../comment/github-api.js';
import { isRecorded, sentName, type SentEntry } from '../comment/review-record.js';
import type { ConversationRequest } from '../conversation/resolve.js';
import type { RunEvent } from '../event/run-event.js';
import type { Refused, Unavailable } from '../github/failure.js';
import type { GitHubClient } from '../github/client.js';
import type { JobRequest } from '../job/settings.js';
import type { Settings } from '../settings.js';
import { mayCarryRecord, openPullRequestJob, recordedJob, type Continuation, type StreamReads } from '../stream/continuation.js';
import type { DocumentedHead } from '../stream/change-base.js';
import type { StatusOwner } from '../stream/docs-status.js';
import type { AnsweredLookup } from '../stream/last-success.js';
import { recordWriter } from '../stream/writer.js';
import type { Plan, RunContext, Skip, SkipStatus } from './plan.js';

/** The first words of a change sent to the job of an open pull request. */
export const FOLLOW_UP_INSTRUCTION = 'Also update the docs for this change:';

type StreamContext = Pick<RunContext, 'event' | 'github' | 'docs'>;

export function recordOwnerOf(settings: Settings, event: RunEvent): StatusOwner {
  return { context: settings.stream.statusContext, writer: recordWriter(event.workflowPath, settings.run.projectId) };
}

/** A guessed login throws: it makes no record this run's own. */
async function knownLogin(github: GitHubClient): Promise<string> {
  const identity = await viewerIdentity(github);
  if (identity.guessed) throw new Error("GitHub refused to say who the token is, and a guessed account makes no record this run's own");
  return identity.login;
}

/** Undefined without `commit-status` or without GitHub. */
export function streamReads(settings: Settings, context: StreamContext): StreamReads | undefined {
  const { github, event, docs } = context;
  if (!github.ok || !settings.stream.commitStatus) return undefined;
  const status = { ...recordOwnerOf(settings, event), ownLogin: () => knownLogin(github.client) };
  return { github: github.client, docs, repository: github.repository, event, status };
}

/** A failed run re-run late: nothing is sent, and the commit's status says who documented it. */
export function documentedSkip(by: DocumentedHead, sha: string | undefined): Skip {
  const run = by.runUrl === undefined ? '' : ` (${by.runUrl})`;
  const reason = `a newer run of this workflow already documented these commits: its head ${by.sha.slice(0, 7)}${run} includes them`;
  const skipStatus: SkipStatus | undefined =
    sha === undefined ? undefined : { sha, reason: 'documented', head: by.sha, ...(by.runUrl !== undefined && { runUrl: by.runUrl }) };
  return { kind: 'skip', reason, ...(skipStatus && { skipStatus }) };
}

function logged(continuation: Continuation): Continuation {
  if (continuation.note !== undefined)
    (continuation.kind === 'new' && continuation.notice === true ? log.notice : log.info)(continuation.note);
  return continuation;
}

/** `extend-open-pr` extends the job of the change's last documented commit. */
export type LastDocumented = (reads: StreamReads) => Promise<string | Refused | Unavailable | undefined>;

/** `lastSuccess` tells whether the commit can carry a record at all (mayCarryRecord). */
export async function planContinuation(
  settings: Settings,
  reads: StreamReads | undefined,
  statusSha: string | undefined,
  lastDocumented: LastDocumented,
  lastSuccess?: AnsweredLookup,
): Promise<Continuation> {
  if (reads === undefined) return { kind: 'new' };
  if (statusSha !== undefined && mayCarryRecord(reads.event, statusSha, lastSuccess)) {
    const recorded = logged(await recordedJob(reads, statusSha));
    if (recorded.kind === 'resume') return recorded;
  }
  if (!settings.stream.extendOpenPr) return { kind: 'new' };
  return logged(await openPullRequestJob(reads, await lastDocumented(reads)));
}

/** `prompt`: the instruction followed by the change's section. */
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
 * A review or command the tracking comment records under this run's writer was sent by an earlier
 * attempt: the run waits for the thread's job instead. That comment is the token's own, so a pasted
 * record is never read; with a guessed account it is still the thread's job (security promise 11)
 * but its record is not this run's.
 */
export async function planSentRecord(
  settings: Settings,
  resolved: Requested,
  sent: Pick<SentEntry, 'kind' | 'id'>,
  context: StreamContext,
): Promise<Plan> {
  const { request, reactTo, threadJob } = resolved;
  const plan = { kind: 'run', request, ...(reactTo && { reactTo, rocketOn: reactTo }), ...(threadJob && { threadJob }) } as const;
  const { writer } = recordOwnerOf(settings, context.event);
  const entry: SentEntry = { ...sent, writer };
  if (threadJob === undefined) {
    if (settings.comment === undefined)
      log.info(
        `${sentName(sent, true)} is recorded nowhere ('comment: false' and no job comment on the thread): a re-run of this run sends it again.`,
      );
    return settings.comment === undefined ? plan : { ...plan, recordSent: entry };
  }
  if (request.kind === 'create' || !isRecorded(threadJob.comment.body, sent, writer)) return { ...plan, recordSent: entry };
  const recorded = `${sentName(sent, true)} is already recorded in this token's comment ${threadJob.comment.htmlUrl} by this workflow`;
  if (context.github.ok && (await viewerIdentity(context.github.client)).guessed) {
    log.info(`${recorded}, but GitHub refused to say who the token is, so the record is not taken for this run's own: sending it.`);
    return { ...plan, recordSent: entry };
  }
  log.info(`${recorded}: an earlier attempt sent it to the agent; following agent job ${threadJob.jobId} instead of sending it again.`);
  const { rocketOn: _rocketOn, ...waiting } = plan;
  return { ...waiting, request: { kind: 'wait', jobId: threadJob.jobId } };
}
