/**
 * The reviews and commands whose follow-up the service accepted, recorded in the thread's tracking
 * comment (the action's own marked comment that names the job) as one hidden line at the end of
 * its body: `<!-- mintlify-docs-agent sent=r501:1a2b3c4d.c9001:1a2b3c4d -->`, each entry a review
 * (`r`) or a command comment (`c`) by its id, and the writer that sent it (the digest of the
 * workflow and project, stream/writer.ts). A re-run finds its review or command there under its own
 * writer and does not send it again; an entry of another workflow or project, or one recorded before
 * entries named their writer (the older line `<!-- mintlify-docs-agent reviews=501.502 -->`, read as
 * such entries), is not its own. Only the token's own comment is read for it (the caller finds that
 * comment by its author), so a stranger who pastes the line into a comment of their own records
 * nothing. Every write of a marked comment carries the line over (marked-comment.ts), so it survives
 * the comment being rewritten when the job ends.
 */

export type SentKind = 'review' | 'command';

export interface SentEntry {
  readonly kind: SentKind;
  readonly id: number;
  /** Undefined: recorded before entries named their writer. */
  readonly writer?: string;
}

const PREFIX = '<!-- mintlify-docs-agent sent=';
const SUFFIX = ' -->';
const ENTRY = /^([rc])(\d{1,16})(?::([0-9a-f]{8}))?$/;
/** The line, whole: entries joined by dots. */
const RECORD_LINE = /^<!-- mintlify-docs-agent sent=([rc]\d{1,16}(?::[0-9a-f]{8})?(?:\.[rc]\d{1,16}(?::[0-9a-f]{8})?)*) -->$/;
/** The line earlier versions wrote: review ids alone. */
const REVIEWS_LINE = /^<!-- mintlify-docs-agent reviews=(\d{1,16}(?:\.\d{1,16})*) -->$/;

/** The newest this many entries are kept: a review or command re-run after fifty newer ones were sent may be sent again. */
export const MAX_RECORDED = 50;

function isSentId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

function lastLine(body: string): string {
  return body.trimEnd().split('\n').at(-1) ?? '';
}

/** Each kind of entry: its letter in the record line, and how messages name it. */
const SENT: { readonly [Kind in SentKind]: { readonly letter: string; readonly name: string; readonly opening: string } } = {
  review: { letter: 'r', name: 'review', opening: 'Review' },
  command: { letter: 'c', name: 'command comment', opening: 'The command comment' },
};

const KIND_OF_LETTER = new Map<string, SentKind>([
  [SENT.review.letter, 'review'],
  [SENT.command.letter, 'command'],
]);

function entryOf(text: string): SentEntry | undefined {
  const [, letter, id, writer] = ENTRY.exec(text) ?? [];
  const kind = KIND_OF_LETTER.get(letter ?? '');
  const entry = kind && { kind, id: Number(id), ...(writer !== undefined && { writer }) };
  return entry === undefined || !isSentId(entry.id) ? undefined : entry;
}

/** The entries the body records, oldest first; only a record on the body's last line counts (the action always writes it there). */
export function recordedEntries(body: string): SentEntry[] {
  const line = lastLine(body);
  const entries = RECORD_LINE.exec(line)?.[1];
  if (entries !== undefined) return entries.split('.').flatMap((text) => entryOf(text) ?? []);
  const reviews = REVIEWS_LINE.exec(line)?.[1];
  return reviews === undefined ? [] : reviews.split('.').flatMap((id) => entryOf(`r${id}`) ?? []);
}

/** Whether the body records `sent` under `writer`. */
export function isRecorded(body: string, sent: Pick<SentEntry, 'kind' | 'id'>, writer: string): boolean {
  return recordedEntries(body).some((entry) => entry.kind === sent.kind && entry.id === sent.id && entry.writer === writer);
}

/** The body without its record line (and the blank line the record puts before itself). */
function withoutRecord(body: string): string {
  const line = lastLine(body);
  return RECORD_LINE.test(line) || REVIEWS_LINE.test(line) ? `${body.trimEnd().split('\n').slice(0, -1).join('\n').trimEnd()}\n` : body;
}

const keyOf = (entry: SentEntry): string => `${SENT[entry.kind].letter}${entry.id}${entry.writer === undefined ? '' : `:${entry.writer}`}`;

/**
 * `body` with its record replaced by `entries` (oldest first): each entry once, at its newest place,
 * and only the newest MAX_RECORDED. No entries: the body without a record.
 */
export function withRecorded(body: string, entries: readonly SentEntry[]): string {
  const kept = withoutRecord(body);
  const valid = entries.filter((entry) => isSentId(entry.id) && (entry.writer === undefined || /^[0-9a-f]{8}$/.test(entry.writer)));
  const newestFirst = [...new Set(valid.map(keyOf).reverse())].slice(0, MAX_RECORDED);
  if (newestFirst.length === 0) return kept;
  return `${kept.trimEnd()}\n\n${PREFIX}${newestFirst.reverse().join('.')}${SUFFIX}\n`;
}

/** The body `next` that replaces `previous`, keeping the entries `previous` records (before those `next` records itself). */
export function carryRecorded(previous: string, next: string): string {
  const carried = recordedEntries(previous);
  return carried.length === 0 ? next : withRecorded(next, [...carried, ...recordedEntries(next)]);
}

/** `review 501`, `command comment 9001`; `opening` for the start of a sentence: `Review 501`, `The command comment 9001`. */
export function sentName(sent: Pick<SentEntry, 'kind' | 'id'>, opening = false): string {
  return `${opening ? SENT[sent.kind].opening : SENT[sent.kind].name} ${sent.id}`;
}

/** The log line of a run that recorded what it sent. */
export function recordedLine(sent: Pick<SentEntry, 'kind' | 'id'>): string {
  return `Recorded ${sentName(sent)} in the job's comment: a re-run of this run does not send it again.`;
}

/** The end of the warning of a run whose review or command could not be recorded. */
export function rerunMayRepeat(sent: Pick<SentEntry, 'kind' | 'id'>): string {
  return `A re-run of this run may send ${sentName(sent)} again.`;
}
