/** Unknown fields are accepted (the service may add some); a missing or malformed field the action relies on is refused. */
import { ResponseShapeError } from '../errors.js';
import { isRecord } from '../is-record.js';
import type { AnswerSource, AnswerText } from './answer-text.js';
import type { Job, PageVisitors, VisitorCounts, VisitorsPage } from './types.js';

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function parseJob(body: unknown, what: string, text: AnswerText): Job {
  if (!isRecord(body)) throw new ResponseShapeError(`${what}: expected a JSON object, got ${describe(body)}.`);
  const { id, status, source, model, prLink, createdAt, archivedAt } = body;
  if (typeof id !== 'string' || id === '') throw new ResponseShapeError(`${what}: the job has no string 'id'.`);
  if (typeof status !== 'string' || status === '') throw new ResponseShapeError(`${what}: job ${id} has no string 'status'.`);
  const sourceFields = isRecord(source) ? source : {};
  // The id is kept as sent: it names the job in every later request. The other fields reach outputs,
  // the summary and comments, so they lose the run's secrets and anything shaped like a key first.
  const cleaned = (value: unknown): string | undefined => {
    const present = optionalString(value);
    return present === undefined ? undefined : text.service(present);
  };
  const job: Job = {
    id,
    status: text.service(status),
    prLink: cleaned(prLink),
    model: cleaned(model),
    sourceRepository: cleaned(sourceFields['repository']),
    sourceRef: cleaned(sourceFields['ref']),
    createdAt: cleaned(createdAt),
    archivedAt: cleaned(archivedAt),
  };
  return job;
}

/** A function when naming costs work (quoting a row's path): rows are checked by the thousand, only a failing one is named. */
export type Described = string | (() => string);

export function described(what: Described): string {
  return typeof what === 'string' ? what : what();
}

/** No real count is above 2^53 − 1: sums and shares overflow (Infinity / Infinity is NaN), so it is refused, not shown as a verdict. */
export function refuseHugeCount(record: Readonly<Record<string, unknown>>, field: string, what: Described): void {
  const value = record[field];
  if (typeof value === 'number' && value > Number.MAX_SAFE_INTEGER) {
    throw new ResponseShapeError(`${described(what)}: '${field}' is ${value}, more than any count can be (2^53).`);
  }
}

/** The public document gives counts no minimum: repaired as AnswerRepairs.count says. */
export function parseCounts(value: unknown, what: Described, text: AnswerText, source: AnswerSource): VisitorCounts {
  const record = isRecord(value) ? value : {};
  for (const field of ['human', 'ai', 'total']) refuseHugeCount(record, field, what);
  const human = text.repairs.count(source, 'human', record['human']);
  const ai = text.repairs.count(source, 'ai', record['ai']);
  const total = text.repairs.count(source, 'total', record['total']);
  if (human === undefined || ai === undefined || total === undefined) {
    throw new ResponseShapeError(`${described(what)}: expected {human, ai, total} as numbers.`);
  }
  return { human, ai, total };
}

function parsePageVisitors(value: unknown, index: number, text: AnswerText): PageVisitors {
  if (!isRecord(value) || typeof value['path'] !== 'string') {
    throw new ResponseShapeError(`visitors report: entry ${index} has no string 'path'.`);
  }
  const raw = value['path'];
  const counts = parseCounts(value, () => `visitors report: entry ${index} (${text.quote(raw, 80)})`, text, 'visitors');
  return { path: text.service(raw), ...counts };
}

export function parseVisitorsPage(body: unknown, text: AnswerText): VisitorsPage {
  if (!isRecord(body)) throw new ResponseShapeError(`visitors report: expected a JSON object, got ${describe(body)}.`);
  const { totals, visitors, hasMore } = body;
  if (!Array.isArray(visitors)) throw new ResponseShapeError("visitors report: 'visitors' is not an array.");
  if (typeof hasMore !== 'boolean') throw new ResponseShapeError("visitors report: 'hasMore' is not a boolean.");
  return {
    totals: parseCounts(totals, 'visitors report totals', text, 'visitors'),
    visitors: visitors.map((row: unknown, index) => parsePageVisitors(row, index, text)),
    hasMore,
  };
}

/** The service's own words from an error body: `error`, plus analytics `details[].message`. */
export function errorText(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const parts: string[] = [];
  if (typeof body['error'] === 'string') parts.push(body['error']);
  if (Array.isArray(body['details'])) {
    for (const detail of body['details']) {
      if (isRecord(detail) && typeof detail['message'] === 'string') parts.push(detail['message']);
    }
  }
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/** What a value is, for a message: 'null', 'an array', or its typeof. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}
