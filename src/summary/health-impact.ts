/** "Did the docs changes help?" Titles, logins and paths come from GitHub: each is escaped once, as data. */
import type { ImpactProgress, ReportOutcome } from '../analytics/health-report.js';
import type { ChangeEstimate, PageImpact, PullImpact, TrafficChange, WindowCounts } from '../analytics/impact-report.js';
import { countOf, formatCount, formatShare } from '../text/numbers.js';
import { truncate } from '../text/truncate.js';
import type { SummaryBlock } from './compose.js';
import { cell, cutNote, essential, failedLines, pathCell, warningLines } from './health-blocks.js';
import { impactChart, signedPoints } from './impact-chart.js';
import { FIELD_CHARS } from './limits.js';
import { escapeText, markdownLink } from './markdown.js';
import { tableBlock } from './table-block.js';

export const IMPACT_HEADING = 'Did the docs changes help?';

/** Pull request titles are cut to this many characters in a cell; the export has them whole. */
const TITLE_CHARS = 120;

/** "week 2 of 4": the look the numbers are from, while the after window has not ended. */
function lookText(pull: Pick<PullImpact, 'look' | 'looks'>): string {
  return `week ${pull.look} of ${pull.looks}`;
}

/** ± half the interval, in points. */
function halfWidth(effect: ChangeEstimate): string {
  return `± ${((effect.high - effect.low) / 2).toFixed(1)} points`;
}

const SHORT_OF: Readonly<Record<NonNullable<PullImpact['shortOf']>, string>> = {
  votes: 'votes',
  controls: 'pages to compare with',
  unread: 'votes unread',
};

/** The verdict as a reader scans it: a sign, then the words the docs use. */
export function verdictText(pull: Pick<PullImpact, 'verdict' | 'verdictOn' | 'look' | 'looks' | 'effect' | 'shortOf'>): string {
  const early = pull.look > 0 && pull.look < pull.looks ? `, called at ${lookText(pull)}` : '';
  switch (pull.verdict) {
    case 'improved':
      return `🟢 improved${early}`;
    case 'worse':
      return `🔴 worse${early}`;
    case 'no clear change':
      return pull.effect === undefined ? '⚪ inconclusive' : `⚪ inconclusive (${halfWidth(pull.effect)})`;
    case 'too little data':
      return pull.shortOf === undefined ? '⚪ too little data' : `⚪ too little data (${SHORT_OF[pull.shortOf]})`;
    case 'measuring':
      return `⏳ measuring${pull.look > 0 ? ` (${lookText(pull)})` : ''}, verdict by ${pull.verdictOn ?? 'a later run'}`;
  }
}

/** "60.0% (168/280)": the helpful share of the votes and its counts, or "no votes". */
export function votesText(counts: WindowCounts): string {
  const votes = counts.thumbsUp + counts.thumbsDown;
  return votes === 0 ? 'no votes' : `${formatShare(counts.thumbsUp, votes)} (${formatCount(counts.thumbsUp)}/${formatCount(votes)})`;
}

/** "+30.0 (+24.1 to +35.9)": the change in points with its 95 % interval. */
export function changeText(effect: ChangeEstimate | undefined): string {
  if (effect === undefined) return '—';
  return `${signedPoints(effect.points)} (${signedPoints(effect.low)} to ${signedPoints(effect.high)})`;
}

function pullChange(pull: PullImpact): string {
  if (pull.effect === undefined) return '—';
  return `${changeText(pull.effect)}; detects ±${pull.effect.detectable.toFixed(0)}`;
}

function percent(value: number): string {
  const rounded = Math.round(value);
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : ''}${Math.abs(rounded)} %`;
}

/** Human views a week before → after (the windows differ in length while measuring), and against the rest of the site. */
function viewsText(
  before: WindowCounts,
  after: WindowCounts,
  weeks: { before: number; after: number },
  traffic: TrafficChange | undefined,
): string {
  const perWeek = (views: number, count: number): string => (count === 0 ? '—' : formatCount(Math.round(views / count)));
  const counts = `${perWeek(before.views, weeks.before)} → ${perWeek(after.views, weeks.after)}`;
  return traffic?.viewsPercent === undefined ? counts : `${counts} (${percent(traffic.viewsPercent)})`;
}

function weeksOf(pull: PullImpact): { before: number; after: number } {
  return { before: pull.looks, after: pull.look };
}

function searchesText(page: PageImpact): string {
  const { before, after, traffic } = page;
  if (before.searchHits + after.searchHits === 0) return '—';
  const shares = `${formatShare(before.searchClicks, before.searchHits)} → ${formatShare(after.searchClicks, after.searchHits)}`;
  return traffic?.searchClickPoints === undefined ? shares : `${shares} (${signedPoints(traffic.searchClickPoints)})`;
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
      ['👍 share before → after', '---'],
      ['Change, points (95 % interval)', '---'],
      ['Views a week before → after (vs the rest)', '---:'],
      ['Verdict', '---'],
    ],
    rows: pulls.map((pull) => [
      pullLabel(pull),
      pull.mergedAt.slice(0, 10),
      pagesCell(pull),
      `${votesText(pull.before)} → ${votesText(pull.after)}`,
      pullChange(pull),
      viewsText(pull.before, pull.after, weeksOf(pull), pull.traffic),
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
      changeText(page.effect),
      viewsText(page.before, page.after, weeksOf(pull), page.traffic),
      searchesText(page),
    ]),
  );
  return tableBlock({
    name: 'the impact pages table',
    head: ['<details>', `<summary>The ${countOf(rows.length, 'page')} of these pull requests</summary>`, ''],
    columns: [
      ['Pull request', '---'],
      ['Page', '---'],
      ['👍 share before → after', '---'],
      ['Change, points (95 % interval)', '---'],
      ['Views a week before → after (vs the rest)', '---:'],
      ['Search click-through before → after (vs the rest)', '---'],
    ],
    rows,
    foot: ['', '</details>'],
    cutNote: cutNote('page'),
  });
}

function totalsLine(report: ImpactProgress): string {
  const { totals } = report;
  const words = { 'no clear change': 'inconclusive' } as const;
  const counts = (['improved', 'worse', 'no clear change', 'too little data', 'measuring'] as const)
    .filter((verdict) => totals[verdict] > 0)
    .map((verdict) => `${formatCount(totals[verdict])} ${verdict === 'no clear change' ? words[verdict] : verdict}`);
  const measured = countOf(report.pulls.length, 'merged docs pull request');
  const authors =
    report.settings.authors === undefined ? '' : ` by ${report.settings.authors.map((login) => escapeText(login)).join(', ')}`;
  return (
    `**${measured}**${authors} in the ${countOf(report.settings.weeks, 'week')} before ${report.end}` +
    (counts.length > 0 ? `: ${counts.join(', ')}.` : '.')
  );
}

/** The share of pull requests without a verdict (measuring, too little data) and why. */
function notJudgedLine(report: ImpactProgress): string | undefined {
  const { pulls } = report;
  const reasons = [
    [pulls.filter((pull) => pull.verdict === 'measuring').length, 'still measuring (their after window has not ended)'],
    [pulls.filter((pull) => pull.shortOf === 'votes').length, `with fewer than ${report.settings.minVotes} votes in a window`],
    [pulls.filter((pull) => pull.shortOf === 'controls').length, 'with too few rated pages to compare with'],
    [pulls.filter((pull) => pull.shortOf === 'unread').length, "with a week's votes not read"],
  ] as const;
  const open = reasons.filter(([count]) => count > 0);
  const total = open.reduce((sum, [count]) => sum + count, 0);
  if (total === 0) return undefined;
  const why = open.map(([count, reason]) => `${formatCount(count)} ${reason}`).join(', ');
  return `Not judged: ${formatCount(total)} of ${formatCount(pulls.length)} (${formatShare(total, pulls.length)}), ${why}.`;
}

function controlLine(report: ImpactProgress): string {
  return (
    `Compared with ${countOf(report.controlPages, 'rated page')} no docs pull request changed ` +
    '(the feedback answers list at most 100 rated pages a week).'
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
  const notJudged = notJudgedLine(report);
  const judged = report.pulls.length === 0 ? [] : ['', controlLine(report), ...(notJudged === undefined ? [] : ['', notJudged])];
  const intro = essential(name, [...heading, totalsLine(report), ...judged, ...leftOut]);
  const foot = essential('the impact method', [escapeText(report.method), '', costLine(report)]);
  if (report.pulls.length === 0)
    return [intro, essential('the impact report empty', ['No merged pull request changed a docs page in these weeks.']), foot];
  const chart = impactChart(report.pulls);
  const drawn: SummaryBlock[] = chart.length === 0 ? [] : [{ markdown: `${chart.join('\n')}\n`, keep: 'detail', name: 'the impact chart' }];
  return [intro, ...drawn, pullsTable(report.pulls), pagesTable(report.pulls), foot];
}

/** Where the after counts end: the week of the look the numbers are from, or the whole window. */
function afterTo(pull: PullImpact): string {
  if (pull.look === 0 || pull.look >= pull.looks) return pull.windows.after.to;
  return new Date(Date.parse(`${pull.windows.after.from}T00:00:00Z`) + pull.look * 7 * 86_400_000).toISOString().slice(0, 10);
}

/** What moved, in a sentence: the helpful share (with its counts), the change against the control, and the views. */
function movedLine(pull: PullImpact): string {
  const { effect, control } = pull;
  const measured =
    effect === undefined || control === undefined
      ? ''
      : `: **${signedPoints(effect.points)} points** against ${countOf(control.pages, 'rated page')} no docs pull request changed ` +
        `(95 % interval ${signedPoints(effect.low)} to ${signedPoints(effect.high)}; its window detects a change of ±${effect.detectable.toFixed(0)})`;
  return (
    `Readers' 👍 share on its ${countOf(pull.pages.length, 'page')}: ${votesText(pull.before)} → ${votesText(pull.after)}${measured}; ` +
    `human views a week ${viewsText(pull.before, pull.after, weeksOf(pull), pull.traffic)} ` +
    `(${pull.windows.before.from} to ${pull.windows.before.to} before it was opened, ` +
    `${pull.windows.after.from} to ${afterTo(pull)} after its merge; ends exclusive).`
  );
}

/** The impact-comment on a pull request whose verdict is final; `head` (the marker, then the verdict's record) comes first. */
export function impactCommentBody(head: string, pull: PullImpact, method: string, runUrl: string | undefined): string {
  const pages = pull.pages.map(
    (page) => `- ${pageName(page)}: ${votesText(page.before)} → ${votesText(page.after)}, ${changeText(page.effect)}`,
  );
  const run =
    runUrl === undefined ? [] : ['', `[Workflow run](${runUrl}) · this comment is updated when the numbers change; its verdict is final.`];
  return [
    head,
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
