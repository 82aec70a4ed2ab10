/**
 * dist/licenses.txt lists every production dependency, transitively, with its license text; ncc's
 * own list kept only the last chunk's packages.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { productionPackages, writeLicenses } from '../../../scripts/lib/licenses.js';

let root: string;

function pkg(dir: string, manifest: Record<string, unknown>, licenseText?: string): void {
  mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, dir, 'package.json'), JSON.stringify(manifest));
  if (licenseText !== undefined) writeFileSync(join(root, dir, 'LICENSE.md'), `${licenseText}\n`);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'licenses-'));
  pkg('.', { name: 'app', dependencies: { a: '^1', b: '^1' }, devDependencies: { jest: '^1' } });
  pkg('node_modules/a', { name: 'a', license: 'MIT', dependencies: { c: '^2' }, optionalDependencies: { 'not-here': '^1' } }, 'A text');
  pkg('node_modules/b', { name: 'b', license: 'ISC', dependencies: { c: '^1' } }, 'B text');
  pkg('node_modules/b/node_modules/c', { name: 'c', license: 'MIT' }, 'C text');
  pkg('node_modules/c', { name: 'c', license: 'MIT' }, 'C text');
  pkg('node_modules/jest', { name: 'jest', license: 'MIT' }, 'dev only');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('every production dependency, nested copies too, and no development dependency', () => {
  expect(productionPackages(root).map(({ name, license, text }) => [name, license, text])).toEqual([
    ['a', 'MIT', 'A text'],
    ['b', 'ISC', 'B text'],
    ['c', 'MIT', 'C text'],
    ['c', 'MIT', 'C text'],
  ]);
});

test('the file lists each package once per distinct license', () => {
  const file = join(root, 'licenses.txt');
  writeLicenses(root, file);
  expect(readFileSync(file, 'utf8')).toBe('a\nMIT\nA text\n\nb\nISC\nB text\n\nc\nMIT\nC text\n');
});

test("this project's list holds what the main chunk bundles, which ncc's list lost", () => {
  const names = productionPackages(fileURLToPath(new URL('../../..', import.meta.url))).map(({ name }) => name);
  expect(names).toEqual(expect.arrayContaining(['undici', '@actions/core', '@actions/exec', '@actions/io', 'tunnel']));
});
