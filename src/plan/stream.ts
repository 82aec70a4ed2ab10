/**
 * The docs stream's part of the plan: where a change run's `docs-agent` status goes, whether its job
 * is new, resumed (the commit already records one) or extended (`extend-open-pr`), and whether a
 * command's or review's follow-up was already sent (its id recorded in the thread's tracking
 * comment). A record counts only when this run's workflow and project wrote it (stream/writer.ts)
 * with the token's own account, and only when GitHub said who the token is: a guessed login makes
 * no record this run's own. Only reads: the steps write the statuses, the reaction and the record.
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

/** This run's records: the status context it writes under, and the writer of its workflow and project. */
export function recordOwnerOf(settings: Settings, event: RunEvent): StatusOwner {
  return { context: settings.stream.statusContext, writer: recordWriter(event.workflowPath, settings.run.projectId) };
}

/** The token's login, known from GitHub; a guessed one (GraphQL refused to say) throws: it makes no record this run's own. */
async function knownLogin(github: GitHubClient): Promise<string> {
  const identity = await viewerIdentity(github);
  if (identity.guessed) throw new Error("GitHub refused to say who the token is, and a guessed account makes no record this run's own");
  return identity.login;
}

/** The docs stream's reads of this run's records; undefined without `commit-status` or without GitHub. */
export function streamReads(settings: Settings, context: StreamContext): StreamReads | undefined {
  const { github, event, docs } = context;
  if (!github.ok || !settings.stream.commitStatus) return undefined;
  const status = { ...recordOwnerOf(settings, event), ownLogin: () => knownLogin(github.client) };
  return { github: github.client, docs, repository: github.repository, event, status };
}

/**
 * A change whose commits a newer run already documented (a failed run re-run late): nothing is sent,
 * and the commit's status (`sha`) says who documented it.
 */
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

/** Where a change's last documented commit is, as its kind knows it (`extend-open-pr` extends that commit's job). */
export type LastDocumented = (reads: StreamReads) => Promise<string | Refused | Unavailable | undefined>;

/**
 * A change run's job: the one its commit records, the open pull request's (`extend-open-pr`), or a
 * new one. `lastSuccess`, the change's look-up of the workflow's last successful run, tells whether
 * the commit can carry a record at all (mayCarryRecord).
 */
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
 * A review or command whose id the thread's tracking comment records under this run's writer was
 * sent by an earlier attempt: the run waits for the thread's job instead of sending it again. That
 * comment is the token's own (the thread's job is found only through it), so a record pasted by
 * anyone else is never read; when the token's account was only guessed, the comment is still the
 * thread's job (security promise 11) but what it records is not taken for this run's. Otherwise
 * the review or command is sent, recorded once the service accepted it (in the run's own job
 * comment, else the thread's), and a command gets its 🚀.
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
