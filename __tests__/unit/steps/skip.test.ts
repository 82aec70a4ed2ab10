/**
 * A run the plan skipped (src/steps/skip.ts): a bare command is answered in the thread first, a
 * skipped change run's commit gets its `docs-agent` status, then one log line, one summary line and
 * `skipped=true`. Without GitHub opened (a skip before anything was read) only the last three.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { scriptedGitHub, usable, type GitHubCall } from '../../helpers/scripted-github.js';
import { BOT } from '../../helpers/thread-github.js';

const core = mockCore();
const { endSkipped } = await import('../../../src/steps/skip.js');
const { readSettings } = await import('../../../src/settings.js');
const { runEventOf } = await import('../../../src/event/run-event.js');
const { commentMarker } = await import('../../../src/comment/body.js');

const agent = useMockAgent();
const SHA = 'c'.repeat(40);

function settings(inputs: Record<string, string> = {}) {
  core.inputs = { 'api-key': 'mint_0123456789abcdef', 'project-id': 'proj_1', 'github-token': 'ghs_x0123456789abcdef', ...inputs };
  return readSettings();
}

const commentEvent = runEventOf(
  { GITHUB_EVENT_NAME: 'issue_comment', GITHUB_REPOSITORY: 'acme/docs', GITHUB_RUN_ID: '77', GITHUB_SERVER_URL: 'https://github.com' },
  { action: 'created', issue: { number: 7, title: 'Widgets', body: '' }, comment: { id: 11, body: '/docs-agent' } },
);
const tracking = {
  jobId: 'job_1',
  comment: {
    id: 40,
    body: `${commentMarker('job_1')}\nrunning`,
    htmlUrl: 'https://github.com/acme/docs/issues/7#issuecomment-40',
    author: BOT,
  },
};

/** Every write accepted: the updated comment as sent, a status created. */
function accepting(call: GitHubCall) {
  if (call.method === 'PATCH') {
    const { body } = JSON.parse(call.body) as { body: string };
    return { status: 200, json: { id: 40, body, html_url: tracking.comment.htmlUrl, user: { login: BOT } } };
  }
  return { status: 201, json: { id: 1 } };
}

const paths = (calls: readonly GitHubCall[]) =>
  calls.map((call) => `${call.method} ${new URL(call.url).pathname.replace('/api/v3/repos/acme/docs', '')}`);

describe('endSkipped', () => {
  test('before GitHub was opened: one log line, one summary line, skipped=true', async () => {
    await endSkipped(settings(), { kind: 'skip', reason: 'the comment does not start with the command' });
    expect(core.messages('info')).toEqual(['Skipped: the comment does not start with the command']);
    expect(core.outputs.get('skipped')).toBe('true');
    expect(core.summaryText).toContain('Skipped: the comment does not start with the command');
  });

  test('a bare command with comment: true: the note in the tracking comment, then the skip', async () => {
    const github = await scriptedGitHub(agent(), accepting);
    const context = { event: commentEvent, github: usable(github.client, { owner: 'acme', repo: 'docs' }) };
    await endSkipped(settings({ comment: 'true' }), { kind: 'skip', reason: 'a bare command', reply: { tracking } }, context);
    expect(paths(github.calls)).toEqual(['PATCH /issues/comments/40']);
    expect(core.messages('info')).toEqual([
      'Answered the bare command in the comment https://github.com/acme/docs/issues/7#issuecomment-40',
      'Skipped: a bare command',
    ]);
  });

  test("a change run skipped by a marker: its commit's status says so, under the run's context", async () => {
    const github = await scriptedGitHub(agent(), accepting);
    const context = { event: commentEvent, github: usable(github.client, { owner: 'acme', repo: 'docs' }) };
    await endSkipped(
      settings(),
      { kind: 'skip', reason: "the title says '[skip docs]'.", skipStatus: { sha: SHA, reason: 'marker' } },
      context,
    );
    expect(paths(github.calls)).toEqual([`POST /statuses/${SHA}`]);
    expect(JSON.parse(github.calls[0]?.body ?? '{}')).toMatchObject({ state: 'success', context: 'docs-agent' });
    expect(core.outputs.get('skipped')).toBe('true');
  });
});
