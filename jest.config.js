// ts-jest in ESM mode (type-checks with tsconfig.check.json, which covers tests, emulator and scripts): the package is "type": "module" and tests use jest.unstable_mockModule.
// Two projects: `bundle` holds the tests that run dist/index.js, and its global setup refuses a
// bundle older than src/. Jest runs a project's global setup only when one of its tests is selected,
// so unit tests run without a fresh build.

/** @type {import('jest').Config} */
const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    // Sources import './x.js' (NodeNext style); map back to the .ts file for jest.
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.check.json' }],
  },
};

/** @type {import('jest').Config} */
export default {
  testTimeout: 30000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/__tests__/unit/**/*.test.ts', '<rootDir>/__tests__/emulator/**/*.test.ts'] },
    {
      ...common,
      displayName: 'bundle',
      testMatch: ['<rootDir>/__tests__/e2e/**/*.test.ts', '<rootDir>/__tests__/contract/**/*.test.ts'],
      globalSetup: '<rootDir>/__tests__/helpers/fresh-bundle.js',
    },
  ],
};
