/** The docs site: pages, snippets and generated endpoint pages (src/docs-check/site.ts). */
import { describe, expect, test } from '@jest/globals';
import { buildSite, pageName } from '../../../src/docs-check/site.js';
import { type DocsFolder } from '../../../src/docs-check/types.js';

const spec = JSON.stringify({
  openapi: '3.1.0',
  paths: { '/users': { get: { summary: 'List users', parameters: [{ name: 'page_size' }] }, post: { summary: 'Create a user' } } },
});

function folder(config: unknown, files: Record<string, string>): DocsFolder {
  return {
    config: { name: 'docs.json', text: JSON.stringify(config) },
    files: Object.entries(files).map(([path, text]) => ({ path, text })),
    skipped: [],
  };
}

describe('buildSite', () => {
  test('a page is named by its path without the extension, titled by its frontmatter or its heading', () => {
    const site = buildSite(
      folder(
        { navigation: [] },
        {
          'api-reference/users.mdx': '---\ntitle: Users\ndescription: The team\n---\nText about `page_size`.',
          'guides/setup.md': '# Set up\nSteps.',
          'faq.mdx': 'No title at all.',
        },
      ),
    );
    expect(
      site.documents.map((document) => [document.name, document.kind, document.title, document.description, document.firstLine]),
    ).toEqual([
      ['api-reference/users', 'page', 'Users', 'The team', 5],
      ['guides/setup', 'page', 'Set up', '', 1],
      ['faq', 'page', 'faq', '', 1],
    ]);
  });

  test('a snippet knows the pages that show it', () => {
    const site = buildSite(folder({}, { 'index.mdx': "import A from '/snippets/a.mdx';", 'snippets/a.mdx': 'Shared.' }));
    expect(site.documents.find((document) => document.name === 'snippets/a')).toMatchObject({ kind: 'snippet', includedBy: ['index'] });
  });

  test('the navigation generates an endpoint page per operation, named by its route', () => {
    const site = buildSite(
      folder({ navigation: { tabs: [{ tab: 'API', openapi: 'openapi.json' }] } }, { 'openapi.json': spec, 'index.mdx': 'Home' }),
    );
    const endpoints = site.documents.filter((document) => document.kind === 'endpoint');
    expect(endpoints.map((document) => [document.name, document.title, document.file, document.routes])).toEqual([
      ['GET /users', 'List users', 'openapi.json', [{ method: 'GET', path: '/users' }]],
      ['POST /users', 'Create a user', 'openapi.json', [{ method: 'POST', path: '/users' }]],
    ]);
    expect(endpoints[0]?.text).toContain('page_size');
  });

  test('a page with openapi frontmatter documents its route itself: no generated page beside it', () => {
    const site = buildSite(
      folder(
        { navigation: { tabs: [{ tab: 'API', openapi: 'openapi.json' }] } },
        { 'openapi.json': spec, 'api/list-users.mdx': '---\nopenapi: GET /users\n---\nMore.' },
      ),
    );
    expect(site.documents.map((document) => document.name)).toEqual(['api/list-users', 'POST /users']);
    expect(site.documents[0]?.routes).toEqual([{ method: 'GET', path: '/users' }]);
  });

  test('endpoints listed one by one generate only those; several specs put the spec before the route', () => {
    const other = JSON.stringify({ openapi: '3.1.0', paths: { '/jobs': { get: { summary: 'Jobs' } } } });
    const config = {
      navigation: {
        groups: [
          { group: 'API', openapi: 'openapi.json', pages: ['POST /users'] },
          { group: 'Jobs', pages: ['jobs.json GET /jobs'] },
        ],
      },
    };
    const site = buildSite(folder(config, { 'openapi.json': spec, 'jobs.json': other }));
    expect(site.documents.map((document) => document.name)).toEqual([
      'openapi.json GET /users',
      'openapi.json POST /users',
      'jobs.json GET /jobs',
    ]);
  });

  test('a spec the config names but the folder lacks (or a hosted one) generates nothing', () => {
    const site = buildSite(
      folder(
        {
          navigation: {
            tabs: [
              { tab: 'API', openapi: 'missing.json' },
              { tab: 'B', openapi: 'https://x.test/o.json' },
            ],
          },
        },
        {},
      ),
    );
    expect(site.documents).toEqual([]);
  });
});

describe('pageName', () => {
  test('the path without .md or .mdx', () => {
    expect(pageName('api-reference/users.mdx')).toBe('api-reference/users');
    expect(pageName('README.md')).toBe('README');
    expect(pageName('openapi.json')).toBe('openapi.json');
  });
});
