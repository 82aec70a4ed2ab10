/**
 * The docs health report as summary blocks (and, trimmed smaller, as the issue comment of
 * report-issue): a pure function from the reports to Markdown.
 *
 * Reading order: the overview, pages that need attention, searches nobody clicked, pages rated
 * down with their readers' comments, top searches, page views, assistant use, the footer with the
 * requests each report used, then the visitors report. What a report found and what went wrong is
 * essential; the tables are bulk, and compose.ts shortens them last block first, so the visitors
 * table goes first and the attention table last.
 *
 * Every string from the service is escaped once, by escapeText; reader text (comments, search
 * terms) is also cut to MAX_READER_CHARS and arrives without e-mail addresses (the guards remove
 * them; `contact` is never read).
 */
import type { FeedbackReport, HealthReport, PageComments, ReportOutcome, SearchesReport, ViewsReport } from '../analytics/health-report.js';
import { describeWindow } from '../analytics/window.js';
import type { ReportName } from '../inputs/reports.js';
import type { FeedbackEntry, SearchTerm } from '../service/analytics-types.js';
import { renderAnalyticsFailure, renderAnalyticsReport } from './analytics-report.js';
import type { SummaryBlock } from './compose.js';
import { FIELD_CHARS, MAX_PATH_CHARS, truncate, truncatePath } from './limits.js';
import { escapeCode, escapeText } from './markdown.js';
import { countOf, formatCount, formatShare } from './numbers.js';
import { tableBlock, type TableSpec } from './table-block.js';

/** Reader text (a comment, a search term) is cut to this many characters; the export has it whole. */
export const MAX_READER_CHARS = 200;

export interface HealthRenderOptions {
  /** Set when the agent's prompt carried this report's evidence: its size in bytes. */
  readonly evidenceBytes?: number;
}

const cutNote = (noun: string, plural?: string) => (shown: number) =>
  `The table stops after ${countOf(shown, noun, plural)} to keep the report under GitHub's size limit.`;

function essential(name: string, lines: readonly string[]): SummaryBlock {
  return { markdown: lines.join('\n') + '\n', keep: 'essential', name };
}

/** A report's section: what it found (essential), then its table, or `empty` when the table has no row. */
function section(name: string, intro: readonly string[], table: Omit<TableSpec, 'name' | 'head'>, empty: string): SummaryBlock[] {
  if (table.rows.length === 0) return [essential(name, [...intro, '', empty])];
  return [essential(name, intro), tableBlock({ name: `${name} table`, head: [], ...table })];
}

/** Reader or service text for a table cell or a paragraph: flattened, cut, then escaped once. */
function cell(text: string, max: number): string {
  return escapeText(truncate(text.replace(/\s+/g, ' ').trim(), max));
}

function pathCell(path: string): string {
  return escapeText(truncatePath(path, MAX_PATH_CHARS));
}

function quoted(text: string): string {
  return `“${cell(text, MAX_READER_CHARS)}”`;
}

/** `YYYY-MM-DD` of a date the service sent, or nothing when it is not a date. */
function day(text: string | undefined): string | undefined {
  const ms = Date.parse(text ?? '');
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString().slice(0, 10);
}

/** A click-through rate as a percentage. The API calls it a rate: read as a fraction, and as a percentage when above 1. */
export function formatRate(rate: number): string {
  return `${(rate <= 1 ? rate * 100 : Math.min(rate, 100)).toFixed(1)}%`;
}

function failedLines(name: ReportName, outcome: { error: string; requests: number }): string[] {
  return [
    '> [!WARNING]',
    `> The ${name} report could not be fetched (${countOf(outcome.requests, 'request')}): ${escapeText(truncate(outcome.error, FIELD_CHARS.message))}`,
  ];
}

function warningLines(report: { complete: boolean; warnings: readonly string[] }): string[] {
  if (report.warnings.length === 0) return [];
  const title = report.complete ? ['> [!WARNING]'] : ['> [!WARNING]', '> **This report may be incomplete:**'];
  return ['', ...title, ...report.warnings.map((warning) => `> - ${escapeText(truncate(warning, FIELD_CHARS.message))}`)];
}

function value<T>(outcome: ReportOutcome<T> | undefined): T | undefined {
  return outcome?.ok === true ? outcome.report : undefined;
}

function overview(report: HealthReport, options: HealthRenderOptions): SummaryBlock {
  const dash = '—';
  const visitors = value(report.visitors);
  const views = value(report.views);
  const searches = value(report.searches);
  const feedback = value(report.feedback);
  const assistant = value(report.assistant);
  const cells: Array<[string, string]> = [];
  if (report.visitors) cells.push(['Unique visitors', visitors ? formatCount(visitors.totals.total) : dash]);
  if (report.views) cells.push(['Views', views ? formatCount(views.totals.total) : dash]);
  if (report.searches) cells.push(['Searches', searches ? formatCount(searches.totalSearches) : dash]);
  if (report.feedback) cells.push(['👍 / 👎', feedback ? `${formatCount(feedback.thumbsUp)} / ${formatCount(feedback.thumbsDown)}` : dash]);
  if (report.assistant) cells.push(['Assistant queries', assistant ? formatCount(assistant.stats.total) : dash]);
  // The window is the action's own words around dates validated as YYYY-MM-DD or ISO 8601: nothing to escape.
  const file = report.file ? ` · export: ${escapeCode(report.file.path)} (JSON)` : '';
  const lines = [
    '## Docs health',
    '',
    `Window: ${describeWindow(report.window)} · reports: ${report.reports.join(', ')}${file}`,
    '',
    `| ${cells.map(([title]) => title).join(' | ')} |`,
    `|${cells.map(() => '---:').join('|')}|`,
    `| ${cells.map(([, text]) => text).join(' | ')} |`,
  ];
  if (options.evidenceBytes !== undefined) {
    lines.push(
      '',
      '> [!NOTE]',
      `> The agent's prompt carried the evidence of this report (${countOf(options.evidenceBytes, 'byte')}): the pages below with their numbers, readers' comments and the searches nobody clicked, quoted as data. Review the pull request before merging it.`,
    );
  }
  return essential('the health overview', lines);
}

function attentionBlocks(report: HealthReport): SummaryBlock[] {
  if (report.feedback === undefined) return [];
  const heading = ['### Pages that need attention', ''];
  const name = 'the pages that need attention';
  if (!report.feedback.ok)
    return [essential(name, [...heading, 'This table needs the feedback report, which could not be fetched (see below).'])];
  const rows = report.attention ?? [];
  if (rows.length === 0) return [essential(name, [...heading, 'No page was rated down in this window.'])];
  const traffic = report.attentionTraffic;
  const showVisitors = report.visitors !== undefined;
  const showViews = report.views !== undefined;
  const count = (number: number | undefined): string => (number === undefined ? '—' : formatCount(number));
  const weight = traffic === undefined ? '' : ` × log₁₀(10 + ${traffic})`;
  const tie =
    traffic === undefined
      ? 'no traffic report was fetched to weigh them'
      : 'between pages with as many down votes the more-read one comes first';
  return [
    tableBlock({
      name: `${name} table`,
      head: heading,
      columns: [
        ['#', '---:'],
        ['Page', '---'],
        ...(showVisitors ? [['Visitors', '---:'] as const] : []),
        ...(showViews ? [['Views', '---:'] as const] : []),
        ['👎', '---:'],
        ['👍', '---:'],
        ['Down share', '---:'],
      ],
      rows: rows.map((row, index) => [
        String(index + 1),
        pathCell(row.path),
        ...(showVisitors ? [count(row.visitors)] : []),
        ...(showViews ? [count(row.views)] : []),
        formatCount(row.thumbsDown),
        formatCount(row.thumbsUp),
        formatShare(row.thumbsDown, row.thumbsUp + row.thumbsDown),
      ]),
      foot: [
        '',
        `<sub>Ranked by down votes${weight}: down votes count most, and ${tie}. — means the ${traffic ?? 'traffic'} report did not list the page.</sub>`,
      ],
      cutNote: cutNote('page'),
    }),
  ];
}

function unclickedBlocks(outcome: ReportOutcome<SearchesReport> | undefined): SummaryBlock[] {
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
        `${countOf(searches.unclickedTerms, 'search term')} of the ${formatCount(searches.terms)} received led to no click: readers searched and found no page worth opening. These are the content gaps.`,
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

function commentText(entry: FeedbackEntry): string {
  const kind = entry.source === 'code_snippet' ? ' (on a code snippet)' : entry.source === 'agent' ? ' (from an AI agent)' : '';
  const date = day(entry.createdAt);
  return `${quoted(entry.comment ?? '')}${kind}${date === undefined ? '' : ` — ${date}`}`;
}

function commentsCell(comments: PageComments | undefined): string {
  if (comments === undefined || comments.comments.length === 0) return '—';
  const more = comments.received - comments.comments.length;
  return [...comments.comments.map(commentText), ...(more > 0 ? [`and ${countOf(more, 'more comment')}`] : [])].join('<br>');
}

function ratedDownBlocks(outcome: ReportOutcome<FeedbackReport> | undefined, top: number): SummaryBlock[] {
  if (outcome === undefined) return [];
  const heading = ['### Pages rated down', ''];
  const name = 'the pages rated down';
  if (!outcome.ok) return [essential(name, [...heading, ...failedLines('feedback', outcome)])];
  const feedback = outcome.report;
  const down = feedback.pages
    .filter((page) => page.thumbsDown > 0)
    .sort((a, b) => b.thumbsDown - a.thumbsDown || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, top);
  const intro = [
    ...heading,
    `${countOf(feedback.thumbsUp, 'thumbs-up vote')} and ${countOf(feedback.thumbsDown, 'thumbs-down vote')} on ${countOf(feedback.pages.length, 'rated page')}. Below, the pages with the most down votes and their newest comments, from ${countOf(feedback.entries, 'feedback entry', 'feedback entries')} received.`,
  ];
  if (feedback.pagesHaveMore) {
    intro.push(
      '',
      `The service has more rated pages than the ${formatCount(feedback.pages.length)} that feedback/by-page returns, and that endpoint cannot be paged: the votes and tables here cover those ${formatCount(feedback.pages.length)}.`,
    );
  }
  intro.push(...warningLines(feedback));
  return section(
    name,
    intro,
    {
      columns: [
        ['#', '---:'],
        ['Page', '---'],
        ['👎', '---:'],
        ['👍', '---:'],
        ['Down share', '---:'],
        ['Recent comments (readers’ words, not instructions)', '---'],
      ],
      rows: down.map((page, index) => [
        String(index + 1),
        pathCell(page.path),
        formatCount(page.thumbsDown),
        formatCount(page.thumbsUp),
        formatShare(page.thumbsDown, page.thumbsUp + page.thumbsDown),
        commentsCell(feedback.comments.get(page.path)),
      ]),
      cutNote: cutNote('page'),
    },
    'No page was rated down in this window.',
  );
}

function topSearchesBlocks(outcome: ReportOutcome<SearchesReport> | undefined): SummaryBlock[] {
  if (outcome === undefined) return [];
  const heading = ['### Top searches', ''];
  const name = 'the top searches';
  if (!outcome.ok) return [essential(name, [...heading, ...failedLines('searches', outcome)])];
  const searches = outcome.report;
  const intro = [
    ...heading,
    `${countOf(searches.totalSearches, 'search', 'searches')} in the window; ${countOf(searches.terms, 'distinct term')} received in ${countOf(searches.requests, 'request')}.`,
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
      cutNote: cutNote('term'),
    },
    'Nobody searched in this window.',
  );
}

function viewsBlocks(outcome: ReportOutcome<ViewsReport> | undefined): SummaryBlock[] {
  if (outcome === undefined) return [];
  const heading = ['### Page views', ''];
  const name = 'the page views';
  if (!outcome.ok) return [essential(name, [...heading, ...failedLines('views', outcome)])];
  const views = outcome.report;
  const { totals } = views;
  const intro = [
    ...heading,
    `**${formatCount(totals.total)}** views: **${formatCount(totals.human)}** by human readers (${formatShare(totals.human, totals.total)}) and **${formatCount(totals.ai)}** by AI agents (${formatShare(totals.ai, totals.total)}); ${countOf(views.pages, 'page')} in ${countOf(views.requests, 'request')}.`,
    ...warningLines(views),
  ];
  return section(
    name,
    intro,
    {
      columns: [
        ['#', '---:'],
        ['Path', '---'],
        ['Human', '---:'],
        ['AI', '---:'],
        ['Total', '---:'],
      ],
      rows: views.topPages.map((page, index) => [
        String(index + 1),
        pathCell(page.path),
        formatCount(page.human),
        formatCount(page.ai),
        formatCount(page.total),
      ]),
      cutNote: cutNote('page'),
    },
    'No page was viewed in this window.',
  );
}

function assistantBlocks(report: HealthReport): SummaryBlock[] {
  const outcome = report.assistant;
  if (outcome === undefined) return [];
  const heading = ['### Assistant', ''];
  if (!outcome.ok) return [essential('the assistant report', [...heading, ...failedLines('assistant', outcome)])];
  const { web, api, other, total } = outcome.report.stats;
  return [
    {
      markdown:
        [
          ...heading,
          '| From the docs site | From the API | Other | Total queries |',
          '|---:|---:|---:|---:|',
          `| ${formatCount(web)} (${formatShare(web, total)}) | ${formatCount(api)} (${formatShare(api, total)}) | ${formatCount(other)} (${formatShare(other, total)}) | ${formatCount(total)} |`,
        ].join('\n') + '\n',
      keep: 'detail',
      name: 'the assistant report',
    },
  ];
}

function footer(report: HealthReport): SummaryBlock {
  const { budget } = report;
  const parts = report.reports.map((name) => `${name} ${formatCount(budget.used[name])}`);
  return essential('the request count', [
    `<sub>Requests: ${parts.join(', ')} — ${countOf(budget.total, 'request')} of the ${formatCount(budget.limit)} analytics-max-requests allows; ${formatCount(budget.limit - budget.total)} left. Comments and search terms are readers' words, shown escaped, cut to ${MAX_READER_CHARS} characters, without e-mail addresses.</sub>`,
  ]);
}

/** The report as summary blocks, in reading order. */
export function renderHealthReport(report: HealthReport, options: HealthRenderOptions = {}): SummaryBlock[] {
  const visitors = report.visitors;
  return [
    overview(report, options),
    ...attentionBlocks(report),
    ...unclickedBlocks(report.searches),
    ...ratedDownBlocks(report.feedback, report.top),
    ...topSearchesBlocks(report.searches),
    // The visitors report as it stands alone, one heading level down: a section of this report.
    ...(visitors === undefined ? [] : visitors.ok ? renderAnalyticsReport(visitors.report) : [renderAnalyticsFailure(visitors.error)]).map(
      nestedOneLevel,
    ),
    ...viewsBlocks(report.views),
    ...assistantBlocks(report),
    footer(report),
  ];
}

/** Headings one level deeper (`##` → `###`). Escaped service text never starts a line with `#`. */
function nestedOneLevel(block: SummaryBlock): SummaryBlock {
  const nest = (markdown: string): string => markdown.replace(/^#{2,5} /gm, (heading) => `#${heading}`);
  const { shrink } = block;
  return { ...block, markdown: nest(block.markdown), ...(shrink && { shrink: (maxBytes: number) => mapDefined(shrink(maxBytes), nest) }) };
}

function mapDefined(text: string | undefined, map: (text: string) => string): string | undefined {
  return text === undefined ? undefined : map(text);
}

/** The block shown instead of the reports when the phase itself failed next to a job (e.g. the export could not be written). */
export function renderHealthFailure(message: string): SummaryBlock {
  return essential('the health report failure', [
    '## Docs health',
    '',
    '> [!WARNING]',
    `> The analytics reports could not be fetched: ${escapeText(truncate(message, FIELD_CHARS.message))}`,
  ]);
}
