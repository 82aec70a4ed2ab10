/** What the check reads from docs.json or mint.json (src/docs-check/config.ts). */
import { describe, expect, test } from '@jest/globals';
import { folderPath, readSiteConfig } from '../../../src/docs-check/config.js';

describe('readSiteConfig', () => {
  test('docs.json: specs anywhere in the navigation, endpoint entries with the spec they inherit', () => {
    const config = {
      navigation: {
        tabs: [
          { tab: 'Guides', groups: [{ group: 'Start', pages: ['quickstart', 'guides/setup'] }] },
          { tab: 'API', openapi: '/openapi.json' },
          {
            tab: 'Admin',
            openapi: { source: './admin/openapi.yaml', directory: 'admin-reference' },
            groups: [{ group: 'Users', pages: ['GET /users', { group: 'More', pages: ['other.json DELETE /users/{id}'] }] }],
          },
          { tab: 'Hosted', openapi: ['https://example.com/openapi.json'] },
        ],
      },
    };
    expect(readSiteConfig(JSON.stringify(config))).toEqual({
      specs: ['openapi.json', 'admin/openapi.yaml', 'other.json'],
      endpoints: [
        { spec: 'admin/openapi.yaml', route: { method: 'GET', path: '/users' } },
        { spec: 'other.json', route: { method: 'DELETE', path: '/users/{id}' } },
      ],
    });
  });

  test('mint.json: the top-level openapi field; an endpoint without any spec keeps none', () => {
    const config = { openapi: ['specs/v1.yaml'], navigation: [{ group: 'API', pages: ['POST /jobs'] }] };
    expect(readSiteConfig(JSON.stringify(config))).toEqual({
      specs: ['specs/v1.yaml'],
      endpoints: [{ spec: 'specs/v1.yaml', route: { method: 'POST', path: '/jobs' } }],
    });
    expect(readSiteConfig(JSON.stringify({ navigation: [{ group: 'API', pages: ['POST /jobs'] }] }))).toEqual({
      specs: [],
      endpoints: [{ route: { method: 'POST', path: '/jobs' } }],
    });
  });

  test('an unreadable config gives nothing', () => {
    expect(readSiteConfig('{ nope')).toEqual({ specs: [], endpoints: [] });
  });

  test('folderPath', () => {
    expect(folderPath('/api/openapi.json')).toBe('api/openapi.json');
    expect(folderPath('./openapi.json')).toBe('openapi.json');
    expect(folderPath('specs\\v1.json')).toBe('specs/v1.json');
  });
});

describe('readSiteConfig on deep nesting', () => {
  test('a config nested 100,000 deep is read without overflowing the stack, its spec and endpoints in document order', () => {
    const depth = 100_000;
    const inner = { openapi: 'deep.json', pages: ['GET /a', { pages: ['POST /b'] }, 'other.json GET /c'] };
    const text = `${'{"group":"g","pages":[{"x":['.repeat(depth)}${JSON.stringify(inner)}${']}]}'.repeat(depth)}`;
    const config = readSiteConfig(`{"navigation":${text},"tail":{"openapi":"last.yaml"}}`);
    expect(config.specs).toEqual(['deep.json', 'other.json', 'last.yaml']);
    expect(config.endpoints).toEqual([
      { spec: 'deep.json', route: { method: 'GET', path: '/a' } },
      { spec: 'deep.json', route: { method: 'POST', path: '/b' } },
      { spec: 'other.json', route: { method: 'GET', path: '/c' } },
    ]);
  });

  test('a pages list of 300,000 entries is read without overflowing the stack', () => {
    const entries = Array.from({ length: 300_000 }, (_, i) => (i === 299_999 ? '"GET /last"' : '"page"')).join(',');
    const config = readSiteConfig(`{"openapi":"api.json","navigation":{"pages":[${entries}]}}`);
    expect(config.endpoints).toEqual([{ spec: 'api.json', route: { method: 'GET', path: '/last' } }]);
  });
});
