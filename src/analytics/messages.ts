/** Messages built from several counts, one function each, so the reports read without them (docs/troubleshooting.md quotes them). */
import { counted } from '../text/plural.js';

/** The debug line of one answer: where it was asked for, its rows and how many were new, and its paging fields. */
export function pageLine(request: string, number: number, where: string, rows: number, fresh: number, detail: string): string {
  return `${request} ${number}: ${where}, ${counted(rows, 'row')} (${fresh} new)${detail}.`;
}

/** Why a report stopped at the run's request budget (the middle of a warning). */
export function budgetSpent(limit: number): string {
  return (
    `stopped at the run's limit of ${counted(limit, 'analytics request')} (analytics-max-requests) ` +
    'although the service says there is more'
  );
}

/** The rows left out because they repeated an identity (`keyNoun`) already received. */
export function repeatedRows(duplicates: number, keyNoun: string): string {
  return duplicates === 1
    ? `1 row repeated ${keyNoun} already received and was left out.`
    : `${duplicates} rows repeated ${keyNoun} already received and were left out.`;
}

/** A paged report whose later page failed: what was kept, and why. */
export function pageFailed(report: string, requests: number, kept: string, reason: string): string {
  return (
    `${report}: a page failed after ${counted(requests, 'request')}, so the report is incomplete ` +
    `(keeping the ${kept} received): ${reason}`
  );
}

/** Why the export stopped taking rows: its size limit, in MiB when that is a whole number. */
export function exportFull(maxBytes: number, rows: number): string {
  const mebibytes = maxBytes / (1024 * 1024);
  const limit = Number.isInteger(mebibytes) ? `${mebibytes} MiB` : counted(maxBytes, 'byte');
  return `the export file reached its size limit of ${limit} with ${counted(rows, 'row')} of this report`;
}

export function reportsStart(reports: readonly string[], maxRequests: number, exportPath: string | undefined): string {
  const writing = exportPath === undefined ? '' : `, writing every row to ${exportPath}`;
  return `Analytics reports ${reports.join(', ')} for the same window, up to ${counted(maxRequests, 'request')} (analytics-max-requests)${writing}.`;
}

/** The last line of a run of several reports: the requests each used, and what is left. */
export function budgetUse(total: number, limit: number, used: ReadonlyArray<readonly [string, number]>, remaining: number): string {
  const parts = used.map(([name, requests]) => `${name} ${requests}`).join(', ');
  return `Analytics: ${total} of ${counted(limit, 'request')} used (${parts}); ${remaining} left.`;
}

export function feedbackDone(entries: number, requests: number, thumbsUp: number, thumbsDown: number, pages: number): string {
  return (
    `Feedback report: ${counted(entries, 'feedback entry', 'feedback entries')} in ${counted(requests, 'request')}; ` +
    `${thumbsUp} thumbs up and ${thumbsDown} down on ${counted(pages, 'page')}.`
  );
}

export interface SearchesCounts {
  readonly terms: number;
  readonly requests: number;
  readonly unclicked: number;
  /** Rows merged into terms that read the same once cleaned. */
  readonly merged: number;
  readonly searches: number;
}

export function searchesDone(counts: SearchesCounts): string {
  const merged =
    counts.merged === 0
      ? ''
      : `, ${counted(counts.merged, 'row')} merged into terms that read the same once e-mail addresses and secrets were removed (hits added)`;
  return (
    `Searches report: ${counted(counts.terms, 'search term')} in ${counted(counts.requests, 'request')} ` +
    `(${counts.unclicked} never clicked${merged}); ${counted(counts.searches, 'search', 'searches')} in the window.`
  );
}

export function viewsDone(
  pages: number,
  requests: number,
  totals: { readonly total: number; readonly human: number; readonly ai: number },
): string {
  return (
    `Views report: ${counted(pages, 'page')}, ${counted(requests, 'request')}; ` +
    `${counted(totals.total, 'view')} (human ${totals.human}, AI ${totals.ai}).`
  );
}
