/**
 * What a run does, decided before any request: run with the request the inputs make, fail when
 * there is nothing to do, or skip green with one line in the log and the summary.
 */
import { describe, expect, test } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mockCore } from '../../helpers/core-mock.js';
import { renderHtml, visibleText } from '../../helpers/render-markdown.js';
import { thrownBy } from '../../helpers/thrown.js';

const core = mockCore();
const { readSettings } = await import('../../../src/settings.js');
const { readRunEvent } = await import('../../../src/event/run-event.js');
const { screenRun } = await import('../../../src/kinds/screen.js');
const { reportSkip, skippedSummary } = await import('../../../src/plan/skip.js');
const { InputError } = await import('../../../src/errors.js');

const KEY = 'mint_0123456789abcdef';

function settings(inputs: Record<string, string>) {
  core.inputs = { 'api-key': KEY, 'project-id': 'proj_1', ...inputs };
  return readSettings({ now: () => Date.UTC(2026, 10, 24) });
}

const noEvent = readRunEvent({});
const dir = mkdtempSync(join(tmpdir(), 'plan-'));
let files = 0;

/** The run's event as the runner gives it: a name and a payload file. */
function eventOf(name: string, payload: unknown) {
  const path = join(dir, `event-${files++}.json`);
  writeFileSync(path, JSON.stringify(payload));
  return readRunEvent({ GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: path, GITHUB_REPOSITORY: 'acme/docs' });
}

const sender = { login: 'lead', type: 'User' };
const commentEvent = (body: string, action = 'created') =>
  eventOf('issue_comment', { action, issue: { number: 7, title: 'T', body: 'B' }, comment: { id: 11, body }, sender });

describe('screenRun', () => {
  test('a prompt makes a create request; a job id a follow-up or a wait; analytics alone no request', () => {
    expect(screenRun(settings({ prompt: 'Document the API' }), noEvent)).toEqual({
      kind: 'run',
      request: { kind: 'create', prompt: 'Document the API' },
    });
    expect(screenRun(settings({ 'job-id': 'job_1' }), noEvent)).toEqual({ kind: 'run', request: { kind: 'wait', jobId: 'job_1' } });
    expect(screenRun(settings({ analytics: 'true' }), noEvent)).toEqual({ kind: 'run' });
  });

  test('no prompt, no job id and no analytics: one input error saying what to set', () => {
    const error = thrownBy(InputError, () => screenRun(settings({}), noEvent), 'no work');
    expect(error.input).toBe('prompt');
    expect(error.message).toContain("nothing to do: set 'prompt' or 'prompt-file' to start a job, 'job-id' to follow one");
  });
});

describe('screenRun on comments, reviews and labels', () => {
  test('without a prompt the comment is read: no command is a skip, before anything else', () => {
    expect(screenRun(settings({}), commentEvent('Thanks!'))).toEqual({
      kind: 'skip',
      reason: "the comment does not start with '/docs-agent' ('issue_comment' created)",
    });
    expect(screenRun(settings({ command: '@docs-bot' }), commentEvent('/docs-agent go'))).toMatchObject({ kind: 'skip' });
  });

  test('a command is taken up: its request is decided after the trigger check', () => {
    const plan = screenRun(settings({}), commentEvent('/docs-agent Also add a Python example'));
    expect(plan).toEqual({
      kind: 'run',
      trigger: expect.objectContaining({ subject: expect.objectContaining({ instruction: 'Also add a Python example' }) }),
    });
  });

  test('job-id alone keeps the run to its inputs, as in v1: a comment, command or not, waits for that job', () => {
    for (const body of ['/docs-agent more', 'Thanks!']) {
      expect(screenRun(settings({ 'job-id': 'job_1' }), commentEvent(body))).toEqual({
        kind: 'run',
        request: { kind: 'wait', jobId: 'job_1' },
      });
    }
  });

  test('an analytics-only run on a comment or review is the report, as in v1: neither skipped nor taken as a command', () => {
    const review = eventOf('pull_request_review', {
      action: 'submitted',
      pull_request: { number: 77 },
      review: { id: 5, state: 'changes_requested', body: '/docs-agent x' },
      sender,
    });
    for (const runEvent of [commentEvent('Thanks!'), commentEvent('/docs-agent Document the API'), review]) {
      expect(screenRun(settings({ analytics: 'true' }), runEvent)).toEqual({ kind: 'run' });
    }
  });

  test('a prompt keeps the run to its inputs, as before: the comment is not read', () => {
    expect(screenRun(settings({ prompt: 'Document the API' }), commentEvent('Thanks!'))).toEqual({
      kind: 'run',
      request: { kind: 'create', prompt: 'Document the API' },
    });
  });

  test('reviews: an approval is a skip; changes requested are taken up', () => {
    const review = (state: string) =>
      eventOf('pull_request_review', { action: 'submitted', pull_request: { number: 77 }, review: { id: 5, state, body: 'x' }, sender });
    expect(screenRun(settings({}), review('approved'))).toMatchObject({ kind: 'skip' });
    expect(screenRun(settings({}), review('changes_requested'))).toMatchObject({
      kind: 'run',
      trigger: { subject: { instruction: 'x' } },
    });
  });

  const issues = (action: string, label = 'docs-agent') =>
    eventOf('issues', { action, issue: { number: 7, title: 'T', body: 'B' }, label: { name: label }, sender });

  test('the trigger label without a prompt starts a job on the issue; with job-id it waits, as it did; other issue events need a prompt', () => {
    expect(screenRun(settings({}), issues('labeled'))).toMatchObject({ kind: 'run', trigger: { subject: { event: { kind: 'issue' } } } });
    expect(screenRun(settings({ 'job-id': 'job_1' }), issues('labeled'))).toEqual({
      kind: 'run',
      request: { kind: 'wait', jobId: 'job_1' },
    });
    expect(thrownBy(InputError, () => screenRun(settings({}), issues('opened')), 'opened').message).toContain('nothing to do');
  });

  test("any other label is skipped green: the issue's text starts no job unless the label is 'trigger-label'", () => {
    expect(screenRun(settings({}), issues('labeled', 'bug'))).toEqual({
      kind: 'skip',
      reason: `the label "bug" is not the 'trigger-label' 'docs-agent' ('issues' labeled)`,
    });
    expect(screenRun(settings({ 'trigger-label': 'write-docs' }), issues('labeled'))).toMatchObject({ kind: 'skip' });
    expect(screenRun(settings({ 'trigger-label': 'write-docs' }), issues('labeled', 'Write-Docs'))).toMatchObject({
      kind: 'run',
      trigger: { subject: { event: { kind: 'issue', label: 'Write-Docs' } } },
    });
  });

  test('an analytics-only run on a labelled issue is the report, as in v1, for any label: no job from the issue', () => {
    for (const label of ['docs-agent', 'bug'])
      expect(screenRun(settings({ analytics: 'true' }), issues('labeled', label))).toEqual({ kind: 'run' });
  });

  test('a prompt on a label keeps the run to its inputs: any label starts the prompt, as in v1', () => {
    expect(screenRun(settings({ prompt: 'Document it' }), issues('labeled', 'bug'))).toEqual({
      kind: 'run',
      request: { kind: 'create', prompt: 'Document it' },
    });
  });

  test("other events without a prompt still have nothing to do; a pull request that is not a merge is the change context's skip", () => {
    expect(thrownBy(InputError, () => screenRun(settings({}), eventOf('workflow_dispatch', {})), 'dispatch').input).toBe('prompt');
    expect(
      thrownBy(InputError, () => screenRun(settings({}), eventOf('discussion', { action: 'created', sender })), 'discussion').input,
    ).toBe('prompt');
    expect(screenRun(settings({}), eventOf('pull_request', { action: 'opened', number: 3, sender }))).toMatchObject({ kind: 'skip' });
  });
});

describe('reportSkip', () => {
  test('one log line, skipped=true, and one summary line saying why', async () => {
    await reportSkip("the pull request was closed without merging ('pull_request' closed)", true);
    expect(core.messages('info')).toEqual(["Skipped: the pull request was closed without merging ('pull_request' closed)"]);
    expect(Object.fromEntries(core.outputs)).toEqual({ skipped: 'true' });
    expect(visibleText(core.summaryText)).toContain("Skipped: the pull request was closed without merging ('pull_request' closed)");
  });

  test('summary: false writes no summary; a summary that cannot be written is a warning', async () => {
    await reportSkip('no change', false);
    expect(core.summaryText).toBe('');
    core.summaryWriteError = new Error('no GITHUB_STEP_SUMMARY');
    await reportSkip('no change', true);
    expect(core.messages('warning')).toEqual(['The job summary could not be written: no GITHUB_STEP_SUMMARY']);
  });

  test('the reason is escaped once for Markdown: it may quote a branch or a label', () => {
    const markdown = skippedSummary('the label <b>skip-docs</b> @team #12 is set');
    expect(visibleText(markdown).replace(/\u2060/g, '')).toContain('Skipped: the label <b>skip-docs</b> @team #12 is set');
    expect(renderHtml(markdown)).not.toMatch(/<b>|href/);
  });

  test("a job's skip is headed as the job's; another heading (the docs check's) replaces it", () => {
    expect(skippedSummary('no change')).toBe('## Mintlify agent job\n\nSkipped: no change\n');
    expect(skippedSummary('a draft', 'Docs check')).toBe('## Docs check\n\nSkipped: a draft\n');
  });
});
