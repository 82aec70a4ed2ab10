/**
 * Kept: the top terms, and the top terms nobody clicked (the content gaps). The service orders by hits, so without an export
 * paging stops once both lists are full. Two terms the service keeps apart can read the same once cleaned (`invite a@x.org`
 * and `invite b@y.org` both become `invite [e-mail removed]`): one term here, hits added, the other fields from the one with
 * more hits. Paging tells repeats by the service's own rows (SearchesPage.keys), so such a pair is neither lost nor taken
 * for a service repeating itself. The export has every row, cleaned: its hits add up to the same.
 */
import { counted } from '../text/plural.js';
import type { SearchTerm, SearchesPage } from '../service/analytics-types.js';
import type { SearchesReport } from './health-report.js';
import { searchesDone } from './messages.js';
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

/** The terms received, by their cleaned text: rows that read the same are merged. */
export class MergedTerms {
  private readonly byText = new Map<string, SearchTerm>();
  private unclickedCount = 0;
  /** Rows merged into a term received before. */
  merged = 0;

  get size(): number {
    return this.byText.size;
  }

  /** Distinct terms nobody clicked, as merged so far. */
  get unclicked(): number {
    return this.unclickedCount;
  }

  add(row: SearchTerm): void {
    const held = this.byText.get(row.searchQuery);
    if (held === undefined) {
      this.byText.set(row.searchQuery, row);
      if (isUnclicked(row)) this.unclickedCount++;
      return;
    }
    this.merged++;
    // The other fields are those of the row with more hits (the first on a tie).
    const lead = row.hits > held.hits ? row : held;
    const merged: SearchTerm = { ...lead, hits: held.hits + row.hits };
    this.unclickedCount += Number(isUnclicked(merged)) - Number(isUnclicked(held));
    this.byText.set(row.searchQuery, merged);
  }

  values(): IterableIterator<SearchTerm> {
    return this.byText.values();
  }
}

export async function fetchSearchesReport(context: ReportContext): Promise<SearchesReport> {
  const { settings, client, projectId, log } = context;
  const terms = new MergedTerms();
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
      keyOf: (_row: SearchTerm, index, page: SearchesPage) => page.keys[index] ?? '',
      cursorOf: (page) => page.nextCursor,
    }),
    budget: context.budget,
    onFirst: (page) => context.export?.begin('searches', { totalSearches: page.totalSearches }, 'searches'),
    onRows: async (rows) => {
      const stop = await context.export?.rows(rows);
      for (const row of rows.slice(0, stop?.kept ?? rows.length)) terms.add(row);
      return stop;
    },
    // Ordered by hits: once both lists are full, later terms cannot enter them. The export wants every row.
    enough: () => context.export === undefined && terms.size >= settings.top && terms.unclicked >= settings.top,
    clock: context.clock,
    deadline: context.deadline,
    log,
  });
  const top = new TopRows(settings.top, compareByHits);
  const unclicked = new TopRows(settings.top, compareByHits);
  for (const term of terms.values()) {
    top.offer(term);
    if (isUnclicked(term)) unclicked.offer(term);
  }
  const { totalSearches } = result.first;
  log.info(
    searchesDone({
      terms: terms.size,
      requests: result.requests,
      unclicked: terms.unclicked,
      merged: terms.merged,
      searches: totalSearches,
    }),
  );
  const warnings = pagingWarnings('Searches report', result, counted(terms.size, 'search term'), log);
  await context.export?.end('searches', exportTail(result));
  return {
    totalSearches,
    terms: terms.size,
    top: top.sorted(),
    unclicked: unclicked.sorted(),
    unclickedTerms: terms.unclicked,
    requests: result.requests,
    complete: result.complete,
    warnings,
  };
}
