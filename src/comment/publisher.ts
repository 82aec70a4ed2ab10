/**
 * Entry of the issue-comment feature, loaded with a dynamic import only when `comment: true`, so a
 * plain run never parses Octokit (ncc puts this module and its dependencies in a separate chunk).
 * `@actions/github` reads the event file and GITHUB_API_URL (GitHub Enterprise Server too).
 */
import * as log from '../log.js';
import { context, getOctokit } from '@actions/github';
import type { JobRequest } from '../job/settings.js';
import type { CommentSettings } from './settings.js';
import { userAgent } from '../version.js';
import { workflowRunUrl } from './body.js';
import { COMMENT_EVENTS, commentTargetOf } from './event.js';
import { describeCommentFailure } from './failure.js';
import { octokitCommentsApi } from './github-api.js';
import { CommentSession } from './session.js';

export type { CommentSession } from './session.js';
// report-issue's comment, from the same chunk: one Octokit load serves both.
export { publishReportComment } from './report-publisher.js';

export interface OpenCommentOptions {
  readonly settings: CommentSettings;
  readonly request: JobRequest['kind'];
  readonly wait: boolean;
  readonly requestTimeoutMs: number;
}

/** Undefined, with a notice or a warning, when this run has nothing to comment on. */
export function openCommentSession(options: OpenCommentOptions): CommentSession | undefined {
  const target = commentTargetOf(context.eventName, context.payload);
  if (target === undefined) {
    const event = context.eventName || 'an unknown event';
    log.notice(
      `'comment' is true, but this run was triggered by '${event}', not by ${COMMENT_EVENTS.join(', ')} with an issue or pull request: no comment is written.`,
    );
    return undefined;
  }
  const repository = process.env['GITHUB_REPOSITORY'] ?? '';
  const [owner, repo, ...rest] = repository.split('/');
  if (!owner || !repo || rest.length > 0) {
    log.warning(`GITHUB_REPOSITORY is '${repository}', not 'owner/repo': no comment is written. The agent job is not affected.`);
    return undefined;
  }
  const token = options.settings.token;
  const octokit = getOctokit(token, { userAgent: userAgent() });
  return new CommentSession({
    api: octokitCommentsApi(octokit, { owner, repo, number: target.number }, options.requestTimeoutMs),
    target,
    request: options.request,
    wait: options.wait,
    runUrl: workflowRunUrl(process.env),
    describe: (error, action) => describeCommentFailure(error, action, target, token),
    warn: (message) => log.warning(message),
    info: (message) => log.info(message),
  });
}
