/** A thread's job: named by the newest marked comment the token's own account wrote there; a pasted marker names none. */
import { markedJobId } from '../comment/body.js';
import { findOwnComment } from '../comment/find.js';
import type { CommentsApi, IssueComment } from '../comment/github-api.js';

export interface ThreadJob {
  readonly jobId: string;
  /** The tracking comment a bare command is answered in. */
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
