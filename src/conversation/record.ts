/**
 * What a run sent, recorded in the tracking comment once the service accepted it, for a run without a
 * job comment of its own (with one, the session records it): a re-run does not send it again.
 */
import * as log from '../log.js';
import type { CommentTarget } from '../comment/event.js';
import { describeCommentFailure } from '../comment/failure.js';
import type { CommentsApi } from '../comment/github-api.js';
import { recordedEntries, recordedLine, rerunMayRepeat, sentName, withRecorded, type SentEntry } from '../comment/review-record.js';
import type { ThreadJob } from './thread-job.js';

export interface RecordTarget {
  readonly comments: CommentsApi;
  readonly target: CommentTarget;
  /** Kept out of the warning. */
  readonly token: string;
}

/** Never rejects: a refusal is one warning saying a re-run may send it again. */
export async function recordSent(thread: RecordTarget, tracking: ThreadJob, sent: SentEntry): Promise<void> {
  const { body } = tracking.comment;
  try {
    await thread.comments.update(tracking.comment.id, withRecorded(body, [...recordedEntries(body), sent]));
    log.info(recordedLine(sent));
  } catch (error) {
    const failure = describeCommentFailure(error, `record ${sentName(sent)} in the job's comment`, thread.target, thread.token);
    log.warning(`${failure.message} ${rerunMayRepeat(sent)}`);
  }
}
