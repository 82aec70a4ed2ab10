/**
 * Reading the docs folder from disk (src/docs-check/folder.ts): docs.json or mint.json, pages and
 * OpenAPI files; a link out of the folder is never followed, a file over 1 MiB is skipped.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  docsFolderOf,
  MAX_CONFIG_BYTES,
  MAX_FILE_BYTES,
  maxBytesOf,
  readDocsFolder,
  type FolderResult,
} from '../../../src/docs-check/folder.js';
import { type DocsFolder } from '../../../src/docs-check/types.js';

let base: string;
let docs: string;

function write(path: string, text: string | Buffer): void {
  mkdirSync(dirname(join(docs, path)), { recursive: true });
  writeFileSync(join(docs, path), text);
}

function folder(result: FolderResult): DocsFolder {
  if ('problem' in result) throw new Error(result.problem);
  return result;
}

const paths = (read: DocsFolder): string[] => read.files.map((file) => file.path).sort();

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'docs-check-folder-'));
  docs = join(base, 'docs');
  mkdirSync(docs);
});

afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

describe('readDocsFolder', () => {
  test('the config, the pages and the OpenAPI files; other files, dot-folders and node_modules are left', () => {
    write('docs.json', '{"navigation": []}');
    write('index.mdx', '# Home');
    write('guides/setup.md', '# Setup');
    write('api/openapi.yaml', 'openapi: 3.1.0\npaths: {}\n');
    write('api/spec.json', '{ "openapi": "3.0.0", "paths": {} }');
    write('data/colors.json', '{ "red": 1 }');
    write('images/logo.png', 'png');
    write('.hidden/secret.mdx', 'no');
    write('node_modules/pkg/readme.md', 'no');
    const read = folder(readDocsFolder(docs));
    expect(read.config).toEqual({ name: 'docs.json', text: '{"navigation": []}' });
    expect(paths(read)).toEqual(['api/openapi.yaml', 'api/spec.json', 'guides/setup.md', 'index.mdx']);
    expect(read.skipped).toEqual([]);
  });

  test('mint.json when there is no docs.json; docs.json when there are both', () => {
    write('mint.json', '{"name": "old"}');
    expect(folder(readDocsFolder(docs)).config.name).toBe('mint.json');
    write('docs.json', '{"name": "new"}');
    expect(folder(readDocsFolder(docs)).config).toEqual({ name: 'docs.json', text: '{"name": "new"}' });
  });

  test('a folder without either config, or no folder at all, is a problem, worded to follow the name the caller gives it', () => {
    write('index.mdx', '# Home');
    expect(readDocsFolder(docs)).toEqual({ problem: 'holds no docs.json or mint.json' });
    expect(readDocsFolder(join(base, 'nowhere'))).toEqual({ problem: 'does not exist' });
    writeFileSync(join(base, 'file.txt'), 'x');
    expect(readDocsFolder(join(base, 'file.txt'))).toEqual({ problem: 'is not a folder' });
  });

  test('a link out of the folder (to a file or a folder) is not followed; one inside is, to a folder not read yet', () => {
    write('docs.json', '{}');
    write('real/page.mdx', '# Real');
    writeFileSync(join(base, 'outside.mdx'), '# Outside: must not be read');
    mkdirSync(join(base, 'outside-folder'));
    writeFileSync(join(base, 'outside-folder', 'leak.mdx'), '# Leak');
    symlinkSync(join(base, 'outside.mdx'), join(docs, 'escape.mdx'));
    symlinkSync(join(base, 'outside-folder'), join(docs, 'escaped-folder'));
    symlinkSync('../../outside.mdx', join(docs, 'real', 'relative-escape.mdx'));
    symlinkSync(join(docs, 'real'), join(docs, 'alias'));
    symlinkSync(join(docs, 'real', 'page.mdx'), join(docs, 'linked.mdx'));
    const read = folder(readDocsFolder(docs));
    // `alias` leads to `real`, read already under its own path.
    expect(paths(read)).toEqual(['linked.mdx', 'real/page.mdx']);
    expect(read.files.some((file) => file.text.includes('Outside') || file.text.includes('Leak'))).toBe(false);
    expect(read.skipped.map((skip) => [skip.path, skip.reason]).sort()).toEqual([
      ['escape.mdx', 'link out of the folder'],
      ['escaped-folder', 'link out of the folder'],
      ['real/relative-escape.mdx', 'link out of the folder'],
    ]);
  });

  test('a link cycle inside the folder is read once; a link to a folder no path reaches is read under the link', () => {
    write('docs.json', '{}');
    write('a/page.mdx', '# A');
    symlinkSync(join(docs, 'a'), join(docs, 'a', 'again'));
    mkdirSync(join(docs, '.shared'));
    writeFileSync(join(docs, '.shared', 'common.mdx'), '# Common');
    symlinkSync(join(docs, '.shared'), join(docs, 'shared'));
    expect(paths(folder(readDocsFolder(docs)))).toEqual(['a/page.mdx', 'shared/common.mdx']);
  });

  test('a file over 1 MiB is skipped; one of exactly 1 MiB is read', () => {
    write('docs.json', '{}');
    write('exact.mdx', Buffer.alloc(1024 * 1024, 'a'));
    write('large.mdx', Buffer.alloc(1024 * 1024 + 1, 'a'));
    const read = folder(readDocsFolder(docs));
    expect(MAX_FILE_BYTES).toBe(1_048_576);
    expect(paths(read)).toEqual(['exact.mdx']);
    expect(read.skipped).toEqual([{ path: 'large.mdx', reason: 'over 1 MiB' }]);
  });

  test('the config may be larger: up to 16 MiB', () => {
    write('docs.json', `{"pad": "${'x'.repeat(2 * 1024 * 1024)}"}`);
    expect(folder(readDocsFolder(docs)).config.name).toBe('docs.json');
    expect(maxBytesOf('docs.json')).toBe(MAX_CONFIG_BYTES);
    expect(maxBytesOf('guides/docs.json')).toBe(MAX_FILE_BYTES);
    write('docs.json', Buffer.alloc(MAX_CONFIG_BYTES + 1, ' '));
    expect(readDocsFolder(docs)).toEqual({ problem: 'its docs.json was not read (over 16 MiB)' });
  });
});

describe('docsFolderOf', () => {
  test('keeps pages and OpenAPI documents of files read elsewhere (a git tree)', () => {
    const files = [
      { path: 'mint.json', text: '{}' },
      { path: 'page.mdx', text: '# P' },
      { path: 'openapi.json', text: '{"openapi":"3.1.0"}' },
      { path: 'package.json', text: '{"name":"x"}' },
    ];
    const read = folder(docsFolderOf(files, [], 'docs'));
    expect(read.config.name).toBe('mint.json');
    expect(paths(read)).toEqual(['openapi.json', 'page.mdx']);
    expect(docsFolderOf([files[1]!], [], 'docs')).toEqual({ problem: "'docs': holds no docs.json or mint.json" });
  });

  test('a spec is JSON from its first character on, or YAML with openapi: at a line start, after blank lines too', () => {
    const files = [
      { path: 'docs.json', text: '{}' },
      { path: 'a.json', text: `${'\n'.repeat(3000)}{"openapi":"3.1.0"}` },
      { path: 'b.yaml', text: `${'\n'.repeat(3000)}openapi: 3.1.0\n` },
      { path: 'c.json', text: `${'\n'.repeat(3900)}{\n  "swagger": "2.0"}` },
      { path: 'blank.json', text: '\n{\n'.repeat(2000) },
      { path: 'list.json', text: '[\n{"openapi": "3.1.0"}]' },
    ];
    expect(paths(folder(docsFolderOf(files, [], 'docs')))).toEqual(['a.json', 'b.yaml', 'c.json']);
  });
});
