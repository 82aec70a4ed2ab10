/** `comment: true`: the job's comment on the issue or pull request that triggered the run. */
import * as log from '../log.js';
import type { RunEvent } from '../event/run-event.js';
import type { RepositoryHandle } from '../github/repository.js';
import type { JobRequest } from '../job/settings.js';
import { COMMENT_EVENTS } from './event.js';
import { describeCommentFailure } from './failure.js';
import { githubCommentsApi, type IssueComment } from './github-api.js';
import type { SentEntry } from './review-record.js';
import { CommentSession } from './session.js';
import type { JobCommentSettings } from './settings.js';

export interface OpenCommentOptions {
  readonly settings: JobCommentSettings;
  readonly request: JobRequest['kind'];
  /** The thread's job comment, already read: not looked up again. */
  readonly threadComment?: IssueComment;
  /** Recorded in the comment once the service accepted it. */
  readonly sent?: SentEntry;
  /** The job documents the thread's change, not a request in it. */
  readonly forChange?: boolean;
  readonly wait: boolean;
  readonly event: RunEvent;
  readonly github: RepositoryHandle;
}

/** Undefined, with a notice or a warning, when this run has nothing to comment on. */
export function openCommentSession(options: OpenCommentOptions): CommentSession | undefined {
  const { event, github } = options;
  const target = event.thread;
  if (target === undefined) {
    const name = event.name || 'an unknown event';
    log.notice(
      `'comment' is true, but this run was triggered by '${name}', not by ${COMMENT_EVENTS.join(', ')} with an issue or pull request: ` +
        "the job's comment has nowhere to go (a pull request the job opens still gets its own).",
    );
    return undefined;
  }
  if (!github.ok) {
    log.warning(`${github.detail}: no comment is written. The agent job is not affected.`);
    return undefined;
  }
  const { token } = github;
  const issue = { ...github.repository, number: target.number };
  return new CommentSession({
    api: githubCommentsApi(github.client, issue, (message) => log.debug(message)),
    cancelApi: githubCommentsApi(github.client.detached(), issue, (message) => log.debug(message)),
    target,
    ...(options.threadComment && { threadComment: options.threadComment }),
    ...(options.sent !== undefined && { sent: options.sent }),
    request: options.request,
    ...(options.forChange === true && { forChange: true }),
    wait: options.wait,
    runUrl: event.runUrl,
    describe: (error, action) => describeCommentFailure(error, action, target, token),
    warn: (message) => log.warning(message),
    info: (message) => log.info(message),
  });
}
