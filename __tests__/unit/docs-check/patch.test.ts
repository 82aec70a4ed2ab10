/** A file's unified diff read into hunks (src/docs-check/patch.ts). */
import { describe, expect, test } from '@jest/globals';
import { parsePatch } from '../../../src/docs-check/patch.js';

describe('parsePatch', () => {
  test('splits hunks, keeps the heading git writes, and sorts lines by their sign', () => {
    const patch = [
      '@@ -1,4 +1,4 @@ def read_config(path):',
      ' import os',
      '-TIMEOUT = 30',
      '+TIMEOUT = 60',
      ' ',
      '@@ -20,3 +20,4 @@',
      ' def main():',
      '+    run()',
      '\\ No newline at end of file',
    ].join('\n');
    expect(parsePatch(patch)).toEqual([
      { heading: 'def read_config(path):', added: ['TIMEOUT = 60'], removed: ['TIMEOUT = 30'], context: ['import os', ''] },
      { heading: '', added: ['    run()'], removed: [], context: ['def main():'] },
    ]);
  });

  test('lines before the first hunk header are not part of any hunk; CRLF is read as a line end', () => {
    expect(parsePatch('diff --git a/x b/x\r\n--- a/x\r\n@@ -1 +1 @@\r\n-a\r\n+b')).toEqual([
      { heading: '', added: ['b'], removed: ['a'], context: [] },
    ]);
  });

  test('an empty patch has no hunks', () => {
    expect(parsePatch('')).toEqual([]);
  });
});
