/** The traffic sections of the docs health report beside the visitors report: page views and assistant use. */
import type { HealthReport, ReportOutcome, ViewsReport } from '../analytics/health-report.js';
import { countOf, formatCount, formatShare } from '../text/numbers.js';
import type { SummaryBlock } from './compose.js';
import { cutNote, essential, failedLines, pathCell, section, warningLines } from './health-blocks.js';

export function viewsBlocks(outcome: ReportOutcome<ViewsReport> | undefined): SummaryBlock[] {
  if (outcome === undefined) return [];
  const heading = ['### Page views', ''];
  const name = 'the page views';
  if (!outcome.ok) return [essential(name, [...heading, ...failedLines('views', outcome)])];
  const views = outcome.report;
  const { totals } = views;
  const intro = [
    ...heading,
    `**${formatCount(totals.total)}** views: ` +
      `**${formatCount(totals.human)}** by human readers (${formatShare(totals.human, totals.total)}) and ` +
      `**${formatCount(totals.ai)}** by AI agents (${formatShare(totals.ai, totals.total)}); ` +
      `${countOf(views.pages, 'page')} in ${countOf(views.requests, 'request')}.`,
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

export function assistantBlocks(report: HealthReport): SummaryBlock[] {
  const outcome = report.assistant;
  if (outcome === undefined) return [];
  const heading = ['### Assistant', ''];
  if (!outcome.ok) return [essential('the assistant report', [...heading, ...failedLines('assistant', outcome)])];
  const { web, api, other, total } = outcome.report.stats;
  const withShare = (queries: number): string => `${formatCount(queries)} (${formatShare(queries, total)})`;
  return [
    {
      markdown:
        [
          ...heading,
          '| From the docs site | From the API | Other | Total queries |',
          '|---:|---:|---:|---:|',
          `| ${withShare(web)} | ${withShare(api)} | ${withShare(other)} | ${formatCount(total)} |`,
        ].join('\n') + '\n',
      keep: 'detail',
      name: 'the assistant report',
    },
  ];
}
