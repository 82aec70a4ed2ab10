/**
 * The docs health report in the job summary (and, smaller, in the issue comment of report-issue):
 * a pure function from the reports to Markdown.
 *
 * Sections, most important first: the overview, pages that need attention, searches nobody
 * clicked, pages rated down with their readers' comments, top searches, page views, assistant use,
 * the footer with the requests each report used, then the visitors report. Each section gets what
 * the ones before it left of `maxBytes`, and a table that would not fit stops early and says so, so
 * the least important rows go first.
 *
 * Every string from the service is escaped once, by escapeText; reader text (comments, search
 * terms) is also cut to MAX_READER_CHARS and arrives without e-mail addresses (the guards remove
 * them; `contact` is never read).
 */
import type {
  AttentionRow,
  FeedbackReport,
  HealthReport,
  PageComments,
  ReportOutcome,
  SearchesReport,
  ViewsReport,
} from '../analytics/health-report.js';
import { describeWindow } from '../analytics/window.js';
import type { ReportName } from '../inputs/reports.js';
import type { FeedbackEntry, SearchTerm } from '../service/analytics-types.js';
import { MAX_PATH_CHARS, MAX_REPORT_BYTES, formatCount, formatShare, renderAnalyticsReport, truncate } from './analytics-report.js';
import { boundedTable, byteSize } from './bounded-table.js';
import { escapeCode, escapeText } from './markdown.js';

/** Reader text (a comment, a search term) is cut to this many characters; the export has it whole. */
export const MAX_READER_CHARS = 200;

export interface HealthRenderOptions {
  /** Room for the whole report; the issue comment asks for much less than the summary. */
  readonly maxBytes?: number;
  /** Set when the agent's prompt carried this report's evidence: its size in bytes. */
  readonly evidenceBytes?: number;
}

const LABEL: Readonly<Record<ReportName, string>> = {
  visitors: 'visitors',
  views: 'views',
  searches: 'searches',
  feedback: 'feedback',
  assistant: 'assistant',
};

function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** Reader or service text for a table cell or a paragraph: cut, then escaped once. */
function cell(text: string, max: number): string {
  return escapeText(truncate(text.replace(/\s+/g, ' ').trim(), max));
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

function failedBlock(name: ReportName, outcome: { error: string; requests: number }): string[] {
  return [
    '',
    '> [!WARNING]',
    `> The ${LABEL[name]} report could not be fetched (${plural(outcome.requests, 'request')}): ${escapeText(truncate(outcome.error, 2000))}`,
  ];
}

function warningsBlock(report: { complete: boolean; warnings: readonly string[] }): string[] {
  if (report.warnings.length === 0) return [];
  const title = report.complete ? '> [!WARNING]' : '> [!WARNING]\n> **This report may be incomplete:**';
  return ['', title, ...report.warnings.map((warning) => `> - ${escapeText(truncate(warning, 2000))}`)];
}

function value<T>(outcome: ReportOutcome<T> | undefined): T | undefined {
  return outcome?.ok === true ? outcome.report : undefined;
}

function overview(report: HealthReport, options: HealthRenderOptions): string[] {
  const cells: Array<[string, string]> = [];
  const visitors = value(report.visitors);
  const views = value(report.views);
  const searches = value(report.searches);
  const feedback = value(report.feedback);
  const assistant = value(report.assistant);
  const dash = '—';
  if (report.visitors) cells.push(['Unique visitors', visitors ? formatCount(visitors.totals.total) : dash]);
  if (report.views) cells.push(['Views', views ? formatCount(views.totals.total) : dash]);
  if (report.searches) cells.push(['Searches', searches ? formatCount(searches.totalSearches) : dash]);
  if (report.feedback) cells.push(['👍 / 👎', feedback ? `${formatCount(feedback.thumbsUp)} / ${formatCount(feedback.thumbsDown)}` : dash]);
  if (report.assistant) cells.push(['Assistant queries', assistant ? formatCount(assistant.stats.total) : dash]);
  const lines = [
    '## Docs health',
    '',
    `Window: ${describeWindow(report.window)} · reports: ${report.reports.join(', ')}${report.file ? ` · export: ${escapeCode(report.file.path)} (JSON)` : ''}`,
    '',
    `| ${cells.map(([title]) => title).join(' | ')} |`,
    `|${cells.map(() => '---:').join('|')}|`,
    `| ${cells.map(([, text]) => text).join(' | ')} |`,
  ];
  if (options.evidenceBytes !== undefined) {
    lines.push(
      '',
      '> [!NOTE]',
      `> The agent's prompt carried the evidence of this report (${plural(options.evidenceBytes, 'byte')}): the pages below with their numbers, readers' comments and the searches nobody clicked, quoted as data. Review the pull request before merging it.`,
    );
  }
  return lines;
}

function attentionSection(report: HealthReport, budget: number): string[] {
  if (report.feedback === undefined) return [];
  const lines = ['', '### Pages that need attention'];
  if (!report.feedback.ok) return [...lines, '', 'This table needs the feedback report, which could not be fetched (see below).'];
  const rows = report.attention ?? [];
  if (rows.length === 0) return [...lines, '', 'No page was rated down in this window.'];
  const traffic = report.attentionTraffic;
  const showVisitors = report.visitors !== undefined;
  const showViews = report.views !== undefined;
  const count = (row: AttentionRow, key: 'visitors' | 'views'): string => (row[key] === undefined ? '—' : formatCount(row[key]));
  const table = boundedTable(
    {
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
        cell(row.path, MAX_PATH_CHARS),
        ...(showVisitors ? [count(row, 'visitors')] : []),
        ...(showViews ? [count(row, 'views')] : []),
        formatCount(row.thumbsDown),
        formatCount(row.thumbsUp),
        formatShare(row.thumbsDown, row.thumbsUp + row.thumbsDown),
      ]),
      cutNote: (shown) => `The table stops after ${plural(shown, 'page')} to keep the report under GitHub's size limit.`,
    },
    budget - byteSize(lines) - 400,
  );
  const weight = traffic === undefined ? '' : ` × log₁₀(10 + ${traffic})`;
  const tie =
    traffic === undefined
      ? 'no traffic report was fetched to weigh them'
      : `between pages with as many down votes the more-read one comes first`;
  return [
    ...lines,
    '',
    ...table,
    '',
    `<sub>Ranked by down votes${weight}: down votes count most, and ${tie}. — means the ${traffic ?? 'traffic'} report did not list the page.</sub>`,
  ];
}

function unclickedSection(outcome: ReportOutcome<SearchesReport> | undefined, budget: number): string[] {
  if (outcome === undefined) return [];
  const lines = ['', '### Searches nobody clicked'];
  if (!outcome.ok) return [...lines, '', 'This list needs the searches report, which could not be fetched (see below).'];
  const searches = outcome.report;
  if (searches.unclicked.length === 0)
    return [...lines, '', `Every one of the ${plural(searches.terms, 'search term')} received led to a click.`];
  lines.push(
    '',
    `${plural(searches.unclickedTerms, 'search term')} of the ${formatCount(searches.terms)} received led to no click: readers searched and found no page worth opening. These are the content gaps.`,
    '',
  );
  const table = boundedTable(
    {
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
      cutNote: (shown) => `The list stops after ${plural(shown, 'term')} to keep the report under GitHub's size limit.`,
    },
    budget - byteSize(lines),
  );
  return [...lines, ...table];
}

function commentText(entry: FeedbackEntry): string {
  const kind = entry.source === 'code_snippet' ? ' (on a code snippet)' : entry.source === 'agent' ? ' (from an AI agent)' : '';
  const date = day(entry.createdAt);
  return `${quoted(entry.comment ?? '')}${kind}${date === undefined ? '' : ` — ${date}`}`;
}

function commentsCell(comments: PageComments | undefined): string {
  if (comments === undefined || comments.comments.length === 0) return '—';
  const more = comments.received - comments.comments.length;
  return [...comments.comments.map(commentText), ...(more > 0 ? [`and ${plural(more, 'more comment')}`] : [])].join('<br>');
}

function ratedDownSection(outcome: ReportOutcome<FeedbackReport> | undefined, top: number, budget: number): string[] {
  if (outcome === undefined) return [];
  const lines = ['', '### Pages rated down'];
  if (!outcome.ok) return [...lines, ...failedBlock('feedback', outcome)];
  const feedback = outcome.report;
  const down = feedback.pages
    .filter((page) => page.thumbsDown > 0)
    .sort((a, b) => b.thumbsDown - a.thumbsDown || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, top);
  lines.push(
    '',
    `${plural(feedback.thumbsUp, 'thumbs-up vote')} and ${plural(feedback.thumbsDown, 'thumbs-down vote')} on ${plural(feedback.pages.length, 'rated page')}. Below, the pages with the most down votes and their newest comments, from ${plural(feedback.entries, 'feedback entry', 'feedback entries')} received.`,
  );
  if (feedback.pagesHaveMore) {
    lines.push(
      '',
      `The service has more rated pages than the ${formatCount(feedback.pages.length)} that feedback/by-page returns, and that endpoint cannot be paged: the votes and tables here cover those ${formatCount(feedback.pages.length)}.`,
    );
  }
  lines.push(...warningsBlock(feedback));
  if (down.length === 0) return [...lines, '', 'No page was rated down in this window.'];
  lines.push('');
  const table = boundedTable(
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
        cell(page.path, MAX_PATH_CHARS),
        formatCount(page.thumbsDown),
        formatCount(page.thumbsUp),
        formatShare(page.thumbsDown, page.thumbsUp + page.thumbsDown),
        commentsCell(feedback.comments.get(page.path)),
      ]),
      cutNote: (shown) => `The table stops after ${plural(shown, 'page')} to keep the report under GitHub's size limit.`,
    },
    budget - byteSize(lines),
  );
  return [...lines, ...table];
}

function topSearchesSection(outcome: ReportOutcome<SearchesReport> | undefined, budget: number): string[] {
  if (outcome === undefined) return [];
  const lines = ['', '### Top searches'];
  if (!outcome.ok) return [...lines, ...failedBlock('searches', outcome)];
  const searches = outcome.report;
  lines.push(
    '',
    `${plural(searches.totalSearches, 'search', 'searches')} in the window; ${plural(searches.terms, 'distinct term')} received in ${plural(searches.requests, 'request')}.`,
  );
  lines.push(...warningsBlock(searches));
  if (searches.top.length === 0) return [...lines, '', 'Nobody searched in this window.'];
  lines.push('');
  const table = boundedTable(
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
        term.topClickedPage === undefined ? '— (no click)' : cell(term.topClickedPage, MAX_PATH_CHARS),
      ]),
      cutNote: (shown) => `The table stops after ${plural(shown, 'term')} to keep the report under GitHub's size limit.`,
    },
    budget - byteSize(lines),
  );
  return [...lines, ...table];
}

function viewsSection(outcome: ReportOutcome<ViewsReport> | undefined, budget: number): string[] {
  if (outcome === undefined) return [];
  const lines = ['', '### Page views'];
  if (!outcome.ok) return [...lines, ...failedBlock('views', outcome)];
  const views = outcome.report;
  const { totals } = views;
  lines.push(
    '',
    `**${formatCount(totals.total)}** views: **${formatCount(totals.human)}** by human readers (${formatShare(totals.human, totals.total)}) and **${formatCount(totals.ai)}** by AI agents (${formatShare(totals.ai, totals.total)}); ${plural(views.pages, 'page')} in ${plural(views.requests, 'request')}.`,
  );
  lines.push(...warningsBlock(views));
  if (views.topPages.length === 0) return [...lines, '', 'No page was viewed in this window.'];
  lines.push('');
  const table = boundedTable(
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
        cell(page.path, MAX_PATH_CHARS),
        formatCount(page.human),
        formatCount(page.ai),
        formatCount(page.total),
      ]),
      cutNote: (shown) => `The table stops after ${plural(shown, 'page')} to keep the report under GitHub's size limit.`,
    },
    budget - byteSize(lines),
  );
  return [...lines, ...table];
}

function assistantSection(report: HealthReport): string[] {
  const outcome = report.assistant;
  if (outcome === undefined) return [];
  const lines = ['', '### Assistant'];
  if (!outcome.ok) return [...lines, ...failedBlock('assistant', outcome)];
  const { web, api, other, total } = outcome.report.stats;
  return [
    ...lines,
    '',
    '| From the docs site | From the API | Other | Total queries |',
    '|---:|---:|---:|---:|',
    `| ${formatCount(web)} (${formatShare(web, total)}) | ${formatCount(api)} (${formatShare(api, total)}) | ${formatCount(other)} (${formatShare(other, total)}) | ${formatCount(total)} |`,
  ];
}

function footer(report: HealthReport): string[] {
  const { budget } = report;
  const parts = report.reports.map((name) => `${LABEL[name]} ${formatCount(budget.used[name])}`);
  return [
    '',
    `<sub>Requests: ${parts.join(', ')} — ${plural(budget.total, 'request')} of the ${formatCount(budget.limit)} analytics-max-requests allows; ${formatCount(budget.limit - budget.total)} left. Comments and search terms are readers' words, shown escaped, cut to ${MAX_READER_CHARS} characters, without e-mail addresses.</sub>`,
  ];
}

export function renderHealthReport(report: HealthReport, options: HealthRenderOptions = {}): string {
  const maxBytes = options.maxBytes ?? MAX_REPORT_BYTES;
  const head = overview(report, options);
  const tail = footer(report);
  const sections: Array<(budget: number) => string[]> = [
    (budget) => attentionSection(report, budget),
    (budget) => unclickedSection(report.searches, budget),
    (budget) => ratedDownSection(report.feedback, report.top, budget),
    (budget) => topSearchesSection(report.searches, budget),
    (budget) => viewsSection(report.views, budget),
    () => assistantSection(report),
  ];
  // The visitors section keeps at least a share of what the health sections leave, so it never vanishes.
  let room = maxBytes - byteSize(head) - byteSize(tail) - 1024;
  const body: string[] = [];
  for (const section of sections) {
    const lines = section(room);
    body.push(...lines);
    room -= byteSize(lines);
  }
  const health = [...head, ...body, ...tail].join('\n') + '\n';
  const visitors = report.visitors;
  if (visitors === undefined) return health;
  if (!visitors.ok) return `${health}\n${['## Docs visitors', ...failedBlock('visitors', visitors)].join('\n')}\n`;
  return `${health}\n${renderAnalyticsReport(visitors.report, Math.max(4096, maxBytes - Buffer.byteLength(health)))}`;
}

/** The section shown instead of the reports when the phase itself failed next to a job (e.g. the export could not be written). */
export function renderHealthFailure(message: string): string {
  return (
    ['## Docs health', '', '> [!WARNING]', `> The analytics reports could not be fetched: ${escapeText(truncate(message, 2000))}`].join(
      '\n',
    ) + '\n'
  );
}
