/**
 * Every escaper, rendered as a reader sees it (marked, GFM): what shows must be the input itself,
 * or its documented form (line breaks as spaces, controls and invisible characters removed, an invisible word joiner
 * after `@` and `#`, a cut with an ellipsis), and nothing may turn into markup, a link, a mention,
 * a new cell or a new block.
 */
import { describe, expect, test } from '@jest/globals';
import { commentMarker, finishedBody, startedBody } from '../../../src/comment/body.js';
import type { JobResult } from '../../../src/job/outcome.js';
import { mermaidLabel } from '../../../src/summary/mermaid.js';
import { renderJobCard } from '../../../src/summary/job-card.js';
import { escapeCode, escapeText, markdownLink, tableRow } from '../../../src/summary/markdown.js';
import { decodeEntities, renderHtml, visibleText } from '../../helpers/render-markdown.js';

const ORDINARY = [
  "it's",
  'Tom & Jerry',
  '"quoted"',
  '/api-reference/endpoint/create-job',
  'claude-sonnet-4.5',
  'feature/add_docs',
  'v1.2.3',
  'refs/heads/main',
  '50% of 1,000',
  'emoji 😀 👩‍💻 🇫🇷',
  'RTL مرحبا بالعالم שלום',
  'ünïcode 页面',
];

const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  '</td><script>alert(1)</script>',
  '[click](javascript:alert(1))',
  '![img](https://evil.example/x.png)',
  '<https://evil.example>',
  'https://evil.example/path www.evil.example',
  '@octocat and @acme/team',
  '#1 GH-2 acme/docs#3',
  'a|b||c',
  '`tick` ``double`` ```',
  '**bold** __bold__ *em* _em_ ~~strike~~',
  '&amp; &#39; &lt;b&gt; &quot; &#x41;',
  '\\*not em\\* \\\\ \\',
  '# heading',
  '> quote',
  '- item',
  '1. item',
  '---',
  '[^1] [x]: https://evil.example',
  '{curly} (round) [square]',
  ':+1: :smile:',
  '$x^2$ $$y$$',
  '<!-- hidden -->',
  '%%{init}%% %%',
  '~~~',
  '\'single\' "double" `back`',
];

/**
 * What a reader is meant to see: line breaks and tabs as spaces, controls removed, and invisible
 * characters (default-ignorable and format code points) removed: a zero-width joiner too, so an
 * emoji sequence shows its parts side by side.
 */
function shown(text: string): string {
  return (
    text
      .replace(/[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu, '')
      .replace(/[\r\n\t\u2028\u2029]+/g, ' ')
      // eslint-disable-next-line no-control-regex -- the controls the escapers remove
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The invisible word joiner escapeText puts after `@` and `#` before a word. */
const JOINER = /\u2060/g;

/** What a reader sees of `markdown`: visibleText, whose word joiners are invisible. */
function seen(markdown: string): string {
  return visibleText(markdown).replace(JOINER, '');
}

/** The cells of the single body row of a one-row table, as a reader sees each. */
function bodyCells(markdown: string): string[] {
  const html = renderHtml(markdown);
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((match) =>
    decodeEntities((match[1] ?? '').replace(/<[^>]*>/g, ' '))
      .replace(JOINER, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

function inTable(cell: string): string {
  return `| a | b |\n|---|---|\n${tableRow([cell, 'end'])}\n`;
}

const ALL = [...ORDINARY, ...HOSTILE];

describe('escapeText', () => {
  test.each(ALL)('%j reads as itself in a paragraph, with no markup', (text) => {
    const markdown = `Before ${escapeText(text)} after`;
    expect(seen(markdown)).toBe(shown(`Before ${text} after`));
    expect(renderHtml(markdown)).toMatch(/^<p>[^<]*<\/p>\n?$/);
  });

  test.each(ALL)('%j reads as itself in a table cell, which stays one cell', (text) => {
    expect(bodyCells(inTable(escapeText(text)))).toEqual([shown(text), 'end']);
  });

  test('an apostrophe is escaped once: "it\'s", not "it&#39;s"', () => {
    expect(seen(escapeText("it's"))).toBe("it's");
    expect(escapeText("it's")).toBe('it&#39;s');
  });

  test('after decoding, no @ or # is directly followed by a word: no mention or issue reference', () => {
    const text = visibleText(escapeText('@octocat @acme/team #12 acme/docs#3 GH-4 mail@example.com'));
    expect(text).not.toMatch(/[@#][\p{L}\p{N}_]/u);
    expect(text.replace(JOINER, '')).toBe('@octocat @acme/team #12 acme/docs#3 GH-4 mail@example.com');
  });

  test('after decoding, no GH-<n> (in any case) stands whole: no issue reference; other hyphens are left alone', () => {
    const input = 'Fix GH-4, gh-15 and (Gh-7); x-GH-8 docs/GH-9.md. GH-x, AGH-5, gh-, v1-2';
    const text = visibleText(escapeText(input));
    expect(text).not.toMatch(/(?<![\p{L}\p{N}_])gh-\p{N}/iu);
    expect(text.replace(JOINER, '')).toBe(input);
    // Only the references get a joiner.
    expect(text.match(JOINER)).toHaveLength(5);
  });

  test('line breaks cannot start a block; controls and bidi overrides are removed', () => {
    expect(seen(escapeText('a\n# b\r\n| c |\u2028d'))).toBe('a # b | c | d');
    expect(escapeText('safe\u202egnp.exe\u0007')).toBe('safegnp&#46;exe');
  });
});

describe('escapeCode', () => {
  test.each(ALL)('%j reads as itself in a paragraph', (text) => {
    expect(seen(`Run ${escapeCode(text)} now`)).toBe(shown(`Run ${text} now`));
  });

  test.each(ALL)('%j reads as itself in a table cell, which stays one cell', (text) => {
    expect(bodyCells(inTable(escapeCode(text)))).toEqual([shown(text), 'end']);
  });

  test('a value a code span shows exactly is code; one with a backtick or a pipe is escaped text', () => {
    expect(escapeCode('job_1')).toBe('`job_1`');
    expect(escapeCode('refs/heads/main')).toBe('`refs/heads/main`');
    expect(renderHtml(escapeCode('feature/x'))).toContain('<code>feature/x</code>');
    expect(renderHtml(escapeCode('a|b'))).not.toContain('<code>');
    expect(renderHtml(escapeCode('a`b'))).not.toContain('<code>');
    expect(renderHtml(escapeCode(' padded '))).not.toContain('<code>');
    // Shown inertly inside code on GitHub, but escaped text does not depend on that.
    for (const value of ['<b>x</b>', '@octocat', '#12']) expect(renderHtml(escapeCode(value))).not.toContain('<code>');
  });

  test('a pipe outside a table shows as a pipe, not as "\\|"', () => {
    expect(seen(`export: ${escapeCode('/tmp/a|b.csv')}`)).toBe('export: /tmp/a|b.csv');
  });
});

describe('markdownLink', () => {
  function anchors(markdown: string): Array<{ href: string; text: string }> {
    return [...renderHtml(markdown).matchAll(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => ({
      href: decodeEntities(match[1] ?? ''),
      text: decodeEntities((match[2] ?? '').replace(/<[^>]*>/g, '')).replace(JOINER, ''),
    }));
  }

  test.each(ALL)('label %j reads as itself and is the only link', (label) => {
    const markdown = markdownLink(label, 'https://github.com/acme/docs/pull/42');
    expect(anchors(markdown)).toEqual([{ href: 'https://github.com/acme/docs/pull/42', text: shown(label) }]);
  });

  test.each([
    ['https://github.com/acme/docs/pull/42', 'https://github.com/acme/docs/pull/42'],
    ['https://e.example/?a=1&b=2', 'https://e.example/?a=1&b=2'],
    // `#` starts the fragment; the entity-like text must reach the browser undecoded.
    ['https://e.example/?x=&amp;y=&#39;', 'https://e.example/?x=&amp;y=&#39;'],
    ['https://e.example/a)b c', 'https://e.example/a%29b%20c'],
    ['https://e.example/?q=\\*x\\*', 'https://e.example/?q=%5C*x%5C*'],
    ['https://e.example/p?a=[1]|"2"', 'https://e.example/p?a=%5B1%5D%7C%222%22'],
  ])('href %j reaches the browser as %j', (href, expected) => {
    expect(anchors(markdownLink('PR', href))).toEqual([{ href: expected, text: 'PR' }]);
  });

  test.each(['javascript:alert(1)', 'data:text/html,<b>x</b>', 'not a url', 'ftp://e.example/x'])(
    '%j is shown as text, not linked',
    (href) => {
      const markdown = markdownLink('PR', href);
      expect(anchors(markdown)).toEqual([]);
      expect(seen(markdown)).toBe(href);
    },
  );
});

describe('mermaidLabel', () => {
  test.each(ALL)('%j stays one label inside the fence', (text) => {
    const label = mermaidLabel(text);
    expect(label).toMatch(/^[\p{L}\p{N} /\-_.~…]+$/u);
    const markdown = `\`\`\`mermaid\nxychart-beta\n    x-axis ["${label}"]\n\`\`\`\n`;
    const html = renderHtml(markdown);
    expect(html.match(/<pre>/g)).toHaveLength(1);
    expect(seen(markdown)).toBe(`xychart-beta x-axis ["${label}"]`);
  });

  test('ordinary paths read as themselves', () => {
    for (const path of ['/quickstart', '/api-reference/endpoint/create-job', '/docs/ünïcode-页面', '/v1.2/a_b~c']) {
      expect(mermaidLabel(path)).toBe(path);
    }
  });
});

describe('job card and comment, as read', () => {
  const hostile = "it's <b>bold</b> @octocat | [x](javascript:alert(1)) `tick`";
  const result: JobResult = {
    request: { kind: 'create', prompt: 'p' },
    jobId: "job_'1'",
    job: {
      id: "job_'1'",
      status: "it's done",
      model: hostile,
      prLink: 'https://github.com/acme/docs/pull/42',
      sourceRepository: hostile,
      sourceRef: "it's|ref",
    },
    status: "it's done",
    outcome: 'timeout',
    polls: 1,
    elapsedMs: 1000,
  };

  test('the job card shows every field as it came', () => {
    const text = seen(renderJobCard(result, false));
    expect(text).toContain("Job job_'1'");
    expect(text).toContain("out ( it's done )");
    expect(text).toContain(`Model ${hostile}`);
    expect(text).toContain(`Repository ${hostile} @ it's|ref`);
    expect(text).toContain('1s, 1 poll');
    expect(text).toContain("run the action again with job-id: job_'1' and no prompt");
  });

  test('the comment shows the id, status and model as they came', () => {
    const finished = finishedBody(result, undefined);
    expect(finished.startsWith(commentMarker("job_'1'"))).toBe(true);
    const text = seen(finished);
    expect(text).toContain("Mintlify agent job job_'1' ⏱️ is still running");
    expect(text).toContain("Status it's done");
    expect(text).toContain(`Model ${hostile}`);
    expect(text).toContain("a run with job-id: job_'1' picks the job up");
    const started = seen(
      startedBody({ jobId: 'job @octocat|x', request: 'create', target: { number: 1, kind: 'issue' }, wait: true, runUrl: undefined }),
    );
    expect(started).toContain('Mintlify agent job job @octocat|x is running');
  });
});
