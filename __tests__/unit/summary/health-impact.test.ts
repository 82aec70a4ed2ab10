/**
 * "Did the docs changes help?" as GitHub renders it: titles and logins are data (no markup, no
 * mention, no broken table), each change with its interval, in a chart and in the table, what could
 * not be judged and why, the pages collapsed, the section within the size bound, a failure alone.
 */
import { describe, expect, test } from '@jest/globals';
import { impactBlocks, impactCommentBody, verdictText } from '../../../src/summary/health-impact.js';
import { impactChart } from '../../../src/summary/impact-chart.js';
import { reportCommentBody } from '../../../src/comment/report-body.js';
import { composeSummary } from '../../../src/summary/compose.js';
import { renderHtml, visibleText } from '../../helpers/render-markdown.js';
import { change, counts, impactProgress, pullImpact } from '../impact/fixtures.js';

const HOSTILE = 'Fix <img src=x onerror=alert(1)> | **bold** @octocat #1 [link](https://evil.example)\n```\nfence';

describe('impactBlocks', () => {
  test('a hostile title renders as text in its own cell: no element, no mention, no link, seven cells a row', () => {
    const report = impactProgress([pullImpact(7, 'worse', counts(10, 100), counts(40, 100), HOSTILE, change(-30, 8, 0.001))]);
    const markdown = composeSummary(impactBlocks({ ok: true, report }));
    const html = renderHtml(markdown);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<strong>bold');
    expect(html).not.toContain('evil.example"');
    expect(html).not.toMatch(/<a [^>]*href="https:\/\/github\.com\/octocat/);
    const row = /<tr>\s*<td><a href="https:\/\/github.com\/acme\/docs\/pull\/7">[\s\S]*?<\/tr>/.exec(html)?.[0] ?? '';
    expect(row.match(/<td/g)).toHaveLength(7);
    // A word joiner after @ and # keeps GitHub from linking a mention or a reference.
    expect(visibleText(row).replace(/\u2060/g, '')).toContain(
      'Fix <img src=x onerror=alert(1)> | **bold** @octocat #1 [link](https://evil.example)',
    );
    expect(visibleText(row)).toContain('90.0% (90/100) → 60.0% (60/100)');
    expect(visibleText(row)).toContain('−30.0 (−38.0 to −22.0); detects ±11');
    expect(html).toContain('<details>');
    // The chart names the pull request by its number only: the title cannot reach its fenced block.
    const fence = /```text\n([\s\S]*?)```/.exec(markdown)?.[1] ?? '';
    expect(fence).toContain('#7 ');
    expect(fence).not.toContain('Fix');
  });

  test('what could not be judged, and why; the control; the method and the costs', () => {
    const pulls = [
      pullImpact(1, 'improved', counts(40, 100), counts(10, 100), 'a', change(30, 8, 0.0001)),
      pullImpact(2, 'no clear change', counts(20, 100), counts(22, 100), 'b', change(-2, 9.5)),
      { ...pullImpact(3, 'too little data', counts(2, 5), counts(1, 4)), shortOf: 'votes' as const },
      { ...pullImpact(4, 'too little data', counts(20, 100), counts(20, 100)), shortOf: 'unread' as const },
      pullImpact(5, 'measuring', counts(20, 100), counts(30, 50)),
    ];
    const text = visibleText(composeSummary(impactBlocks({ ok: true, report: impactProgress(pulls) })));
    expect(text).toContain(
      '5 merged docs pull requests in the 8 weeks before 2026-03-02: 1 improved, 1 inconclusive, 2 too little data, 1 measuring.',
    );
    expect(text).toContain(
      "Not judged: 3 of 5 (60.0%), 1 still measuring (their after window has not ended), 1 with fewer than 20 votes in a window, 1 with a week's votes not read.",
    );
    expect(text).toContain('⚪ inconclusive (± 9.5 points)');
    expect(text).toContain('⚪ too little data (votes)');
    expect(text).toContain('⏳ measuring (week 2 of 4), verdict by 2026-03-23');
    expect(text).toContain('Compared with 48 rated pages no docs pull request changed');
    expect(text).toContain('The method. Its limits.');
    expect(text).toContain('Impact cost 24 analytics requests');
  });

  test('GH-<n> in a title or a page path does not become an issue reference, in the summary or the report-issue comment', () => {
    const pull = pullImpact(7, 'worse', counts(10, 100), counts(40, 100), 'Fix GH-12 and gh-3');
    const report = impactProgress([{ ...pull, pages: pull.pages.map((page) => ({ ...page, path: '/docs/GH-9' })) }]);
    const markdown = composeSummary(impactBlocks({ ok: true, report }));
    for (const shown of [markdown, reportCommentBody('<!-- m -->', markdown, undefined)]) {
      const text = visibleText(shown);
      expect(text).not.toMatch(/(?<![\p{L}\p{N}_])gh-\p{N}/iu);
      expect(text.replace(/\u2060/g, '')).toContain('Fix GH-12 and gh-3');
      expect(text.replace(/\u2060/g, '')).toContain('/docs/GH-9');
    }
  });

  test('many pull requests: the section keeps its heading, method and costs within a small bound', () => {
    const pulls = Array.from({ length: 50 }, (_, index) =>
      pullImpact(index + 1, 'no clear change', counts(20, 100), counts(20, 100), 'y'.repeat(200), change(0, 10)),
    );
    const markdown = composeSummary(impactBlocks({ ok: true, report: impactProgress(pulls) }), 8000, 'trimmed');
    expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(8000);
    expect(markdown).toContain('### Did the docs changes help?');
    expect(markdown).toContain('Impact cost 24 analytics requests');
  });

  test('what was left out is a warning in the section', () => {
    const report = impactProgress([], ['The votes of the week from 2026-02-02 could not be read.']);
    const text = visibleText(composeSummary(impactBlocks({ ok: true, report })));
    expect(text).toContain('This report may be incomplete');
    expect(text).toContain('The votes of the week from 2026-02-02 could not be read.');
    expect(text).toContain('No merged pull request changed a docs page in these weeks.');
  });
});

describe('impactChart', () => {
  test('each change against the zero line, its interval and its dot where the numbers put them', () => {
    const lines = impactChart([
      pullImpact(11, 'improved', counts(40, 100), counts(10, 100), 'a', change(30, 10)),
      pullImpact(12, 'worse', counts(10, 100), counts(40, 100), 'b', change(-20, 10)),
      pullImpact(13, 'measuring', counts(10, 100), counts(10, 50)),
    ]);
    const rows = lines.filter((line) => line.startsWith('#'));
    // Only pull requests with a change are drawn.
    expect(rows.map((row) => row.slice(0, 3))).toEqual(['#11', '#12']);
    const axis = lines.find((line) => line.includes('┼')) ?? '';
    const zero = [...axis].indexOf('┼', [...axis].length / 2 - 1);
    const [improved, worse] = rows.map((row) => [...row]);
    // The axis reaches ±40: 20 columns a side, so +30 is 15 columns right of 0, −20 ten to its left.
    expect(improved?.indexOf('●')).toBe(zero + 15);
    expect(improved?.indexOf('├')).toBe(zero + 10);
    expect(improved?.indexOf('┤')).toBe(zero + 20);
    expect(improved?.[zero]).toBe('│');
    expect(worse?.indexOf('●')).toBe(zero - 10);
    expect(rows[0]).toContain('+30.0 (+20.0 to +40.0)  improved');
    expect(lines[0]).toContain('95 % interval');
  });

  test('no pull request with a change: no chart', () => {
    expect(impactChart([pullImpact(1, 'measuring', counts(1, 10), counts(1, 10))])).toEqual([]);
  });
});

describe('verdictText', () => {
  test('a verdict called before the after window ended says at which look', () => {
    expect(verdictText({ ...pullImpact(1, 'improved', counts(1, 10), counts(1, 10)), look: 2 })).toBe('🟢 improved, called at week 2 of 4');
    expect(verdictText(pullImpact(1, 'worse', counts(1, 10), counts(1, 10)))).toBe('🔴 worse');
  });
});

describe('impactCommentBody', () => {
  test('the head first, the verdict, what moved against the control, each page; the title is not in it', () => {
    const pull = {
      ...pullImpact(7, 'improved', counts(40, 280), counts(10, 280), HOSTILE, change(10.7, 4)),
      control: { pages: 48, before: { thumbsUp: 800, thumbsDown: 200 }, after: { thumbsUp: 800, thumbsDown: 200 }, points: 0, spread: 1 },
    };
    const body = impactCommentBody('<!-- m -->\n<!-- r -->', pull, 'The method.', 'https://github.com/acme/docs/actions/runs/1');
    expect(body.startsWith('<!-- m -->\n<!-- r -->\n### Did the docs changes help? Verdict: 🟢 improved\n')).toBe(true);
    expect(visibleText(body)).toContain(
      "Readers' 👍 share on its 1 page: 85.7% (240/280) → 96.4% (270/280): +10.7 points against 48 rated pages no docs pull request changed " +
        '(95 % interval +6.7 to +14.7; its window detects a change of ±6)',
    );
    expect(body).toContain('- /guides/page&#45;7: 85.7% (240/280) → 96.4% (270/280), —');
    expect(visibleText(body)).toContain(
      '(2025-12-22 to 2026-01-19 before it was opened, 2026-02-02 to 2026-03-02 after its merge; ends exclusive)',
    );
    // Called at the second look: the after counts end with its second week.
    const early = impactCommentBody('<!-- m -->', { ...pull, look: 2 }, 'The method.', undefined);
    expect(visibleText(early)).toContain('2026-02-02 to 2026-02-16 after its merge');
    expect(body).not.toContain('evil.example');
  });

  test('GH-<n> in a page path does not become an issue reference', () => {
    const pull = pullImpact(7, 'improved', counts(40, 280), counts(10, 280), 'Fix GH-12');
    const renamed = { ...pull, pages: pull.pages.map((page) => ({ ...page, path: '/docs/GH-9', previousPath: '/docs/gh-8' })) };
    const text = visibleText(impactCommentBody('<!-- m -->', renamed, 'The method.', undefined));
    expect(text).not.toMatch(/(?<![\p{L}\p{N}_])gh-\p{N}/iu);
    expect(text.replace(/\u2060/g, '')).toContain('/docs/GH-9');
  });
});
