// ts-jest in ESM mode (type-checks with tsconfig.check.json, which covers tests, emulator and scripts): the package is "type": "module" and tests use jest.unstable_mockModule.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    // Sources import './x.js' (NodeNext style); map back to the .ts file for jest.
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.check.json' }],
  },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  testTimeout: 30000,
};
