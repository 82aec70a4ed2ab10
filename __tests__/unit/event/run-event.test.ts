/**
 * The run's event, read once from the runner's variables and the payload: the issue or pull
 * request, the head SHA, the comment or review, the change and the default branch; every field checked.
 */
import { describe, expect, test } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRunEvent, runEventOf, workflowFileOf, workflowPathOf } from '../../../src/event/run-event.js';

/** The issue or pull request the run's event names, as number and kind. */
function commentTargetOf(name: string | undefined, payload: unknown) {
  const thread = runEventOf(name === undefined ? {} : { GITHUB_EVENT_NAME: name }, payload).thread;
  return thread && { number: thread.number, kind: thread.kind };
}

describe('which issue or pull request a run is about', () => {
  test('issues events name the issue', () => {
    expect(commentTargetOf('issues', { action: 'labeled', issue: { number: 7, title: 't' }, label: { name: 'docs-agent' } })).toEqual({
      number: 7,
      kind: 'issue',
    });
  });

  test('issue_comment on an issue and on a pull request', () => {
    expect(
      commentTargetOf('issue_comment', { action: 'created', issue: { number: 8 }, comment: { id: 1, body: '/docs-agent more' } }),
    ).toEqual({ number: 8, kind: 'issue' });
    expect(
      commentTargetOf('issue_comment', { issue: { number: 9, pull_request: { url: 'https://api.github.com/repos/a/b/pulls/9' } } }),
    ).toEqual({ number: 9, kind: 'pull-request' });
  });

  test('pull_request and pull_request_target name the pull request', () => {
    expect(commentTargetOf('pull_request', { action: 'opened', number: 12, pull_request: { number: 12 } })).toEqual({
      number: 12,
      kind: 'pull-request',
    });
    expect(commentTargetOf('pull_request_target', { number: 13, pull_request: {} })).toEqual({ number: 13, kind: 'pull-request' });
  });

  test.each([
    ['workflow_dispatch', { inputs: {} }],
    ['schedule', { schedule: '0 3 * * *' }],
    ['release', { action: 'published', release: { tag_name: 'v1' } }],
    ['push', { issue: { number: 1 } }],
    [undefined, { issue: { number: 1 } }],
  ])('%s is not an issue event', (eventName, payload) => {
    expect(commentTargetOf(eventName, payload)).toBeUndefined();
  });

  test.each([
    ['no issue', {}],
    ['number as text', { issue: { number: '7' } }],
    ['zero', { issue: { number: 0 } }],
    ['fraction', { issue: { number: 1.5 } }],
    ['issue is an array', { issue: [7] }],
  ])('a malformed issues payload (%s) gives no target', (_name, payload) => {
    expect(commentTargetOf('issues', payload)).toBeUndefined();
  });

  test('payload that is not an object', () => {
    expect(commentTargetOf('issues', null)).toBeUndefined();
    expect(commentTargetOf('pull_request', 'x')).toBeUndefined();
  });
});

describe('the rest of the event, read once', () => {
  test('the thread keeps its title and description; the conversation its comment on that thread', () => {
    const event = runEventOf(
      { GITHUB_EVENT_NAME: 'issue_comment', GITHUB_REPOSITORY: 'acme/docs' },
      {
        action: 'created',
        issue: { number: 7, title: 'T', body: null },
        comment: { id: 11, body: '/docs-agent go' },
        sender: { login: 'lead' },
      },
    );
    expect(event.thread).toEqual({ number: 7, kind: 'issue', title: 'T', body: '' });
    expect(event.conversation).toEqual({
      kind: 'comment',
      action: 'created',
      thread: event.thread,
      comment: { id: 11, body: '/docs-agent go', place: 'issue' },
    });
    expect(event.sender).toEqual({ login: 'lead', isBot: false });
    expect(event.repository).toEqual({ owner: 'acme', repo: 'docs' });
    expect(event.change).toBeUndefined();
  });

  test('a conversation event without its comment is unreadable; other events have no conversation', () => {
    expect(runEventOf({ GITHUB_EVENT_NAME: 'issue_comment' }, { issue: { number: 7 } }).conversation).toBe('unreadable');
    expect(runEventOf({ GITHUB_EVENT_NAME: 'pull_request_review' }, { review: { id: 1, state: 'approved' } }).conversation).toBe(
      'unreadable',
    );
    expect(runEventOf({ GITHUB_EVENT_NAME: 'pull_request' }, { number: 3 }).conversation).toBeUndefined();
  });

  test('a push: its change, the default branch, and GITHUB_SHA only when it is a full SHA', () => {
    const sha = 'a'.repeat(40);
    const payload = { ref: 'refs/heads/main', before: 'b'.repeat(40), after: sha, repository: { default_branch: 'main' } };
    const event = runEventOf({ GITHUB_EVENT_NAME: 'push', GITHUB_SHA: sha }, payload);
    expect(event.change).toMatchObject({ kind: 'push', ref: 'main', refKind: 'branch', before: 'b'.repeat(40), after: sha });
    expect(event.defaultBranch).toBe('main');
    expect(event.headSha).toBe(sha);
    expect(runEventOf({ GITHUB_EVENT_NAME: 'push', GITHUB_SHA: 'main' }, payload).headSha).toBeUndefined();
  });

  test('the payload file is read once by readRunEvent; a missing or broken file reads as an empty payload', () => {
    const dir = mkdtempSync(join(tmpdir(), 'run-event-'));
    const path = join(dir, 'event.json');
    writeFileSync(path, JSON.stringify({ pull_request: { number: 5, title: 'Docs' } }));
    const env = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: path };
    expect(readRunEvent(env).thread).toEqual({ number: 5, kind: 'pull-request', title: 'Docs', body: '' });
    writeFileSync(path, '{not json');
    expect(readRunEvent(env)).toMatchObject({ thread: undefined, change: { kind: 'pull', title: '' } });
    expect(readRunEvent({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: join(dir, 'missing.json') }).thread).toBeUndefined();
  });
});

describe("the workflow's file and the run's attempt", () => {
  const REF = 'acme/code/.github/workflows/docs.yml@refs/heads/main';
  const eventWith = (env: Record<string, string>) => runEventOf({ GITHUB_REPOSITORY: 'acme/code', ...env }, {});

  test.each([
    [REF, 'docs.yml'],
    ['ACME/Code/.github/workflows/docs-agent.yaml@refs/tags/v1.2', 'docs-agent.yaml'],
    ['acme/code/.github/workflows/my_flow.v2.yml@refs/pull/5/merge', 'my_flow.v2.yml'],
  ])('GITHUB_WORKFLOW_REF %s names the workflow file %s', (ref, file) => {
    expect(eventWith({ GITHUB_WORKFLOW_REF: ref }).workflowFile).toBe(file);
    expect(workflowFileOf(ref, 'acme/code')).toBe(file);
  });

  test.each([
    ['missing', undefined],
    ['empty', ''],
    ['another repository (a workflow called from elsewhere)', 'other/code/.github/workflows/docs.yml@refs/heads/main'],
    ['a file in a subfolder', 'acme/code/.github/workflows/sub/docs.yml@refs/heads/main'],
    ['a path that climbs out', 'acme/code/.github/workflows/../docs.yml@refs/heads/main'],
    ['not a workflow file', 'acme/code/.github/workflows/docs.json@refs/heads/main'],
    ['a file named only by its extension', 'acme/code/.github/workflows/.yml@refs/heads/main'],
    ['an encoded character', 'acme/code/.github/workflows/docs%2Fx.yml@refs/heads/main'],
    ['no ref', 'acme/code/.github/workflows/docs.yml'],
    ['a ref that is no ref', 'acme/code/.github/workflows/docs.yml@main'],
    ['a line break in the ref', 'acme/code/.github/workflows/docs.yml@refs/heads/main\nx'],
    ['a dynamic workflow', 'acme/code/dynamic/github-code-scanning/codeql@refs/heads/main'],
    ['outside the workflows folder', 'acme/code/docs.yml@refs/heads/main'],
  ])('GITHUB_WORKFLOW_REF %s: no workflow file', (_name, ref) => {
    expect(eventWith(ref === undefined ? {} : { GITHUB_WORKFLOW_REF: ref }).workflowFile).toBeUndefined();
  });

  test.each([
    [REF, '.github/workflows/docs.yml'],
    ['acme/code/.github/workflows/sub/docs.yaml@refs/tags/v1', '.github/workflows/sub/docs.yaml'],
    ['other/code/.github/workflows/docs.yml@refs/heads/main', '.github/workflows/docs.yml'],
    ['acme/code/.github/workflows/docs.yml@refs/heads/feat@2', '.github/workflows/docs.yml'],
  ])("GITHUB_WORKFLOW_REF %s: the workflow's path, which the stream's records name, is %s", (ref, path) => {
    expect(workflowPathOf(ref)).toBe(path);
    expect(eventWith({ GITHUB_WORKFLOW_REF: ref }).workflowPath).toBe(path);
  });

  test.each([
    undefined,
    '',
    'acme/code/.github/workflows/docs.yml',
    'acme/code/dynamic/github-code-scanning/codeql@refs/heads/main',
    'docs.yml@refs/heads/main',
  ])('GITHUB_WORKFLOW_REF %s: no workflow path', (ref) => {
    expect(workflowPathOf(ref)).toBeUndefined();
  });

  test("without GITHUB_REPOSITORY the file cannot be checked as this repository's: none", () => {
    expect(runEventOf({ GITHUB_WORKFLOW_REF: REF }, {}).workflowFile).toBeUndefined();
  });

  test.each([
    ['1', 1],
    ['3', 3],
    ['0', undefined],
    ['-1', undefined],
    ['2.5', undefined],
    ['two', undefined],
    ['', undefined],
  ])('GITHUB_RUN_ATTEMPT %p is the attempt %p', (text, attempt) => {
    expect(eventWith({ GITHUB_RUN_ATTEMPT: text }).runAttempt).toBe(attempt);
  });
});

describe("a pull request's draft state, its head's repository and the workspace", () => {
  const pullOf = (pull: Record<string, unknown>) => {
    const change = runEventOf(
      { GITHUB_EVENT_NAME: 'pull_request' },
      { action: 'opened', number: 7, pull_request: { number: 7, ...pull } },
    ).change;
    return change?.kind === 'pull' ? change : undefined;
  };
  const side = (fullName: string | null) => ({ ref: 'main', repo: fullName === null ? null : { full_name: fullName } });

  test('a draft is read; a head in another repository, or in a deleted one, is a fork', () => {
    expect(pullOf({ draft: true })?.draft).toBe(true);
    expect(pullOf({ draft: false })).not.toHaveProperty('draft');
    expect(pullOf({ head: side('stranger/widgets'), base: side('acme/widgets') })?.fromFork).toBe(true);
    expect(pullOf({ head: side(null), base: side('acme/widgets') })?.fromFork).toBe(true);
    expect(pullOf({ head: side('Acme/Widgets'), base: side('acme/widgets') })).not.toHaveProperty('fromFork');
    expect(pullOf({ head: { ref: 'x' }, base: side('acme/widgets') })).not.toHaveProperty('fromFork');
  });

  test("the base's commit only when it is a full SHA (the docs check links the docs as they were there)", () => {
    const sha = 'c'.repeat(40);
    expect(pullOf({ base: { ref: 'main', sha } })?.baseSha).toBe(sha);
    expect(pullOf({ base: { ref: 'main', sha: 'main' } })).not.toHaveProperty('baseSha');
    expect(pullOf({ base: { ref: 'main', sha: `${sha}/../x` } })).not.toHaveProperty('baseSha');
    expect(pullOf({})).not.toHaveProperty('baseSha');
  });

  test('GITHUB_WORKSPACE when the runner sets it', () => {
    expect(runEventOf({ GITHUB_WORKSPACE: '/runner/work/widgets' }, {}).workspace).toBe('/runner/work/widgets');
    expect(runEventOf({}, {})).not.toHaveProperty('workspace');
  });
});
