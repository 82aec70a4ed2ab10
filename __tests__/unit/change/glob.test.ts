/**
 * Globs as GitHub's path filters read them: `*`, `**`, `?` and `+` (zero or one, one or more of the
 * character before), `[]`, a leading `!`, backslash escapes, whole paths from the root, the last
 * match deciding, dotfiles as ordinary names, renames matching on either path; what GitHub's filters
 * do not have refused; and the work of matching bounded by pattern length × path length.
 * pattern-forms.test.ts covers how `change-paths` reads a pattern as written, github-filters.test.ts
 * compares both with public test suites.
 */
import { describe, expect, test } from '@jest/globals';
import {
  filterKeeps,
  filterKeepsFile,
  folderHint,
  parsePattern,
  patternMatches,
  type MatchWork,
  type PathFilter,
  type PathPattern,
} from '../../../src/change/glob.js';

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
  test('* stays within a folder', () => {
    expect(matches('src/*.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/*.ts', 'src/deep/a.ts')).toBe(false);
    expect(matches('*.md', 'README.md')).toBe(true);
    expect(matches('*.md', 'docs/a.md')).toBe(false);
    expect(matches('src/*', 'src/a.ts')).toBe(true);
  });

  test('src/* does not match a file in a folder below src (GitHub: * never crosses /)', () => {
    expect(matches('src/*', 'src/middleware/rate.ts')).toBe(false);
    expect(matches('docs/*', 'docs/guide/x.md')).toBe(false);
    expect(filterKeeps(filter('!docs/*', '!src/*'), 'docs/guide/x.md')).toBe(true);
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
    expect(matches('src/**/index.ts', 'src/abindex.ts')).toBe(false);
    expect(matches('docs/**/*.md', 'docs/README.md')).toBe(true);
    expect(matches('**/docs/**', 'docs/hello.md')).toBe(true);
    expect(matches('**/docs/**', 'space/docs/plan/space.doc')).toBe(true);
    expect(matches('**.ts', 'a/b/c.ts')).toBe(true);
    expect(matches('a**z', 'a/b/z')).toBe(true);
  });

  test('a pattern names whole paths from the root: docs is the file docs; src/ and ./src/** match nothing, as in GitHub', () => {
    expect(matches('docs', 'docs')).toBe(true);
    expect(matches('docs', 'docs/guide/intro.mdx')).toBe(false);
    expect(matches('docs', 'docsite/intro.mdx')).toBe(false);
    // pattern-forms.ts reads these forms for change-paths as before; GitHub's language has them as text.
    for (const text of ['src/', 'src/**/', './src/**', '/src/**']) expect(matches(text, 'src/a.ts')).toBe(false);
    expect(matches('src/', 'src/')).toBe(true);
  });

  test("? is zero or one of the character before it, not a shell's any one character", () => {
    expect(matches('*.jsx?', 'page.js')).toBe(true);
    expect(matches('*.jsx?', 'page.jsx')).toBe(true);
    expect(matches('*.jsx?', 'page.jsxx')).toBe(false);
    expect(matches('src/a?.ts', 'src/.ts')).toBe(true);
    expect(matches('src/a?.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/a?.ts', 'src/b.ts')).toBe(false);
    expect(matches('docs/v[0-9]?.md', 'docs/v.md')).toBe(true);
    expect(matches('docs/v[0-9]?.md', 'docs/v2.md')).toBe(true);
    expect(matches('docs/v[0-9]?.md', 'docs/v23.md')).toBe(false);
  });

  test('+ is one or more of the character or [] before it', () => {
    expect(matches('a+b.ts', 'ab.ts')).toBe(true);
    expect(matches('a+b.ts', 'aaab.ts')).toBe(true);
    expect(matches('a+b.ts', 'b.ts')).toBe(false);
    expect(matches('a+b.ts', 'a+b.ts')).toBe(false);
    expect(matches('src/v[0-9]+/**', 'src/v12/api.ts')).toBe(true);
    expect(matches('src/v[0-9]+/**', 'src/v/api.ts')).toBe(false);
  });

  test('[] is one letter or digit listed or in a range; [abc] is not literal text', () => {
    expect(matches('[abc].ts', 'a.ts')).toBe(true);
    expect(matches('[abc].ts', 'c.ts')).toBe(true);
    expect(matches('[abc].ts', 'd.ts')).toBe(false);
    expect(matches('[abc].ts', '[abc].ts')).toBe(false);
    expect(matches('[CB]at', 'Cat')).toBe(true);
    expect(matches('[CB]at', 'cat')).toBe(false);
    expect(matches('[1-2]00', '200')).toBe(true);
    expect(matches('[1-2]00', '300')).toBe(false);
    expect(matches('[0-9a-z]', 'q')).toBe(true);
    expect(matches('[0-9a-z]', 'Q')).toBe(false);
    expect(matches('[a-zA-Z_]+.md', 'snake_Case.md')).toBe(true);
    expect(matches('[a-zA-Z_]+.md', 'kebab-case.md')).toBe(false);
  });

  test('a backslash makes * ? + [ ! and itself stand for themselves', () => {
    expect(matches('\\!file', '!file')).toBe(true);
    expect(pattern('\\!file').exclude).toBe(false);
    expect(matches('a\\*b', 'a*b')).toBe(true);
    expect(matches('a\\*b', 'axb')).toBe(false);
    expect(matches('app/\\[slug]/**', 'app/[slug]/page.tsx')).toBe(true);
    expect(matches('app/\\[slug]/**', 'app/s/page.tsx')).toBe(false);
    expect(matches('c\\+\\+/*', 'c++/a.cc')).toBe(true);
    expect(matches('c\\+\\+/*', 'c/a.cc')).toBe(false);
    expect(matches('x\\?', 'x?')).toBe(true);
    expect(matches('x\\?', 'x')).toBe(false);
    expect(matches('escape\\\\backslash', 'escape\\backslash')).toBe(true);
    // An escaped character can be repeated like any other.
    expect(matches('\\++', '+++')).toBe(true);
  });

  test('names that start with a dot are ordinary names', () => {
    expect(matches('*', '.github')).toBe(true);
    expect(matches('.github/**', '.github/workflows/ci.yml')).toBe(true);
    expect(matches('**/*.yml', '.github/workflows/ci.yml')).toBe(true);
    expect(matches('src/*', 'src/.env')).toBe(true);
  });

  test('every other character stands for itself', () => {
    expect(matches('src/(group)/page.tsx', 'src/(group)/page.tsx')).toBe(true);
    expect(matches('src/a.ts', 'src/aXts')).toBe(false);
    expect(matches('packages/@scope/{name}/*', 'packages/@scope/{name}/a.ts')).toBe(true);
    expect(matches('a]b', 'a]b')).toBe(true);
    expect(matches('!x', 'x')).toBe(true);
  });

  test('paths outside the Basic Multilingual Plane are matched by character', () => {
    expect(matches('docs/*.md', 'docs/😀.md')).toBe(true);
    expect(matches('docs/😀+.md', 'docs/😀😀.md')).toBe(true);
    expect(matches('docs/*.md', 'docs/日本語.md')).toBe(true);
  });

  test('an empty pattern or a lone ! is refused', () => {
    expect(parsePattern('!')).toEqual({ problem: "'!' names no path" });
    expect(parsePattern('! ')).toEqual({ problem: "'! ' names no path" });
    expect(parsePattern('x'.repeat(501))).toEqual({ problem: 'a pattern is longer than 500 characters' });
  });
});

describe('what GitHub path filters do not have is refused, naming the pattern and what to write', () => {
  const problem = (text: string): string => {
    const parsed = parsePattern(text);
    return 'problem' in parsed ? parsed.problem : 'accepted';
  };

  test('braces: one pattern per alternative', () => {
    expect(problem('**/*.{ts,tsx}')).toBe(
      "'**/*.{ts,tsx}' has braces, which GitHub's path filters do not have: write one pattern per alternative instead ('**/*.ts', '**/*.tsx')",
    );
    expect(problem('!src/{a,b}/{c,d}')).toMatch(/^'!src\/\{a,b\}\/\{c,d\}' has braces, .*write one pattern per alternative instead$/);
    expect(problem('v{1..3}/**')).toContain('has braces');
    expect(problem('{{cookiecutter.name}}/**')).toBe('accepted');
  });

  test('extglobs', () => {
    for (const text of ['src/+(a|b).ts', 'src/*(x)', 'src/?(x)', 'src/@(x)', 'src/!(x)', '!(a|b)', 'src/(a|b)/**']) {
      expect(problem(text)).toBe(
        `'${text}' has an extglob such as '+(a|b)', which GitHub's path filters do not have: write one pattern per alternative instead`,
      );
    }
  });

  test('a backslash before anything but * ? + [ ! \\ (public implementations read it two ways; paths use /)', () => {
    expect(problem('docs\\guide.md')).toBe(
      "'docs\\guide.md' has '\\g': a backslash makes only * ? + [ ! and \\ literal; write other characters as they are, and '/' between folders",
    );
    expect(problem('app/\\[slug\\]/**')).toContain("has '\\]': a backslash makes only");
    expect(problem('trailing\\')).toContain("'trailing\\' has a backslash at its end");
  });

  test('? and + with nothing to repeat, saying ? is not any one character', () => {
    for (const [text, repeat] of [
      ['?.md', '?'],
      ['src/*?', '?'],
      ['src/**+', '+'],
      ['a??', '?'],
      ['a+?', '?'],
      ['!+x', '+'],
    ] as const) {
      expect(problem(text)).toContain(`'${text}': '${repeat}' repeats the character or [] just before it`);
      expect(problem(text)).toContain(`'?' is not "any one character" as in a shell: write '*' for that`);
    }
  });

  test("[] that is unclosed, empty, negated, or holds other than letters, digits, '_' and ranges within a-z, A-Z, 0-9", () => {
    expect(problem('src/[ab')).toBe("'src/[ab' has a '[' without its ']'");
    for (const inside of ['', '!a', '^a', 'a-Z', 'z-a', '0-z', 'a-_', 'a-', '.', '-']) {
      expect(problem(`src/[${inside}].ts`)).toBe(
        `'src/[${inside}].ts' has '[${inside}]': a [] takes letters, digits and '_', and ranges within a-z, A-Z or 0-9 (it cannot be empty or negated)`,
      );
    }
  });
});

describe('the work of matching is bounded by pattern length × path length', () => {
  /** Words visited: two passes a character (and one at the start) over one word per 32 positions. */
  const bound = (glob: string, path: string): number => (2 * Array.from(path).length + 1) * Math.ceil((Array.from(glob).length + 1) / 32);

  test('100 patterns like *a*a*a…b against 4 KB paths: a fixed number of words per character, whatever the pattern', () => {
    const globs = Array.from({ length: 100 }, (_, i) => `${'*a'.repeat(249 - (i % 3))}*b`);
    const list = filter(...globs);
    for (const path of ['a'.repeat(4096), `${'a'.repeat(4095)}b`, `${'ab/'.repeat(1365)}a`]) {
      const work: MatchWork = { words: 0 };
      const kept = filterKeeps(list, path, work);
      expect(kept).toBe(!path.includes('/') && path.endsWith('b'));
      const limit = globs.reduce((sum, glob) => sum + bound(glob, path), 0);
      expect(work.words).toBeGreaterThan(0);
      expect(work.words).toBeLessThanOrEqual(limit);
    }
  });

  test('a long run of positions that may match nothing is stepped over in one pass, not one pass a position', () => {
    const glob = 'a?'.repeat(250);
    const path = 'a'.repeat(250);
    const work: MatchWork = { words: 0 };
    expect(patternMatches(pattern(glob), path, work)).toBe(true);
    expect(patternMatches(pattern(glob), `${path}a`)).toBe(false);
    // 250 positions (a?), so 8 words; two passes a character and one at the start.
    expect(work.words).toBe((2 * 250 + 1) * 8);
  });

  test('stars, folders and repeats mixed: the same bound, and no dead path is read past its first mismatch', () => {
    const glob = `${'**/x*y+[a-z]?'.repeat(30)}`;
    const path = `${'x'.repeat(2048)}/${'xyyq/'.repeat(400)}`;
    const work: MatchWork = { words: 0 };
    patternMatches(pattern(glob), path, work);
    expect(work.words).toBeLessThanOrEqual(bound(glob, path));
    const dead: MatchWork = { words: 0 };
    expect(patternMatches(pattern('src/**'), `lib/${'a'.repeat(4000)}`, dead)).toBe(false);
    // One word: one pass at the start, one for the 'l' that no position takes.
    expect(dead.words).toBe(2);
  });
});

describe('the automaton agrees with a regular expression built from the same rules', () => {
  /** The cheat sheet's rules as a regular expression: the test's oracle, slow but plain. */
  function oracle(glob: string): RegExp {
    let source = '';
    for (let i = 0; i < glob.length;) {
      if (glob.startsWith('**/', i) && (i === 0 || glob.charAt(i - 1) === '/')) {
        source += '(?:.*/)?';
        i += 3;
      } else if (glob.startsWith('**', i)) {
        source += '.*';
        i += 2;
      } else if (glob.charAt(i) === '*') {
        source += '[^/]*';
        i++;
      } else if (glob.startsWith('[ab]', i)) {
        source += '[ab]';
        i += 4;
      } else {
        const char = glob.charAt(i);
        source += char === '?' || char === '+' ? char : char.replace(/[.()|^$\\{}[\]]/g, '\\$&');
        i++;
      }
    }
    return new RegExp(`^${source}$`, 'su');
  }

  /** A small deterministic generator (a linear congruential one), so a failure can be replayed. */
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
  }

  test('2,000 random patterns of up to 60 pieces (up to 3 words), against paths made to match them and changed at one place', () => {
    const next = random(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const some = (alphabet: readonly string[], most: number): string =>
      Array.from({ length: Math.floor(next() * (most + 1)) }, () => pick(alphabet)).join('');
    /** Each piece of a pattern, and a text it matches. */
    const pieces: Record<string, () => string> = {
      a: () => 'a',
      b: () => 'b',
      '/': () => '/',
      '.': () => '.',
      '*': () => some(['a', 'b', '.'], 3),
      '**': () => some(['a', 'b', '/'], 4),
      '[ab]': () => pick(['a', 'b']),
      'a?': () => some(['a'], 1),
      'b+': () => `b${some(['b'], 2)}`,
      '[ab]+': () => `${pick(['a', 'b'])}${some(['a', 'b'], 2)}`,
    };
    let matched = 0;
    let missed = 0;
    for (let round = 0; round < 2_000; round++) {
      let glob = 'a';
      let path = 'a';
      let wildcards = 0;
      const count = 1 + Math.floor(next() * 60);
      for (let i = 0; i < count; i++) {
        const piece = pick(Object.keys(pieces));
        // Two wildcards in a row would read as one longer one; more than four would make the oracle
        // (a backtracking regular expression) take exponential time on the paths that do not match.
        if (piece.startsWith('*') && (glob.endsWith('*') || wildcards++ >= 4)) continue;
        glob += piece;
        path += pieces[piece]?.() ?? '';
      }
      const parsed = parsePattern(glob);
      if ('problem' in parsed) throw new Error(`${glob}: ${parsed.problem}`);
      const expected = oracle(glob);
      const chars = Array.from(path);
      const at = Math.floor(next() * (chars.length + 1));
      const changed = [...chars.slice(0, at), pick(['a', 'b', '/', '.', 'c', '']), ...chars.slice(at + 1)].join('');
      for (const candidate of [path, changed]) {
        const result = patternMatches(parsed, candidate);
        if (result !== expected.test(candidate)) throw new Error(`'${glob}' against '${candidate}': ${String(result)}`);
        if (result) matched++;
        else missed++;
      }
    }
    // Both answers are common, so the comparison means something either way.
    expect(matched).toBeGreaterThan(1_000);
    expect(missed).toBeGreaterThan(500);
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

  test('a skip names the plain patterns that hold a changed file as folders, with the /** to write (as on.push.paths reads it)', () => {
    const files = [{ path: 'docs/guide.md' }, { path: 'lib/a.ts', previousPath: 'src/a.ts' }];
    expect(folderHint(filter('docs', 'src', 'src/*', 'lib/**', '!lib', 'test'), files)).toBe(
      " 'docs', 'src' name paths alone, not what folders hold: write 'docs/**', 'src/**' for those.",
    );
    expect(folderHint(filter('docs'), files)).toBe(" 'docs' names a path alone, not what a folder holds: write 'docs/**' for that.");
    expect(folderHint(filter('docs/', 'test'), files)).toBe('');
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
