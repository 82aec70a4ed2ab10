/**
 * The reviews and commands whose follow-up the service accepted, as one hidden line at the end of the
 * thread's tracking comment: `<!-- mintlify-docs-agent sent=r501:1a2b3c4d.c9001:1a2b3c4d -->`, each
 * entry a review (`r`) or command (`c`) id and its writer (stream/writer.ts). A re-run does not send
 * again what it finds under its own writer; another writer's entry, or one of the older line without
 * writers (`reviews=501.502`), is not its own. Only the token's own comment is read, so a pasted line
 * records nothing; every write carries the line over, so it survives the job's end.
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
const RECORD_LINE = /^<!-- mintlify-docs-agent sent=([rc]\d{1,16}(?::[0-9a-f]{8})?(?:\.[rc]\d{1,16}(?::[0-9a-f]{8})?)*) -->$/;
const REVIEWS_LINE = /^<!-- mintlify-docs-agent reviews=(\d{1,16}(?:\.\d{1,16})*) -->$/;

/** The newest this many entries are kept: a review or command re-run after fifty newer ones were sent may be sent again. */
export const MAX_RECORDED = 50;

function isSentId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

function lastLine(body: string): string {
  return body.trimEnd().split('\n').at(-1) ?? '';
}

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

/** Oldest first; only the body's last line counts: the action always writes it there. */
export function recordedEntries(body: string): SentEntry[] {
  const line = lastLine(body);
  const entries = RECORD_LINE.exec(line)?.[1];
  if (entries !== undefined) return entries.split('.').flatMap((text) => entryOf(text) ?? []);
  const reviews = REVIEWS_LINE.exec(line)?.[1];
  return reviews === undefined ? [] : reviews.split('.').flatMap((id) => entryOf(`r${id}`) ?? []);
}

export function isRecorded(body: string, sent: Pick<SentEntry, 'kind' | 'id'>, writer: string): boolean {
  return recordedEntries(body).some((entry) => entry.kind === sent.kind && entry.id === sent.id && entry.writer === writer);
}

function withoutRecord(body: string): string {
  const line = lastLine(body);
  return RECORD_LINE.test(line) || REVIEWS_LINE.test(line) ? `${body.trimEnd().split('\n').slice(0, -1).join('\n').trimEnd()}\n` : body;
}

const keyOf = (entry: SentEntry): string => `${SENT[entry.kind].letter}${entry.id}${entry.writer === undefined ? '' : `:${entry.writer}`}`;

/** `entries` oldest first: each kept once, at its newest place, the newest MAX_RECORDED. */
export function withRecorded(body: string, entries: readonly SentEntry[]): string {
  const kept = withoutRecord(body);
  const valid = entries.filter((entry) => isSentId(entry.id) && (entry.writer === undefined || /^[0-9a-f]{8}$/.test(entry.writer)));
  const newestFirst = [...new Set(valid.map(keyOf).reverse())].slice(0, MAX_RECORDED);
  if (newestFirst.length === 0) return kept;
  return `${kept.trimEnd()}\n\n${PREFIX}${newestFirst.reverse().join('.')}${SUFFIX}\n`;
}

/** `next` keeping what `previous` recorded, before what `next` records itself. */
export function carryRecorded(previous: string, next: string): string {
  const carried = recordedEntries(previous);
  return carried.length === 0 ? next : withRecorded(next, [...carried, ...recordedEntries(next)]);
}

/** `review 501`, `command comment 9001`; `opening` for the start of a sentence: `Review 501`, `The command comment 9001`. */
export function sentName(sent: Pick<SentEntry, 'kind' | 'id'>, opening = false): string {
  return `${opening ? SENT[sent.kind].opening : SENT[sent.kind].name} ${sent.id}`;
}

export function recordedLine(sent: Pick<SentEntry, 'kind' | 'id'>): string {
  return `Recorded ${sentName(sent)} in the job's comment: a re-run of this run does not send it again.`;
}

export function rerunMayRepeat(sent: Pick<SentEntry, 'kind' | 'id'>): string {
  return `A re-run of this run may send ${sentName(sent)} again.`;
}
