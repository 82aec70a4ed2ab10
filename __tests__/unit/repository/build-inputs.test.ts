/**
 * The stale-bundle check: `npm run build` records a hash of the build's inputs in dist/, and the
 * tests that run dist/index.js refuse a bundle whose record does not match the working tree.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordBuildInputs, staleBundleReason } from '../../../scripts/lib/build-inputs.js';
import { assertFreshBundle } from '../../helpers/fresh-bundle.js';

let root: string;

function write(path: string, content: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
}

function manifest(build: string, version = '1.0.0'): string {
  return JSON.stringify({ name: 'x', version, scripts: { build, test: 'jest' } });
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-inputs-'));
  write('src/index.ts', 'export const a = 1;\n');
  write('src/service/http.ts', 'export const b = 2;\n');
  write('package.json', manifest('node scripts/build.js'));
  write('package-lock.json', '{"lockfileVersion": 3}\n');
  write('tsconfig.json', '{}\n');
  write('scripts/build.js', '// build\n');
  mkdirSync(join(root, 'dist'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('a bundle without a record is stale', () => {
  expect(staleBundleReason(root)).toMatch(/build-inputs\.sha256 is missing/);
});

test('a bundle built from the current inputs is fresh', () => {
  recordBuildInputs(root);
  expect(staleBundleReason(root)).toBeUndefined();
});

test.each([
  ['a source file edited', () => write('src/service/http.ts', 'export const b = 3;\n')],
  ['a source file added', () => write('src/service/new.ts', 'export {};\n')],
  [
    'a source file renamed',
    () => {
      rmSync(join(root, 'src/index.ts'));
      write('src/main.ts', 'export const a = 1;\n');
    },
  ],
  ['the lock file changed', () => write('package-lock.json', '{"lockfileVersion": 3, "packages": {}}\n')],
  ['tsconfig.json changed', () => write('tsconfig.json', '{"compilerOptions": {}}\n')],
  ['the build script changed', () => write('scripts/build.js', '// build, minified\n')],
  ['the build command changed', () => write('package.json', manifest('ncc build src/index.ts -m'))],
])('%s: the bundle is stale', (_name, change) => {
  recordBuildInputs(root);
  change();
  expect(staleBundleReason(root)).toMatch(/dist\/ is not the build of the current sources/);
});

test('what the bundle does not depend on leaves it fresh: other package.json fields, files outside src/', () => {
  recordBuildInputs(root);
  write('package.json', manifest('node scripts/build.js', '1.0.1'));
  write('README.md', '# changed\n');
  write('__tests__/unit/x.test.ts', 'test;\n');
  expect(staleBundleReason(root)).toBeUndefined();
});

test('an edit undone makes the bundle fresh again: the record is of content, not of time', () => {
  recordBuildInputs(root);
  write('src/index.ts', 'export const a = 2;\n');
  write('src/index.ts', 'export const a = 1;\n');
  expect(staleBundleReason(root)).toBeUndefined();
});

test('the tests stop with what to do', () => {
  recordBuildInputs(root);
  write('src/index.ts', 'export const a = 2;\n');
  expect(() => assertFreshBundle(root)).toThrow(/dist\/index\.js, but dist\/ is not the build of the current sources.*Run `npm run build`/);
});
