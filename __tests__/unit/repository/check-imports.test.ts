/**
 * scripts/check-imports.js, which `npm run lint` runs: the units of src/ (its folders and root
 * files) import each other without a loop, a planted loop fails naming the import that closes it,
 * and CONTRIBUTING's map is the map of the tree.
 */
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { findCycle, importsOf, mapOf, specifiersOf, unitGraph, unitOf } from '../../../scripts/check-imports.js';

/** A tree of src/ files in a new directory. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-imports-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function check(root: string, ...args: string[]) {
  return spawnSync(process.execPath, ['scripts/check-imports.js', '--root', root, ...args], { encoding: 'utf8' });
}

describe('specifiersOf', () => {
  test('reads static, type-only, re-exported and dynamic imports, and skips comments and packages', () => {
    const text = [
      "import * as core from '@actions/core';",
      "import { a } from './a.js';",
      "import type { B } from '../b/b.js';",
      "export { c } from './c.js';",
      "const d = await import('./d.js');",
      "import './e.js';",
      "// import { x } from './commented.js';",
      "/* import { y } from './block.js'; */",
    ].join('\n');
    expect(specifiersOf(text)).toEqual(['./a.js', '../b/b.js', './c.js', './d.js', './e.js']);
  });
});

test('a unit is a folder under src/ or a file directly in it', () => {
  expect(unitOf('src/analytics/settle.ts')).toBe('analytics/');
  expect(unitOf('src/analytics/deep/file.ts')).toBe('analytics/');
  expect(unitOf('src/main.ts')).toBe('main.ts');
});

test('the units of src/ import each other without a loop', () => {
  expect(findCycle(unitGraph(importsOf('.')))).toBeUndefined();
  const result = check('.');
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(/no cycle/);
});

test('a planted loop between folders fails, naming the import that closes it', () => {
  const root = tree({
    'src/main.ts': "import { settle } from './analytics/settle.js';\nsettle();\n",
    'src/analytics/settle.ts': "import { render } from '../summary/render.js';\nexport const settle = () => render();\n",
    'src/summary/render.ts': "import type { Report } from '../analytics/report.js';\nexport const render = (r?: Report) => r;\n",
    'src/analytics/report.ts': 'export interface Report { readonly n: number }\n',
  });
  const result = check(root);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('import cycle between units of src/: analytics/ → summary/ → analytics/');
  expect(result.stderr).toContain('src/analytics/settle.ts imports src/summary/render.ts');
  expect(result.stderr).toContain('The last import closes the loop: src/summary/render.ts must not import src/analytics/report.ts.');
});

test('a loop through a root file is found too; imports inside one folder are not loops', () => {
  const root = tree({
    'src/action.ts': "import './gate/check.js';\n",
    'src/gate/check.ts': "import '../action.js';\nimport './lookup.js';\n",
    'src/gate/lookup.ts': "import './check.js';\n",
  });
  expect(check(root).stderr).toContain('action.ts → gate/ → action.ts');
  const inside = tree({ 'src/gate/check.ts': "import './lookup.js';\n", 'src/gate/lookup.ts': "import './check.js';\n" });
  expect(check(inside).status).toBe(0);
});

test('the map puts every unit above what it imports', () => {
  const lines = mapOf(unitGraph(importsOf('.')));
  const order = lines.map((line) => line.split(/\s+/)[0] ?? '');
  for (const line of lines) {
    const [unit = '', , ...imports] = line.split(/\s+/);
    for (const imported of imports.filter((name) => name !== '(nothing)')) {
      expect([unit, imported, order.indexOf(unit) < order.indexOf(imported)]).toEqual([unit, imported, true]);
    }
  }
});

test("CONTRIBUTING's map of the layers is the map of the tree", () => {
  const doc = readFileSync('CONTRIBUTING.md', 'utf8');
  const drawn = /<!-- import-map -->\n```text\n([\s\S]*?)```\n<!-- \/import-map -->/.exec(doc)?.[1];
  expect(drawn).toBe(check('.', '--map').stdout);
});
