/**
 * report-issue: the analytics report as one comment on a chosen issue, for scheduled runs where no
 * one opens the job summary. Loaded with a dynamic import only when wanted (Octokit is a separate
 * chunk). The comment of the same project and window, written by the token's own account, is found
 * by its marker and updated in place; any GitHub failure is one warning, never a failed step.
 */
import * as log from '../log.js';
import { getOctokit } from '@actions/github';
import { userAgent } from '../version.js';
import { workflowRunUrl } from './body.js';
import { describeCommentFailure } from './failure.js';
import { findMarkedComment } from './find.js';
import { octokitCommentsApi, type CommentsApi } from './github-api.js';
import { reportCommentBody } from './report-body.js';

export interface ReportComment {
  readonly token: string;
  readonly issue: number;
  readonly marker: string;
  /** The report's Markdown, already within MAX_REPORT_COMMENT_BYTES. */
  readonly report: string;
  readonly requestTimeoutMs: number;
}

/** Writes or updates the comment; its URL, or undefined (with a warning) when GitHub refused. */
export async function publishReportComment(comment: ReportComment, api?: CommentsApi): Promise<string | undefined> {
  const target = { number: comment.issue, kind: 'issue' } as const;
  const repository = process.env['GITHUB_REPOSITORY'] ?? '';
  const [owner, repo, ...rest] = repository.split('/');
  if (api === undefined && (!owner || !repo || rest.length > 0)) {
    log.warning(`GITHUB_REPOSITORY is '${repository}', not 'owner/repo': the report is not posted on issue #${comment.issue}.`);
    return undefined;
  }
  const comments =
    api ??
    octokitCommentsApi(
      getOctokit(comment.token, { userAgent: userAgent() }),
      { owner: owner ?? '', repo: repo ?? '', number: comment.issue },
      comment.requestTimeoutMs,
    );
  const body = reportCommentBody(comment.marker, comment.report, workflowRunUrl(process.env));
  let action = 'list the comments';
  try {
    // Only a comment this token's own account wrote is updated: anyone can paste a marker.
    const existing = await findMarkedComment(comments, comment.marker, async () => {
      action = 'check who wrote the report comment';
      const login = await comments.viewerLogin();
      action = 'list the comments';
      return login;
    });
    if (existing !== undefined) {
      action = 'update the report comment';
      const updated = await comments.update(existing.id, body);
      log.info(`Updated the report comment ${updated.htmlUrl}`);
      return updated.htmlUrl;
    }
    action = 'create the report comment';
    const created = await comments.create(body);
    log.info(`Wrote the report comment ${created.htmlUrl}`);
    return created.htmlUrl;
  } catch (error) {
    log.warning(describeCommentFailure(error, action, target, comment.token, 'The analytics report').message);
    return undefined;
  }
}
