/**
 * report-issue: the analytics report as one comment on a chosen issue, for scheduled runs where no
 * one opens the job summary. The comment of the same project and window, written by the token's own
 * account, is found by its marker and updated in place (marked-comment.ts); any GitHub failure is
 * one warning, never a failed step.
 */
import * as log from '../log.js';
import type { RepositoryHandle } from '../github/repository.js';
import { describeCommentFailure } from './failure.js';
import { findOwnMarkedComments } from './find.js';
import { githubCommentsApi, type IssueComment, type ReportCommentsApi } from './github-api.js';
import { writeMarkedComment, type CommentSteps } from './marked-comment.js';
import { reportCommentBody } from './report-body.js';

export interface ReportComment {
  readonly token: string;
  readonly issue: number;
  readonly marker: string;
  /** The report's Markdown, already within MAX_REPORT_COMMENT_BYTES. */
  readonly report: string;
  /** Where the run can be seen, for the link under the report. */
  readonly runUrl: string | undefined;
}

/** The comments of the report issue, or undefined (with a warning) when GitHub cannot be called. */
export function reportCommentsApi(github: RepositoryHandle, issue: number): ReportCommentsApi | undefined {
  if (!github.ok) {
    log.warning(`${github.detail}: the report is not posted on issue #${issue}.`);
    return undefined;
  }
  return githubCommentsApi(github.client, { ...github.repository, number: issue }, (message) => log.debug(message));
}

const REPORT_COMMENT_STEPS: CommentSteps = {
  find: 'list the comments',
  identify: 'check who wrote the report comment',
  update: 'update the report comment',
  create: 'create the report comment',
};

/** Writes or updates the comment; its URL, or undefined (with a warning) when GitHub refused. */
export async function publishReportComment(comment: ReportComment, comments: ReportCommentsApi): Promise<string | undefined> {
  const target = { number: comment.issue, kind: 'issue' } as const;
  const body = reportCommentBody(comment.marker, comment.report, comment.runUrl);
  const written = await writeMarkedComment({
    api: comments,
    marker: comment.marker,
    body,
    steps: REPORT_COMMENT_STEPS,
    onWritten: (written, created) => log.info(`${created ? 'Wrote' : 'Updated'} the report comment ${written.htmlUrl}`),
    afterCreate: {
      step: 'look for a second report comment of the same window',
      run: (created, api, ownLogin) => keepOldest(api, comment.marker, created, body, ownLogin),
    },
  });
  if (written.ok) return written.comment.htmlUrl;
  log.warning(describeCommentFailure(written.error, written.step, target, comment.token, 'The analytics report').message);
  return undefined;
}

/**
 * Two runs over the same window at once can both find no comment and both create one. After
 * creating, the comments are listed again: of the token's own comments with the marker, the oldest
 * stays and the newer ones are deleted (never anyone else's). When this run's comment was the one
 * deleted, the oldest gets this run's report, so the newest report is what stays.
 */
async function keepOldest(
  comments: ReportCommentsApi,
  marker: string,
  created: IssueComment,
  body: string,
  ownLogin: () => Promise<string>,
): Promise<IssueComment> {
  const [oldest, ...newer] = await findOwnMarkedComments(comments, marker, ownLogin);
  if (oldest === undefined || newer.length === 0) return created;
  for (const duplicate of newer) await comments.remove(duplicate.id);
  const deleted = newer.length === 1 ? 'the newer one' : `${newer.length} newer ones`;
  log.info(
    `Another run wrote a report comment for the same window at the same time: kept the oldest, ${oldest.htmlUrl}, and deleted ${deleted}.`,
  );
  if (oldest.id === created.id) return created;
  const updated = await comments.update(oldest.id, body);
  log.info(`Updated the report comment ${updated.htmlUrl}`);
  return updated;
}
