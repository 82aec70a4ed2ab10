/**
 * How `change-paths` reads a pattern as written: a trailing `/` and a leading `./` or `/` keep the
 * meaning they had before, with the form GitHub's filters read the same (named in one warning); a
 * pattern pasted with a YAML list's marker, quotes or backticks is refused, naming the one to write.
 */
import { describe, expect, test } from '@jest/globals';
import { filterKeeps, folderHint, patternMatches, type PathPattern } from '../../../src/change/glob.js';
import { otherFormsWarning, readPattern } from '../../../src/change/pattern-forms.js';

function pattern(text: string): PathPattern {
  const read = readPattern(text);
  if ('problem' in read) throw new Error(read.problem);
  return read;
}

const matches = (text: string, path: string): boolean => patternMatches(pattern(text), path);

const problem = (text: string): string => {
  const read = readPattern(text);
  return 'problem' in read ? read.problem : 'accepted';
};

describe('forms GitHub matches nothing with: read as before, with the form that means the same in both', () => {
  test('a trailing / stands for what the folder holds: src/ and src/**/ match every file below src, as src/** does', () => {
    for (const folder of ['src/', 'src/**/']) {
      expect(pattern(folder).instead).toBe('src/**');
      expect(matches(folder, 'src/a.ts')).toBe(true);
      expect(matches(folder, 'src/middleware/rate.ts')).toBe(true);
      expect(matches(folder, 'src')).toBe(false);
      expect(matches(folder, 'srcx/a.ts')).toBe(false);
      expect(matches(folder, 'lib/src/a.ts')).toBe(false);
    }
    expect(matches('**/test/', 'packages/a/test/b.ts')).toBe(true);
    expect(pattern('**/test/').instead).toBe('**/test/**');
    expect(pattern('!src/gen/').instead).toBe('!src/gen/**');
    // `**` that is not a whole folder name keeps its meaning: a**/ is a**/**, not a**.
    expect(pattern('a**/').instead).toBe('a**/**');
    expect(matches('a**/', 'ab')).toBe(false);
    expect(matches('a**/', 'ab/c')).toBe(true);
  });

  test('a leading ./ or / is dropped; the pattern without it is the one GitHub reads the same', () => {
    expect(matches('./src/**', 'src/a.ts')).toBe(true);
    expect(matches('/src/**', 'src/a.ts')).toBe(true);
    expect(pattern('./src/**').instead).toBe('src/**');
    expect(pattern('/docs/').instead).toBe('docs/**');
    expect(pattern('!./foo.txt').instead).toBe('!foo.txt');
    expect(filterKeeps({ patterns: [pattern('**'), pattern('!./foo.txt')] }, 'foo.txt')).toBe(false);
    expect(pattern('./src/**').text).toBe('./src/**');
  });

  test('patterns in GitHub’s form name nothing instead; one naming no path is refused as written', () => {
    for (const text of ['src/**', '!**/*.test.ts', 'docs', '.github/**', '..foo.txt', '../foo.txt', 'app/\\[slug]/**']) {
      expect(pattern(text).instead).toBeUndefined();
    }
    expect(problem('./')).toBe("'./' names no path");
    expect(problem('!/')).toBe("'!/' names no path");
    expect(problem('./src/{a,b}/')).toContain("'./src/{a,b}/' has braces");
  });

  test('the skip hint names the folder pattern in the form that means the same in both', () => {
    expect(folderHint({ patterns: [pattern('./docs')] }, [{ path: 'docs/guide.md' }])).toBe(
      " './docs' names a path alone, not what a folder holds: write 'docs/**' for that.",
    );
  });

  test('one warning for them all, naming each and the form to write; five named, the rest counted', () => {
    expect(otherFormsWarning([pattern('src/**'), pattern('!**/*.md')])).toBeUndefined();
    expect(otherFormsWarning([pattern('src/'), pattern('docs/**')])).toBe(
      "Input 'change-paths': 'src/' is read here as 'src/**', but GitHub's path filters (on.push.paths) match nothing " +
        "with a trailing '/' or a leading './' or '/': write that, which means the same in both.",
    );
    const many = Array.from({ length: 7 }, (_, i) => pattern(`./p${i}/**`));
    expect(otherFormsWarning(many)).toBe(
      "Input 'change-paths': './p0/**', './p1/**', './p2/**', './p3/**', './p4/**' and 2 more are read here as " +
        "'p0/**', 'p1/**', 'p2/**', 'p3/**', 'p4/**' and so on, but GitHub's path filters (on.push.paths) match nothing " +
        "with a trailing '/' or a leading './' or '/': write those, which mean the same in both.",
    );
  });
});

describe('a pattern pasted from a YAML list is refused, naming the pattern to write', () => {
  test('a list marker and quotes', () => {
    expect(problem("- 'src/**'")).toBe(
      "(- 'src/**') is a YAML list item in quotes: 'change-paths' takes each pattern as it stands, " +
        "so the list marker '- ' and the quotes would be part of it and match nothing; write src/** instead",
    );
  });

  test('quotes, backticks, or a list marker alone; the pattern to write is in the form GitHub reads the same', () => {
    expect(problem('"src/**"')).toBe(
      '("src/**") is in quotes: \'change-paths\' takes each pattern as it stands, so the quotes would be part of it and match nothing; ' +
        'write src/** instead',
    );
    expect(problem('`src/**`')).toContain('is in backticks: ');
    expect(problem('`src/**`')).toContain('so the backticks would be part of it');
    expect(problem("'src/'")).toMatch(/write src\/\*\* instead$/);
    expect(problem('- docs/**')).toMatch(
      /^\(- docs\/\*\*\) is a YAML list item: .*so the list marker '- ' would be part of it .*write docs\/\*\* instead$/,
    );
    expect(problem("- '!**/*.test.ts'")).toMatch(/write !\*\*\/\*\.test\.ts instead$/);
    expect(problem("!'./src/**'")).toMatch(/write !src\/\*\* instead$/);
    expect(problem("''")).toMatch(/match nothing; remove them$/);
  });

  test('a quote that does not surround the pattern, or a dash that is part of a name, is a character of the path', () => {
    for (const text of ["it's/**", 'docs/"a"', '-docs/**', 'a-b', "'", '`']) expect(problem(text)).toBe('accepted');
    expect(matches("it's/**", "it's/a.md")).toBe(true);
  });
});
