/**
 * The agent job of an issue or pull request: the job named by the newest marked comment that the
 * token's own account wrote there (the job's comment, or the comment on the job's pull request).
 * Anyone can paste a marker into a comment of their own: such a comment never names the job.
 */
import { markedJobId } from '../comment/body.js';
import { findOwnComment } from '../comment/find.js';
import type { CommentsApi, IssueComment } from '../comment/github-api.js';

export interface ThreadJob {
  readonly jobId: string;
  /** The action's comment that names it: the tracking comment a bare command is answered in. */
  readonly comment: IssueComment;
}

export async function findThreadJob(comments: CommentsApi): Promise<ThreadJob | undefined> {
  const comment = await findOwnComment(
    comments,
    (body) => markedJobId(body) !== undefined,
    () => comments.viewerLogin(),
  );
  const jobId = comment === undefined ? undefined : markedJobId(comment.body);
  return comment === undefined || jobId === undefined ? undefined : { jobId, comment };
}
