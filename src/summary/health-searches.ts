/** The search sections of the docs health report: searches nobody clicked (the content gaps) and the top searches. */
import type { ReportOutcome, SearchesReport } from '../analytics/health-report.js';
import type { SearchTerm } from '../service/analytics-types.js';
import { countOf, formatCount } from '../text/numbers.js';
import type { SummaryBlock } from './compose.js';
import { cutNote, day, essential, failedLines, pathCell, quoted, section, warningLines } from './health-blocks.js';
import { tableBlock } from './table-block.js';

/** Said under the table: the API documents no unit for `ctr`, so up to 1 is a fraction, above 1 already a percentage. */
export const RATE_READING =
  'Click-through as the service sends it, which has no documented unit: ' +
  'a value up to 1 is read as a fraction of 1 (0.25 is 25%), a larger one as a percentage already (37.5 is 37.5%).';

export function formatRate(rate: number): string {
  return `${(rate <= 1 ? rate * 100 : Math.min(rate, 100)).toFixed(1)}%`;
}

export function unclickedBlocks(outcome: ReportOutcome<SearchesReport> | undefined): SummaryBlock[] {
  if (outcome === undefined) return [];
  const heading = ['### Searches nobody clicked', ''];
  const name = 'the searches nobody clicked';
  if (!outcome.ok) return [essential(name, [...heading, 'This list needs the searches report, which could not be fetched (see below).'])];
  const searches = outcome.report;
  if (searches.unclicked.length === 0) {
    return [essential(name, [...heading, `Every one of the ${countOf(searches.terms, 'search term')} received led to a click.`])];
  }
  return [
    tableBlock({
      name: `${name} table`,
      head: [
        ...heading,
        `${countOf(searches.unclickedTerms, 'search term')} of the ${formatCount(searches.terms)} received led to no click: ` +
          'readers searched and found no page worth opening. These are the content gaps.',
        '',
      ],
      columns: [
        ['#', '---:'],
        ['Search term', '---'],
        ['Searches', '---:'],
        ['Last searched', '---'],
      ],
      rows: searches.unclicked.map((term, index) => [
        String(index + 1),
        quoted(term.searchQuery),
        formatCount(term.hits),
        day(term.lastSearchedAt) ?? '—',
      ]),
      cutNote: cutNote('term'),
    }),
  ];
}

export function topSearchesBlocks(outcome: ReportOutcome<SearchesReport> | undefined): SummaryBlock[] {
  if (outcome === undefined) return [];
  const heading = ['### Top searches', ''];
  const name = 'the top searches';
  if (!outcome.ok) return [essential(name, [...heading, ...failedLines('searches', outcome)])];
  const searches = outcome.report;
  const intro = [
    ...heading,
    `${countOf(searches.totalSearches, 'search', 'searches')} in the window; ` +
      `${countOf(searches.terms, 'distinct term')} received in ${countOf(searches.requests, 'request')}.`,
    ...warningLines(searches),
  ];
  return section(
    name,
    intro,
    {
      columns: [
        ['#', '---:'],
        ['Search term', '---'],
        ['Searches', '---:'],
        ['Click-through', '---:'],
        ['Top clicked page', '---'],
      ],
      rows: searches.top.map((term: SearchTerm, index) => [
        String(index + 1),
        quoted(term.searchQuery),
        formatCount(term.hits),
        formatRate(term.ctr),
        term.topClickedPage === undefined ? '— (no click)' : pathCell(term.topClickedPage),
      ]),
      foot: ['', `<sub>${RATE_READING}</sub>`],
      cutNote: cutNote('term'),
    },
    'Nobody searched in this window.',
  );
}
