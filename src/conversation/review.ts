/**
 * A review as one follow-up: its body, then each inline comment (file, line, text quoted, what GitHub
 * does not show removed), within MAX_REVIEW_BYTES; what did not fit is counted, so the agent knows.
 */
import type { GitHubClient } from '../github/client.js';
import type { Repository } from '../event/run-event.js';
import { isRecord, positiveInteger } from '../is-record.js';
import { byteLength, fitWhole, SECTION_BYTES } from '../text/byte-budget.js';
import { counted } from '../text/plural.js';
import { addRemoved, NOTHING_REMOVED, withoutHidden, type Removed } from '../text/hidden.js';
import { quoteLines } from '../text/quote.js';
import { truncate } from '../text/truncate.js';

export const MAX_REVIEW_BYTES = SECTION_BYTES;
/** The review's own text takes at most this much of the bound; the inline comments get the rest. */
export const MAX_REVIEW_BODY_CHARS = 4000;
export const MAX_INLINE_CHARS = 1500;
export const MAX_PATH_CHARS = 300;
export const PER_PAGE = 100;
/** 10 pages of 100: more inline comments than any review a person writes. */
export const MAX_PAGES = 10;

export interface InlineComment {
  readonly path: string;
  /** In the new version, else the one it was written on; undefined for a comment on the whole file. */
  readonly line?: number;
  readonly startLine?: number;
  readonly body: string;
}

/** Undefined without a path or body. */
export function toInlineComment(value: unknown): InlineComment | undefined {
  if (!isRecord(value)) return undefined;
  const { path, body } = value;
  if (typeof path !== 'string' || typeof body !== 'string') return undefined;
  const line = positiveInteger(value['line']) ?? positiveInteger(value['original_line']);
  const startLine = positiveInteger(value['start_line']) ?? positiveInteger(value['original_start_line']);
  return {
    path,
    body,
    ...(line !== undefined && { line }),
    ...(startLine !== undefined && line !== undefined && startLine < line && { startLine }),
  };
}

export interface ReviewComments {
  readonly comments: readonly InlineComment[];
  readonly more: boolean;
}

export async function readReviewComments(
  github: GitHubClient,
  repository: Repository,
  pullNumber: number,
  reviewId: number,
): Promise<ReviewComments> {
  const review = { owner: repository.owner, repo: repository.repo, pull_number: pullNumber, review_id: reviewId, per_page: PER_PAGE };
  const comments: InlineComment[] = [];
  let more = false;
  for await (const page of github.pages((rest) => rest.pulls.listCommentsForReview, review, MAX_PAGES)) {
    for (const item of page.items) {
      const comment = toInlineComment(item);
      if (comment !== undefined) comments.push(comment);
    }
    more = page.more;
  }
  return { comments, more };
}

function where(comment: InlineComment): string {
  const path = quoteLines(comment.path, MAX_PATH_CHARS);
  if (comment.line === undefined) return `${path} (the whole file)`;
  return comment.startLine === undefined ? `${path} line ${comment.line}` : `${path} lines ${comment.startLine}-${comment.line}`;
}

export interface ReviewFollowUp {
  readonly text: string;
  readonly included: number;
  readonly leftOut: number;
  readonly hidden: Removed;
}

/** `instruction`: the review's body, the command taken off. Empty text when the review says nothing. */
export function reviewFollowUp(instruction: string, comments: ReviewComments, pullRequest: string): ReviewFollowUp {
  const total = comments.comments.length;
  if (instruction === '' && total === 0) return { text: '', included: 0, leftOut: 0, hidden: NOTHING_REMOVED };
  const head = [`A review of ${pullRequest} requests these changes.`];
  if (instruction !== '') head.push('', truncate(instruction, MAX_REVIEW_BODY_CHARS));
  if (total === 0) return { text: head.join('\n'), included: 0, leftOut: 0, hidden: NOTHING_REMOVED };
  head.push('', `Inline comments (the file and line each is on, then its text as a JSON string):`);
  let hidden = NOTHING_REMOVED;
  const lines = comments.comments.map((comment, index) => {
    const visible = withoutHidden(comment.body);
    hidden = addRemoved(hidden, visible.removed);
    return `\n${index + 1}. ${where(comment)}: ${quoteLines(visible.text, MAX_INLINE_CHARS)}`;
  });
  // Room is kept for the line that counts what is left out, whenever something would be.
  const tail = (index: number): number => {
    const leftOut = total - index - 1;
    return leftOut > 0 || comments.more ? byteLength(leftOutLine(leftOut, comments.more)) : 0;
  };
  const headText = head.join('\n');
  const fitted = fitWhole(lines, MAX_REVIEW_BYTES - byteLength(headText), byteLength, tail);
  let text = headText + fitted.taken.join('');
  const included = fitted.taken.length;
  const leftOut = total - included;
  if (leftOut > 0 || comments.more) text += leftOutLine(leftOut, comments.more);
  return { text, included, leftOut, hidden };
}

function leftOutLine(leftOut: number, more: boolean): string {
  const bound = `to keep this message within ${MAX_REVIEW_BYTES / 1024} KiB`;
  const unread = `the review has more than ${PER_PAGE * MAX_PAGES} and the rest were not read`;
  if (leftOut === 0) return `\n(More inline comments were left out: ${unread}.)`;
  const count = counted(leftOut, 'more inline comment was', 'more inline comments were');
  return `\n(${count} left out ${bound}${more ? `; ${unread}` : ''}.)`;
}
