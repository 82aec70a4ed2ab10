/**
 * The record of the reviews sent, kept in the thread's tracking comment: one hidden line at the end
 * of the body, read only there, bounded to the newest ids, and carried over when the comment's
 * body is rewritten.
 */
import { describe, expect, test } from '@jest/globals';
import { commentMarker } from '../../../src/comment/body.js';
import { carryRecordedReviews, MAX_RECORDED_REVIEWS, recordedReviews, withRecordedReviews } from '../../../src/comment/review-record.js';

const BODY = `${commentMarker('job_1')}\n### 🤖 Mintlify agent job \`job_1\` is running\n\nFollow-up sent.\n`;

describe('writing the record', () => {
  test('a hidden line at the end of the body, ids oldest first, read back as written', () => {
    const body = withRecordedReviews(BODY, [501, 502]);
    expect(body).toBe(`${BODY}\n<!-- mintlify-docs-agent reviews=501.502 -->\n`);
    expect(body.startsWith(commentMarker('job_1'))).toBe(true);
    expect(recordedReviews(body)).toEqual([501, 502]);
  });

  test('writing again replaces the line: one record, each id once at its newest place', () => {
    const once = withRecordedReviews(BODY, [501, 502]);
    const twice = withRecordedReviews(once, [501, 502, 503, 501]);
    expect(twice.match(/mintlify-docs-agent reviews=/g)).toHaveLength(1);
    expect(recordedReviews(twice)).toEqual([502, 503, 501]);
    expect(withRecordedReviews(twice, [])).toBe(BODY);
  });

  test(`only the newest ${MAX_RECORDED_REVIEWS} ids are kept`, () => {
    const ids = Array.from({ length: MAX_RECORDED_REVIEWS + 7 }, (_, i) => 1000 + i);
    const recorded = recordedReviews(withRecordedReviews(BODY, ids));
    expect(recorded).toHaveLength(MAX_RECORDED_REVIEWS);
    expect(recorded[0]).toBe(1007);
    expect(recorded.at(-1)).toBe(1000 + MAX_RECORDED_REVIEWS + 6);
  });

  test('ids that are not positive safe integers are never written', () => {
    expect(recordedReviews(withRecordedReviews(BODY, [0, -3, 1.5, Number.MAX_SAFE_INTEGER + 2, 7]))).toEqual([7]);
  });
});

describe('reading the record', () => {
  test.each([
    ['no record', BODY],
    ['a record that is not the last line', `${BODY}<!-- mintlify-docs-agent reviews=501 -->\nmore text\n`],
    ['a record inside other text on its line', `${BODY}> \`<!-- mintlify-docs-agent reviews=501 -->\``],
    ['a record with something that is not an id', `${BODY}<!-- mintlify-docs-agent reviews=501.x -->`],
    ['a record with a broken end', `${BODY}<!-- mintlify-docs-agent reviews=501 --`],
    ['an empty record', `${BODY}<!-- mintlify-docs-agent reviews= -->`],
  ])('%s: nothing recorded', (_, body) => {
    expect(recordedReviews(body)).toEqual([]);
  });

  test('a body edited on GitHub (CRLF line ends, trailing blanks) still reads', () => {
    expect(recordedReviews(`${BODY.replaceAll('\n', '\r\n')}\r\n<!-- mintlify-docs-agent reviews=9.10 -->\r\n\r\n`)).toEqual([9, 10]);
  });
});

describe('carrying the record over a new body', () => {
  test("the new body gets the old body's ids, then its own", () => {
    const previous = withRecordedReviews(BODY, [501, 502]);
    const next = withRecordedReviews('### finished\n', [503]);
    expect(recordedReviews(carryRecordedReviews(previous, next))).toEqual([501, 502, 503]);
    expect(recordedReviews(carryRecordedReviews(previous, '### finished\n'))).toEqual([501, 502]);
  });

  test('nothing to carry: the new body is written as it is', () => {
    expect(carryRecordedReviews(BODY, '### finished\n')).toBe('### finished\n');
  });
});
