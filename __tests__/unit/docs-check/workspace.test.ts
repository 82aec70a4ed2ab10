/**
 * Where the docs check finds the docs (src/docs-check/workspace.ts): `docs-path` under the workspace,
 * the pull request's own repository unless another checkout (`.git`) lies on the way down, and a
 * folder that is missing, no docs folder, or a link out of the workspace is a problem.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDocsIndex, locateDocs } from '../../../src/docs-check/workspace.js';

let workspace = '';
let outside = '';

beforeEach(() => {
  workspace = mkdtempSync(join(tmpdir(), 'docs-workspace-'));
  outside = mkdtempSync(join(tmpdir(), 'docs-outside-'));
});
afterEach(() => {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

function docsAt(root: string, folder: string): void {
  mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, folder, 'docs.json'), '{"navigation": []}');
  writeFileSync(join(root, folder, 'intro.mdx'), '# Intro\n\nCall `start()`.\n');
}

describe('locateDocs', () => {
  test('the docs beside the code: their path in the repository is docs-path', () => {
    mkdirSync(join(workspace, '.git'));
    docsAt(workspace, 'docs');
    expect(locateDocs(workspace, 'docs')).toEqual({ folder: join(workspace, 'docs'), prefix: 'docs' });
    expect(locateDocs(workspace, '')).toEqual({ folder: workspace, prefix: '' });
  });

  test('the docs repository checked out into a subfolder: another repository, no prefix', () => {
    mkdirSync(join(workspace, '.git'));
    docsAt(workspace, 'docs-repo/docs');
    mkdirSync(join(workspace, 'docs-repo', '.git'));
    expect(locateDocs(workspace, 'docs-repo/docs')).toEqual({ folder: join(workspace, 'docs-repo', 'docs') });
    expect(locateDocs(workspace, 'docs-repo')).toEqual({ folder: join(workspace, 'docs-repo') });
  });
});

describe('loadDocsIndex', () => {
  test('a docs folder gives its pages', () => {
    docsAt(workspace, 'docs');
    const index = loadDocsIndex(workspace, locateDocs(workspace, 'docs'));
    expect('problem' in index ? index.problem : index.documents.map((document) => document.name)).toEqual(['intro']);
  });

  test('a missing folder, a folder without docs.json, and a link out of the workspace are problems', () => {
    expect(loadDocsIndex(workspace, locateDocs(workspace, 'nowhere'))).toEqual({
      problem: 'is not a folder of the workspace (check it out in an earlier step)',
    });
    mkdirSync(join(workspace, 'src'));
    expect(loadDocsIndex(workspace, locateDocs(workspace, 'src'))).toEqual({
      problem: 'holds no docs.json or mint.json',
    });
    docsAt(outside, 'docs');
    symlinkSync(join(outside, 'docs'), join(workspace, 'linked'));
    expect(loadDocsIndex(workspace, locateDocs(workspace, 'linked'))).toEqual({ problem: 'leads out of the workspace through a link' });
  });
});
