/**
 * The inputs of the docs health report: analytics-reports, analytics-max-requests,
 * analytics-in-prompt and report-issue, each checked before any request, with one error naming the
 * input and the form it accepts.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import { thrownBy } from '../../helpers/thrown.js';

const core = mockCore();
const { readSettings } = await import('../../../src/settings.js');
const { MAX_PROMPT_BYTES } = await import('../../../src/job/settings.js');
const { MAX_EVIDENCE_BYTES, EVIDENCE_SEPARATOR } = await import('../../../src/evidence/limits.js');
const { InputError } = await import('../../../src/errors.js');

const KEY = 'mint_0123456789abcdef';
const TOKEN = 'ghs_reportToken0123456789';

function read(extra: Record<string, string>) {
  core.inputs = { 'api-key': KEY, 'project-id': 'proj_1', analytics: 'true', ...extra };
  return readSettings({ now: () => Date.UTC(2026, 10, 22) });
}

function inputError(extra: Record<string, string>): InstanceType<typeof InputError> {
  return thrownBy(InputError, () => read(extra), JSON.stringify(extra));
}

describe('analytics-reports', () => {
  test('defaults to the visitors report alone, with a budget of 100 requests', () => {
    expect(read({})).toMatchObject({ analytics: { reports: new Set(['visitors']), maxRequests: 100 }, analyticsInPrompt: false });
  });

  test("a comma list in any order and case, or 'all', gives the reports in their fixed order", () => {
    expect([...(read({ 'analytics-reports': ' Feedback,views , feedback' }).analytics?.reports ?? [])]).toEqual(['views', 'feedback']);
    expect([...(read({ 'analytics-reports': 'ALL' }).analytics?.reports ?? [])]).toEqual([
      'visitors',
      'views',
      'searches',
      'feedback',
      'assistant',
    ]);
  });

  test.each([
    ['pageviews', "'pageviews' is not a report"],
    ['all, views', "'all' can be combined with 'impact' only"],
    [' , ', 'is empty'],
  ])('%j is rejected: %s', (value, reason) => {
    const error = inputError({ 'analytics-reports': value });
    expect(error.input).toBe('analytics-reports');
    expect(error.message).toContain(reason);
    expect(error.message).toContain("use a comma list of visitors, views, searches, feedback, assistant, impact, or 'all'");
  });

  test('compare needs the visitors report', () => {
    const error = inputError({ 'analytics-reports': 'searches', 'analytics-compare': 'true', 'analytics-days': '7' });
    expect(error.input).toBe('analytics-compare');
  });

  test('a CSV export is for the visitors report alone; more reports export one JSON document', () => {
    expect(read({ 'analytics-file': 'v.csv' }).analytics?.file).toEqual({ path: 'v.csv', format: 'csv' });
    expect(read({ 'analytics-reports': 'all', 'analytics-file': 'health.json' }).analytics?.file).toEqual({
      path: 'health.json',
      format: 'json',
    });
    const error = inputError({ 'analytics-reports': 'visitors,views', 'analytics-file': 'v.csv' });
    expect([error.input, error.message]).toEqual(['analytics-file', expect.stringContaining('one JSON document with one key per report')]);
  });
});

describe('analytics-max-requests', () => {
  test('a whole number from 1 to 2000', () => {
    expect(read({ 'analytics-max-requests': '2000' }).analytics?.maxRequests).toBe(2000);
    for (const value of ['0', '2001', '1.5', 'many'])
      expect(inputError({ 'analytics-max-requests': value }).input).toBe('analytics-max-requests');
  });

  test('at least the first request of every part of the chosen reports', () => {
    expect(read({ 'analytics-reports': 'all', 'analytics-max-requests': '6' }).analytics?.maxRequests).toBe(6);
    const error = inputError({
      'analytics-reports': 'all',
      'analytics-max-requests': '6',
      'analytics-compare': 'true',
      'analytics-days': '7',
    });
    expect(error.message).toBe(
      "Input 'analytics-max-requests': must be at least 7 for the reports chosen (one first request each: visitors, visitors-previous, views, searches, feedback-by-page, feedback-list, assistant), got '6'.",
    );
  });
});

describe('analytics-in-prompt', () => {
  test('with a prompt or a follow-up', () => {
    expect(read({ prompt: 'Improve the pages readers rated down', 'analytics-in-prompt': 'true' }).analyticsInPrompt).toBe(true);
    expect(read({ prompt: 'Again', 'job-id': 'job_1', 'analytics-in-prompt': 'true' }).analyticsInPrompt).toBe(true);
  });

  test('the prompt leaves room for the evidence within the prompt limit', () => {
    const room = MAX_PROMPT_BYTES - MAX_EVIDENCE_BYTES - Buffer.byteLength(EVIDENCE_SEPARATOR);
    expect(read({ prompt: 'x'.repeat(room), 'analytics-in-prompt': 'true' }).analyticsInPrompt).toBe(true);
    const error = inputError({ prompt: 'x'.repeat(room + 1), 'analytics-in-prompt': 'true' });
    expect([error.input, error.message]).toEqual([
      'analytics-in-prompt',
      `Input 'analytics-in-prompt': the prompt is ${room + 1} bytes; with its evidence (up to 16384 bytes) it must stay within 262144 bytes, so the prompt may be at most ${room} bytes.`,
    ]);
  });

  test('without a prompt, or without analytics, it is an error, not silently ignored', () => {
    expect(inputError({ 'analytics-in-prompt': 'true' }).message).toContain("needs 'prompt' or 'prompt-file'");
    expect(inputError({ 'analytics-in-prompt': 'true', 'job-id': 'job_1' }).input).toBe('analytics-in-prompt');
    expect(inputError({ prompt: 'x', analytics: 'false', 'analytics-in-prompt': 'true' }).message).toContain("needs 'analytics: true'");
  });
});

describe('report-issue', () => {
  test('an issue number and the token, which is masked', () => {
    const settings = read({ 'report-issue': '#42', 'github-token': TOKEN });
    expect(settings.reportIssue).toEqual({ number: 42, token: TOKEN });
    expect(core.secrets).toContain(TOKEN);
  });

  test.each(['0', '-3', 'issue 4', '1.5', '12345678901'])('%j is not an issue number', (value) => {
    expect(inputError({ 'report-issue': value, 'github-token': TOKEN }).message).toContain("must be an issue number such as '42'");
  });

  test('needs a token and analytics', () => {
    expect(inputError({ 'report-issue': '42' }).input).toBe('github-token');
    expect(inputError({ 'report-issue': '42', 'github-token': '${{ github.token }}' }).input).toBe('github-token');
    expect(inputError({ 'report-issue': '42', 'github-token': TOKEN, analytics: 'false', prompt: 'x' }).message).toContain(
      "needs 'analytics: true'",
    );
  });
});

test('analytics-reports and analytics-max-requests without analytics: true warn that nothing is fetched', () => {
  read({ analytics: 'false', prompt: 'x', 'analytics-reports': 'all', 'analytics-max-requests': '50' });
  expect(core.messages('warning')).toEqual([
    "analytics-reports, analytics-max-requests set but 'analytics' is false: no report is fetched.",
  ]);
});
