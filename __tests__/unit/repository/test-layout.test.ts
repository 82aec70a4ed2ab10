/**
 * The unit tests mirror src/: each file sits in the folder of the unit it tests (a folder of src/, or
 * a file directly in src/ by its name without `.ts`), or in repository/ (the repository's own
 * tools and rules) or helpers/ (the test helpers). None sits directly in __tests__/unit/.
 */
import { describe, expect, test } from '@jest/globals';
import { readdirSync } from 'node:fs';

const UNIT = '__tests__/unit';

const entries = readdirSync(UNIT, { withFileTypes: true });
const srcEntries = readdirSync('src', { withFileTypes: true });
const units = new Set([
  ...srcEntries.filter((entry) => entry.isDirectory()).map((entry) => entry.name),
  ...srcEntries.filter((entry) => entry.isFile() && entry.name.endsWith('.ts')).map((entry) => entry.name.slice(0, -'.ts'.length)),
]);

describe('__tests__/unit mirrors src/', () => {
  test('no test file directly in __tests__/unit/', () => {
    expect(entries.filter((entry) => !entry.isDirectory()).map((entry) => entry.name)).toEqual([]);
  });

  test("every folder is a unit of src/, 'repository' or 'helpers'", () => {
    const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.filter((name) => !units.has(name) && name !== 'repository' && name !== 'helpers')).toEqual([]);
    expect(folders).toContain('repository');
  });
});
