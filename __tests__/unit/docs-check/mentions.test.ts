/** Where the docs mention a changed name (src/docs-check/mentions.ts). */
import { describe, expect, test } from '@jest/globals';
import { buildIndex } from '../../../src/docs-check/docs-index.js';
import { linesMentioning, mentionsOf, routePattern } from '../../../src/docs-check/mentions.js';
import { isCodeShaped } from '../../../src/docs-check/tokens.js';
import { changed, page, site } from './fixtures.js';

describe('isCodeShaped', () => {
  test.each(['max_retries', 'getUser', 'REDIS_HOST', '--dry-run', '-v', '/v1/users', 'GET /users', 'gpt4', 'client.add', 'well-known'])(
    '%s',
    (name) => {
      expect(isCodeShaped(name)).toBe(true);
    },
  );
  test.each(['connect', 'Agent', 'MODEL', 'search'])('%s is a plain word', (name) => {
    expect(isCodeShaped(name)).toBe(false);
  });
});

describe('mentionsOf', () => {
  const index = buildIndex(
    site(
      page('a', 'Call `connect` first. Then set max_retries.'),
      page('b', 'We connect people. `max_retries_total` is other.'),
      page('c', '```\nclient.vector_store.max_retries = 3\n```'),
      page('d', 'Pass --dry-run, or -dry-run in old versions.'),
    ),
  );
  const docs = (name: string, kind: Parameters<typeof changed>[1] = {}): [number, boolean][] =>
    mentionsOf(index, changed(name, kind)).map((mention) => [mention.doc, mention.inCode]);

  test('a plain word counts only in code; a code-shaped name anywhere, as a whole name', () => {
    expect(docs('connect')).toEqual([[0, true]]);
    expect(docs('max_retries')).toEqual([
      [0, false],
      [2, true],
    ]);
  });

  test('a dotted key is found by its last part and checked whole', () => {
    expect(docs('vector_store.max_retries', { kind: 'config-key' })).toEqual([[2, true]]);
    expect(docs('other.max_retries', { kind: 'config-key' })).toEqual([]);
  });

  test('a flag is matched as written', () => {
    expect(docs('--dry-run', { kind: 'cli-flag' })).toEqual([[3, false]]);
  });
});

describe('routes', () => {
  const index = buildIndex(
    site(
      page('guide', 'Send `POST /api/v1/memories/:id/share` to share.'),
      page('other', 'See /api/v1/memories-archive for old ones, and /memories/{id}/shared.'),
      page('GET /memories/{memory_id}/share', 'generated', {
        kind: 'endpoint',
        routes: [{ method: 'GET', path: '/memories/{memory_id}/share' }],
      }),
      page('plain', 'We share memories with friends.'),
    ),
  );

  test('any parameter spelling, any prefix; a generated page by its own route and method', () => {
    const found = (name: string) => mentionsOf(index, changed(name, { kind: 'http-route' })).map((mention) => mention.doc);
    expect(found('/memories/{memory_id}/share').sort()).toEqual([0, 2]);
    expect(found('GET /memories/{id}/share').sort()).toEqual([0, 2]);
    expect(found('DELETE /memories/{id}/share')).toEqual([0]);
  });

  test('routePattern: a route with no fixed part has none', () => {
    expect(routePattern('/{id}')).toBeUndefined();
    expect(routePattern('/users/{id}')?.test('GET /v2/users/42')).toBe(true);
    expect(routePattern('/users/{id}')?.test('/users/42/roles')).toBe(false);
    expect(routePattern('/users/{id}')?.test('https://x.test/teamusers/42')).toBe(false);
  });

  test('routePattern on long paths: a prefix of thousands of segments, read from any boundary in it', () => {
    const pattern = routePattern('/users/{id}');
    const run = ':/a'.repeat(20_000);
    expect(pattern?.test(`${run}/users/42`)).toBe(true);
    expect(pattern?.test(`x${'/a'.repeat(20_000)}/users/42`)).toBe(false);
    expect(pattern?.test(`${run}/users/42/more`)).toBe(false);
    expect(pattern?.test(`${run}/users/42//`)).toBe(true);
    expect(pattern?.test(`${'-/users'.repeat(20_000)}/users/7.`)).toBe(true);
  });
});

describe('linesMentioning', () => {
  test('the file lines, counted from the body first line', () => {
    const document = page('p', 'intro\nuse OLD_FLAG here\n\n`OLD_FLAG` again', { firstLine: 5 });
    expect(linesMentioning(document, changed('OLD_FLAG', { kind: 'env-var' }))).toEqual([6, 8]);
  });

  test('an endpoint page has no lines', () => {
    expect(linesMentioning(page('GET /x', 'GET /x', { kind: 'endpoint' }), changed('/x', { kind: 'http-route' }))).toEqual([]);
  });
});
