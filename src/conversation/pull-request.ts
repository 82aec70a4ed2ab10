/**
 * One comment on the agent's pull request: the job, where it was asked for, and how to ask for
 * changes, so reviewers talk to the agent where they are. Updated in place through the docs
 * repository's handle; a refusal is one warning (one notice naming `docs-token`), never a failed step.
 */
import * as log from '../log.js';
import { pullRequestMarker } from '../comment/body.js';
import type { CommentTarget } from '../comment/event.js';
import { describeCommentFailure } from '../comment/failure.js';
import { githubCommentsApi } from '../comment/github-api.js';
import { writeMarkedComment, type CommentSteps } from '../comment/marked-comment.js';
import type { RunEvent } from '../event/run-event.js';
import type { JobResult } from '../job/outcome.js';
import { docsRefusalNotice, docsRefusalStatus, type DocsRepository } from '../github/docs-repository.js';
import { fieldCode } from '../summary/job-fields.js';
import { escapeCode, markdownLink } from '../summary/markdown.js';
import { originOf, type Origin } from '../event/origin.js';

export interface PullRequestRef {
  readonly owner: string;
  readonly repo: string;
  readonly number: number;
}

/** Undefined when not on `serverUrl`'s host. */
export function pullRequestOf(prLink: string, serverUrl: string): PullRequestRef | undefined {
  let link: URL;
  let server: URL;
  try {
    link = new URL(prLink);
    server = new URL(serverUrl);
  } catch {
    return undefined;
  }
  if (link.protocol !== server.protocol || link.host !== server.host) return undefined;
  const match = /^\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)\/pull\/(\d{1,9})\/?$/.exec(link.pathname);
  if (match === null) return undefined;
  const [, owner = '', repo = '', number = ''] = match;
  return { owner, repo, number: Number(number) };
}

export interface PullRequestComment {
  readonly jobId: string;
  readonly command: string;
  readonly origin: Origin | undefined;
  readonly runUrl: string | undefined;
}

export function pullRequestBody(comment: PullRequestComment): string {
  const job = fieldCode('jobId', comment.jobId);
  const from = comment.origin === undefined ? '' : `, for ${markdownLink(comment.origin.label, comment.origin.url)}`;
  const run = comment.runUrl === undefined ? '' : `${markdownLink('Workflow run', comment.runUrl)} · `;
  return [
    pullRequestMarker(comment.jobId),
    `### 🤖 Mintlify agent job ${job}`,
    '',
    `This pull request was opened by Mintlify agent job ${job}${from}.`,
    '',
    `To ask for changes, comment ${escapeCode(comment.command)} followed by what to change, ` +
      'or submit a review that requests changes: the agent revises this pull request.',
    '',
    `${run}this comment is updated by later runs of the job.`,
    '',
  ].join('\n');
}

const PULL_REQUEST_COMMENT_STEPS: CommentSteps = {
  find: "find the job's comment",
  identify: "check who wrote the job's comment",
  update: "update the job's comment",
  create: "write the job's comment",
};

export interface MarkPullRequestOptions {
  readonly docs: DocsRepository;
  readonly event: RunEvent;
  readonly jobId: string;
  readonly prLink: string;
  readonly command: string;
  /** When it is the agent's pull request, the job's comment there already says it all. */
  readonly commentTarget: CommentTarget | undefined;
}

/** Never throws; the comment's URL when it was written. */
export async function markAgentPullRequest(options: MarkPullRequestOptions): Promise<string | undefined> {
  const { event } = options;
  const pull = pullRequestOf(options.prLink, event.serverUrl);
  if (pull === undefined) {
    log.debug(`The job's pull request ${options.prLink} is not a pull request on ${event.serverUrl}: it gets no comment.`);
    return undefined;
  }
  const repository = `${pull.owner}/${pull.repo}`;
  const handle = options.docs.handle(pull);
  if (!handle.ok) {
    log.info(`No comment on the job's pull request ${repository}#${pull.number}: ${handle.detail}.`);
    return undefined;
  }
  if (handle.own && options.commentTarget?.kind === 'pull-request' && options.commentTarget.number === pull.number) {
    log.debug(`This run was asked on the job's pull request #${pull.number}: its comment there reports the job.`);
    return undefined;
  }
  const target: CommentTarget = { number: pull.number, kind: 'pull-request', repository };
  const written = await writeMarkedComment({
    api: githubCommentsApi(handle.client, pull, (message) => log.debug(message)),
    marker: pullRequestMarker(options.jobId),
    body: pullRequestBody({ jobId: options.jobId, command: options.command, origin: originOf(event), runUrl: event.runUrl }),
    steps: PULL_REQUEST_COMMENT_STEPS,
    onWritten: (comment, created) =>
      log.info(`${created ? 'Commented on' : 'Updated the comment on'} the job's pull request ${comment.htmlUrl}`),
  });
  if (written.ok) return written.comment.htmlUrl;
  const refused = handle.own ? undefined : docsRefusalStatus(written.error);
  if (refused !== undefined) {
    const couldNot = `comment on the job's pull request ${repository}#${pull.number}; the agent job is not affected`;
    log.notice(docsRefusalNotice(options.docs.refused(handle, refused), couldNot));
    return undefined;
  }
  log.warning(describeCommentFailure(written.error, written.step, target, handle.token).message);
  return undefined;
}

export class AgentPullRequest {
  constructor(private readonly options: Pick<MarkPullRequestOptions, 'docs' | 'event' | 'command'>) {}

  /** Never throws; the comment's URL when it was written. */
  async mark(result: JobResult | undefined): Promise<string | undefined> {
    const prLink = result?.job?.prLink;
    if (result === undefined || result.outcome !== 'completed' || prLink === undefined) return undefined;
    return markAgentPullRequest({ ...this.options, jobId: result.jobId, prLink, commentTarget: this.options.event.thread });
  }
}
