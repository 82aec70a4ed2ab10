/**
 * End to end: text GitHub does not show never reaches the agent. The built bundle gets Markdown
 * with every form of hidden text (HTML comments, one left open, titles, alt text, reference
 * definitions and labels, attributes, a footnote, a code block's info string) in an issue's
 * description (a label), a command and its issue, a review and its inline comment, a merged pull
 * request's description and a release's notes; the prompt the emulator receives has none of it,
 * code blocks and spans keep what they show, and the log says how much was removed from what.
 */
import { describe, expect, test } from '@jest/globals';
import { sentPrompt as sentPromptOf, serviceInputs, useEmulator, useFakeGitHub } from '../helpers/emulator-fixture.js';
import { addCommit, addPull, addRelease, pullRequestEvent, releaseEvent } from '../helpers/fake-github.js';
import { HIDDEN_FORMS, HIDDEN_INSTRUCTION } from '../helpers/hidden.js';
import { expectGreen, runAction, type ActionRun } from '../helpers/run-action.js';

const TOKEN = 'ghs_e2eHiddenToken0123456789abcdefg';
/** Code GitHub shows as written: it keeps its comment and its alt text. */
const CODE = 'Run:\n\n```html\n<!-- kept: it is code -->\n<img alt="kept too">\n```\n\nor `<!-- kept in a span -->`.';
/** Every form but the one left open (it would hide what follows), then code. */
const HOSTILE = [...HIDDEN_FORMS.filter((form) => !form.name.includes('left open')).map((form) => form.markdown), CODE].join('\n\n');

const emulator = useEmulator();
const github = useFakeGitHub({ token: TOKEN, collaborators: { lead: 'maintain', maintainer: 'maintain' } });

const repository = { id: 1, name: 'docs', full_name: 'acme/docs', owner: { login: 'acme', type: 'Organization' } };
const lead = { login: 'lead', id: 100, type: 'User' };
const stranger = { login: 'stranger', type: 'User' };

function run(eventName: string, event: unknown, inputs: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({
    inputs: serviceInputs(emulator(), { wait: 'false', 'github-token': TOKEN, ...inputs }),
    event,
    eventName,
    env: { GITHUB_API_URL: github().url },
  });
}

const sentPrompt = (endpoint: 'create' | 'message'): string => sentPromptOf(emulator(), endpoint);

/** Nothing hidden reached the prompt; what a reader sees did, code included. */
function expectVisibleOnly(prompt: string): void {
  expect(prompt).not.toContain('evil');
  expect(prompt).toContain('Fix [the typo](https://docs.example/guide).');
  expect(prompt).toContain('<!-- kept: it is code -->');
  expect(prompt).toContain('<img alt=\\"kept too\\">');
  expect(prompt).toContain('`<!-- kept in a span -->`');
}

/** The log lines about what was removed. */
function removedLines(result: ActionRun): string[] {
  return result.stdout.split('\n').filter((line) => line.startsWith('Removed what GitHub does not show'));
}

describe('a conversation', () => {
  test("an issue's description: the labelled issue's prompt quotes what a reader sees, and the log counts the rest", async () => {
    const issue = { number: 7, title: 'Widgets guide', body: HOSTILE, user: stranger };
    const result = await run('issues', { action: 'labeled', issue, label: { name: 'docs-agent' }, repository, sender: lead });
    expectGreen(result);
    expectVisibleOnly(sentPrompt('create'));
    expect(removedLines(result)).toEqual([
      expect.stringMatching(
        /^Removed what GitHub does not show from the issue's description: 2 HTML comments, 2 titles, 2 images' alt texts, 2 link reference definitions, 1 footnote, 2 reference labels, 1 code block's info string \(\d+ characters\)\. /,
      ),
    ]);
  });

  test('a command on an issue: neither its instruction nor the issue it starts a job on brings hidden text', async () => {
    const issue = { number: 8, title: 'Widgets guide', body: HOSTILE, user: stranger };
    const body = `/docs-agent Also fix the example.<!-- ${HIDDEN_INSTRUCTION} -->`;
    const comment = { id: github().addComment(8, body, 'lead').id, body, user: lead };
    const result = await run('issue_comment', { action: 'created', issue, comment, repository, sender: lead });
    expectGreen(result);
    const prompt = sentPrompt('create');
    expect(prompt.split('\n')[0]).toBe('Also fix the example.');
    expectVisibleOnly(prompt);
    expect(removedLines(result)).toEqual([
      expect.stringMatching(
        /^Removed what GitHub does not show from the comment: 1 HTML comment \(\d+ characters\); from the issue's description: /,
      ),
    ]);
  });

  test('a review and its inline comment: the follow-up message has none of it', async () => {
    const started = await run('workflow_dispatch', {}, { prompt: 'Document the widgets endpoint.' });
    const jobId = started.outputs['job-id'] ?? '';
    expect(jobId).toMatch(/^job_/);
    emulator().requests.length = 0;
    github().addComment(77, `<!-- mintlify-docs-agent job=${jobId} -->\nThe agent opened this pull request.`);
    github().addReviewComment(77, 501, { path: 'docs/guide.mdx', line: 12, body: HOSTILE });
    const pullRequest = { number: 77, title: 'Docs: widgets', body: '', user: { login: 'mintlify[bot]', type: 'Bot' } };
    const review = { id: 501, state: 'changes_requested', body: HOSTILE, user: lead };
    const result = await run('pull_request_review', { action: 'submitted', review, pull_request: pullRequest, repository, sender: lead });
    expectGreen(result);
    const prompt = sentPrompt('message');
    expect(prompt).toContain('1. "docs/guide.mdx" line 12: "Fix the typo.');
    expectVisibleOnly(prompt);
    expect(removedLines(result)).toEqual([
      expect.stringMatching(/^Removed what GitHub does not show from the review: .*; from the review's inline comments: /),
    ]);
  });
});

describe('"What changed"', () => {
  test("a merged pull request's description", async () => {
    addCommit(github().repository, 'main', { message: 'Initial commit', files: ['README.md'] });
    const pull = addPull(github().repository, {
      number: 31,
      title: 'Widgets <!-- v2 -->',
      body: HOSTILE,
      commits: [{ message: 'Add <!-- a --> widgets' }],
    });
    const result = await run('pull_request', pullRequestEvent(github().state, pull, 'closed'));
    expectGreen(result);
    const prompt = sentPrompt('create');
    const description = prompt.split('\n').find((line) => line.startsWith('Description (its start): ')) ?? '';
    expect(description).toContain('Fix the typo.');
    expect(description).not.toContain('evil');
    expect(prompt).not.toContain('evil');
    // GitHub shows a title and a commit message as plain text: they stay as written.
    expect(prompt).toContain('Title: "Widgets <!-- v2 -->"');
    expect(prompt).toContain('"Add <!-- a --> widgets"');
    expect(removedLines(result)).toEqual([
      expect.stringMatching(/^Removed what GitHub does not show from the pull request's description: 2 HTML comments/),
    ]);
  });

  test("a release's notes", async () => {
    addCommit(github().repository, 'main', { message: 'Initial commit', files: ['README.md'] });
    addRelease(github().repository, { tag: 'v1.0.0' });
    addCommit(github().repository, 'main', { message: 'Add streaming', files: ['src/stream.ts'] });
    const release = addRelease(github().repository, { tag: 'v1.1.0', name: 'Streaming', body: `## New\n\n${HOSTILE}` });
    const result = await run('release', releaseEvent(github().state, release));
    expectGreen(result);
    const prompt = sentPrompt('create');
    expect(prompt).toContain('Notes (their start): "## New Fix the typo.');
    expect(prompt).not.toContain('evil');
    expect(removedLines(result)).toEqual([
      expect.stringMatching(/^Removed what GitHub does not show from the release's notes: 2 HTML comments/),
    ]);
  });
});
