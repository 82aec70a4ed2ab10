/** A thread's job: named by the newest marked comment the token's own account wrote there; a pasted marker names none. */
import { markedJobId } from '../comment/body.js';
import { findOwnComments } from '../comment/find.js';
import type { CommentsApi, IssueComment } from '../comment/github-api.js';
import { checkRecordOf, type CheckRecord } from '../docs-check/record.js';

export interface ThreadJob {
  readonly jobId: string;
  /** The tracking comment a bare command is answered in. */
  readonly comment: IssueComment;
}

export interface ThreadComments {
  readonly job?: ThreadJob;
  /** On a pull request: what the docs check's own comment records, passed on the way to the job's. */
  readonly check?: CheckRecord;
}

export async function findThreadComments(comments: CommentsApi): Promise<ThreadComments> {
  const found = await findOwnComments(
    comments,
    (body) => markedJobId(body) !== undefined,
    (body) => checkRecordOf(body) !== undefined,
    () => comments.viewerLogin(),
  );
  const jobId = found.found === undefined ? undefined : markedJobId(found.found.body);
  const check = found.also === undefined ? undefined : checkRecordOf(found.also.body);
  return {
    ...(found.found !== undefined && jobId !== undefined && { job: { jobId, comment: found.found } }),
    ...(check !== undefined && { check }),
  };
}

export async function findThreadJob(comments: CommentsApi): Promise<ThreadJob | undefined> {
  return (await findThreadComments(comments)).job;
}
