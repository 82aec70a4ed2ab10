/**
 * The comment of one job over a run: written when the job is known, updated when the job phase
 * ends. Every GitHub failure becomes one warning; after a failure that retrying cannot fix
 * (permission, missing issue) the session stops calling GitHub, so the log holds one warning, not
 * one per call.
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

/** What a cancelled run knows, for the comment. */
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
  /**
   * The same calls without the run's abort signal, for `cancelled`: a cancelled run aborts every
   * GitHub call in flight, then still says so in the comment. `api` when absent.
   */
  readonly cancelApi?: CommentsApi;
  readonly target: CommentTarget;
  /** The token's own marked comment the run already read on the thread: when it is the job's, it is updated without listing the thread again. */
  readonly threadComment?: IssueComment;
  /**
   * The review or command this run sends, with its writer: once the service accepted it (the job is
   * known), every body the session writes records it (review-record.ts), so a re-run does not send it again.
   */
  readonly sent?: SentEntry;
  readonly request: JobRequest['kind'];
  /** The job documents the change of the issue or pull request (see StartedComment). */
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
  /** Set once the run is cancelled: the cancelled comment is the last word. */
  private cancelling = false;
  /** The service accepted what `sent` asked: from now on the bodies record it. */
  private sentAccepted = false;
  /** A write recorded it: later failures cannot take it back. */
  private sentRecorded = false;

  constructor(private readonly options: CommentSessionOptions) {}

  /** Starts writing the "started" comment without holding up the job phase; `finished` waits for it. */
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
   * Updates the comment with the result and returns its URL. Nothing is written when the job was
   * never known (creating it failed: the failed step says why), and a `wait: false` run keeps the
   * "started" comment, which already says how to follow the job. `result` is undefined when the
   * job phase threw after the job was known (polling gave up), or when a create or message failed
   * in a way where the service may have acted on `unclearJobId`: the comment says it is no longer followed.
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

  /**
   * The run is being cancelled: says so in the comment, with the job id when known (else the one
   * the job phase learned meanwhile) and how to resume; or, when the job had already ended, shows
   * its result as `finished` would. The caller bounds the wait: the process exits soon after,
   * whether or not GitHub answered.
   */
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

  /** The thread's comment the run already read, when it is this job's comment (not the one on the job's pull request). */
  private threadCommentOf(jobId: string): IssueComment | undefined {
    const comment = this.options.threadComment;
    return comment !== undefined && hasMarker(comment.body, commentMarker(jobId)) ? comment : undefined;
  }

  /**
   * `body` with what the thread's comment records (so the comment a re-run finds, the newest, holds
   * it all) and what this run sent once the service accepted it.
   */
  private withRecord(body: string): string {
    const sent = this.sentAccepted && this.options.sent !== undefined ? [this.options.sent] : [];
    return withRecorded(body, [...recordedEntries(this.options.threadComment?.body ?? ''), ...sent]);
  }

  /** What this run sent, once accepted, until a write has recorded it: the first write that does says so, a failed one warns. */
  private unrecorded(): SentEntry | undefined {
    return this.sentAccepted && !this.sentRecorded ? this.options.sent : undefined;
  }

  /** Who the token acts as, asked once per run; a failed lookup is asked again next time. */
  private ownLogin(): Promise<string> {
    this.login ??= this.options.api.viewerLogin().catch((error: unknown) => {
      this.login = undefined;
      throw error;
    });
    return this.login;
  }

  /**
   * Updates `known`, or the comment this token wrote with the job's marker, or creates one (always,
   * without a job id). When GitHub cannot say who the token is, nothing is written: a marked comment
   * by someone else must not be overwritten, and a second comment of the job would be a duplicate.
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
      // The thread's comment the plan already read is this job's: no second lookup.
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
