/**
 * The docs check's comment and summary section (src/summary/docs-check.ts): page paths, names from
 * patches and the title are untrusted, each escaped once, checked by rendering with a GFM renderer.
 */
import { describe, expect, test } from '@jest/globals';
import type { DocsCheckResult, NamedPage } from '../../../src/docs-check/check.js';
import {
  DOCS_CHECK_MARKER,
  docsCheckClearedComment,
  docsCheckComment,
  docsCheckNotMadeSummary,
  docsCheckSummary,
  type DocsCheckView,
} from '../../../src/summary/docs-check.js';
import { renderHtml, visibleText } from '../../helpers/render-markdown.js';

const fact: NamedPage = {
  page: 'guides/memory',
  reason: 'fact',
  names: ['purge_memories'],
  facts: [{ name: 'purge_memories', status: 'removed', lines: [7, 8] }],
  shownOn: [],
};
const renamed: NamedPage = {
  page: 'reference/client',
  reason: 'fact',
  names: ['getUser'],
  facts: [{ name: 'getUser', status: 'renamed', renamedTo: 'fetchUser', lines: [] }],
  shownOn: [],
};
const hostile: NamedPage = {
  page: 'evil/<img src=x onerror=alert(1)> @octo-org/team #12 [x](https://evil.example)',
  reason: 'likely',
  names: ['a|b`c', '**bold**'],
  facts: [],
  shownOn: ['snippet <b>page</b>'],
};

/** What a reader sees, without the invisible joiner that stops a mention and the space a tag's removal leaves before punctuation. */
const seen = (markdown: string): string =>
  visibleText(markdown)
    .replace(/\u2060/g, '')
    .replace(/ ([:,;.)])/g, '$1');

function view(pages: NamedPage[], extra: Partial<DocsCheckResult> = {}): DocsCheckView {
  const result: DocsCheckResult = {
    pages,
    undocumented: [],
    names: [],
    codeFiles: ['src/memory.py'],
    missingPatches: [],
    editedPages: [],
    ...extra,
  };
  return { result, command: '/docs-agent', skipLabel: 'skip-docs' };
}

describe('the comment', () => {
  test('its own marker first, facts before likely pages, and how to ask for a draft and quiet the check', () => {
    const body = docsCheckComment(view([fact, renamed, hostile]));
    expect(body.startsWith(`${DOCS_CHECK_MARKER}\n`)).toBe(true);
    expect(DOCS_CHECK_MARKER).not.toContain('job=');
    // The record for a later command is a hidden line right after the marker: a reader never sees it.
    expect(body.split('\n')[1]).toMatch(/^<!-- mintlify-docs-agent docs-check-pages=[A-Za-z0-9_.%]+ -->$/);
    expect(visibleText(body)).not.toContain('docs-check-pages');
    const text = seen(body);
    expect(text).toContain('Docs check: 3 docs pages this pull request may affect');
    expect(text.indexOf('guides/memory')).toBeLessThan(text.indexOf('evil/'));
    expect(text).toContain('guides/memory: mentions purge_memories, which this pull request removes (lines 7, 8)');
    expect(text).toContain('reference/client: mentions getUser, which this pull request renames to fetchUser');
    expect(text).toContain('comment /docs-agent on this pull request');
    expect(text).toContain('add the label skip-docs or put [skip docs] in the title');
  });

  test('untrusted page paths and names are shown as they came: no tag, link, mention or broken code span', () => {
    const body = docsCheckComment(view([hostile]));
    const html = renderHtml(body);
    expect(html).not.toMatch(/<img|<a |<b>|<strong>\*/);
    expect(html.match(/<strong>/g)).toHaveLength(1);
    const text = seen(body);
    expect(text).toContain(hostile.page);
    expect(text).toContain('a|b`c, **bold**');
    expect(text).toContain('snippet <b>page</b>');
    expect(body).not.toMatch(/(^|[^&#\w])@octo-org/);
  });

  test('with the docs folder on GitHub, a page links to its file and each line to that line of its source', () => {
    const filesUrl = 'https://github.com/acme/widgets/blob/0123456789abcdef0123456789abcdef01234567/docs/';
    const body = docsCheckComment({ ...view([{ ...fact, file: 'guides/memory.mdx' }, renamed]), filesUrl });
    const html = renderHtml(body);
    expect(html).toContain(`<a href="${filesUrl}guides/memory.mdx"><code>guides/memory</code></a>`);
    expect(html).toContain(
      `(lines <a href="${filesUrl}guides/memory.mdx?plain=1#L7">7</a>, <a href="${filesUrl}guides/memory.mdx?plain=1#L8">8</a>)`,
    );
    // A page without its file (another repository's docs, an endpoint page) is named without a link.
    expect(html.match(/<a /g)).toHaveLength(3);
    expect(seen(body)).toContain('guides/memory: mentions purge_memories, which this pull request removes (lines 7, 8)');
    // Without the folder's address nothing links.
    expect(renderHtml(docsCheckComment(view([{ ...fact, file: 'guides/memory.mdx' }])))).not.toContain('<a ');
  });

  test("a hostile file path stays inside its link: encoded in the address, the page's name shown as it came", () => {
    const filesUrl = 'https://github.com/acme/widgets/blob/0123456789abcdef0123456789abcdef01234567/docs/';
    const file = 'evil/a) [x](https://evil.example) <b>#?%20 "q".mdx';
    const body = docsCheckComment({ ...view([{ ...hostile, reason: 'fact', facts: fact.facts, file }]), filesUrl });
    const html = renderHtml(body);
    const hrefs = [...html.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toHaveLength(3);
    for (const href of hrefs) {
      expect(href?.startsWith(`${filesUrl}evil/a%29%20%5Bx%5D%28https%3A//evil.example%29%20%3Cb%3E%23%3F%2520%20%22q%22.mdx`)).toBe(true);
    }
    expect(html).not.toMatch(/<b>|href="https:\/\/evil/);
    expect(seen(body)).toContain(hostile.page);
  });

  test('a file path too long to show whole is not linked', () => {
    const filesUrl = 'https://github.com/acme/widgets/blob/0123456789abcdef0123456789abcdef01234567/docs/';
    const body = docsCheckComment({ ...view([{ ...fact, file: `${'a'.repeat(5000)}.mdx` }]), filesUrl });
    expect(renderHtml(body)).not.toContain('<a ');
  });

  test('the cleared comment keeps the marker and names no page', () => {
    const body = docsCheckClearedComment();
    expect(body.startsWith(`${DOCS_CHECK_MARKER}\n`)).toBe(true);
    expect(seen(body)).toBe('Docs check: no docs page named The latest push no longer affects a docs page that this comment named before.');
  });

  test('a very long page path or name is cut for the comment, not shown whole', () => {
    const long: NamedPage = { ...hostile, page: `guides/${'a'.repeat(5000)}`, names: [`n${'b'.repeat(5000)}`], shownOn: [] };
    const body = docsCheckComment(view([long]));
    expect(body.length).toBeLessThan(3000);
    expect(seen(body)).toContain('guides/');
  });

  test('at most 10 pages in the comment; the rest are counted', () => {
    const many = Array.from({ length: 12 }, (_, i): NamedPage => ({ ...hostile, page: `page-${i}`, names: ['x'], shownOn: [] }));
    const text = seen(docsCheckComment(view(many)));
    expect(text).toContain('page-9');
    expect(text).not.toContain('page-10');
    expect(text).toContain("And 2 more pages: see the run's job summary.");
  });
});

describe('the summary', () => {
  test('the title escaped once, the pages, new undocumented names, missing patches and the comment link', () => {
    const summary = docsCheckSummary({
      view: view([fact], {
        undocumented: [
          { name: '--quiet', kind: 'cli-flag', status: 'added', files: ['src/cli.py'] },
          { name: 'REDIS_DB', kind: 'env-var', status: 'added', files: ['src/cli.py'] },
          { name: 'GET /v1/users', kind: 'http-route', status: 'added', files: ['src/cli.py'] },
          { name: 'retry.max_attempts', kind: 'config-key', status: 'added', files: ['src/cli.py'] },
        ],
        missingPatches: ['assets/logo.png'],
      }),
      number: 7,
      title: 'Drop <b>purge</b> & @all',
      commentUrl: 'https://github.com/acme/widgets/pull/7#issuecomment-9',
    });
    const text = seen(summary);
    // In quotes: a title with its own commas and colons is told from the counts after it.
    expect(text).toContain('Pull request #7, “Drop <b>purge</b> & @all”: 1 code file, 0 changed names.');
    expect(renderHtml(summary)).not.toContain('<b>');
    expect(text).toContain(
      'New names no docs page mentions: --quiet (CLI flag), REDIS_DB (environment variable), GET /v1/users (HTTP route), ' +
        'retry.max_attempts (configuration key).',
    );
    expect(text).toContain('GitHub left out the patch of 1 file (binary or too large); its names are unknown: assets/logo.png.');
    expect(renderHtml(summary)).toContain('href="https://github.com/acme/widgets/pull/7#issuecomment-9"');
  });

  test('a check that could not be made says why, as the warning does, its text escaped', () => {
    const why = "Could not read the files of pull request #7: GitHub refused <b>it</b>: add 'pull-requests: read'. No docs check was made.";
    const summary = docsCheckNotMadeSummary(why);
    expect(seen(summary)).toBe(`Docs check ${why}`);
    expect(renderHtml(summary)).not.toContain('<b>');
  });

  test('silence says so', () => {
    const text = seen(docsCheckSummary({ view: view([]), number: 7, title: 'Refactor' }));
    expect(text).toContain('No docs page named');
  });
});
