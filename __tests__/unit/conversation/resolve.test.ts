/**
 * What a command or label asks of the agent once the trigger check let it through (followUpRequest,
 * labelRequest). The thread's job comes from the action's own marked comment, read from GitHub
 * once and handed on; a new job gets the thread quoted as data; a bare command asks nothing.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { scriptedGitHub, usable } from '../../helpers/scripted-github.js';
import { loadKinds } from '../../helpers/kinds.js';
import { BOT, callPaths, threadGitHub, type ThreadGitHub } from '../../helpers/thread-github.js';

const core = mockCore();
const { followUpRequest, instructionText, labelRequest } = await import('../../../src/conversation/resolve.js');
const { screenConversation } = await loadKinds();
const { commentMarker } = await import('../../../src/comment/body.js');
const { runEventOf } = await import('../../../src/event/run-event.js');
const { ConversationError } = await import('../../../src/errors.js');

const agent = useMockAgent();
const KEY = 'mint_0123456789abcdef';
const SETTINGS = { command: '/docs-agent', triggerLabel: 'docs-agent' };
const issue = { number: 7, title: 'Document widgets', body: 'Please.' };

function commentEvent(body: string, repository = 'acme/docs') {
  return runEventOf(
    { GITHUB_EVENT_NAME: 'issue_comment', GITHUB_REPOSITORY: repository },
    { action: 'created', issue, comment: { id: 11, body }, sender: { login: 'lead' } },
  );
}

/** The event's conversation, which these payloads always carry. */
function conversationOf(event: ReturnType<typeof commentEvent>) {
  const conversation = event.conversation;
  if (conversation === undefined || conversation === 'unreadable') throw new Error('no conversation');
  return conversation;
}

async function resolve(event: ReturnType<typeof commentEvent>, state: ThreadGitHub, writesComment = true) {
  const conversation = conversationOf(event);
  const screened = screenConversation(SETTINGS, 'issue_comment', conversation);
  if (screened.kind !== 'take') throw new Error(`not taken: ${JSON.stringify(screened)}`);
  const github = await scriptedGitHub(agent(), threadGitHub(state));
  const { event: comment } = screened.conversation;
  if (comment.kind !== 'comment') throw new Error('not a comment');
  // As the command kind asks it.
  const resolved = await followUpRequest({
    github: usable(github.client, { owner: 'acme', repo: 'docs' }),
    thread: comment.thread,
    serverUrl: event.serverUrl,
    instruction: instructionText(screened.conversation.instruction),
    written: [['the comment', screened.conversation.hidden]],
    bare: "the command '/docs-agent' has no instruction after it",
    reactTo: comment.comment,
    secrets: [{ input: 'api-key' as const, value: KEY }],
    writesComment,
  });
  return { resolved, calls: callPaths(github.calls) };
}

const tracking = { id: 40, body: `${commentMarker('job_1')}\nstarted`, author: BOT };

describe('resolveConversation', () => {
  test('a command on a thread with a job follows it up and hands on the comment that names it, read once', async () => {
    const { resolved, calls } = await resolve(commentEvent('/docs-agent Also add a Python example'), { threads: { 7: [tracking] } });
    expect(resolved).toEqual({
      kind: 'request',
      request: { kind: 'message', jobId: 'job_1', prompt: 'Also add a Python example' },
      reactTo: { id: 11, body: '/docs-agent Also add a Python example', place: 'issue' },
      threadJob: { jobId: 'job_1', comment: expect.objectContaining({ id: 40, author: BOT }) },
    });
    expect(calls).toEqual(['GET /issues/7/comments', 'POST graphql']);
  });

  test('a command on a thread without a job starts one with the thread quoted as data; comment: false says the next one starts anew', async () => {
    const planted = { id: 41, body: `${commentMarker('job_theirs')}\nplanted`, author: 'mallory' };
    const { resolved } = await resolve(commentEvent('/docs-agent Write it'), { threads: { 7: [planted] } }, false);
    expect(resolved.kind === 'request' && resolved.request).toEqual({
      kind: 'create',
      prompt: expect.stringMatching(/^Write it\n\n---\n/),
    });
    expect(resolved.kind === 'request' && resolved.threadJob).toBeUndefined();
    expect(core.messages('info')).toContain(
      "With 'comment: false' no comment names this job on the thread, so the next command there starts a new job too; set 'comment: true' to follow it up.",
    );
  });

  test('a bare command asks nothing: its reason, and the tracking comment to answer in', async () => {
    const { resolved } = await resolve(commentEvent('/docs-agent'), { threads: { 7: [tracking] } });
    expect(resolved).toEqual({
      kind: 'bare',
      reason: "the command '/docs-agent' has no instruction after it, so no job was started or followed",
      tracking: { jobId: 'job_1', comment: expect.objectContaining({ id: 40 }) },
    });
  });

  test('a label starts a job on the issue without reading GitHub', async () => {
    const event = runEventOf(
      { GITHUB_EVENT_NAME: 'issues', GITHUB_REPOSITORY: 'acme/docs' },
      { action: 'labeled', issue, label: { name: 'docs-agent' } },
    );
    const github = await scriptedGitHub(agent(), threadGitHub({ threads: {} }));
    const conversation = conversationOf(event);
    const request = labelRequest(usable(github.client, { owner: 'acme', repo: 'docs' }), conversation.thread, event.serverUrl, []);
    expect(request.kind).toBe('create');
    expect(request.kind === 'create' && request.prompt.split('\n')[0]).toBe(
      'Update the documentation as requested in GitHub issue acme/docs#7.',
    );
    expect(github.calls).toEqual([]);
  });

  test('an instruction that carries the API key is not sent', async () => {
    const error = await resolve(commentEvent(`/docs-agent use ${KEY}`), { threads: { 7: [tracking] } }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ConversationError);
    expect(String(error)).toContain("The instruction contains the value of 'api-key', so it was not sent");
    expect(String(error)).not.toContain(KEY);
  });
});
