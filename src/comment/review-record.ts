/**
 * The reviews whose follow-up the service accepted, recorded in the thread's tracking comment (the
 * action's own marked comment that names the job) as one hidden line at the end of its body:
 * `<!-- mintlify-docs-agent reviews=501.502 -->`. A re-run of a review run that finds its review
 * there does not send it again. Only the token's own comment is read for it (the caller finds that
 * comment by its author), so a stranger who pastes the line into a comment of their own records
 * nothing. Every write of a marked comment carries the line over (marked-comment.ts), so it
 * survives the comment being rewritten when the job ends.
 */

const RECORD_PREFIX = '<!-- mintlify-docs-agent reviews=';
const RECORD_SUFFIX = ' -->';
/** The line, whole: review ids are positive integers, joined by dots. */
const RECORD_LINE = /^<!-- mintlify-docs-agent reviews=(\d{1,16}(?:\.\d{1,16})*) -->$/;

/** The newest this many ids are kept: a review re-run after fifty newer ones were sent may be sent again. */
export const MAX_RECORDED_REVIEWS = 50;

function isReviewId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

function lastLine(body: string): string {
  return body.trimEnd().split('\n').at(-1) ?? '';
}

/** The ids the body records, oldest first; only a record on the body's last line counts (the action always writes it there). */
export function recordedReviews(body: string): number[] {
  const encoded = RECORD_LINE.exec(lastLine(body))?.[1];
  return encoded === undefined ? [] : encoded.split('.').map(Number).filter(isReviewId);
}

/** The body without its record line (and the blank line the record puts before itself). */
function withoutRecord(body: string): string {
  return RECORD_LINE.test(lastLine(body)) ? `${body.trimEnd().split('\n').slice(0, -1).join('\n').trimEnd()}\n` : body;
}

/**
 * `body` with its record replaced by `ids` (oldest first): each id once, at its newest place, and
 * only the newest MAX_RECORDED_REVIEWS. No ids: the body without a record.
 */
export function withRecordedReviews(body: string, ids: readonly number[]): string {
  const kept = withoutRecord(body);
  const newestFirst = [...new Set([...ids].filter(isReviewId).reverse())].slice(0, MAX_RECORDED_REVIEWS);
  if (newestFirst.length === 0) return kept;
  const line = `${RECORD_PREFIX}${newestFirst.reverse().join('.')}${RECORD_SUFFIX}`;
  return `${kept.trimEnd()}\n\n${line}\n`;
}

/** The body `next` that replaces `previous`, keeping the reviews `previous` records (before those `next` records itself). */
export function carryRecordedReviews(previous: string, next: string): string {
  const carried = recordedReviews(previous);
  return carried.length === 0 ? next : withRecordedReviews(next, [...carried, ...recordedReviews(next)]);
}

/** The log line of a run that recorded its review. */
export function reviewRecordedLine(reviewId: number): string {
  return `Recorded review ${reviewId} in the job's comment: a re-run of this run does not send it again.`;
}

/** The end of the warning of a run whose review could not be recorded. */
export function rerunMayRepeat(reviewId: number): string {
  return `A re-run of this run may send review ${reviewId} again.`;
}
