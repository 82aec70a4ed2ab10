/**
 * The searches report: what readers search for, cursor paging (up to 100 terms a request) in the
 * service's order, most hits first. Kept: the top terms, and the top terms nobody clicked (the
 * content gaps). The service orders by hits, so without an export the report stops paging once it
 * has both lists full: later pages could only hold terms with fewer hits.
 */
import { counted } from '../text/plural.js';
import type { SearchTerm, SearchesPage } from '../service/analytics-types.js';
import type { SearchesReport } from './health-report.js';
import { cursorPaging, paginate } from './paginate.js';
import { PARTS } from './parts.js';
import { exportTail, pagingWarnings, type ReportContext } from './report-context.js';
import { TopRows } from './top-pages.js';
import { windowQuery } from './window.js';

/** The most the searches endpoint returns per request. */
export const SEARCHES_PAGE_LIMIT = 100;

/** Hits descending, then the term (code units: stable everywhere). */
export function compareByHits(a: SearchTerm, b: SearchTerm): number {
  if (a.hits !== b.hits) return b.hits - a.hits;
  if (a.searchQuery === b.searchQuery) return 0;
  return a.searchQuery < b.searchQuery ? -1 : 1;
}

/** Nobody clicked a result: a click-through rate of 0, or no most-clicked page. */
export function isUnclicked(term: SearchTerm): boolean {
  return term.ctr === 0 || term.topClickedPage === undefined;
}

export async function fetchSearchesReport(context: ReportContext): Promise<SearchesReport> {
  const { settings, client, projectId, log } = context;
  const top = new TopRows(settings.top, compareByHits);
  const unclicked = new TopRows(settings.top, compareByHits);
  let unclickedTerms = 0;
  const result = await paginate({
    paging: cursorPaging({
      report: 'Searches report',
      request: 'Searches request',
      rowNoun: ['search term', 'search terms'],
      keyNoun: 'a search term',
      part: PARTS.searches,
      window: windowQuery(settings.window),
      pageSize: Math.min(settings.pageSize, SEARCHES_PAGE_LIMIT),
      fetch: (query) => client.getSearches(projectId, query),
      rowsOf: (page: SearchesPage) => page.searches,
      keyOf: (row: SearchTerm) => row.searchQuery,
      cursorOf: (page) => page.nextCursor,
    }),
    budget: context.budget,
    onFirst: (page) => context.export?.begin('searches', { totalSearches: page.totalSearches }, 'searches'),
    onRows: async (rows) => {
      const stop = await context.export?.rows(rows);
      for (const row of rows.slice(0, stop?.kept ?? rows.length)) {
        top.offer(row);
        if (isUnclicked(row)) {
          unclicked.offer(row);
          unclickedTerms++;
        }
      }
      return stop;
    },
    // Ordered by hits: once both lists are full, later terms cannot enter them. The export wants every row.
    enough: () => context.export === undefined && top.size >= top.capacity && unclicked.size >= unclicked.capacity,
    clock: context.clock,
    deadline: context.deadline,
    log,
  });
  const { totalSearches } = result.first;
  log.info(
    `Searches report: ${counted(result.rows, 'search term')} in ${counted(result.requests, 'request')} (${unclickedTerms} never clicked); ${counted(totalSearches, 'search', 'searches')} in the window.`,
  );
  const warnings = pagingWarnings('Searches report', result, counted(result.rows, 'search term'), log);
  await context.export?.end('searches', exportTail(result));
  return {
    totalSearches,
    terms: result.rows,
    top: top.sorted(),
    unclicked: unclicked.sorted(),
    unclickedTerms,
    requests: result.requests,
    complete: result.complete,
    warnings,
  };
}
