/**
 * Which comments are commands to the agent: the command word first (any case), then a space, a
 * line break or the end. A command shown in code, quoted in a reply or mentioned later is not one;
 * an edited or deleted comment never counts, and a review counts by its state.
 */
import { describe, expect, test } from '@jest/globals';
import { parseCommand } from '../../../src/conversation/command.js';
import type { ConversationEventName } from '../../../src/event/conversation.js';
import { runEventOf } from '../../../src/event/run-event.js';
import type { ConversationSettings } from '../../../src/conversation/settings.js';
import { loadKinds } from '../../helpers/kinds.js';

const { screenConversation: screenReadConversation } = await loadKinds();

const COMMAND = '/docs-agent';
const SETTINGS = { command: COMMAND, triggerLabel: 'docs-agent' };

/** The screen of the conversation the run reads from `payload`, as the plan gives it. */
function screenConversation(settings: ConversationSettings, name: ConversationEventName, payload: unknown) {
  const conversation = runEventOf({ GITHUB_EVENT_NAME: name }, payload).conversation;
  if (conversation === undefined) throw new Error(`'${name}' gave no conversation`);
  return screenReadConversation(settings, name, conversation);
}

describe('parseCommand', () => {
  test.each([
    ['/docs-agent Also add a Python example', 'Also add a Python example'],
    ['/DOCS-AGENT also in upper case', 'also in upper case'],
    ['/Docs-Agent mixed case', 'mixed case'],
    ['/docs-agent\nOn the next line\n\nand a second paragraph', 'On the next line\n\nand a second paragraph'],
    ['/docs-agent\r\nWindows line breaks', 'Windows line breaks'],
    ['/docs-agent\tafter a tab', 'after a tab'],
    ['/docs-agent    many spaces   ', 'many spaces'],
    ['\n\n/docs-agent after blank lines', 'after blank lines'],
    ['   /docs-agent indented by three spaces', 'indented by three spaces'],
  ])('%j is a command', (body, instruction) => {
    expect(parseCommand(body, COMMAND)).toEqual({ kind: 'command', instruction });
  });

  test.each(['/docs-agent', '/docs-agent   ', '/docs-agent\n\n', '  /DOCS-AGENT \n'])('%j is a bare command', (body) => {
    expect(parseCommand(body, COMMAND)).toEqual({ kind: 'command', instruction: '' });
  });

  test.each([
    ['a comment that mentions /docs-agent later', 'please ask /docs-agent to do it'],
    ['a quoted reply', '> /docs-agent Also add a Python example\n\nI agree with this'],
    ['a quoted reply without a space', '>/docs-agent do it'],
    ['inline code', '`/docs-agent do it`'],
    ['a fenced code block', '```\n/docs-agent do it\n```'],
    ['a fenced code block with a language', '```sh\n/docs-agent do it\n```'],
    ['a tilde fence', '~~~\n/docs-agent do it\n~~~'],
    ['an indented code block (four spaces)', '    /docs-agent do it'],
    ['an indented code block (a tab)', '\t/docs-agent do it'],
    ['another word that starts the same', '/docs-agents do it'],
    ['punctuation right after it', '/docs-agent: do it'],
    ['a hyphen after it', '/docs-agent-v2 do it'],
    ['a list item', '- /docs-agent do it'],
    ['an empty comment', ''],
    ['a different command', '/other-agent do it'],
  ])('%s is not a command', (_name, body) => {
    expect(parseCommand(body, COMMAND)).toEqual({ kind: 'none' });
  });

  test('another command word, compared in any case', () => {
    expect(parseCommand('@Docs-Bot fix the table', '@docs-bot')).toEqual({ kind: 'command', instruction: 'fix the table' });
    expect(parseCommand('/docs-agent fix the table', '@docs-bot')).toEqual({ kind: 'none' });
  });
});

function comment(action: string, body: string) {
  return { action, issue: { number: 7, title: 'T', body: 'B' }, comment: { id: 11, body }, sender: { login: 'lead', type: 'User' } };
}

function review(action: string, state: string, body: string | null) {
  return { action, pull_request: { number: 77, title: 'T', body: null }, review: { id: 5, state, body }, sender: { login: 'lead' } };
}

describe('screenConversation', () => {
  test('a new comment with the command is taken, with its instruction', () => {
    const screened = screenConversation(SETTINGS, 'issue_comment', comment('created', '/docs-agent Also add a Python example'));
    expect(screened).toMatchObject({
      kind: 'take',
      conversation: {
        instruction: 'Also add a Python example',
        event: { kind: 'comment', thread: { number: 7, kind: 'issue' }, comment: { id: 11, place: 'issue' } },
      },
    });
  });

  test('a comment without the command is skipped, naming the command and the event', () => {
    expect(screenConversation(SETTINGS, 'issue_comment', comment('created', 'Thanks, looks good!'))).toEqual({
      kind: 'skip',
      reason: "the comment does not start with '/docs-agent' ('issue_comment' created)",
    });
  });

  test.each(['edited', 'deleted'])('a comment that was %s is skipped even when it starts with the command', (action) => {
    expect(screenConversation(SETTINGS, 'issue_comment', comment(action, '/docs-agent Also add a Python example'))).toEqual({
      kind: 'skip',
      reason: `only new comments are read, and this one was not ('issue_comment' ${action})`,
    });
    expect(
      screenConversation(SETTINGS, 'pull_request_review_comment', {
        action,
        pull_request: { number: 77 },
        comment: { id: 3, body: '/docs-agent fix' },
      }),
    ).toMatchObject({ kind: 'skip' });
  });

  test('a review comment on the diff is a command on its pull request, reacted to under pulls/comments', () => {
    const screened = screenConversation(SETTINGS, 'pull_request_review_comment', {
      action: 'created',
      pull_request: { number: 77, title: 'Docs', body: 'x' },
      comment: { id: 3, body: '/docs-agent reword this', path: 'a.md', line: 4 },
    });
    expect(screened).toMatchObject({
      kind: 'take',
      conversation: { instruction: 'reword this', event: { thread: { number: 77, kind: 'pull-request' }, comment: { place: 'review' } } },
    });
  });

  test('a comment on a pull request names the pull request', () => {
    const payload = { ...comment('created', '/docs-agent go'), issue: { number: 9, pull_request: { url: 'x' } } };
    expect(screenConversation(SETTINGS, 'issue_comment', payload)).toMatchObject({
      kind: 'take',
      conversation: { event: { thread: { number: 9, kind: 'pull-request' } } },
    });
  });

  test('reviews: changes requested is taken with its body, the command taken off when it starts it', () => {
    expect(
      screenConversation(SETTINGS, 'pull_request_review', review('submitted', 'CHANGES_REQUESTED', 'Shorten the intro.')),
    ).toMatchObject({
      kind: 'take',
      conversation: { instruction: 'Shorten the intro.' },
    });
    expect(
      screenConversation(SETTINGS, 'pull_request_review', review('submitted', 'changes_requested', '/docs-agent Shorten it.')),
    ).toMatchObject({
      kind: 'take',
      conversation: { instruction: 'Shorten it.' },
    });
    expect(screenConversation(SETTINGS, 'pull_request_review', review('submitted', 'changes_requested', null))).toMatchObject({
      kind: 'take',
      conversation: { instruction: '' },
    });
  });

  test('reviews: a comment review counts only when its body starts with the command', () => {
    expect(screenConversation(SETTINGS, 'pull_request_review', review('submitted', 'commented', '/docs-agent add a table'))).toMatchObject({
      kind: 'take',
      conversation: { instruction: 'add a table' },
    });
    expect(screenConversation(SETTINGS, 'pull_request_review', review('submitted', 'commented', 'Nice work'))).toEqual({
      kind: 'skip',
      reason: "the review neither requests changes nor starts with '/docs-agent' ('pull_request_review' submitted)",
    });
  });

  test('reviews: an approval, a dismissal and an edited review are skipped', () => {
    expect(screenConversation(SETTINGS, 'pull_request_review', review('submitted', 'approved', '/docs-agent ship it'))).toEqual({
      kind: 'skip',
      reason: "the review approves the pull request ('pull_request_review' submitted)",
    });
    expect(screenConversation(SETTINGS, 'pull_request_review', review('dismissed', 'dismissed', 'x'))).toMatchObject({ kind: 'skip' });
    expect(screenConversation(SETTINGS, 'pull_request_review', review('edited', 'changes_requested', 'x'))).toEqual({
      kind: 'skip',
      reason: "only submitted reviews are read, and this one was not ('pull_request_review' edited)",
    });
  });

  test('the trigger label is taken without an instruction; other issue events keep to the inputs', () => {
    const labeled = { action: 'labeled', issue: { number: 7, title: 'T', body: null }, label: { name: 'docs-agent' } };
    expect(screenConversation(SETTINGS, 'issues', labeled)).toMatchObject({ kind: 'take', conversation: { instruction: '' } });
    expect(screenConversation(SETTINGS, 'issues', { ...labeled, label: { name: 'Docs-Agent' } })).toMatchObject({ kind: 'take' });
    expect(screenConversation(SETTINGS, 'issues', { ...labeled, action: 'opened' })).toEqual({ kind: 'inputs' });
    expect(screenConversation(SETTINGS, 'issues', {})).toEqual({ kind: 'inputs' });
  });

  test("any other label is skipped: only 'trigger-label' starts a job on the issue", () => {
    const labeled = (label: unknown) => ({ action: 'labeled', issue: { number: 7, title: 'T', body: 'B' }, label });
    expect(screenConversation(SETTINGS, 'issues', labeled({ name: 'bug' }))).toEqual({
      kind: 'skip',
      reason: `the label "bug" is not the 'trigger-label' 'docs-agent' ('issues' labeled)`,
    });
    expect(screenConversation(SETTINGS, 'issues', labeled({ name: 'docs-agent-later' }))).toMatchObject({ kind: 'skip' });
    expect(screenConversation(SETTINGS, 'issues', labeled(undefined))).toEqual({
      kind: 'skip',
      reason: `the event names no label, so not the 'trigger-label' 'docs-agent' ('issues' labeled)`,
    });
    const custom = { command: COMMAND, triggerLabel: 'write-docs' };
    expect(screenConversation(custom, 'issues', labeled({ name: 'docs-agent' }))).toMatchObject({ kind: 'skip' });
    expect(screenConversation(custom, 'issues', labeled({ name: 'write-docs' }))).toMatchObject({ kind: 'take' });
  });

  test.each([
    ['no comment', { action: 'created', issue: { number: 7 } }],
    ['a comment without an id', { action: 'created', issue: { number: 7 }, comment: { body: '/docs-agent x' } }],
    ['no issue', { action: 'created', comment: { id: 1, body: '/docs-agent x' } }],
    ['not an object', 'x'],
  ])('an unreadable comment payload (%s) is skipped', (_name, payload) => {
    expect(screenConversation(SETTINGS, 'issue_comment', payload)).toMatchObject({ kind: 'skip' });
  });
});
