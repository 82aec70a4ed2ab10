// ESLint with type information (typescript-eslint), over everything tsconfig.check.json type-checks:
// src, tests, the emulator, scripts and benchmarks. Formatting is Prettier's job (eslint-config-prettier
// turns off the rules that would disagree with it).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

const UNDICI_INTERNALS = "undici's internal files may move in any release: import from 'undici' (its entry point) only.";

// The size limits of every file of the action's code (src/), without exceptions. A function of more than 60 lines does
// several things: name them as functions. A line of more than 160 characters is a string or a comment Prettier cannot wrap
// (it wraps code at 140): a message template becomes sentences joined with `+`, or a small message function. Lines with a
// URL get no pass: a long message that links somewhere is what this catches. (max-len is a core rule until ESLint 11;
// @stylistic/max-len takes the same options.)
const MAX_FUNCTION_LINES = ['error', { max: 60 }];
const MAX_LINE_CHARS = ['error', { code: 160, tabWidth: 2 }];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.cache/', 'bench/out/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: './tsconfig.check.json', tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A promise nobody awaits hides its failure; `void` marks the few that are fire-and-forget on purpose.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'always'],
      // tsc (checkJs) already checks every name, in the JavaScript files too, and knows Node's globals.
      'no-undef': 'off',
      // Only undici's entry point is public: its internal files may move in any release, or be closed
      // off by an `exports` map, and a build that reaches into them breaks on a minor upgrade.
      'no-restricted-imports': ['error', { patterns: [{ group: ['undici/lib', 'undici/lib/*'], message: UNDICI_INTERNALS }] }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression[source.value=/^undici\\u002Flib(\\u002F|$)/]', message: UNDICI_INTERNALS },
      ],
    },
  },
  {
    // Only the action's own code is held to "no console": it logs through @actions/core.
    files: ['src/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // The tool configurations themselves are not part of any TypeScript project.
    files: ['eslint.config.js', 'jest.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
  // After eslint-config-prettier, which turns max-len off: Prettier wraps code, the rule catches what it cannot wrap.
  { files: ['src/**/*.ts'], rules: { 'max-lines-per-function': MAX_FUNCTION_LINES, 'max-len': MAX_LINE_CHARS } },
);
