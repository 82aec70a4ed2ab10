/**
 * The docs check's inputs and its trigger kind's screen: `docs-check` and `docs-path` read and refused
 * before any request, the actions it runs on, a draft, the quiet label and title, and other events.
 */
import { describe, expect, test } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mockCore } from '../../helpers/core-mock.js';
import { runContext } from '../../helpers/run-context.js';
import { thrownBy } from '../../helpers/thrown.js';

const core = mockCore();
const { readSettings } = await import('../../../src/settings.js');
const { readRunEvent } = await import('../../../src/event/run-event.js');
const { screenRun } = await import('../../../src/kinds/screen.js');
const { resolveRun } = await import('../../../src/kinds/resolve.js');
const { docsCheck } = await import('../../../src/kinds/docs-check.js');
const { InputError } = await import('../../../src/errors.js');
const { DocsRepository } = await import('../../../src/github/docs-repository.js');

/** No api-key and no project-id: the check needs neither. */
function settings(inputs: Record<string, string>) {
  core.inputs = { 'docs-check': 'true', ...inputs };
  return readSettings({ now: () => Date.UTC(2026, 10, 24) });
}

const dir = mkdtempSync(join(tmpdir(), 'docs-check-kind-'));
let files = 0;

function eventOf(name: string, payload: unknown) {
  const path = join(dir, `event-${files++}.json`);
  writeFileSync(path, JSON.stringify(payload));
  return readRunEvent({ GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: path, GITHUB_REPOSITORY: 'acme/widgets' });
}

function pullEvent(action: string, pull: Record<string, unknown> = {}, name = 'pull_request') {
  return eventOf(name, { action, number: 7, pull_request: { number: 7, title: 'Drop purge', body: '', labels: [], ...pull } });
}

describe('inputs', () => {
  test('docs-path defaults to docs-root (the docs beside the code); given, it is taken as written', () => {
    expect(settings({}).docsCheck).toEqual({ docsPath: '', fromDocsRoot: true });
    expect(settings({ 'docs-root': 'docs/' }).docsCheck).toEqual({ docsPath: 'docs', fromDocsRoot: true });
    expect(settings({ 'docs-root': 'docs', 'docs-path': './docs-repo/docs/' }).docsCheck).toEqual({
      docsPath: 'docs-repo/docs',
      fromDocsRoot: false,
    });
    expect(settings({ 'docs-check': 'false' }).docsCheck).toBeUndefined();
  });

  test.each(['../docs', '/home/runner/docs', 'docs/../../x', 'C:\\docs', 'a//b'])(
    "docs-path '%s' is refused with the accepted form",
    (path) => {
      const error = thrownBy(InputError, () => settings({ 'docs-path': path }), path);
      expect(error.input).toBe('docs-path');
      expect(error.message).toContain("a folder of the workspace such as 'docs' or 'docs-repo/docs' (relative, no '..')");
    },
  );

  test.each([
    [{ prompt: 'Document it' }, 'prompt'],
    [{ 'job-id': 'job_1' }, 'job-id'],
    [{ 'job-id': 'job_1', prompt: 'More' }, 'job-id'],
  ])('docs-check with %j is one input error naming both', (inputs, other) => {
    const error = thrownBy(InputError, () => settings(inputs), JSON.stringify(inputs));
    expect(error.input).toBe('docs-check');
    expect(error.message).toContain(`cannot be combined with '${other}'`);
  });

  test('docs-check that is not a boolean, and docs-path without docs-check (one warning)', () => {
    expect(thrownBy(InputError, () => settings({ 'docs-check': 'yes' }), 'yes').message).toContain("must be 'true' or 'false'");
    settings({ 'docs-check': 'false', 'docs-path': 'docs', prompt: 'Go' });
    expect(core.messages('warning')).toEqual(["docs-path is set but docs-check is not 'true': no docs check is made."]);
  });
});

describe('screen', () => {
  test.each(['opened', 'synchronize', 'reopened', 'ready_for_review'])("'%s' is taken up by the docs check", (action) => {
    const screened = screenRun(settings({}), pullEvent(action));
    expect(screened).toMatchObject({ kind: 'run', trigger: { kind: docsCheck, subject: { number: 7, action } } });
    expect(screened).not.toHaveProperty('request');
  });

  test('analytics and change-since in the same step do not run on a pull request: one notice says so', () => {
    expect(screenRun(settings({ analytics: 'true', 'change-since': '24h' }), pullEvent('opened'))).toMatchObject({
      trigger: { kind: docsCheck },
    });
    expect(core.messages('notice')).toEqual([
      "'analytics' and 'change-since' do not run in this step: on a pull request it is the docs check's.",
    ]);
    screenRun(settings({}), pullEvent('opened'));
    expect(core.messages('notice')).toHaveLength(1);
  });

  test('pull_request_target too; a closed pull request is left to the merged kind', () => {
    expect(screenRun(settings({}), pullEvent('opened', {}, 'pull_request_target'))).toMatchObject({ trigger: { kind: docsCheck } });
    const closed = screenRun(settings({}), pullEvent('closed', { merged: true }));
    expect(closed).toMatchObject({ kind: 'run' });
    expect(closed.kind === 'run' && closed.trigger?.kind).not.toBe(docsCheck);
  });

  test('a draft waits for ready_for_review; another action is a skip that says which ones count', () => {
    expect(screenRun(settings({}), pullEvent('opened', { draft: true }))).toEqual({
      kind: 'skip',
      heading: 'Docs check',
      reason: "pull request #7 is a draft: the docs check waits for 'ready_for_review'.",
    });
    expect(screenRun(settings({}), pullEvent('ready_for_review', { draft: true }))).toMatchObject({ kind: 'run' });
    expect(screenRun(settings({}), pullEvent('edited'))).toEqual({
      kind: 'skip',
      heading: 'Docs check',
      reason: "the docs check runs on 'opened', 'synchronize', 'reopened', 'ready_for_review'; this 'pull_request' run is for 'edited'.",
    });
  });

  test('the skip-docs label and [skip docs] in the title quiet it', () => {
    expect(screenRun(settings({}), pullEvent('opened', { labels: [{ name: 'Skip-Docs' }] }))).toEqual({
      kind: 'skip',
      heading: 'Docs check',
      reason: "pull request #7 has the label 'skip-docs'. The docs check is quiet.",
    });
    expect(screenRun(settings({}), pullEvent('synchronize', { title: 'Refactor [skip docs]' }))).toMatchObject({ kind: 'skip' });
  });

  test('on another event docs-check is ignored with one notice, and the run is what it would be without it', () => {
    const push = eventOf('push', { ref: 'refs/heads/main', before: 'a'.repeat(40), after: 'b'.repeat(40), commits: [] });
    const withCheck = screenRun(settings({}), push);
    expect(core.messages('notice')).toEqual(["'docs-check' is ignored on 'push': it runs on pull_request and pull_request_target."]);
    core.inputs = {};
    expect(withCheck).toEqual(screenRun(readSettings(), push));
  });

  test('starts no job, so no trigger check: resolving asks nobody and needs no key', async () => {
    const screened = screenRun(settings({}), pullEvent('opened', { user: { login: 'stranger' } }));
    if (screened.kind !== 'run') throw new Error('not taken');
    // A handle that fails the test if anything asks GitHub: the trigger check would.
    const github = { ok: false, reason: 'no-token', detail: "'github-token' is empty" } as const;
    const docs = new DocsRepository({
      workflow: () => github,
      githubToken: undefined,
      docsToken: undefined,
      open: () => ({ detail: 'unused' }),
    });
    let asked = 0;
    const context = runContext({ event: pullEvent('opened'), github, docs });
    const counting = {
      ...context,
      get github() {
        asked++;
        return github;
      },
    };
    expect(docsCheck.checked).toBe(false);
    const plan = await resolveRun(settings({}), screened, counting);
    expect(plan.kind).toBe('own');
    expect(asked).toBe(0);
  });
});
