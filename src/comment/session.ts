/**
 * The job's comment over a run: written when the job is known, updated when the phase ends. After a
 * failure that retrying cannot fix (permission, missing issue) it stops calling GitHub: one warning,
 * not one per call.
 */
import type { JobResult } from '../job/outcome.js';
import type { JobRequest } from '../job/settings.js';
import { cancelledBody, commentMarker, finishedBody, hasMarker, startedBody, stoppedBody, type CancelledComment } from './body.js';
import type { CommentTarget } from './event.js';
import type { CommentFailure } from './failure.js';
import type { CommentsApi, IssueComment } from './github-api.js';
import { writeMarkedComment, type CommentSteps } from './marked-comment.js';
import { recordedEntries, recordedLine, rerunMayRepeat, withRecorded, type SentEntry } from './review-record.js';
import { GitHubError } from '../github/errors.js';

export interface CancelNote extends Omit<CancelledComment, 'runUrl'> {
  /** The job had ended before the cancellation: its result is what the comment shows. */
  readonly ended?: JobResult;
}

const JOB_COMMENT_STEPS: CommentSteps = {
  find: 'list the comments',
  identify: "check who wrote the job's comment",
  update: 'update the comment',
  create: 'create a comment',
};

export interface CommentSessionOptions {
  readonly api: CommentsApi;
  /** Without the run's abort signal: a cancelled run aborts every call in flight, then still writes this. */
  readonly cancelApi?: CommentsApi;
  readonly target: CommentTarget;
  /** The thread's comment already read: when it is the job's, updated without listing the thread. */
  readonly threadComment?: IssueComment;
  /** Once the service accepted it, every body records it (review-record.ts): a re-run does not send it again. */
  readonly sent?: SentEntry;
  readonly request: JobRequest['kind'];
  readonly forChange?: boolean;
  readonly wait: boolean;
  readonly runUrl: string | undefined;
  readonly describe: (error: unknown, action: string) => CommentFailure;
  readonly warn: (message: string) => void;
  readonly info: (message: string) => void;
}

export class CommentSession {
  private jobId: string | undefined;
  private comment: Promise<IssueComment | undefined> = Promise.resolve(undefined);
  private disabled = false;
  private login: Promise<string> | undefined;
  /** The cancelled comment is the last word. */
  private cancelling = false;
  private sentAccepted = false;
  /** A write recorded it: later failures cannot take it back. */
  private sentRecorded = false;

  constructor(private readonly options: CommentSessionOptions) {}

  /** Not awaited by the job phase; `finished` waits for it. */
  started(jobId: string): void {
    this.jobId = jobId;
    this.sentAccepted = this.options.sent !== undefined;
    // The job became known while the run was being cancelled: `cancelled` writes the one comment.
    if (this.cancelling) return;
    const body = startedBody({
      jobId,
      request: this.options.request,
      target: this.options.target,
      ...(this.options.forChange === true && { forChange: true }),
      wait: this.options.wait,
      runUrl: this.options.runUrl,
    });
    this.comment = this.upsert(jobId, body, undefined);
  }

  /**
   * Nothing is written for a job never known, and a `wait: false` run keeps its "started" comment.
   * Without a result (polling gave up, or the service may have acted on `unclearJobId`) the comment
   * says the job is no longer followed.
   */
  async finished(result: JobResult | undefined, unclearJobId?: string): Promise<string | undefined> {
    const known = await this.comment;
    const jobId = this.jobId ?? unclearJobId;
    if (jobId === undefined || this.cancelling) return known?.htmlUrl;
    if (result?.outcome === 'started') return known?.htmlUrl;
    const body = result === undefined ? stoppedBody(jobId, this.options.runUrl) : finishedBody(result, this.options.runUrl);
    const updated = await this.upsert(jobId, body, known);
    return (updated ?? known)?.htmlUrl;
  }

  /** A job that had already ended shows its result, as `finished` would. The caller bounds the wait. */
  async cancelled(note: CancelNote): Promise<string | undefined> {
    this.cancelling = true;
    const known = await this.comment;
    const jobId = note.ended?.jobId ?? note.jobId ?? this.jobId;
    const body = note.ended
      ? finishedBody(note.ended, this.options.runUrl)
      : cancelledBody({ jobId, messageUnclear: note.messageUnclear, runUrl: this.options.runUrl });
    const updated = await this.upsert(jobId, body, known, this.options.cancelApi ?? this.options.api);
    return updated?.htmlUrl;
  }

  private threadCommentOf(jobId: string): IssueComment | undefined {
    const comment = this.options.threadComment;
    return comment !== undefined && hasMarker(comment.body, commentMarker(jobId)) ? comment : undefined;
  }

  /** With what the thread's comment records, so the comment a re-run finds holds it all. */
  private withRecord(body: string): string {
    const sent = this.sentAccepted && this.options.sent !== undefined ? [this.options.sent] : [];
    return withRecorded(body, [...recordedEntries(this.options.threadComment?.body ?? ''), ...sent]);
  }

  private unrecorded(): SentEntry | undefined {
    return this.sentAccepted && !this.sentRecorded ? this.options.sent : undefined;
  }

  private ownLogin(): Promise<string> {
    this.login ??= this.options.api.viewerLogin().catch((error: unknown) => {
      this.login = undefined;
      throw error;
    });
    return this.login;
  }

  /**
   * When GitHub cannot say who the token is, nothing is written: a stranger's marked comment must
   * not be overwritten, and a second comment of the job would be a duplicate.
   */
  private async upsert(
    jobId: string | undefined,
    body: string,
    known: IssueComment | undefined,
    api: CommentsApi = this.options.api,
  ): Promise<IssueComment | undefined> {
    if (this.disabled) return undefined;
    const written = await writeMarkedComment({
      api,
      marker: jobId === undefined ? undefined : commentMarker(jobId),
      body: this.withRecord(body),
      known: known ?? (jobId === undefined ? undefined : this.threadCommentOf(jobId)),
      steps: JOB_COMMENT_STEPS,
      ownLogin: () => this.ownLogin(),
      onWritten: (comment, created) => this.options.info(`${created ? 'Wrote' : 'Updated'} the issue comment ${comment.htmlUrl}`),
    });
    const sent = this.unrecorded();
    if (written.ok) {
      if (sent !== undefined) {
        this.sentRecorded = true;
        this.options.info(recordedLine(sent));
      }
      return written.comment;
    }
    // Aborted because the run is being cancelled: the cancellation writes the comment and the log line.
    if (written.error instanceof GitHubError && written.error.aborted) return undefined;
    const failure = this.options.describe(written.error, written.step);
    this.options.warn(sent === undefined ? failure.message : `${failure.message} ${rerunMayRepeat(sent)}`);
    if (failure.permanent) this.disabled = true;
    return undefined;
  }
}
