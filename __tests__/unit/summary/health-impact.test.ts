/**
 * "Did the docs changes help?" as GitHub renders it: titles and logins are data (no markup, no
 * mention, no broken table), the pages collapsed, the section within the size bound, a failure alone.
 */
import { describe, expect, test } from '@jest/globals';
import { impactBlocks, impactCommentBody } from '../../../src/summary/health-impact.js';
import { reportCommentBody } from '../../../src/comment/report-body.js';
import { composeSummary } from '../../../src/summary/compose.js';
import { renderHtml, visibleText } from '../../helpers/render-markdown.js';
import { counts, impactProgress, pullImpact } from '../impact/fixtures.js';

const HOSTILE = 'Fix <img src=x onerror=alert(1)> | **bold** @octocat #1 [link](https://evil.example)';

describe('impactBlocks', () => {
  test('a hostile title renders as text in its own cell: no element, no mention, no link, six cells a row', () => {
    const report = impactProgress([pullImpact(7, 'worse', counts(10, 100), counts(40, 100), HOSTILE)]);
    const markdown = composeSummary(impactBlocks({ ok: true, report }));
    const html = renderHtml(markdown);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<strong>bold');
    expect(html).not.toContain('evil.example"');
    expect(html).not.toMatch(/<a [^>]*href="https:\/\/github\.com\/octocat/);
    const row = /<tr>\s*<td><a href="https:\/\/github.com\/acme\/docs\/pull\/7">[\s\S]*?<\/tr>/.exec(html)?.[0] ?? '';
    expect(row.match(/<td/g)).toHaveLength(6);
    // A word joiner after @ and # keeps GitHub from linking a mention or a reference.
    expect(visibleText(row).replace(/\u2060/g, '')).toContain(
      'Fix <img src=x onerror=alert(1)> | **bold** @octocat #1 [link](https://evil.example)',
    );
    expect(visibleText(row)).toContain('10.0% (10/100) → 40.0% (40/100)');
    expect(html).toContain('<details>');
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
      pullImpact(index + 1, 'no clear change', counts(20, 100), counts(20, 100), 'y'.repeat(200)),
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

describe('impactCommentBody', () => {
  test('the marker first, the verdict, what moved, each page; the title is not in it', () => {
    const pull = pullImpact(7, 'improved', counts(40, 280), counts(10, 280), HOSTILE);
    const body = impactCommentBody('<!-- m -->', pull, 'The method.', 'https://github.com/acme/docs/actions/runs/1');
    expect(body.startsWith('<!-- m -->\n### Did the docs changes help? Verdict: 🟢 improved\n')).toBe(true);
    expect(visibleText(body)).toContain("Readers' thumbs-down share on its 1 page: 14.3% (40/280) → 3.6% (10/280)");
    expect(body).toContain('- /guides/page&#45;7: 14.3% (40/280) → 3.6% (10/280)');
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
