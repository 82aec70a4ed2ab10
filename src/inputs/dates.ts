/** Checked to be a real calendar day before any request: JavaScript's Date silently turns 2026-02-30 into March 2nd. */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

export const DATE_FORM = "a real calendar date 'YYYY-MM-DD' or an ISO 8601 date-time such as '2026-01-31T00:00:00Z'";

/** A point in time plus the text to send: date-only input stays date-only. */
export interface AnalyticsDate {
  readonly text: string;
  readonly epochMs: number;
  readonly dateOnly: boolean;
}

const DAY_MS = 86_400_000;

function isRealDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

export function parseAnalyticsDate(text: string): AnalyticsDate | undefined {
  const trimmed = text.trim();
  const dateOnly = DATE_ONLY.exec(trimmed);
  if (dateOnly) {
    const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    if (!isRealDay(year, month, day)) return undefined;
    return { text: trimmed, epochMs: Date.UTC(year, month - 1, day), dateOnly: true };
  }
  const dateTime = DATE_TIME.exec(trimmed);
  if (dateTime) {
    const [year, month, day] = [Number(dateTime[1]), Number(dateTime[2]), Number(dateTime[3])];
    const [hour, minute, second] = [Number(dateTime[4]), Number(dateTime[5]), Number(dateTime[6] ?? '0')];
    if (!isRealDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
    const epochMs = Date.parse(trimmed);
    if (Number.isNaN(epochMs)) return undefined;
    return { text: trimmed, epochMs, dateOnly: false };
  }
  return undefined;
}

/** `YYYY-MM-DD` of a UTC instant. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

export function dateFromEpoch(epochMs: number, dateOnly: boolean): AnalyticsDate {
  return { text: dateOnly ? utcDay(epochMs) : new Date(epochMs).toISOString(), epochMs, dateOnly };
}

export function startOfUtcDay(epochMs: number): number {
  return Math.floor(epochMs / DAY_MS) * DAY_MS;
}

export { DAY_MS };
