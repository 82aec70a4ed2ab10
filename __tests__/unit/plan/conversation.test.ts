/**
 * What the conversation kinds share (src/plan/conversation.ts): they read the event only in a run
 * the workflow gave nothing else to do, and the conversation is read from the workflow's repository,
 * or the run fails saying why it cannot be.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import { runContext } from '../../helpers/run-context.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { NO_TOKEN, scriptedDocs, scriptedGitHub, usable } from '../../helpers/scripted-github.js';
import type { RepositoryHandle } from '../../../src/github/repository.js';

const core = mockCore();
const { conversationGitHub, readsConversation } = await import('../../../src/plan/conversation.js');
const { readSettings } = await import('../../../src/settings.js');
const { runEventOf } = await import('../../../src/event/run-event.js');
const { ConversationError, InputError } = await import('../../../src/errors.js');

const agent = useMockAgent();

function settings(inputs: Record<string, string>) {
  core.inputs = { 'api-key': 'mint_0123456789abcdef', 'project-id': 'proj_1', ...inputs };
  return readSettings();
}

async function contextWith(github: RepositoryHandle) {
  const scripted = await scriptedGitHub(agent(), () => ({ status: 404, json: {} }));
  const event = runEventOf({ GITHUB_EVENT_NAME: 'issue_comment', GITHUB_REPOSITORY: 'acme/docs' }, {});
  return runContext({ event, github, docs: await scriptedDocs(scripted) });
}

describe('readsConversation', () => {
  test('only without a prompt, a job id and an analytics report', () => {
    expect(readsConversation(settings({}))).toBe(true);
    expect(readsConversation(settings({ prompt: 'Document it' }))).toBe(false);
    expect(readsConversation(settings({ 'job-id': 'job_1' }))).toBe(false);
    expect(readsConversation(settings({ analytics: 'true' }))).toBe(false);
  });
});

describe('conversationGitHub', () => {
  test('the usable handle as it is', async () => {
    const scripted = await scriptedGitHub(agent(), () => ({ status: 404, json: {} }));
    const github = usable(scripted.client, { owner: 'acme', repo: 'docs' });
    expect(conversationGitHub(await contextWith(github))).toBe(github);
  });

  test('no token: an input error naming github-token', async () => {
    const context = await contextWith(NO_TOKEN);
    expect(() => conversationGitHub(context)).toThrow(InputError);
    expect(() => conversationGitHub(context)).toThrow(
      "Input 'github-token': is empty, but the action needs it to read the comment, review or issue that started this run.",
    );
  });

  test('without an owner/repo repository, or a usable API: the conversation cannot be read, saying why', async () => {
    const noRepository: RepositoryHandle = {
      ok: false,
      reason: 'no-repository',
      detail: "GITHUB_REPOSITORY is 'not-a-repository', not 'owner/repo'",
    };
    const context = await contextWith(noRepository);
    expect(() => conversationGitHub(context)).toThrow(ConversationError);
    expect(() => conversationGitHub(context)).toThrow(
      "GITHUB_REPOSITORY is 'not-a-repository', not 'owner/repo', so the conversation cannot be read; nothing was sent to the agent.",
    );
  });
});
