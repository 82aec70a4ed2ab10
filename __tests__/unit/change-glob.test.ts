/**
 * `change-paths` globs: `*`, `**`, `?`, a leading `!`, the last match deciding, dotfiles as ordinary
 * names, folders matching what they hold, and renames matching on either path.
 */
import { describe, expect, test } from '@jest/globals';
import { filterKeeps, filterKeepsFile, parsePattern, patternMatches, type PathFilter, type PathPattern } from '../../src/change/glob.js';

function pattern(text: string): PathPattern {
  const parsed = parsePattern(text);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed;
}

function filter(...texts: string[]): PathFilter {
  return { patterns: texts.map(pattern) };
}

const matches = (glob: string, path: string): boolean => patternMatches(pattern(glob), path);

describe('one pattern', () => {
  test('* stays within a folder; ? is one character other than /', () => {
    expect(matches('src/*.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/*.ts', 'src/deep/a.ts')).toBe(false);
    expect(matches('*.md', 'README.md')).toBe(true);
    expect(matches('*.md', 'docs/a.md')).toBe(false);
    expect(matches('src/?.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/?.ts', 'src/ab.ts')).toBe(false);
    expect(matches('src?a.ts', 'src/a.ts')).toBe(false);
  });

  test('** crosses folders; **/ also matches no folder at all', () => {
    expect(matches('src/**', 'src/a.ts')).toBe(true);
    expect(matches('src/**', 'src/a/b/c.ts')).toBe(true);
    expect(matches('src/**', 'srcx/a.ts')).toBe(false);
    expect(matches('**/*.test.ts', 'a.test.ts')).toBe(true);
    expect(matches('**/*.test.ts', 'src/deep/a.test.ts')).toBe(true);
    expect(matches('**/*.test.ts', 'src/a.test.tsx')).toBe(false);
    expect(matches('src/**/index.ts', 'src/index.ts')).toBe(true);
    expect(matches('src/**/index.ts', 'src/a/b/index.ts')).toBe(true);
    expect(matches('src/**/index.ts', 'src/a/b/myindex.ts')).toBe(false);
    expect(matches('**.ts', 'a/b/c.ts')).toBe(true);
    expect(matches('a**z', 'a/b/z')).toBe(true);
  });

  test('names that start with a dot are ordinary names', () => {
    expect(matches('*', '.github')).toBe(true);
    expect(matches('.github/**', '.github/workflows/ci.yml')).toBe(true);
    expect(matches('**/*.yml', '.github/workflows/ci.yml')).toBe(true);
    expect(matches('src/*', 'src/.env')).toBe(true);
  });

  test('a pattern that matches a folder matches everything inside it', () => {
    expect(matches('docs', 'docs/guide/intro.mdx')).toBe(true);
    expect(matches('docs', 'docs')).toBe(true);
    expect(matches('docs', 'docsite/intro.mdx')).toBe(false);
    expect(matches('src/*', 'src/api/users.ts')).toBe(true);
  });

  test('every other character stands for itself; ./ and / at the start are dropped', () => {
    expect(matches('src/a+b(1).ts', 'src/a+b(1).ts')).toBe(true);
    expect(matches('src/a.ts', 'src/aXts')).toBe(false);
    expect(matches('[ab].ts', 'a.ts')).toBe(false);
    expect(matches('[ab].ts', '[ab].ts')).toBe(true);
    expect(matches('./src/**', 'src/a.ts')).toBe(true);
    expect(matches('/src/**', 'src/a.ts')).toBe(true);
  });

  test('paths outside the Basic Multilingual Plane are matched by character', () => {
    expect(matches('docs/?.md', 'docs/😀.md')).toBe(true);
    expect(matches('docs/*.md', 'docs/日本語.md')).toBe(true);
  });

  test('no pattern makes a long path slow: many stars against a long name that almost matches', () => {
    const glob = `${'*a'.repeat(40)}*b`;
    const path = 'a'.repeat(2000);
    // A backtracking matcher would not return here within the test's lifetime; this one steps once per character.
    expect(matches(glob, path)).toBe(false);
    expect(matches(glob, `${path}b`)).toBe(true);
  });

  test('an empty pattern or a lone ! is refused', () => {
    expect(parsePattern('!')).toEqual({ problem: "'!' names no path" });
    expect(parsePattern('./')).toEqual({ problem: "'./' names no path" });
    expect(parsePattern('x'.repeat(501))).toEqual({ problem: 'a pattern is longer than 500 characters' });
  });
});

describe('a list of patterns', () => {
  test('negation: src/** but not the tests', () => {
    const code = filter('src/**', '!**/*.test.ts');
    expect(filterKeeps(code, 'src/api/users.ts')).toBe(true);
    expect(filterKeeps(code, 'src/api/users.test.ts')).toBe(false);
    expect(filterKeeps(code, 'test/users.ts')).toBe(false);
  });

  test('the last pattern that matches decides, as in GitHub path filters', () => {
    const list = filter('src/**', '!src/generated/**', 'src/generated/public.ts');
    expect(filterKeeps(list, 'src/generated/internal.ts')).toBe(false);
    expect(filterKeeps(list, 'src/generated/public.ts')).toBe(true);
    expect(filterKeeps(filter('!src/generated/**', 'src/**'), 'src/generated/internal.ts')).toBe(true);
  });

  test('only exclusions: every other file is kept', () => {
    const list = filter('!**/*.md', '!.github/**');
    expect(filterKeeps(list, 'src/a.ts')).toBe(true);
    expect(filterKeeps(list, 'docs/a.md')).toBe(false);
    expect(filterKeeps(list, '.github/workflows/ci.yml')).toBe(false);
  });

  test('a renamed file matches on either its old or its new path', () => {
    const code = filter('src/**', '!**/*.test.ts');
    expect(filterKeepsFile(code, { path: 'lib/users.ts', previousPath: 'src/users.ts' })).toBe(true);
    expect(filterKeepsFile(code, { path: 'src/users.ts', previousPath: 'lib/users.ts' })).toBe(true);
    expect(filterKeepsFile(code, { path: 'src/users.test.ts', previousPath: 'src/users.ts' })).toBe(true);
    expect(filterKeepsFile(code, { path: 'lib/users.ts', previousPath: 'lib/old.ts' })).toBe(false);
    expect(filterKeepsFile(code, { path: 'lib/users.ts' })).toBe(false);
  });
});
