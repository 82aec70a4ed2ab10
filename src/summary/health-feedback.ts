/** Pages that need attention (rated down, weighed by their traffic) and pages rated down with their readers' newest comments. */
import type { FeedbackReport, HealthReport, PageComments, ReportOutcome } from '../analytics/health-report.js';
import type { FeedbackEntry } from '../service/analytics-types.js';
import { countOf, formatCount, formatShare } from '../text/numbers.js';
import type { SummaryBlock } from './compose.js';
import { cutNote, day, essential, failedLines, pathCell, quoted, section, warningLines } from './health-blocks.js';
import { tableBlock } from './table-block.js';

export function attentionBlocks(report: HealthReport): SummaryBlock[] {
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

/** The thumbs-only entries of the feedback list: neither up nor down. */
function noVerdictNote(noVerdict: number): string {
  const entries = countOf(noVerdict, 'thumbs-only entry', 'thumbs-only entries');
  return `${entries} of the list ${noVerdict === 1 ? 'says' : 'say'} neither up nor down (no \`helpful\`): counted as no verdict, never as a complaint.`;
}

/** feedback/by-page returned one page of rated pages, and the service has more. */
function pagesHaveMoreNote(pages: number): string {
  return (
    `The service has more rated pages than the ${formatCount(pages)} that feedback/by-page returns, ` +
    `and that endpoint cannot be paged: the votes and tables here cover those ${formatCount(pages)}.`
  );
}

export function ratedDownBlocks(outcome: ReportOutcome<FeedbackReport> | undefined, top: number): SummaryBlock[] {
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
    `${countOf(feedback.thumbsUp, 'thumbs-up vote')} and ${countOf(feedback.thumbsDown, 'thumbs-down vote')} ` +
      `on ${countOf(feedback.pages.length, 'rated page')}. Below, the pages with the most down votes and their newest comments, ` +
      `from ${countOf(feedback.entries, 'feedback entry', 'feedback entries')} received.`,
  ];
  if (feedback.noVerdict > 0) intro.push('', noVerdictNote(feedback.noVerdict));
  if (feedback.pagesHaveMore) intro.push('', pagesHaveMoreNote(feedback.pages.length));
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
