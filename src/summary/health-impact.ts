/**
 * "Did the docs changes help?": the impact report as summary blocks (and in the report-issue
 * comment). One row per merged pull request, sorted by verdict then the size of the move as the
 * report lists them; the pages of every pull request in a collapsed block; the method and its limits;
 * what the impact cost and what it left out. Titles, logins and paths come from GitHub: each is
 * escaped once, as data.
 */
import type { ImpactProgress, ReportOutcome } from '../analytics/health-report.js';
import type { PageImpact, PullImpact, WindowCounts } from '../analytics/impact-report.js';
import { countOf, formatCount, formatShare } from '../text/numbers.js';
import { truncate } from '../text/truncate.js';
import type { SummaryBlock } from './compose.js';
import { cell, cutNote, essential, failedLines, pathCell, warningLines } from './health-blocks.js';
import { FIELD_CHARS } from './limits.js';
import { escapeText, markdownLink } from './markdown.js';
import { tableBlock } from './table-block.js';

export const IMPACT_HEADING = 'Did the docs changes help?';

/** Pull request titles are cut to this many characters in a cell; the export has them whole. */
const TITLE_CHARS = 120;

/** The verdict as a reader scans it: a sign, then the words the docs use. */
export function verdictText(pull: Pick<PullImpact, 'verdict' | 'verdictOn'>): string {
  switch (pull.verdict) {
    case 'improved':
      return '🟢 improved';
    case 'worse':
      return '🔴 worse';
    case 'no clear change':
      return '⚪ no clear change';
    case 'too little data':
      return '⚪ too little data';
    case 'measuring':
      return `⏳ measuring, verdict on ${pull.verdictOn ?? 'a later run'}`;
  }
}

/** "40.0% (40/100)": the thumbs-down share of the votes and its counts, or "no votes". */
export function votesText(counts: WindowCounts): string {
  const votes = counts.thumbsUp + counts.thumbsDown;
  return votes === 0 ? 'no votes' : `${formatShare(counts.thumbsDown, votes)} (${formatCount(counts.thumbsDown)}/${formatCount(votes)})`;
}

function searchesText(page: PageImpact): string {
  const { before, after } = page;
  if (before.searchHits + after.searchHits === 0) return '—';
  return `${formatShare(before.searchClicks, before.searchHits)} → ${formatShare(after.searchClicks, after.searchHits)}`;
}

export function pullLabel(pull: PullImpact): string {
  const link = markdownLink(`#${pull.number}`, pull.url) || escapeText(`#${pull.number}`);
  return `${link} “${cell(pull.title, TITLE_CHARS)}” by ${escapeText(`@${pull.author}`)}`;
}

function pagesCell(pull: PullImpact): string {
  const [first] = pull.pages;
  return pull.pages.length === 1 && first !== undefined ? pathCell(first.path) : countOf(pull.pages.length, 'page');
}

function pullsTable(pulls: readonly PullImpact[]): SummaryBlock {
  return tableBlock({
    name: 'the impact table',
    head: [],
    columns: [
      ['Pull request', '---'],
      ['Merged', '---'],
      ['Pages', '---'],
      ['👎 share before → after', '---'],
      ['Views before → after', '---:'],
      ['Verdict', '---'],
    ],
    rows: pulls.map((pull) => [
      pullLabel(pull),
      pull.mergedAt.slice(0, 10),
      pagesCell(pull),
      `${votesText(pull.before)} → ${votesText(pull.after)}`,
      `${formatCount(pull.before.views)} → ${formatCount(pull.after.views)}`,
      verdictText(pull),
    ]),
    cutNote: cutNote('pull request'),
    keep: 'detail',
  });
}

function pageName(page: PageImpact): string {
  const renamed = page.previousPath === undefined ? '' : ` (renamed from ${pathCell(page.previousPath)})`;
  return `${pathCell(page.path)}${renamed}${page.seen ? '' : ' · no readers yet'}`;
}

function pagesTable(pulls: readonly PullImpact[]): SummaryBlock {
  const rows = pulls.flatMap((pull) =>
    pull.pages.map((page) => [
      escapeText(`#${pull.number}`),
      pageName(page),
      `${votesText(page.before)} → ${votesText(page.after)}`,
      `${formatCount(page.before.views)} → ${formatCount(page.after.views)}`,
      searchesText(page),
    ]),
  );
  return tableBlock({
    name: 'the impact pages table',
    head: ['<details>', `<summary>The ${countOf(rows.length, 'page')} of these pull requests</summary>`, ''],
    columns: [
      ['Pull request', '---'],
      ['Page', '---'],
      ['👎 share before → after', '---'],
      ['Views before → after', '---:'],
      ['Search click-through before → after', '---'],
    ],
    rows,
    foot: ['', '</details>'],
    cutNote: cutNote('page'),
  });
}

function totalsLine(report: ImpactProgress): string {
  const { totals } = report;
  const counts = (['improved', 'worse', 'no clear change', 'too little data', 'measuring'] as const)
    .filter((verdict) => totals[verdict] > 0)
    .map((verdict) => `${formatCount(totals[verdict])} ${verdict}`);
  const measured = countOf(report.pulls.length, 'merged docs pull request');
  const authors =
    report.settings.authors === undefined ? '' : ` by ${report.settings.authors.map((login) => escapeText(login)).join(', ')}`;
  return (
    `**${measured}**${authors} in the ${countOf(report.settings.weeks, 'week')} before ${report.end}` +
    (counts.length > 0 ? `: ${counts.join(', ')}.` : '.')
  );
}

function costLine(report: ImpactProgress): string {
  const { costs } = report;
  return (
    `<sub>Impact cost ${countOf(costs.analyticsRequests, 'analytics request')} and ${countOf(costs.githubRequests, 'GitHub request')} ` +
    `(${formatCount(costs.listRequests)} for the pull request list, ${formatCount(costs.filesRequests)} for their files).</sub>`
  );
}

/** The section, or its failure (GitHub refusing the pull request list): the rest of the report stands. */
export function impactBlocks(outcome: ReportOutcome<ImpactProgress> | undefined): SummaryBlock[] {
  if (outcome === undefined) return [];
  const heading = [`### ${IMPACT_HEADING}`, ''];
  const name = 'the impact report';
  if (!outcome.ok) return [essential(name, [...heading, ...failedLines('impact', outcome)])];
  const report = outcome.report;
  const leftOut = warningLines({ complete: report.complete, warnings: report.leftOut.map((line) => truncate(line, FIELD_CHARS.message)) });
  const intro = essential(name, [...heading, totalsLine(report), ...leftOut]);
  const foot = essential('the impact method', [escapeText(report.method), '', costLine(report)]);
  if (report.pulls.length === 0)
    return [intro, essential('the impact report empty', ['No merged pull request changed a docs page in these weeks.']), foot];
  return [intro, pullsTable(report.pulls), pagesTable(report.pulls), foot];
}

/** What moved, in a sentence: the thumbs-down share (with its counts) and the views, before → after. */
function movedLine(pull: PullImpact): string {
  return (
    `Readers' thumbs-down share on its ${countOf(pull.pages.length, 'page')}: **${votesText(pull.before)} → ${votesText(pull.after)}**; ` +
    `human views ${formatCount(pull.before.views)} → ${formatCount(pull.after.views)} ` +
    `(${pull.windows.before.from} to ${pull.windows.before.to} before the merge, ${pull.windows.after.from} to ${pull.windows.after.to} after; ends exclusive).`
  );
}

/**
 * The comment on a measured pull request (impact-comment), its verdict final: what moved, the
 * verdict, each page, the method. Pure; the marker comes first.
 */
export function impactCommentBody(marker: string, pull: PullImpact, method: string, runUrl: string | undefined): string {
  const pages = pull.pages.map((page) => `- ${pageName(page)}: ${votesText(page.before)} → ${votesText(page.after)}`);
  const run = runUrl === undefined ? [] : ['', `[Workflow run](${runUrl}) · this comment is updated when the numbers change.`];
  return [
    marker,
    `### ${IMPACT_HEADING} Verdict: ${verdictText(pull)}`,
    '',
    movedLine(pull),
    '',
    ...pages,
    '',
    `<sub>${escapeText(method)}</sub>`,
    ...run,
    '',
  ].join('\n');
}
