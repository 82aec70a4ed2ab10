/**
 * What a run does, decided before any request: run with the request the inputs make, fail when
 * there is nothing to do, or skip green with one line in the log and the summary.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../helpers/core-mock.js';
import { renderHtml, visibleText } from '../helpers/render-markdown.js';
import { thrownBy } from '../helpers/thrown.js';

const core = mockCore();
const { readSettings } = await import('../../src/settings.js');
const { readRunEvent } = await import('../../src/event/run-event.js');
const { screenRun } = await import('../../src/plan/plan.js');
const { reportSkip, skippedSummary } = await import('../../src/plan/skip.js');
const { InputError } = await import('../../src/errors.js');

const KEY = 'mint_0123456789abcdef';

function settings(inputs: Record<string, string>) {
  core.inputs = { 'api-key': KEY, 'project-id': 'proj_1', ...inputs };
  return readSettings({ now: () => Date.UTC(2026, 10, 24) });
}

const noEvent = readRunEvent({});

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
});
