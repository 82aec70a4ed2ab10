/** Either end may be left to the service, whose default is not documented: the text says so instead of guessing a range. */
import type { AnalyticsWindow } from './settings.js';

/** `dateFrom`/`dateTo` as sent: the text the user gave (date-only stays date-only). */
export function windowQuery(window: AnalyticsWindow): { dateFrom?: string; dateTo?: string } {
  return { ...(window.from && { dateFrom: window.from.text }), ...(window.to && { dateTo: window.to.text }) };
}

/** Plain text (no Markdown); `to` is exclusive, as the service defines it. */
export function describeWindow(window: AnalyticsWindow): string {
  const { from, to } = window;
  if (from === undefined && to === undefined) return 'service default (no dateFrom or dateTo sent)';
  if (from !== undefined && to !== undefined) return `${from.text} to ${to.text} (exclusive)`;
  if (from !== undefined) return `from ${from.text} to the service's default end`;
  return `from the service's default start to ${to?.text ?? ''} (exclusive)`;
}
