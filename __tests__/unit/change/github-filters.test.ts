/**
 * The glob language (glob.ts) and `change-paths` as it reads a pattern as written (pattern-forms.ts)
 * against what GitHub's path filters answer (github-filter-cases.ts: the cases of nektos/act's and
 * actionlint's tests, GitHub's cheat sheet and public reports). The language agrees on every case
 * but a backslash before an ordinary character, which the two implementations read differently (so
 * it is refused); `change-paths` differs besides where it keeps the meaning workflows already rely
 * on, a trailing `/` and a leading `./` or `/`, whose `instead` form means the same in both.
 */
import { describe, expect, test } from '@jest/globals';
import { filterKeeps, parsePattern, type PathPattern } from '../../../src/change/glob.js';
import { readPattern } from '../../../src/change/pattern-forms.js';
import { MATCH_CASES, SYNTAX_CASES, type MatchCase } from './github-filter-cases.js';

type Reader = (text: string) => PathPattern | { readonly problem: string };

/** Whether the workflow runs for `changed`, as `read`'s patterns decide; or the refusal. */
function decide(patterns: readonly string[], changed: readonly string[], read: Reader = readPattern): boolean | string {
  const parsed: PathPattern[] = [];
  for (const text of patterns) {
    const pattern = read(text);
    if ('problem' in pattern) return pattern.problem;
    parsed.push(pattern);
  }
  return changed.some((path) => filterKeeps({ patterns: parsed }, path));
}

const refusedBy = (read: Reader): string[] =>
  SYNTAX_CASES.filter((testCase) => !('problem' in read(testCase.pattern)) !== testCase.accepted).map((testCase) => testCase.pattern);

const describeCase = (testCase: MatchCase): string => `${testCase.patterns.join(', ')} ← ${testCase.changed.join(', ')}`;

describe("the glob language answers as GitHub's path filters do", () => {
  test('every match case agrees', () => {
    expect(
      MATCH_CASES.filter((testCase) => decide(testCase.patterns, testCase.changed, (text) => parsePattern(text)) !== testCase.runs),
    ).toEqual([]);
  });

  test('every pattern GitHub takes is taken, and every one it refuses is refused, but a backslash before an ordinary character', () => {
    expect(SYNTAX_CASES.length).toBeGreaterThan(70);
    // nektos/act reads `\b` as `b`, actionlint as a backslash and a `b`: refused, naming the characters a backslash escapes.
    expect(refusedBy((text) => parsePattern(text))).toEqual(['foo\\bar']);
  });
});

describe("change-paths answers as GitHub's path filters do but for the forms it kept", () => {
  const differing = MATCH_CASES.filter((testCase) => decide(testCase.patterns, testCase.changed) !== testCase.runs);

  test('every match case agrees but those written with a trailing / or a leading ./ or /', () => {
    expect(MATCH_CASES.length).toBeGreaterThan(80);
    expect(differing.map(describeCase)).toEqual([
      'src/ ← src/index.ts',
      'src/**/ ← src/a/index.ts',
      './src/** ← src/index.ts',
      '/src/** ← src/index.ts',
      './foo/bar.txt ← foo/bar.txt',
      '**, !./foo.txt ← foo.txt',
    ]);
  });

  test.each(differing.map((testCase) => [describeCase(testCase), testCase] as const))(
    '%s: read as before; the form named instead gives the same answer, and is what GitHub reads the same',
    (_name, testCase) => {
      const instead = testCase.patterns.map((text) => {
        const pattern = readPattern(text);
        if ('problem' in pattern) throw new Error(pattern.problem);
        return pattern.instead ?? text;
      });
      expect(instead).not.toEqual(testCase.patterns);
      expect(decide(instead, testCase.changed)).toBe(!testCase.runs);
      for (const text of instead) expect(readPattern(text)).not.toHaveProperty('instead');
      // The form named instead is read the same by the glob language, which is GitHub's.
      expect(decide(instead, testCase.changed, (text) => parsePattern(text))).toBe(!testCase.runs);
    },
  );

  test('it takes and refuses the same patterns as the glob language', () => {
    expect(refusedBy(readPattern)).toEqual(['foo\\bar']);
  });
});
