/**
 * The docs health report as summary blocks (and, trimmed smaller, as the report-issue comment). What a report found and what
 * went wrong is essential; the tables are bulk, shortened last block first: the visitors table first, the attention table
 * last. Every string from the service is escaped once, by escapeText; reader text is also cut to MAX_READER_CHARS and
 * arrives without e-mail addresses (the guards remove them; `contact` is never read).
 */
import type { HealthReport } from '../analytics/health-report.js';
import { describeWindow } from '../analytics/window.js';
import { countOf, formatCount } from '../text/numbers.js';
import { truncate } from '../text/truncate.js';
import { renderAnalyticsFailure, renderAnalyticsReport } from './analytics-report.js';
import type { SummaryBlock } from './compose.js';
import { MAX_READER_CHARS, essential, value } from './health-blocks.js';
import { attentionBlocks, ratedDownBlocks } from './health-feedback.js';
import { topSearchesBlocks, unclickedBlocks } from './health-searches.js';
import { assistantBlocks, viewsBlocks } from './health-traffic.js';
import { impactBlocks } from './health-impact.js';
import { FIELD_CHARS } from './limits.js';
import { escapeCode, escapeText } from './markdown.js';

export interface HealthRenderOptions {
  /** Set when the agent's prompt carried this report's evidence: its size in bytes. */
  readonly evidenceBytes?: number;
}

function overview(report: HealthReport, options: HealthRenderOptions): SummaryBlock {
  const dash = '—';
  const visitors = value(report.visitors);
  const views = value(report.views);
  const searches = value(report.searches);
  const feedback = value(report.feedback);
  const assistant = value(report.assistant);
  const impact = value(report.impact);
  const cells: Array<[string, string]> = [];
  if (report.visitors) cells.push(['Unique visitors', visitors ? formatCount(visitors.totals.total) : dash]);
  if (report.views) cells.push(['Views', views ? formatCount(views.totals.total) : dash]);
  if (report.searches) cells.push(['Searches', searches ? formatCount(searches.totalSearches) : dash]);
  if (report.feedback) cells.push(['👍 / 👎', feedback ? `${formatCount(feedback.thumbsUp)} / ${formatCount(feedback.thumbsDown)}` : dash]);
  if (report.assistant) cells.push(['Assistant queries', assistant ? formatCount(assistant.stats.total) : dash]);
  if (report.impact) cells.push(['Docs changes measured', impact ? formatCount(impact.pulls.length) : dash]);
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
      `> The agent's prompt carried the evidence of this report (${countOf(options.evidenceBytes, 'byte')}): ` +
        "the pages below with their numbers, readers' comments and the searches nobody clicked, quoted as data. " +
        'Review the pull request before merging it.',
    );
  }
  return essential('the health overview', lines);
}

function footer(report: HealthReport): SummaryBlock {
  const { budget } = report;
  const parts = report.reports.map((name) => `${name} ${formatCount(budget.used[name])}`);
  return essential('the request count', [
    `<sub>Requests: ${parts.join(', ')} — ${countOf(budget.total, 'request')} of the ${formatCount(budget.limit)} analytics-max-requests allows; ` +
      `${formatCount(budget.limit - budget.total)} left. ` +
      `Comments and search terms are readers' words, shown escaped, cut to ${MAX_READER_CHARS} characters, without e-mail addresses or secrets.</sub>`,
  ]);
}

export function renderHealthReport(report: HealthReport, options: HealthRenderOptions = {}): SummaryBlock[] {
  const visitors = report.visitors;
  return [
    overview(report, options),
    ...attentionBlocks(report),
    ...unclickedBlocks(report.searches),
    ...ratedDownBlocks(report.feedback, report.top),
    ...impactBlocks(report.impact),
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
