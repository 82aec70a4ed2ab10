/**
 * What GitHub's path filters (`on.push.paths`) answer, as public test suites and GitHub's own
 * documentation record it: the table `change-paths` is checked against. Transcribed (the cases, not
 * code) from
 * - nektos/act, `pkg/workflowpattern/workflow_pattern_test.go` (TestMatchPattern: its `skipResult`,
 *   read as "the workflow runs" = not skipped; an identical case listed twice there is kept once);
 * - rhysd/actionlint, `glob_test.go` (TestValidateGlobOK, TestValidateGlobPathOnlyOK,
 *   TestValidateGlobSyntaxError, TestValidateInvalidPathGlobError) and `testdata/err/glob_more.yaml`:
 *   which path patterns GitHub takes and which it refuses;
 * - GitHub's "Filter pattern cheat sheet" (workflow syntax for GitHub Actions): its examples, and
 *   what its descriptions say a pattern does not match;
 * - public reports of GitHub's behaviour (actionlint issue 521, RackulaLives/Rackula issue 1924): a
 *   pattern starting with `./` or `/`, or ending with `/`, matches nothing.
 * Left out: cases about YAML rather than patterns (an empty string, a newline or surrounding spaces
 * in one pattern: `change-paths` is split at line breaks and trimmed), and actionlint's lint that a
 * `[]` of one character is useless (GitHub takes it).
 */

export type CaseSource = 'nektos/act' | 'actionlint' | 'cheat sheet' | 'reports';

/** A push that changes `changed`: whether GitHub's filter of `patterns` runs the workflow. */
export interface MatchCase {
  readonly source: CaseSource;
  readonly patterns: readonly string[];
  readonly changed: readonly string[];
  readonly runs: boolean;
}

/** Whether GitHub takes `pattern` in `paths` (false: the workflow file is refused). */
export interface SyntaxCase {
  readonly source: CaseSource;
  readonly pattern: string;
  readonly accepted: boolean;
}

const runs = (source: CaseSource, patterns: readonly string[], changed: readonly string[], answer: boolean): MatchCase => ({
  source,
  patterns,
  changed,
  runs: answer,
});

const act = (patterns: readonly string[], changed: readonly string[], answer: boolean): MatchCase =>
  runs('nektos/act', patterns, changed, answer);
const sheet = (patterns: readonly string[], changed: readonly string[], answer: boolean): MatchCase =>
  runs('cheat sheet', patterns, changed, answer);
const reported = (patterns: readonly string[], changed: readonly string[], answer: boolean): MatchCase =>
  runs('reports', patterns, changed, answer);

const ABC = ['path/a', 'path/b', 'path/c'];
const MD_BUT_README = ['*.md', '!README.md'];
const MD_BUT_README_AGAIN = ['*.md', '!README.md', 'README*'];

export const MATCH_CASES: readonly MatchCase[] = [
  act(['*'], ['path/with/slash'], false),
  act(ABC, ['meta', 'path/b', 'otherfile'], true),
  act(ABC, ['path/b'], true),
  act(ABC, ['path/c', 'path/b'], true),
  act(ABC, ['path/c', 'path/b', 'path/a'], true),
  act(ABC, ['path/c', 'path/b', 'path/d', 'path/a'], true),
  act(['\\!file'], ['!file'], true),
  act(['escape\\\\backslash'], ['escape\\backslash'], true),
  act(['.yml'], ['fyml'], false),
  act(['feature/*'], ['feature/my-branch'], true),
  act(['feature/*'], ['feature/your-branch'], true),
  act(['feature/**'], ['feature/beta-a/my-branch'], true),
  act(['feature/**'], ['feature/mona/the/octocat'], true),
  act(['main', 'releases/mona-the-octocat'], ['main'], true),
  act(['main', 'releases/mona-the-octocat'], ['releases/mona-the-octocat'], true),
  act(['*'], ['main'], true),
  act(['*'], ['releases'], true),
  act(['**'], ['all/the/branches'], true),
  act(['**'], ['every/tag'], true),
  act(['*feature'], ['mona-feature'], true),
  act(['*feature'], ['feature'], true),
  act(['*feature'], ['ver-10-feature'], true),
  act(['v2*'], ['v2'], true),
  act(['v2*'], ['v2.0'], true),
  act(['v2*'], ['v2.9'], true),
  act(['v[12].[0-9]+.[0-9]+'], ['v1.10.1'], true),
  act(['v[12].[0-9]+.[0-9]+'], ['v2.0.0'], true),
  act(['*'], ['README.md'], true),
  act(['*'], ['server.rb'], true),
  act(['*.jsx?'], ['page.js'], true),
  act(['*.jsx?'], ['page.jsx'], true),
  act(['**'], ['all/the/files.md'], true),
  act(['*.js'], ['app.js'], true),
  act(['*.js'], ['index.js'], true),
  act(['**.js'], ['index.js'], true),
  act(['**.js'], ['js/index.js'], true),
  act(['**.js'], ['src/js/app.js'], true),
  act(['docs/*'], ['docs/README.md'], true),
  act(['docs/*'], ['docs/file.txt'], true),
  act(['docs/**'], ['docs/README.md'], true),
  act(['docs/**'], ['docs/mona/octocat.txt'], true),
  act(['docs/**/*.md'], ['docs/README.md'], true),
  act(['docs/**/*.md'], ['docs/mona/hello-world.md'], true),
  act(['docs/**/*.md'], ['docs/a/markdown/file.md'], true),
  act(['**/docs/**'], ['docs/hello.md'], true),
  act(['**/docs/**'], ['dir/docs/my-file.txt'], true),
  act(['**/docs/**'], ['space/docs/plan/space.doc'], true),
  act(['**/README.md'], ['README.md'], true),
  act(['**/README.md'], ['js/README.md'], true),
  act(['**/*src/**'], ['a/src/app.js'], true),
  act(['**/*src/**'], ['my-src/code/js/app.js'], true),
  act(['**/*-post.md'], ['my-post.md'], true),
  act(['**/*-post.md'], ['path/their-post.md'], true),
  act(['**/migrate-*.sql'], ['migrate-10909.sql'], true),
  act(['**/migrate-*.sql'], ['db/migrate-v1.0.sql'], true),
  act(['**/migrate-*.sql'], ['db/sept/migrate-v1.sql'], true),
  act(MD_BUT_README, ['hello.md'], true),
  act(MD_BUT_README, ['README.md'], false),
  act(MD_BUT_README, ['docs/hello.md'], false),
  act(MD_BUT_README_AGAIN, ['hello.md'], true),
  act(MD_BUT_README_AGAIN, ['README.md'], true),
  act(MD_BUT_README_AGAIN, ['README.doc'], true),

  // The cheat sheet's examples that the act cases above do not already hold, and what its words exclude.
  sheet(['Octo*'], ['Octocat'], true),
  sheet(['[CB]at'], ['Cat'], true),
  sheet(['[CB]at'], ['Bat'], true),
  sheet(['[CB]at'], ['cat'], false),
  sheet(['[1-2]00'], ['100'], true),
  sheet(['[1-2]00'], ['200'], true),
  sheet(['[1-2]00'], ['300'], false),
  sheet(['[0-9a-z]'], ['7'], true),
  sheet(['[0-9a-z]'], ['q'], true),
  sheet(['[0-9a-z]'], ['Q'], false),
  sheet(['*.jsx?'], ['page.jsxx'], false),
  sheet(['*.js'], ['js/index.js'], false),
  sheet(['docs/*'], ['docs/mona/octocat.txt'], false),
  sheet(['docs/**'], ['mona/docs/octocat.txt'], false),
  sheet(['**/docs/**'], ['docsite/index.md'], false),
  sheet(['**/README.md'], ['js/OTHER.md'], false),
  sheet(['**/migrate-*.sql'], ['db/migrate.sql'], false),
  sheet(['docs'], ['docs/README.md'], false),

  // A pattern must match the whole path from the root: these forms match nothing in GitHub's filters.
  reported(['src/'], ['src/index.ts'], false),
  reported(['src/**/'], ['src/a/index.ts'], false),
  reported(['./src/**'], ['src/index.ts'], false),
  reported(['/src/**'], ['src/index.ts'], false),
  reported(['./foo/bar.txt'], ['foo/bar.txt'], false),
  reported(['**', '!./foo.txt'], ['foo.txt'], true),
  reported(['.'], ['foo.txt'], false),
  reported(['../foo.txt'], ['foo.txt'], false),
];

const ok = (pattern: string): SyntaxCase => ({ source: 'actionlint', pattern, accepted: true });
const refused = (pattern: string): SyntaxCase => ({ source: 'actionlint', pattern, accepted: false });

export const SYNTAX_CASES: readonly SyntaxCase[] = [
  ...[
    'a',
    'abc/def',
    '[ab]',
    '[a-z]',
    '[a-zA-Z_]',
    '[xA-Zy0-9z]',
    '[xy][A-Z][yz][0-9][zx]',
    'xy[A-Z]yz[0-9]zx',
    '*',
    '**',
    '*/*',
    '*/**',
    'a?',
    'a+',
    '\\+',
    '\\\\',
    '\\!',
    'foo\\!bar',
    '\\++\\\\?',
    '[a-z]+',
    '[a-z]?',
    '*.*.*-**',
    '!a',
    'a!',
    'a!+',
    'a!?',
    '!*',
    'feature/*',
    'feature/**',
    'main',
    'releases/mona-the-octcat',
    '*feature',
    'v2*',
    'v[12].[0-9]+.[0-9]+',
    '.foo.txt',
    '..foo.txt',
    '/foo',
    '/foo/',
    '/foo/bar',
    '\\[\\?\\*\\+\\\\',
    'foo bar',
    '~/foo',
    'foo:bar',
    'foo^bar',
    '*.jsx?',
    '*.js',
    '**.js',
    'docs/*',
    'docs/**',
    'docs/**/*.md',
    '**/docs/**',
    '**/README.md',
    '**/*src/**',
    '*/*-post.md',
    '**/migrate-*.sql',
    '!README.md',
    'foo\\bar',
  ].map(ok),
  // actionlint flags these because they match nothing; GitHub takes them (and matches nothing).
  ...['.', '..', '!.', './foo.txt', '../foo.txt', '!./foo.txt'].map((pattern): SyntaxCase => ({
    source: 'reports',
    pattern,
    accepted: true,
  })),
  ...['!', '?', '*?', 'a??', '+', '*+', 'a++', '[]', '[', '[a', '[a-c', '[a-]', '[a-', '[b-a]', '!?', '!+'].map(refused),
];
