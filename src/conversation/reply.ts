/**
 * The answer to a bare command: a note at the end of the tracking comment saying what to write, or a
 * warning. The note replaces an earlier one, and the next update of the job's comment drops it.
 */
import * as log from '../log.js';
import { describeCommentFailure } from '../comment/failure.js';
import type { CommentTarget } from '../comment/event.js';
import type { CommentsApi } from '../comment/github-api.js';
import { carryRecorded, withRecorded } from '../comment/review-record.js';
import { escapeCode } from '../summary/markdown.js';
import type { ThreadJob } from './thread-job.js';

const NOTE_MARKER = '<!-- mintlify-docs-agent note -->';

export const EXAMPLE_INSTRUCTION = 'Also add a Python example';

export function usageText(command: string): string {
  return `write what the agent should do after '${command}', for example '${command} ${EXAMPLE_INSTRUCTION}'`;
}

/** The note at the end, then what the comment records (review-record.ts). */
export function withNote(body: string, command: string): string {
  const at = body.indexOf(NOTE_MARKER);
  const kept = withRecorded(at === -1 ? body : body.slice(0, at), []).trimEnd();
  const noted = [
    kept,
    '',
    NOTE_MARKER,
    `> ${escapeCode(command)} needs an instruction: write what the agent should do after it, for example ${escapeCode(`${command} ${EXAMPLE_INSTRUCTION}`)}.`,
    '',
  ].join('\n');
  return carryRecorded(body, noted);
}

export interface ReplyOptions {
  readonly command: string;
  readonly tracking: ThreadJob | undefined;
  /** Undefined when the run may not write comments. */
  readonly thread: { readonly comments: CommentsApi; readonly target: CommentTarget; readonly token: string } | undefined;
}

/** Never throws; the comment's URL when the note was written. */
export async function replyToBareCommand(options: ReplyOptions): Promise<string | undefined> {
  const usage = usageText(options.command);
  const { tracking, thread } = options;
  if (tracking === undefined || thread === undefined) {
    const why = tracking === undefined ? 'this thread has no comment of an agent job to answer in' : "'comment' is not true";
    log.warning(`The command has no instruction: ${usage}. (No reply was written: ${why}.)`);
    return undefined;
  }
  try {
    const updated = await thread.comments.update(tracking.comment.id, withNote(tracking.comment.body, options.command));
    log.info(`Answered the bare command in the comment ${updated.htmlUrl}`);
    return updated.htmlUrl;
  } catch (error) {
    const failure = describeCommentFailure(error, 'answer the command in the comment', thread.target, thread.token, 'The run');
    log.warning(`The command has no instruction: ${usage}. ${failure.message}`);
    return undefined;
  }
}
