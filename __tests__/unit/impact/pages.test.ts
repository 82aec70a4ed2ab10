/** Which pages a pull request's files are, as the docs site serves them (src/impact/pages.ts). */
import { describe, expect, test } from '@jest/globals';
import { changedPages, pagePathOf, servedPath } from '../../../src/impact/pages.js';

describe('pagePathOf', () => {
  test.each([
    ['quickstart.mdx', '', '/quickstart'],
    ['guides/webhooks.md', '', '/guides/webhooks'],
    ['guides/index.mdx', '', '/guides'],
    ['index.mdx', '', '/'],
    ['docs/guides/index.md', 'docs', '/guides'],
    ['docs/index.mdx', 'docs/', '/'],
    ['docs/api/errors.MDX', './docs', '/api/errors'],
    ['docs/api/errors.mdx', '/docs/', '/api/errors'],
    ['guides/reindex.mdx', '', '/guides/reindex'],
  ])('%s under docs-root %p is %s', (file, root, page) => {
    expect(pagePathOf(file, root)).toBe(page);
  });

  test.each([
    ['docs.json', ''],
    ['images/logo.png', ''],
    ['src/index.ts', ''],
    ['guides/page.mdx', 'docs'],
    ['docsite/page.mdx', 'docs'],
    ['notes.markdown', ''],
  ])('%s under docs-root %p is not a page', (file, root) => {
    expect(pagePathOf(file, root)).toBeUndefined();
  });
});

describe('changedPages', () => {
  test('pages only, each once; a rename keeps its old path for the window before', () => {
    const pages = changedPages(
      [
        { path: 'docs/guides/new-name.mdx', status: 'renamed', previousPath: 'docs/guides/old-name.mdx' },
        { path: 'docs/quickstart.mdx', status: 'modified' },
        { path: 'docs/quickstart.mdx', status: 'modified' },
        { path: 'docs/docs.json', status: 'modified' },
        { path: 'src/app.ts', status: 'added' },
        { path: 'docs/old/removed.md', status: 'removed' },
      ],
      'docs',
    );
    expect(pages).toEqual([
      { path: '/guides/new-name', previousPath: '/guides/old-name' },
      { path: '/quickstart' },
      { path: '/old/removed' },
    ]);
  });

  test('a rename from a file that was no page is a plain page; one that leaves the docs is the old page', () => {
    expect(changedPages([{ path: 'guide.mdx', status: 'renamed', previousPath: 'guide.txt' }], '')).toEqual([{ path: '/guide' }]);
    expect(changedPages([{ path: 'archive/guide.txt', status: 'renamed', previousPath: 'guide.mdx' }], '')).toEqual([{ path: '/guide' }]);
  });

  test('no page among the files: none', () => {
    expect(changedPages([{ path: 'package.json', status: 'modified' }], '')).toEqual([]);
  });
});

test('servedPath reads the analytics paths the way pages are named', () => {
  expect(servedPath('guides/webhooks/')).toBe('/guides/webhooks');
  expect(servedPath('/guides/webhooks?tab=1#top')).toBe('/guides/webhooks');
  expect(servedPath('/')).toBe('/');
});
