/**
 * CONTRIBUTING's worked example of a new trigger kind: one module and one place in the list, run
 * through the plan's first stage as the action runs it.
 */
import { describe, expect, test } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mockCore } from '../../helpers/core-mock.js';
import type { TriggerKind } from '../../../src/plan/plan.js';

const core = mockCore();
const { readSettings } = await import('../../../src/settings.js');
const { readRunEvent } = await import('../../../src/event/run-event.js');
const { screenRun } = await import('../../../src/kinds/screen.js');
const { TRIGGER_KINDS } = await import('../../../src/kinds/list.js');

/** The kind as CONTRIBUTING shows it. */
const revert: TriggerKind<never> = {
  screen(_settings, event) {
    const change = event.change;
    if (change?.kind !== 'pull' || !/^Revert "/.test(change.title)) return undefined;
    return { kind: 'skip', reason: `'${change.title}' reverts a change: nothing to document` };
  },
  resolve: () => Promise.reject(new Error('a revert is skipped when screened')),
};

const dir = mkdtempSync(join(tmpdir(), 'kind-'));
function mergedPull(title: string) {
  const path = join(dir, `${title.length}.json`);
  const pull = { number: 9, title, body: '', merged: true, base: { ref: 'main' }, head: { ref: 'x', sha: 'a'.repeat(40) } };
  writeFileSync(path, JSON.stringify({ action: 'closed', number: 9, pull_request: pull, sender: { login: 'lead', type: 'User' } }));
  return readRunEvent({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: path, GITHUB_REPOSITORY: 'acme/widgets' });
}

describe('a new trigger kind: one module, one place in the list', () => {
  core.inputs = { 'api-key': 'mint_0123456789abcdef', 'project-id': 'proj_1' };
  const settings = readSettings({ now: () => Date.UTC(2026, 10, 26) });
  const kinds = [revert, ...TRIGGER_KINDS];

  test('placed before the pull request kinds, it takes a revert and skips it with its reason', () => {
    expect(screenRun(settings, mergedPull('Revert "Add the export"'), kinds)).toEqual({
      kind: 'skip',
      reason: `'Revert "Add the export"' reverts a change: nothing to document`,
    });
  });

  test('any other pull request goes on to the kinds after it, as without it', () => {
    const merged = mergedPull('Add the export');
    const screened = screenRun(settings, merged, kinds);
    expect(screened).toEqual(screenRun(settings, merged));
    expect(screened).toMatchObject({ kind: 'run' });
  });

  test('without it in the list, the revert is documented like any merged pull request', () => {
    expect(screenRun(settings, mergedPull('Revert "Add the export"'))).toMatchObject({ kind: 'run' });
  });
});
