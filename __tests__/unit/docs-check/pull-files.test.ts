/** GitHub's files list of a pull request, checked (src/docs-check/pull-files.ts). */
import { describe, expect, test } from '@jest/globals';
import { changedFileOf, changedFilesOf } from '../../../src/docs-check/pull-files.js';

describe('changedFileOf', () => {
  test('the file, its status, its old path and its patch', () => {
    expect(
      changedFileOf({
        sha: 'abc',
        filename: 'src/new.py',
        status: 'renamed',
        previous_filename: 'src/old.py',
        additions: 1,
        deletions: 1,
        changes: 2,
        patch: '@@ -1 +1 @@\n-a\n+b',
      }),
    ).toEqual({ path: 'src/new.py', status: 'renamed', previousPath: 'src/old.py', patch: '@@ -1 +1 @@\n-a\n+b' });
  });

  test('a patch GitHub left out stays undefined; an empty patch is a patch', () => {
    expect(changedFileOf({ filename: 'logo.png', status: 'added' })).toEqual({ path: 'logo.png', status: 'added' });
    expect(changedFileOf({ filename: 'empty.txt', status: 'added', patch: '' })).toEqual({ path: 'empty.txt', status: 'added', patch: '' });
  });

  test('what is not a file entry is left out; an unknown status reads as modified', () => {
    expect(changedFileOf(null)).toBeUndefined();
    expect(changedFileOf({ filename: '' })).toBeUndefined();
    expect(changedFileOf({ filename: 7 })).toBeUndefined();
    expect(changedFileOf({ filename: 'a.py', status: 3, patch: 5 })).toEqual({ path: 'a.py', status: 'modified' });
  });
});

describe('changedFilesOf', () => {
  test('pages of 100 read as one list, malformed entries dropped', () => {
    const first = Array.from({ length: 100 }, (_, i) => ({ filename: `src/f${i}.ts`, status: 'modified', patch: '@@ -1 +1 @@' }));
    const second = [{ filename: 'src/last.ts', status: 'added' }, 'junk'];
    const files = changedFilesOf([first, second]);
    expect(files).toHaveLength(101);
    expect(files[100]).toEqual({ path: 'src/last.ts', status: 'added' });
  });
});
