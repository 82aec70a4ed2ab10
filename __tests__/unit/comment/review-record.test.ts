/**
 * The record of the reviews and commands sent, kept in the thread's tracking comment: one hidden
 * line at the end of the body, each entry naming its writer (the workflow and project), read only
 * there, bounded to the newest entries, carried over when the comment's body is rewritten; the
 * line earlier versions wrote reads as entries of no writer.
 */
import { describe, expect, test } from '@jest/globals';
import { commentMarker } from '../../../src/comment/body.js';
import {
  carryRecorded,
  isRecorded,
  MAX_RECORDED,
  recordedEntries,
  withRecorded,
  type SentEntry,
} from '../../../src/comment/review-record.js';

const BODY = `${commentMarker('job_1')}\n### 🤖 Mintlify agent job \`job_1\` is running\n\nFollow-up sent.\n`;
const A = '1a2b3c4d';
const B = '99aa88bb';
const review = (id: number, writer: string | undefined = A): SentEntry => ({ kind: 'review', id, ...(writer !== undefined && { writer }) });
const command = (id: number, writer: string | undefined = A): SentEntry => ({
  kind: 'command',
  id,
  ...(writer !== undefined && { writer }),
});

describe('writing the record', () => {
  test('a hidden line at the end of the body, entries oldest first with their writer, read back as written', () => {
    const body = withRecorded(BODY, [review(501), command(9001), review(502, B)]);
    expect(body).toBe(`${BODY}\n<!-- mintlify-docs-agent sent=r501:${A}.c9001:${A}.r502:${B} -->\n`);
    expect(body.startsWith(commentMarker('job_1'))).toBe(true);
    expect(recordedEntries(body)).toEqual([review(501), command(9001), review(502, B)]);
  });

  test('recorded means: the same kind, the same id and the same writer', () => {
    const body = withRecorded(BODY, [review(501), command(9001, B)]);
    expect(isRecorded(body, { kind: 'review', id: 501 }, A)).toBe(true);
    expect(isRecorded(body, { kind: 'review', id: 501 }, B)).toBe(false);
    expect(isRecorded(body, { kind: 'command', id: 501 }, A)).toBe(false);
    expect(isRecorded(body, { kind: 'command', id: 9001 }, A)).toBe(false);
    expect(isRecorded(body, { kind: 'command', id: 9001 }, B)).toBe(true);
  });

  test('writing again replaces the line: one record, each entry once at its newest place', () => {
    const once = withRecorded(BODY, [review(501), review(502)]);
    const twice = withRecorded(once, [review(501), review(502), review(503), review(501)]);
    expect(twice.match(/mintlify-docs-agent sent=/g)).toHaveLength(1);
    expect(recordedEntries(twice).map((entry) => entry.id)).toEqual([502, 503, 501]);
    expect(withRecorded(twice, [])).toBe(BODY);
  });

  test(`only the newest ${MAX_RECORDED} entries are kept`, () => {
    const entries = Array.from({ length: MAX_RECORDED + 7 }, (_, i) => review(1000 + i));
    const recorded = recordedEntries(withRecorded(BODY, entries));
    expect(recorded).toHaveLength(MAX_RECORDED);
    expect(recorded[0]?.id).toBe(1007);
    expect(recorded.at(-1)?.id).toBe(1000 + MAX_RECORDED + 6);
  });

  test('ids that are not positive safe integers, and writers that are not 8 hex digits, are never written', () => {
    const entries = [review(0), review(-3), review(1.5), review(Number.MAX_SAFE_INTEGER + 2), review(8, 'x]-->'), review(7)];
    expect(recordedEntries(withRecorded(BODY, entries))).toEqual([review(7)]);
  });
});

describe('reading the record', () => {
  test.each([
    ['no record', BODY],
    ['a record that is not the last line', `${BODY}<!-- mintlify-docs-agent sent=r501:${A} -->\nmore text\n`],
    ['a record inside other text on its line', `${BODY}> \`<!-- mintlify-docs-agent sent=r501:${A} -->\``],
    ['a record with something that is not an entry', `${BODY}<!-- mintlify-docs-agent sent=r501:${A}.x -->`],
    ['a writer that is not 8 hex digits', `${BODY}<!-- mintlify-docs-agent sent=r501:${A}0 -->`],
    ['a record with a broken end', `${BODY}<!-- mintlify-docs-agent sent=r501:${A} --`],
    ['an empty record', `${BODY}<!-- mintlify-docs-agent sent= -->`],
  ])('%s: nothing recorded', (_, body) => {
    expect(recordedEntries(body)).toEqual([]);
  });

  test('a body edited on GitHub (CRLF line ends, trailing blanks) still reads', () => {
    const body = `${BODY.replaceAll('\n', '\r\n')}\r\n<!-- mintlify-docs-agent sent=r9:${A}.c10:${A} -->\r\n\r\n`;
    expect(recordedEntries(body)).toEqual([review(9), command(10)]);
  });

  test("an earlier version's line (review ids alone): entries of no writer, nobody's record; rewritten in the new form", () => {
    const legacy = `${BODY}\n<!-- mintlify-docs-agent reviews=501.502 -->\n`;
    expect(recordedEntries(legacy)).toEqual([
      { kind: 'review', id: 501 },
      { kind: 'review', id: 502 },
    ]);
    expect(isRecorded(legacy, { kind: 'review', id: 501 }, A)).toBe(false);
    const rewritten = withRecorded(legacy, [...recordedEntries(legacy), review(503)]);
    expect(rewritten).toBe(`${BODY}\n<!-- mintlify-docs-agent sent=r501.r502.r503:${A} -->\n`);
  });
});

describe('carrying the record over a new body', () => {
  test("the new body gets the old body's entries, then its own", () => {
    const previous = withRecorded(BODY, [review(501), command(7, B)]);
    const next = withRecorded('### finished\n', [review(503)]);
    expect(recordedEntries(carryRecorded(previous, next))).toEqual([review(501), command(7, B), review(503)]);
    expect(recordedEntries(carryRecorded(previous, '### finished\n'))).toEqual([review(501), command(7, B)]);
  });

  test('nothing to carry: the new body is written as it is', () => {
    expect(carryRecorded(BODY, '### finished\n')).toBe('### finished\n');
  });
});
