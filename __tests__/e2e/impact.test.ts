/**
 * End to end: the impact report ("Did the docs changes help?") from the built bundle (`npm run
 * build` first) against the emulator's date-aware analytics and the fake GitHub's merged pull
 * requests: each verdict against the pages no one changed (a large change called at its first
 * look), a pull request that changed no page, a rename, a page nobody read, `impact-authors`, the
 * budget running out, GitHub refusing the pull request list, the outputs, the export, the
 * impact comments (listed once, their verdict kept), the report-issue comment, and a workflow of
 * the old shape (`all, impact` with every impact input) keeping its inputs and outputs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceInputs, useEmulator } from '../helpers/emulator-fixture.js';
import { addPull, startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { visibleText } from '../helpers/render-markdown.js';
import { errorLines, runAction, warningLines } from '../helpers/run-action.js';

const emulator = useEmulator();
const TOKEN = 'ghs_e2eImpactToken0123456789abcdef';
const BOT = 'mintlify[bot]';

/** The report's end date, a Monday: the merges of 2026-01-28 have complete windows, the one of 2026-02-20 not yet. */
const WINDOW = { 'analytics-from': '2026-02-23', 'analytics-to': '2026-03-02' };
const MERGED = '2026-01-28T12:00:00Z';

/** A page whose thumbs-down share moves from `down` to `downAfter` tenths of its 10 votes a day, on `changeOn`. */
function movingPage(path: string, down: number, downAfter: number, changeOn = '2026-01-28') {
  return {
    path,
    thumbsUp: 10 - down,
    thumbsDown: down,
    views: 50,
    changeOn,
    after: { thumbsUp: 10 - downAfter, thumbsDown: downAfter, views: 80 },
  };
}

const SCENARIO = {
  daily: {
    pages: [
      movingPage('/guides/improved', 4, 1),
      movingPage('/guides/worse', 1, 4),
      movingPage('/guides/steady', 2, 2),
      // About 5 votes in each window of 28 days.
      { path: '/guides/quiet', thumbsUp: 0.1, thumbsDown: 0.08, views: 3 },
      movingPage('/guides/recent', 4, 1, '2026-02-20'),
      movingPage('/guides/fresh', 2, 1, '2026-02-25'),
      { path: '/guides/old-name', thumbsUp: 8, thumbsDown: 2, views: 20 },
      { path: '/guides/new-name', since: '2026-01-28', thumbsUp: 8, thumbsDown: 2, views: 20 },
    ],
    pageCount: 200,
  },
};

function addPulls(github: FakeGitHub): void {
  const merged = (number: number, title: string, files: Parameters<typeof addPull>[1]['files'], extra = {}) =>
    addPull(github.repository, { number, title, author: BOT, mergedAt: MERGED, files, ...extra });
  merged(11, 'Rewrite the improved guide', ['docs/guides/improved.mdx']);
  merged(12, 'Shorten the <worse> guide | with a pipe', ['docs/guides/worse.mdx']);
  merged(13, 'Touch the steady guide', ['docs/guides/steady.md']);
  merged(14, 'Fix a typo in the quiet guide', ['docs/guides/quiet.mdx']);
  merged(15, 'Rewrite the recent guide', ['docs/guides/recent.mdx'], { mergedAt: '2026-02-20T09:00:00Z' });
  merged(16, 'Bump the build', ['src/app.ts', 'package.json', 'docs/docs.json']);
  merged(17, 'Rename the old guide', [
    { filename: 'docs/guides/new-name.mdx', previous_filename: 'docs/guides/old-name.mdx', status: 'renamed', additions: 1, deletions: 1 },
  ]);
  merged(18, 'Add a page nobody read yet', ['docs/guides/unread.mdx'], { author: 'octocat' });
  merged(19, 'Touch the fresh guide', ['docs/guides/fresh.mdx'], { mergedAt: '2026-02-25T09:00:00Z', createdAt: '2026-02-24T09:00:00Z' });
}

let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub({ token: TOKEN });
});
afterAll(async () => {
  await github.close();
});
beforeEach(() => {
  github.reset();
  addPulls(github);
  emulator().setScenario(SCENARIO);
});

function impactRun(extra: Readonly<Record<string, string>> = {}) {
  return runAction({
    inputs: serviceInputs(emulator(), {
      analytics: 'true',
      'analytics-reports': 'impact',
      'github-token': TOKEN,
      'docs-root': 'docs',
      ...WINDOW,
      ...extra,
    }),
    eventName: 'schedule',
    event: { schedule: '17 3 * * 1' },
    env: { GITHUB_API_URL: github.url },
  });
}

/** The summary's impact table rows, by pull request number, as a reader sees them. */
function rowsOf(summary: string): Map<number, string> {
  const rows = new Map<number, string>();
  for (const line of summary.split('\n')) {
    const text = visibleText(line);
    const number = /^\| #\u2060?(\d+) “/.exec(text)?.[1];
    if (number !== undefined) rows.set(Number(number), text);
  }
  return rows;
}

describe('the impact report', () => {
  test('each verdict against the pages no one changed, sorted; the rename, the page nobody read; the pull request that changed no page is not listed', async () => {
    const run = await impactRun();
    expect(errorLines(run)).toEqual([]);
    expect(warningLines(run)).toEqual([]);
    expect(run.exitCode).toBe(0);
    const summary = run.summary;
    expect(summary.split('\n')).toContain('### Did the docs changes help?');
    const rows = rowsOf(summary);
    // Improved by the size of the change, then the newer merge first.
    expect([...rows.keys()]).toEqual([15, 11, 12, 13, 17, 14, 18, 19]);
    // 40 % down → 10 % down: the helpful share 60 % → 90 %, called at the first week after the merge week (its numbers are that week's).
    // Three weeks before: the report reads no week before its oldest merge's window, and these pull requests are its oldest.
    expect(rows.get(11)).toContain('60.0% (126/210) → 90.0% (63/70)');
    expect(rows.get(11)).toContain('+30.0 (+7.0 to +53.0); detects ±');
    expect(rows.get(11)).toContain('263 → 560 (+60 %)');
    expect(rows.get(11)).toMatch(/🟢 improved, called at week 1 of 4 \|$/);
    expect(rows.get(15)).toMatch(/🟢 improved, called at week 1 of 4 \|$/);
    expect(rows.get(12)).toMatch(/🔴 worse, called at week 1 of 4 \|$/);
    expect(rows.get(13)).toMatch(/⚪ inconclusive \(± 8\.1 points\) \|$/);
    expect(rows.get(17)).toMatch(/⚪ inconclusive \(± 8\.1 points\) \|$/);
    expect(rows.get(14)).toMatch(/⚪ too little data \(votes\) \|$/);
    expect(rows.get(18)).toMatch(/⚪ too little data \(votes\) \|$/);
    expect(rows.get(19)).toMatch(/⏳ measuring, verdict by 2026-03-30 \|$/);
    expect(rows.has(16)).toBe(false);
    const text = visibleText(summary);
    expect(text).toContain('Compared with 50 rated pages no docs pull request changed');
    expect(text).toContain(
      'Not judged: 3 of 8 (37.5%), 1 still measuring (their after window has not ended), 2 with fewer than 20 votes in a window.',
    );
    expect(summary).toMatch(/```text\n[^`]*#11 [^`]*```/);
    // The title is data: its markup and pipe are escaped, not rendered, and the table keeps its columns.
    expect(summary).toContain('“Shorten the &lt;worse&gt; guide &#124; with a pipe” by &#64;');
    expect(summary).toContain('/guides/new&#45;name (renamed from /guides/old&#45;name)');
    expect(summary).toContain('/guides/unread · no readers yet');
    expect(summary).toContain('<details>\n<summary>The 8 pages of these pull requests</summary>');
    expect(summary).toMatch(/Impact cost \d+ analytics requests and 10 GitHub requests \(1 for the pull request list, 9 for their files\)/);
    expect(text).toContain("O'Brien–Fleming");
    expect(text).toContain('Benjamini–Hochberg, 5 %');
    expect(run.outputs).toMatchObject({ 'impact-improved': '2', 'impact-worse': '1', 'impact-unclear': '4' });
  });

  test('impact-authors: only the pull requests those logins opened', async () => {
    const run = await impactRun({ 'impact-authors': 'octocat' });
    expect(run.exitCode).toBe(0);
    expect([...rowsOf(run.summary).keys()]).toEqual([18]);
    expect(run.summary).toContain('by octocat in the 8 weeks before 2026-03-02');
  });

  test('GitHub refusing the pull request list: the section says so, the rest of the health report stands', async () => {
    github.fail({ status: 403, method: 'GET', path: '/repos/acme/docs/pulls', message: 'Resource not accessible by integration' });
    const run = await impactRun({ 'analytics-reports': 'feedback,impact' });
    expect(run.exitCode).toBe(0);
    expect(run.summary).toContain('### Did the docs changes help?');
    expect(visibleText(run.summary)).toContain(
      "The impact report could not be fetched (0 requests): GitHub refused the pull request list (403); grant 'pull-requests: read'",
    );
    expect(run.summary).toContain('### Pages rated down');
    expect(warningLines(run).some((line) => line.includes('Impact report failed'))).toBe(true);
    expect(run.outputs['impact-improved']).toBeUndefined();
  });

  test('the budget running out: the votes first, the report says what it left out', async () => {
    const run = await impactRun({ 'analytics-max-requests': '8' });
    expect(run.exitCode).toBe(0);
    expect(run.summary).toContain('This report may be incomplete');
    expect(run.summary).toContain('analytics&#45;max&#45;requests');
    const analytics = emulator().requests.filter((request) => ['views', 'searches', 'feedback-by-page'].includes(request.endpoint));
    expect(analytics.length).toBeLessThanOrEqual(8);
  });

  test("the export keeps today's fields and adds the control's counts, the change, its interval and p-values, per pull request and page", async () => {
    const run = await impactRun({ 'analytics-file': 'out/health.json' });
    expect(run.exitCode).toBe(0);
    const document = JSON.parse(readFileSync(join(run.workDir, 'out', 'health.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    const impact = document['impact'] ?? {};
    expect(Object.keys(impact)).toEqual(
      expect.arrayContaining(['end', 'settings', 'totals', 'morePulls', 'controlPages', 'pulls', 'costs', 'leftOut']),
    );
    expect(impact['totals']).toEqual({ improved: 2, worse: 1, 'no clear change': 2, 'too little data': 2, measuring: 1 });
    const pulls = impact['pulls'] as Array<Record<string, unknown> & { number: number; pages: Array<Record<string, unknown>> }>;
    expect(pulls.map((pull) => pull.number)).toEqual([15, 11, 12, 13, 17, 14, 18, 19]);
    const improved = pulls[1];
    expect(improved).toMatchObject({
      number: 11,
      verdict: 'improved',
      mergedAt: MERGED,
      createdAt: MERGED,
      windows: { before: { from: '2025-12-29', to: '2026-01-19' }, after: { from: '2026-02-02', to: '2026-03-02' } },
      before: { thumbsUp: 126, thumbsDown: 84 },
      after: { thumbsUp: 63, thumbsDown: 7 },
      look: 1,
      looks: 4,
      control: { pages: 50, before: { thumbsUp: 1050, thumbsDown: 300 }, after: { thumbsUp: 350, thumbsDown: 100 }, points: 0, spread: 0 },
      effect: { points: expect.closeTo(30, 6), low: expect.closeTo(7.0, 1), high: expect.closeTo(53.0, 1) },
    });
    const effect = improved?.['effect'] as { pValue: number; adjustedP: number; detectable: number };
    expect(effect.pValue).toBeLessThan(effect.adjustedP);
    expect(effect.adjustedP).toBeLessThan(0.05);
    expect(improved?.['pValue']).toBe(effect.pValue);
    expect(improved?.pages[0]).toMatchObject({
      path: '/guides/improved',
      before: { thumbsUp: 126, thumbsDown: 84 },
      after: { thumbsUp: 63, thumbsDown: 7 },
      effect: { points: expect.closeTo(30, 6), pValue: expect.any(Number), adjustedP: expect.any(Number) },
      traffic: { viewsPercent: expect.closeTo(60, 6) },
    });
    expect(impact['costs']).toMatchObject({ listRequests: 1, filesRequests: 9 });
  });

  test('impact-comment: one comment on each pull request with a final verdict, listed once; its verdict kept when later numbers say otherwise', async () => {
    const first = await impactRun({ 'impact-comment': 'true' });
    expect(first.exitCode).toBe(0);
    expect(warningLines(first)).toEqual([]);
    for (const number of [11, 12, 13, 14, 15, 17, 18]) expect(github.comments(number)).toHaveLength(1);
    expect(github.comments(19)).toHaveLength(0);
    expect(github.comments(16)).toHaveLength(0);
    // Each pull request's comments were listed once before its comment was created.
    const listsOf = (number: number) =>
      github.requests.filter((request) => request.method === 'GET' && request.path.endsWith(`/issues/${number}/comments`));
    expect(listsOf(11)).toHaveLength(1);
    const [improved] = github.comments(11);
    expect(
      improved?.body.startsWith(
        '<!-- mintlify-docs-agent impact=proj_123%3A11 -->\n<!-- mintlify-docs-agent impact-verdict=improved look=1 -->\n' +
          '### Did the docs changes help? Verdict: 🟢 improved, called at week 1 of 4',
      ),
    ).toBe(true);
    expect(visibleText(improved?.body ?? '')).toContain(
      "Readers' 👍 share on its 1 page: 60.0% (126/210) → 90.0% (63/70): +30.0 points against 50 rated pages",
    );

    // The same numbers: nothing written again.
    const writes = () => github.requests.filter((request) => ['POST', 'PATCH'].includes(request.method) && /\/comments/.test(request.path));
    const before = writes().length;
    const second = await impactRun({ 'impact-comment': 'true' });
    expect(second.exitCode).toBe(0);
    expect(writes()).toHaveLength(before);
    expect(second.stdout).toContain('The impact comment on #11 is up to date');

    // The analytics now say the page never changed: the numbers are updated in place, the posted verdict stays.
    emulator().setScenario({
      daily: {
        ...SCENARIO.daily,
        pages: SCENARIO.daily.pages.map((page) => (page.path === '/guides/improved' ? movingPage(page.path, 4, 4) : page)),
      },
    });
    const third = await impactRun({ 'impact-comment': 'true' });
    expect(third.exitCode).toBe(0);
    expect(rowsOf(third.summary).get(11)).toMatch(/🟢 improved, called at week 1 of 4 \|$/);
    expect(github.comments(11)).toHaveLength(1);
    expect(github.comments(11)[0]?.body).toContain('60.0% (126/210) → 60.0% (42/70)');
    expect(github.comments(11)[0]?.body).toContain('Verdict: 🟢 improved');
    expect(
      writes()
        .slice(before)
        .map((request) => request.method),
    ).toEqual(['PATCH']);
  });

  test('report-issue: the comment on the issue carries the same section', async () => {
    const run = await impactRun({ 'report-issue': '3', 'analytics-reports': 'feedback,impact' });
    expect(run.exitCode).toBe(0);
    const [comment] = github.comments(3);
    expect(comment?.body).toContain('### Did the docs changes help?');
    expect(comment?.body).toContain('| 🟢 improved, called at week 1 of 4 |');
  });

  test('a workflow of the old shape (all, impact, every impact input) keeps its inputs and outputs; a minimum below 10 votes is raised with a notice', async () => {
    const run = await impactRun({
      'analytics-reports': 'all, impact',
      'impact-weeks': '8',
      'impact-window': '28',
      'impact-min-votes': '1',
      'impact-authors': BOT,
      'impact-comment': 'false',
    });
    expect(errorLines(run)).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('::notice::impact-min-votes: 1 is raised to 10: fewer votes in a window cannot support a verdict.');
    expect(run.outputs).toMatchObject({ 'impact-improved': '2', 'impact-worse': '1', 'impact-unclear': '3' });
    for (const name of ['visitors-total', 'views-total', 'searches-total', 'feedback-thumbs-up', 'assistant-queries'])
      expect(run.outputs[name]).toBeDefined();
    // The impact asks only what it asked before: feedback by page, views and searches by week, nothing for the control.
    const impactWeeks = emulator().requests.filter((request) => request.endpoint === 'feedback-by-page').length - 1;
    expect(impactWeeks).toBeGreaterThan(0);
    expect(visibleText(run.summary)).toContain(`Impact cost ${impactWeeks * 3} analytics requests`);
  });
});
