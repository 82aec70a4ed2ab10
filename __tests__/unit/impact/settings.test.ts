/**
 * The impact inputs (`impact-*`, `docs-root`) and `impact` in analytics-reports: read before any
 * request, each error naming the input and the form it accepts; `all` leaves impact out without a
 * GitHub token and says so; impact inputs without `impact` are one warning.
 */
import { beforeEach, describe, expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import { thrownBy } from '../../helpers/thrown.js';

const core = mockCore();
const { readSettings } = await import('../../../src/settings.js');
const { InputError } = await import('../../../src/errors.js');

const KEY = 'mint_0123456789abcdef';
const TOKEN = 'ghs_impactToken0123456789';

function read(extra: Record<string, string>) {
  core.inputs = { 'api-key': KEY, 'project-id': 'proj_1', analytics: 'true', ...extra };
  return readSettings({ now: () => Date.UTC(2026, 10, 22) });
}

function inputError(extra: Record<string, string>): InstanceType<typeof InputError> {
  return thrownBy(InputError, () => read(extra), JSON.stringify(extra));
}

const lines = (level: string) => core.log.filter((line) => line.level === level).map((line) => line.message);

beforeEach(() => {
  core.log.length = 0;
});

describe('impact in analytics-reports', () => {
  test('with a GitHub token, the defaults: 8 weeks, 28 days, 20 votes, the repository root, no comment', () => {
    const settings = read({ 'analytics-reports': 'impact', 'github-token': TOKEN });
    expect([...(settings.analytics?.reports ?? [])]).toEqual(['impact']);
    expect(settings.analytics?.impact).toEqual({ weeks: 8, windowDays: 28, minVotes: 20, docsRoot: '', comment: false });
  });

  test('every input read: authors as a list, docs-root without slashes', () => {
    const settings = read({
      'analytics-reports': 'feedback, impact',
      'github-token': TOKEN,
      'impact-weeks': '4',
      'impact-window': '14',
      'impact-min-votes': '50',
      'impact-authors': 'mintlify[bot], octocat',
      'docs-root': './docs/',
      'impact-comment': 'true',
    });
    expect(settings.analytics?.impact).toEqual({
      weeks: 4,
      windowDays: 14,
      minVotes: 50,
      authors: ['mintlify[bot]', 'octocat'],
      docsRoot: 'docs',
      comment: true,
    });
  });

  test("'all' means the reports it meant before impact (a v1 workflow keeps its requests); 'all, impact' adds it", () => {
    const all = read({ 'analytics-reports': 'all', 'github-token': TOKEN });
    expect([...(all.analytics?.reports ?? [])]).toEqual(['visitors', 'views', 'searches', 'feedback', 'assistant']);
    expect(all.analytics?.impact).toBeUndefined();
    const withImpact = read({ 'analytics-reports': 'all, impact', 'github-token': TOKEN });
    expect([...(withImpact.analytics?.reports ?? [])]).toEqual(['visitors', 'views', 'searches', 'feedback', 'assistant', 'impact']);
    expect(read({ 'analytics-reports': 'all' }).analytics?.reports.has('impact')).toBe(false);
  });

  test('an impact-min-votes below 10 is raised to 10, with one notice; the workflow keeps running', () => {
    const settings = read({ 'analytics-reports': 'impact', 'github-token': TOKEN, 'impact-min-votes': '1' });
    expect(settings.analytics?.impact?.minVotes).toBe(10);
    expect(lines('notice')).toEqual(['impact-min-votes: 1 is raised to 10: fewer votes in a window cannot support a verdict.']);
    core.log.length = 0;
    expect(read({ 'analytics-reports': 'impact', 'github-token': TOKEN, 'impact-min-votes': '10' }).analytics?.impact?.minVotes).toBe(10);
    expect(lines('notice')).toEqual([]);
  });

  test('impact named without a token is an error naming analytics-reports', () => {
    const error = inputError({ 'analytics-reports': 'impact' });
    expect(error.input).toBe('analytics-reports');
    expect(error.message).toContain("'impact' reads the merged pull requests from GitHub: set github-token");
  });

  test.each([
    ['impact-weeks', '0', 'impact-weeks'],
    ['impact-window', '3', 'impact-window'],
    ['impact-min-votes', 'many', 'impact-min-votes'],
    ['impact-authors', 'not a login!', 'is not a GitHub login'],
    ['docs-root', 'docs/../secrets', "no '..'"],
    ['impact-comment', 'maybe', 'impact-comment'],
  ])('%s %j is rejected before any request', (name, value, text) => {
    const error = inputError({ 'analytics-reports': 'impact', 'github-token': TOKEN, [name]: value });
    expect(error.input).toBe(name);
    expect(error.message).toContain(text);
  });

  test('impact inputs without impact in the reports: one warning naming them, and no impact settings', () => {
    const settings = read({ 'analytics-reports': 'feedback', 'impact-weeks': '4', 'impact-comment': 'true' });
    expect(settings.analytics?.impact).toBeUndefined();
    expect(lines('warning')).toEqual([
      "impact-weeks, impact-comment set but analytics-reports does not include 'impact': no impact report is made.",
    ]);
  });
});
