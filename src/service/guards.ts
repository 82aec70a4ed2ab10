/**
 * Runtime checks for every payload that comes from the network. They accept unknown fields (the
 * service may add some) and reject a missing or malformed field the action relies on.
 */
import { ResponseShapeError } from '../errors.js';
import { isRecord } from '../is-record.js';
import type { Job, PageVisitors, VisitorCounts, VisitorsPage } from './types.js';

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

export function parseJob(body: unknown, what: string): Job {
  if (!isRecord(body)) throw new ResponseShapeError(`${what}: expected a JSON object, got ${describe(body)}.`);
  const { id, status, source, model, prLink, createdAt, archivedAt } = body;
  if (typeof id !== 'string' || id === '') throw new ResponseShapeError(`${what}: the job has no string 'id'.`);
  if (typeof status !== 'string' || status === '') throw new ResponseShapeError(`${what}: job ${id} has no string 'status'.`);
  const sourceFields = isRecord(source) ? source : {};
  const job: Job = {
    id,
    status,
    prLink: optionalString(prLink),
    model: optionalString(model),
    sourceRepository: optionalString(sourceFields['repository']),
    sourceRef: optionalString(sourceFields['ref']),
    createdAt: optionalString(createdAt),
    archivedAt: optionalString(archivedAt),
  };
  return job;
}

/**
 * Names the part of an answer in an error message. A function when naming costs work (quoting a
 * row's path): rows are checked by the thousand, and only a failing one needs its name.
 */
export type Described = string | (() => string);

export function described(what: Described): string {
  return typeof what === 'string' ? what : what();
}

export function parseCounts(value: unknown, what: Described): VisitorCounts {
  if (!isRecord(value) || !isCount(value['human']) || !isCount(value['ai']) || !isCount(value['total'])) {
    throw new ResponseShapeError(`${described(what)}: expected {human, ai, total} as non-negative numbers.`);
  }
  return { human: value['human'], ai: value['ai'], total: value['total'] };
}

/** Makes text from the answer fit to quote in an error: secrets removed, then cut to `max` characters. */
export type Quote = (text: string, max: number) => string;

function parsePageVisitors(value: unknown, index: number, quote: Quote): PageVisitors {
  if (!isRecord(value) || typeof value['path'] !== 'string') {
    throw new ResponseShapeError(`visitors report: entry ${index} has no string 'path'.`);
  }
  const path = value['path'];
  return { path, ...parseCounts(value, () => `visitors report: entry ${index} (${quote(path, 80)})`) };
}

export function parseVisitorsPage(body: unknown, quote: Quote): VisitorsPage {
  if (!isRecord(body)) throw new ResponseShapeError(`visitors report: expected a JSON object, got ${describe(body)}.`);
  const { totals, visitors, hasMore } = body;
  if (!Array.isArray(visitors)) throw new ResponseShapeError("visitors report: 'visitors' is not an array.");
  if (typeof hasMore !== 'boolean') throw new ResponseShapeError("visitors report: 'hasMore' is not a boolean.");
  return {
    totals: parseCounts(totals, 'visitors report totals'),
    visitors: visitors.map((row: unknown, index) => parsePageVisitors(row, index, quote)),
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
