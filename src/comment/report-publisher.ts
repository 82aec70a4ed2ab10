/**
 * report-issue: the report as one comment on a chosen issue, for scheduled runs whose summary no one
 * opens, updated in place for the same project and window; a GitHub failure is one warning.
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
  readonly runUrl: string | undefined;
}

/** Undefined, with a warning, when GitHub cannot be called. */
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

/** Its URL, or undefined (with a warning) when GitHub refused. */
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
 * Two runs over the same window can both create a comment: after creating, the token's own marked
 * comments are listed again, the oldest stays (updated with this report) and the newer are deleted.
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
