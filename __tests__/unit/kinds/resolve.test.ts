/**
 * The plan's second stage for comments and reviews (the change's cases are in plan/change.test.ts):
 * a review counts only on the agent's pull request, the trigger check comes before anything is read
 * for the run, and what resolving found (the thread's job comment) stays in the plan.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { NO_TOKEN, scriptedDocs, scriptedGitHub, usable } from '../../helpers/scripted-github.js';
import { runContext } from '../../helpers/run-context.js';
import { BOT, callPaths, threadGitHub, type ThreadGitHub } from '../../helpers/thread-github.js';

const core = mockCore();
const { readSettings } = await import('../../../src/settings.js');
const { runEventOf } = await import('../../../src/event/run-event.js');
const { screenRun } = await import('../../../src/kinds/screen.js');
const { resolveRun } = await import('../../../src/kinds/resolve.js');
const { commentMarker, pullRequestMarker } = await import('../../../src/comment/body.js');
const { withRecorded } = await import('../../../src/comment/review-record.js');
const { recordWriter } = await import('../../../src/stream/writer.js');
const { DOCS_CHECK_MARKER, checkRecordLine } = await import('../../../src/docs-check/record.js');
const { InputError, TriggerRefusedError } = await import('../../../src/errors.js');

const agent = useMockAgent();
const TOKEN = 'ghs_planResolveToken0123456789abcdef';

function settings(inputs: Record<string, string> = {}) {
  core.inputs = { 'api-key': 'mint_0123456789abcdef', 'project-id': 'proj_1', 'github-token': TOKEN, comment: 'true', ...inputs };
  return readSettings({ now: () => Date.UTC(2026, 10, 24) });
}

const env = { GITHUB_REPOSITORY: 'acme/docs', GITHUB_WORKFLOW_REF: 'acme/docs/.github/workflows/agent.yml@refs/heads/main' };
/** This workflow's and project's writer. */
const WRITER = recordWriter('.github/workflows/agent.yml', 'proj_1');
const pullRequest = { number: 77, title: 'Docs: widgets', body: '' };

function commentEvent(body: string, login = 'lead') {
  const payload = { action: 'created', issue: { number: 7, title: 'T', body: 'B' }, comment: { id: 11, body }, sender: { login } };
  return runEventOf({ ...env, GITHUB_EVENT_NAME: 'issue_comment' }, payload);
}

function reviewEvent(body: string) {
  const payload = {
    action: 'submitted',
    pull_request: pullRequest,
    review: { id: 5, state: 'changes_requested', body },
    sender: { login: 'lead' },
  };
  return runEventOf({ ...env, GITHUB_EVENT_NAME: 'pull_request_review' }, payload);
}

/** Both stages, with GitHub scripted by `state`; the calls GitHub got, in order. */
async function plan(event: ReturnType<typeof commentEvent>, state: ThreadGitHub, inputs: Record<string, string> = {}, token = true) {
  const screened = screenRun(settings(inputs), event);
  if (screened.kind === 'skip') throw new Error(`skipped before GitHub: ${screened.reason}`);
  const github = await scriptedGitHub(agent(), threadGitHub(state));
  const access = token ? usable(github.client, { owner: 'acme', repo: 'docs' }) : NO_TOKEN;
  const context = runContext({ event, github: access, docs: await scriptedDocs(github) });
  const result = await resolveRun(settings(inputs), screened, context).then(
    (resolved) => ({ resolved, error: undefined }),
    (error: unknown) => ({ resolved: undefined, error }),
  );
  return { ...result, calls: callPaths(github.calls) };
}

const tracking = { id: 40, body: `${commentMarker('job_1')}\nstarted`, author: BOT };

describe('resolveRun: comments and reviews', () => {
  test('a command: the trigger check first, then the thread read once; the plan keeps the job comment it found', async () => {
    const { resolved, calls } = await plan(commentEvent('/docs-agent Also add a table'), {
      threads: { 7: [tracking] },
      roles: { lead: 'maintain' },
    });
    expect(resolved).toEqual({
      kind: 'run',
      request: { kind: 'message', jobId: 'job_1', prompt: 'Also add a table' },
      reactTo: { id: 11, body: '/docs-agent Also add a table', place: 'issue' },
      threadJob: { jobId: 'job_1', comment: expect.objectContaining({ id: 40 }) },
      // Not recorded yet: the follow-up is sent, recorded and gets its rocket once the service accepts it.
      rocketOn: { id: 11, body: '/docs-agent Also add a table', place: 'issue' },
      recordSent: { kind: 'command', id: 11, writer: WRITER },
    });
    // No reactions are read: a rocket cannot say which workflow left it.
    expect(calls).toEqual(['GET /collaborators/lead/permission', 'GET /issues/7/comments', 'POST graphql']);
  });

  test('a sender below trigger-permission is refused before the thread is read', async () => {
    const { error, calls } = await plan(commentEvent('/docs-agent go', 'reader'), {
      threads: { 7: [tracking] },
      roles: { reader: 'none' },
    });
    expect(error).toBeInstanceOf(TriggerRefusedError);
    expect(calls).toEqual(['GET /collaborators/reader/permission']);
  });

  test('a bare command is a skip that carries the tracking comment to answer in', async () => {
    const { resolved } = await plan(commentEvent('/docs-agent'), { threads: { 7: [tracking] }, roles: { lead: 'write' } });
    expect(resolved).toEqual({
      kind: 'skip',
      reason: "the command '/docs-agent' has no instruction after it, so no job was started or followed",
      reply: { tracking: { jobId: 'job_1', comment: expect.objectContaining({ id: 40 }) } },
    });
  });

  test('a review of a pull request without the action\u2019s marker is skipped before the trigger check', async () => {
    const { resolved, calls } = await plan(reviewEvent('Shorten it.'), { threads: { 77: [] } });
    expect(resolved).toEqual({
      kind: 'skip',
      reason:
        "the reviewed pull request has no comment of an agent job, so the review is not for the agent ('pull_request_review' submitted)",
    });
    expect(calls).toEqual(['GET /issues/77/comments']);
  });

  test("a review of the agent's pull request follows up its job: the comments read before the check are not read again", async () => {
    const marked = { id: 50, body: `${pullRequestMarker('job_9')}\n### job`, author: BOT };
    const { resolved, calls } = await plan(reviewEvent('Shorten it.'), { threads: { 77: [marked] }, roles: { lead: 'write' } });
    expect(resolved).toMatchObject({ kind: 'run', request: { kind: 'message', jobId: 'job_9' }, threadJob: { jobId: 'job_9' } });
    expect(calls).toEqual([
      'GET /issues/77/comments',
      'POST graphql',
      'GET /collaborators/lead/permission',
      'GET /pulls/77/reviews/5/comments',
    ]);
  });

  test('without a token: the trigger check names the input; with the check off, reading the conversation does', async () => {
    const event = commentEvent('/docs-agent go');
    const checked = await plan(event, { threads: {} }, {}, false);
    expect(checked.error).toBeInstanceOf(InputError);
    expect(String(checked.error)).toContain('to check the repository permission of @lead');
    const unchecked = await plan(event, { threads: {} }, { 'trigger-permission': 'none' }, false);
    expect(String(unchecked.error)).toContain('to read the comment, review or issue that started this run');
  });
});

describe('resolveRun: a command already sent (its id recorded in the tracking comment by this workflow)', () => {
  const command = '/docs-agent Also add a table';
  const recordedBy = (writer: string) => withRecorded(`${commentMarker('job_1')}\nstarted`, [{ kind: 'command', id: 11, writer }]);

  test("recorded in the token's own comment by this workflow and project: not sent again, the run waits for the thread's job", async () => {
    const { resolved, calls } = await plan(commentEvent(command), {
      threads: { 7: [{ ...tracking, body: recordedBy(WRITER) }] },
      roles: { lead: 'maintain' },
    });
    expect(resolved).toMatchObject({ kind: 'run', request: { kind: 'wait', jobId: 'job_1' } });
    expect(resolved).not.toHaveProperty('rocketOn');
    expect(resolved).not.toHaveProperty('recordSent');
    expect(calls).not.toContain('GET /issues/comments/11/reactions');
    expect(core.messages('info')).toContain(
      "The command comment 11 is already recorded in this token's comment https://github.com/acme/docs/issues/7#issuecomment-40 by this workflow: " +
        'an earlier attempt sent it to the agent; following agent job job_1 instead of sending it again.',
    );
  });

  test('recorded by another workflow or project (a second docs-agent workflow on the same thread): sent, and recorded for this one', async () => {
    const other = recordWriter('.github/workflows/other.yml', 'proj_1');
    const { resolved } = await plan(commentEvent(command), {
      threads: { 7: [{ ...tracking, body: recordedBy(other) }] },
      roles: { lead: 'maintain' },
    });
    expect(resolved).toMatchObject({
      request: { kind: 'message', jobId: 'job_1' },
      rocketOn: { id: 11 },
      recordSent: { kind: 'command', id: 11, writer: WRITER },
    });
  });

  test("GraphQL refuses to say who the token is: the comment is still the thread's (promise 11), but its record is not this run's", async () => {
    const { resolved } = await plan(commentEvent(command), {
      threads: { 7: [{ ...tracking, body: recordedBy(WRITER) }] },
      roles: { lead: 'maintain' },
      viewer: { status: 403, json: { message: 'Resource not accessible by integration' } },
    });
    expect(resolved).toMatchObject({ request: { kind: 'message', jobId: 'job_1' }, recordSent: { kind: 'command', id: 11 } });
    expect(core.messages('info').join('\n')).toContain('GitHub refused to say who the token is, so the record is not taken for this run');
  });

  test("no job comment on the thread and 'comment: false': a new job, recorded nowhere, and the log says a re-run sends it again", async () => {
    const { resolved } = await plan(commentEvent(command), { threads: { 7: [] }, roles: { lead: 'maintain' } }, { comment: 'false' });
    expect(resolved).toMatchObject({ request: { kind: 'create' }, rocketOn: { id: 11 } });
    expect(resolved).not.toHaveProperty('recordSent');
    expect(core.messages('info')).toContain(
      "The command comment 11 is recorded nowhere ('comment: false' and no job comment on the thread): a re-run of this run sends it again.",
    );
  });

  test("no job comment on the thread and 'comment: true': a new job, recorded in the job's comment the run writes", async () => {
    const { resolved } = await plan(commentEvent(command), { threads: { 7: [] }, roles: { lead: 'maintain' } });
    expect(resolved).toMatchObject({ request: { kind: 'create' }, recordSent: { kind: 'command', id: 11, writer: WRITER } });
  });
});

describe('resolveRun: a review already sent (its id recorded in the tracking comment)', () => {
  const marked = (body: string, author = BOT) => ({ id: 50, body, author });
  const recorded = (ids: number[], writer = WRITER) =>
    withRecorded(
      `${pullRequestMarker('job_9')}\n### job`,
      ids.map((id) => ({ kind: 'review', id, writer })),
    );

  test("recorded by the token's own comment: the review is not sent again, the run waits for the thread's job", async () => {
    const { resolved } = await plan(reviewEvent('Shorten it.'), { threads: { 77: [marked(recorded([4, 5]))] }, roles: { lead: 'write' } });
    expect(resolved).toMatchObject({ kind: 'run', request: { kind: 'wait', jobId: 'job_9' }, threadJob: { jobId: 'job_9' } });
    expect(resolved).not.toHaveProperty('recordSent');
    expect(core.messages('info')).toContain(
      "Review 5 is already recorded in this token's comment https://github.com/acme/docs/issues/77#issuecomment-50 by this workflow: " +
        'an earlier attempt sent it to the agent; following agent job job_9 instead of sending it again.',
    );
  });

  test('not recorded yet (another review is): sent, and to be recorded once accepted', async () => {
    const { resolved } = await plan(reviewEvent('Shorten it.'), { threads: { 77: [marked(recorded([4]))] }, roles: { lead: 'write' } });
    expect(resolved).toMatchObject({ request: { kind: 'message', jobId: 'job_9' }, recordSent: { kind: 'review', id: 5, writer: WRITER } });
  });

  test("recorded by another workflow or project, or by an earlier version (no writer): not this run's record, sent", async () => {
    const other = recorded([5], recordWriter('.github/workflows/agent.yml', 'proj_2'));
    const legacy = `${pullRequestMarker('job_9')}\n### job\n\n<!-- mintlify-docs-agent reviews=5 -->\n`;
    for (const body of [other, legacy]) {
      const { resolved } = await plan(reviewEvent('Shorten it.'), { threads: { 77: [marked(body)] }, roles: { lead: 'write' } });
      expect(resolved).toMatchObject({ request: { kind: 'message', jobId: 'job_9' }, recordSent: { kind: 'review', id: 5 } });
    }
  });

  test("a record pasted into someone else's marked comment counts for nothing: the token's own comment decides", async () => {
    const own = { id: 50, body: recorded([]), author: BOT };
    const pasted = { id: 51, body: recorded([5]), author: 'mallory' };
    const { resolved } = await plan(reviewEvent('Shorten it.'), { threads: { 77: [own, pasted] }, roles: { lead: 'write' } });
    expect(resolved).toMatchObject({ request: { kind: 'message', jobId: 'job_9' }, recordSent: { kind: 'review', id: 5 } });
  });
});

describe('resolveRun: a command on a pull request the docs check named pages on', () => {
  const checkComment = (author: string) => ({
    id: 60,
    body: `${DOCS_CHECK_MARKER}\n${checkRecordLine({
      pages: [{ page: 'guides/memory', reason: 'fact', names: ['purge_memories'] }],
      files: ['src/memory.py'],
      names: [{ name: 'purge_memories', status: 'removed' }],
    })}\n\n### Docs check`,
    author,
  });
  const pull7 = {
    pull: {
      number: 7,
      title: 'Drop purge',
      body: '',
      commits: 1,
      changed_files: 1,
      base: { ref: 'main' },
      head: { ref: 'drop', sha: 'b'.repeat(40) },
    },
    commits: [{ sha: 'b'.repeat(40), commit: { message: 'Drop purge_memories' }, author: { login: 'dev' } }],
    files: [{ filename: 'src/memory.py', status: 'modified', additions: 0, deletions: 2 }],
  };
  const onPull = (body: string) =>
    runEventOf(
      { ...env, GITHUB_EVENT_NAME: 'issue_comment' },
      {
        action: 'created',
        issue: { number: 7, title: 'Drop purge', body: '', pull_request: {} },
        comment: { id: 11, body },
        sender: { login: 'lead' },
      },
    );

  test("the new job's prompt carries the check's pages and the pull request's change, read after the thread", async () => {
    const { resolved, calls } = await plan(onPull('/docs-agent Draft them'), {
      threads: { 7: [checkComment(BOT)] },
      roles: { lead: 'write' },
      pulls: { 7: pull7 },
    });
    const prompt = resolved?.kind === 'run' && resolved.request?.kind === 'create' ? resolved.request.prompt : '';
    expect(prompt.indexOf("The action's docs check named these docs pages")).toBeGreaterThan(0);
    expect(prompt.indexOf('What changed')).toBeGreaterThan(prompt.indexOf("The action's docs check named these docs pages"));
    expect(prompt).toContain('"Drop purge_memories"');
    expect(calls).toEqual([
      'GET /collaborators/lead/permission',
      'GET /issues/7/comments',
      'POST graphql',
      'GET /pulls/7',
      'GET /pulls/7/commits',
      'GET /pulls/7/files',
    ]);
  });

  test("a stranger's check comment: no pages, and no change is read", async () => {
    const { resolved, calls } = await plan(onPull('/docs-agent Draft them'), {
      threads: { 7: [checkComment('mallory')] },
      roles: { lead: 'write' },
      pulls: { 7: pull7 },
    });
    const prompt = resolved?.kind === 'run' && resolved.request?.kind === 'create' ? resolved.request.prompt : '';
    expect(prompt).toContain('Draft them');
    expect(prompt).not.toContain('docs check named');
    expect(prompt).not.toContain('What changed');
    expect(calls.filter((call) => call.startsWith('GET /pulls/'))).toEqual([]);
  });
});
