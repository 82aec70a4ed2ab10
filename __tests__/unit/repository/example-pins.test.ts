/**
 * The examples pin each action to the commit the repository's own workflows pin (or, for actions
 * they do not use, .github/pins/action.yml), both of which Dependabot updates; and
 * scripts/sync-example-pins.js copies those pins into the examples and the docs' copies of them.
 */
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { readPins, syncExamplePins } from '../../../scripts/sync-example-pins.js';
import { list, record, usesLines } from '../../helpers/workflow-yaml.js';

const OLD = 'a'.repeat(40);
const NEW = 'b'.repeat(40);
const ARTIFACT = 'c'.repeat(40);

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'pins-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const workflowPinning = (sha: string, version: string) => `jobs:\n  a:\n    steps:\n      - uses: actions/checkout@${sha} # ${version}\n`;
const manifest = `runs:\n  using: composite\n  steps:\n    - uses: actions/upload-artifact@${ARTIFACT} # v7.0.0\n`;
const example = `jobs:\n  a:\n    steps:\n      - uses: actions/checkout@${OLD} # v6.0.0\n      - uses: actions/upload-artifact@${ARTIFACT} # v7.0.0\n`;

function sync(root: string, ...args: string[]) {
  return spawnSync(process.execPath, ['scripts/sync-example-pins.js', '--root', root, ...args], { encoding: 'utf8' });
}

test("every example in this repository pins what the repository's workflows and pins manifest pin", () => {
  expect(syncExamplePins('.', { write: false })).toEqual([]);
  const pins = readPins('.');
  for (const action of ['actions/checkout', 'actions/setup-node', 'actions/upload-artifact']) {
    expect(pins.get(action)?.sha).toMatch(/^[0-9a-f]{40}$/);
  }
});

test('the pins manifest holds only actions the examples use and the workflows do not pin, and Dependabot reads it', () => {
  const manifestPins = usesLines(readFileSync('.github/pins/action.yml', 'utf8')).map((line) => line.ref.split('@')[0] ?? '');
  const pins = readPins('.');
  const usedByExamples = new Set(
    readdirSync('examples').flatMap((name) =>
      usesLines(readFileSync(join('examples', name), 'utf8')).map((line) => line.ref.split('@')[0]),
    ),
  );
  for (const action of manifestPins) {
    expect([action, pins.get(action)?.source, usedByExamples.has(action)]).toEqual([action, '.github/pins/action.yml', true]);
  }
  const updates = list(record(parse(readFileSync('.github/dependabot.yml', 'utf8')), 'dependabot.yml')['updates'], 'updates');
  const actions = updates.map((entry) => record(entry, 'update')).find((entry) => entry['package-ecosystem'] === 'github-actions');
  expect(actions?.['directories']).toEqual(['/', '/.github/pins']);
});

describe('scripts/sync-example-pins.js', () => {
  test('--check reports a drifted pin with the commit it should be, and changes nothing', () => {
    const root = tree({
      '.github/workflows/ci.yml': workflowPinning(NEW, 'v7.0.1'),
      '.github/pins/action.yml': manifest,
      'examples/a.yml': example,
    });
    const result = sync(root, '--check');
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`examples/a.yml:4: actions/checkout ${OLD} # v6.0.0 should be ${NEW} # v7.0.1`);
    expect(readFileSync(join(root, 'examples/a.yml'), 'utf8')).toBe(example);
  });

  test('rewrites the drifted line in the examples and in the docs, keeping everything else', () => {
    const readme = `# Use\n\n\`\`\`yaml\n${example}\`\`\`\n`;
    const root = tree({
      '.github/workflows/ci.yml': workflowPinning(NEW, 'v7.0.1'),
      '.github/pins/action.yml': manifest,
      'examples/a.yml': example,
      'README.md': readme,
      'docs/workflows.md': readme,
    });
    expect(sync(root).status).toBe(0);
    const expected = example.replace(`${OLD} # v6.0.0`, `${NEW} # v7.0.1`);
    expect(readFileSync(join(root, 'examples/a.yml'), 'utf8')).toBe(expected);
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toBe(readme.replace(example, expected));
    expect(readFileSync(join(root, 'docs/workflows.md'), 'utf8')).toBe(readme.replace(example, expected));
    expect(sync(root, '--check').status).toBe(0);
  });

  test('an action that no source pins fails, naming the manifest to add it to', () => {
    const root = tree({ '.github/workflows/ci.yml': workflowPinning(NEW, 'v7.0.1'), 'examples/a.yml': example });
    const result = sync(root, '--check');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('examples/a.yml:5 pins actions/upload-artifact, which neither');
    expect(result.stderr).toContain('add it to .github/pins/action.yml');
  });

  test('two sources that pin one action differently are an error, not a choice', () => {
    const root = tree({
      '.github/workflows/ci.yml': workflowPinning(NEW, 'v7.0.1'),
      '.github/workflows/release.yml': workflowPinning(OLD, 'v6.0.0'),
      'examples/a.yml': example,
    });
    expect(() => readPins(root)).toThrow(/actions\/checkout is pinned twice/);
  });
});
