/**
 * withoutHidden: the Markdown a stranger writes on GitHub, without what GitHub does not show. Each
 * form of hidden text is removed and a reader of GitHub sees the same before and after (rendered
 * with the GFM helper); code and text GitHub shows stay as written; where a comment ends follows
 * GitHub's parser (CommonMark 0.29, cmark-gfm) and the browser; and the characters the scanner
 * visits are counted, so hostile input is held to a bounded multiple of its length.
 */
import { describe, expect, test } from '@jest/globals';
import { addRemoved, NOTHING_REMOVED, removedNotice, removedText, withoutHidden } from '../../../src/text/hidden.js';
import { HIDDEN_FORMS, SHOWN_AS_WRITTEN } from '../../helpers/hidden.js';
import { visibleText } from '../../helpers/render-markdown.js';

const text = (markdown: string): string => withoutHidden(markdown).text;

describe('each form of hidden text is removed', () => {
  test.each(HIDDEN_FORMS.map((form) => [form.name, form] as const))('%s', (_name, form) => {
    const visible = withoutHidden(form.markdown);
    expect(visible.text).toBe(form.visible);
    expect(visible.text).not.toContain('evil');
    if (form.unlikeTestRenderer !== true) expect(visibleText(visible.text)).toBe(visibleText(form.markdown));
    expect(visible.removed.characters).toBeGreaterThan(0);
  });
});

describe('what GitHub shows stays as written', () => {
  test.each(SHOWN_AS_WRITTEN)('%s', (_name, markdown) => {
    expect(withoutHidden(markdown)).toMatchObject({ text: markdown, removed: NOTHING_REMOVED });
  });

  test('a table cell keeps a comment in a code span and loses one outside it', () => {
    expect(text('| a | b |\n|---|---|\n| `<!-- shown -->` | <!-- hidden --> |')).toBe('| a | b |\n|---|---|\n| `<!-- shown -->` |  |');
  });

  test('a code span opened before a comment holds it; a comment opened before a backtick is not cut by it', () => {
    expect(text('`a <!-- b` --> c')).toBe('`a <!-- b` --> c');
    expect(text('a <!-- b ` --> c `')).toBe('a  c `');
  });

  test('an autolink holds a backtick: what follows it is not in a code span', () => {
    expect(text('<http://a.example/`x> <!-- hidden --> `')).toBe('<http://a.example/`x>  `');
  });

  test("GitHub's tag filter shows <style>, <script> and <title> as text, attributes and all", () => {
    expect(text('<style title="x">s</style> <script src="y"></script>')).toBe('<style title="x">s</style> <script src="y"></script>');
  });

  test('named entities stay; numeric ones that spell an invisible character (a tag character, a zero-width space) go', () => {
    expect(withoutHidden('a&#xE0041;&#x200B;b &amp; &#65;')).toMatchObject({ text: 'ab &amp; &#65;', removed: { pieces: { entity: 2 } } });
  });
});

describe('where a comment ends, as on GitHub', () => {
  test.each([
    ['over blank lines, to the line with -->', '<!-- a\n\nb -->\nshown', '\nshown'],
    ['closed by --!> (the browser ends a comment there too)', 'text\n\n<!-- a --!> shown', 'text\n\n shown'],
    ['<!--> and <!---> are whole comments', '<!--> shown\n\n<!---> shown too', ' shown\n\n shown too'],
    ['left open: the rest of the text, code blocks too', 'shown\n\n<!-- a\n\n```\ncode\n```\n\nmore', 'shown\n\n'],
    ['left open in a block quote: it goes on after the quote ends', '> <!-- a\n\nafter -->\n\n<!-- b -->\nshown', '> \nshown'],
    ['a --> in text or in a code span does not close it: only raw HTML does', '> <!-- a\n\n`-->` hidden -->\n\nhidden', '> '],
    ['left open in an HTML block: the next raw --> closes it', '<div>\n<!-- a\n</div>\n\nhidden\n\n<p>--></p> shown', '<div>\n</p> shown'],
    ['in a list item', '- one <!-- a -->\n- two\n  <!-- b\n  c -->\n- three', '- one \n- two\n  \n- three'],
  ])('%s', (_name, markdown, expected) => {
    expect(text(markdown)).toBe(expected);
  });

  test('inside a paragraph a comment may span lines; one the paragraph ends before closing is text on GitHub', () => {
    expect(text('Type <!-- here\nand there --> shown')).toBe('Type  shown');
    expect(text('Type <!-- here\n\nand there -->')).toBe('Type <!-- here\n\nand there -->');
  });

  test('processing instructions, declarations and CDATA show nothing either (the browser reads them as comments)', () => {
    expect(withoutHidden('<?php a ?> <!DOCTYPE b> <![CDATA[ c ]]> shown')).toMatchObject({
      text: '   shown',
      removed: { pieces: { comment: 3 } },
    });
  });
});

describe('links and images', () => {
  test.each([
    ['titles in double quotes, single quotes and parentheses', '[a](/u "t") [b](/u \'t\') [c](/u (t))', '[a](/u) [b](/u) [c](/u)'],
    ['an escaped quote may end the title (the longest reading, as cmark-gfm)', '[x](/u "a\\") b', '[x](/u) b'],
    ['an image: its alt text and title; a link inside the alt text goes with it', '![a [b](c) ![d](e "t") f](g "h")', '![](g)'],
    [
      'reference images and links get the destination inline',
      '![a][r] [b][r] [r] [r][]\n\n[r]: /u "t"',
      '![](/u) [b](/u) [r](/u) [r](/u)\n\n',
    ],
    ['a title on the line after its definition', '[a]: /u\n"title"\n\n[a]', '\n\n[a](/u)'],
    ['an undefined reference is text on GitHub, and stays', '[und][efined] ![und]', '[und][efined] ![und]'],
    ['brackets around a link are text: only the inner one is a shortcut reference', '[a [b] c]\n\n[b]: /u', '[a [b](/u) c]\n\n'],
  ])('%s', (_name, markdown, expected) => {
    expect(text(markdown)).toBe(expected);
  });

  test('the first definition of a label wins, as on GitHub', () => {
    expect(text('[a]\n\n[A]: /first\n[a]: /second')).toBe('[a](/first)\n\n');
  });
});

describe('raw HTML', () => {
  test('a tag keeps its name, href and src; every other attribute goes, counted by what it is', () => {
    const visible = withoutHidden('<img width="500" alt="a" src="/i.png" title=\'t\'> <a href="/u" target=_blank>l</a>');
    expect(visible.text).toBe('<img src="/i.png"> <a href="/u">l</a>');
    expect(visible.removed.pieces).toEqual({ alt: 1, title: 1, attribute: 2 });
  });

  test('a tag of no element shows nothing, its name included; an end tag keeps no attribute', () => {
    expect(text('<ignore-all-previous-instructions a="b">shown</ignore-all-previous-instructions>\n\n<div>\n</div title="x">')).toBe(
      'shown\n\n<div>\n</div>',
    );
  });

  test('in a paragraph an end tag with attributes is no HTML to GitHub: it shows as text', () => {
    expect(text('shown </p title="x">')).toBe('shown </p title="x">');
  });

  test('attributes over several lines of an HTML block', () => {
    expect(text('<p align="center"\n   title="hidden">\nshown\n</p>')).toBe('<p>\nshown\n</p>');
  });

  test('a tag left open at the end of an HTML block hides the rest: what the page shows next is not known', () => {
    expect(text('<div title="a\n\nhidden')).toBe('');
  });
});

describe('tables, footnotes and code blocks', () => {
  test('cells beyond the header are not shown', () => {
    expect(withoutHidden('| a |\n|---|\n| b | hidden | more |')).toMatchObject({
      text: '| a |\n|---|\n| b | ',
      removed: { pieces: { cell: 1 } },
    });
  });

  test("a footnote's text is removed (GitHub shows it only if referred to, at the end); a reference shows its number", () => {
    expect(text('One[^note] two[^note].\n\n[^note]: The note.\n    More of it.\n\nAfter.')).toBe('One[^1] two[^1].\n\n\nAfter.');
  });

  test('cmark-gfm drops a [label] right after a footnote reference; an undefined footnote stays as text', () => {
    expect(text('a[^1][hidden] b[^x][hidden]\n\n[^1]: n')).toBe('a[^1] b[^x]\n\n');
  });

  test("a code block's info string keeps its first word, the language", () => {
    expect(withoutHidden('```ts title="hidden"\nconst a = 1;\n```')).toMatchObject({
      text: '```ts\nconst a = 1;\n```',
      removed: { pieces: { info: 1 } },
    });
  });

  test('nesting deeper than 32 block quotes or list items hides the rest', () => {
    expect(withoutHidden(`shown\n\n${'> '.repeat(40)}hidden`)).toMatchObject({ text: 'shown\n\n', removed: { pieces: { nesting: 1 } } });
  });
});

describe('what was removed, counted', () => {
  test('kinds and characters (code points: a tag character is one)', () => {
    const visible = withoutHidden('a<!-- \u{E0041} --> [b](/u "c") ![d](e)');
    expect(visible.removed).toEqual({ pieces: { comment: 1, title: 1, alt: 1 }, characters: 10 + 4 + 1 });
  });

  test('a title inside a comment is not counted: it went with the comment', () => {
    expect(withoutHidden('<div>\n<!-- [a](/u "t")\n</div>\n\n-->').removed.pieces).toEqual({ comment: 1 });
  });

  test('the log line names each text and what it lost; nothing removed says nothing', () => {
    const one = withoutHidden('x <!-- a --> <!-- b --> [c](/u "d")').removed;
    expect(removedText(one)).toBe('2 HTML comments, 1 title (24 characters)');
    expect(
      removedNotice([
        ["the issue's description", one],
        ['the comment', NOTHING_REMOVED],
      ]),
    ).toBe(
      "Removed what GitHub does not show from the issue's description: 2 HTML comments, 1 title (24 characters). " +
        'The agent reads what a person reading it on GitHub sees.',
    );
    expect(removedNotice([['the comment', NOTHING_REMOVED]])).toBeUndefined();
    expect(addRemoved(one, one)).toEqual({ pieces: { comment: 4, title: 2 }, characters: 48 });
  });
});

describe('the work is bounded by the length of the text', () => {
  /** Characters visited per character of input, at most: the worst case is 32 open containers or 32 open parentheses. */
  const BOUND = 48;
  const hostile: ReadonlyArray<readonly [string, (n: number) => string]> = [
    ['unclosed comments', (n) => '<!--'.repeat(n)],
    ['comments with -- inside', (n) => '<!-- a -- '.repeat(n)],
    ['processing instructions', (n) => '<?'.repeat(n)],
    ['CDATA sections', (n) => '<![CDATA['.repeat(n)],
    ['declarations', (n) => '<!X '.repeat(n)],
    ['link openings', (n) => '[a]('.repeat(n)],
    ['link openings with <', (n) => '[a](<'.repeat(n)],
    ['titles left open', (n) => '[a](x "'.repeat(n)],
    ['titles of escaped quotes', (n) => `[a](x "${'\\"'.repeat(n)}`],
    ['titles in parentheses', (n) => '[a](x ('.repeat(n)],
    ['brackets', (n) => '['.repeat(n) + ']'.repeat(n)],
    ['image openings', (n) => '!['.repeat(n)],
    ['labels', (n) => '[a][b'.repeat(n)],
    ['backtick runs of every length', (n) => Array.from({ length: Math.sqrt(n) }, (_, i) => '`'.repeat(i + 1)).join(' ')],
    ['quoted attributes left open', (n) => '<a x="'.repeat(n)],
    ['attributes', (n) => `<a${' b'.repeat(n)}`],
    ['nested list items, then blank lines', (n) => `${'1. '.repeat(31)}x${'\n'.repeat(n)}`],
    ['nested list items, then lines of spaces', (n) => `${'1. '.repeat(31)}x${`\n${' '.repeat(100)}`.repeat(n / 100)}`],
    ['list markers that may be thematic breaks', (n) => `${'* '.repeat(n)}x`],
    ['block quotes', (n) => '> '.repeat(n)],
    ['footnote references', (n) => `${'[^1]'.repeat(n)}\n\n[^1]: x`],
    ['table cells', (n) => `| ${'a | '.repeat(n)}\n|---|\n${'| x |\n'.repeat(n / 10)}`],
    ['an HTML block of tags', (n) => `<div>\n${'<a b="c" d=e>'.repeat(n)}`],
    ['everything special', (n) => '[!`<>"\'()*_\\&#\n-'.repeat(n)],
  ];

  test.each(hostile)('%s', (_name, make) => {
    const small = make(2000);
    const large = make(8000);
    const work = (input: string): number => withoutHidden(input).work;
    expect(work(large)).toBeLessThanOrEqual(BOUND * large.length);
    // Four times the text is at most about four times the work: linear, not quadratic.
    expect(work(large)).toBeLessThanOrEqual(4.5 * work(small) + BOUND * 100);
  });
});
