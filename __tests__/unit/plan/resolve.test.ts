/**
 * The plan's second stage for comments and reviews (the change's cases are in plan/change.test.ts):
 * a review counts only on the agent's pull request, the trigger check comes before anything is read
 * for the run, and what resolving found (the thread's job comment) stays in the plan.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { scriptedDocs, scriptedGitHub } from '../../helpers/scripted-github.js';
import { BOT, callPaths, threadGitHub, type ThreadGitHub } from '../../helpers/thread-github.js';

const core = mockCore();
const { readSettings } = await import('../../../src/settings.js');
const { runEventOf } = await import('../../../src/event/run-event.js');
const { screenRun } = await import('../../../src/plan/screen.js');
const { resolveRun } = await import('../../../src/plan/resolve.js');
const { commentMarker, pullRequestMarker } = await import('../../../src/comment/body.js');
const { withRecordedReviews } = await import('../../../src/comment/review-record.js');
const { InputError, TriggerRefusedError } = await import('../../../src/errors.js');

const agent = useMockAgent();
const TOKEN = 'ghs_planResolveToken0123456789abcdef';

function settings(inputs: Record<string, string> = {}) {
  core.inputs = { 'api-key': 'mint_0123456789abcdef', 'project-id': 'proj_1', 'github-token': TOKEN, comment: 'true', ...inputs };
  return readSettings({ now: () => Date.UTC(2026, 10, 24) });
}

const env = { GITHUB_REPOSITORY: 'acme/docs' };
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
  const access = token ? { ok: true as const, client: github.client } : { ok: false as const, reason: 'no-token' as const };
  const result = await resolveRun(settings(inputs), screened, {
    event,
    github: access,
    docs: await scriptedDocs(github),
    clock: Date.now,
    deadline: Infinity,
  }).then(
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
      // No 'rocket' of the token's own yet: the follow-up is sent, and gets one once the service accepts it.
      rocketOn: { id: 11, body: '/docs-agent Also add a table', place: 'issue' },
    });
    expect(calls).toEqual([
      'GET /collaborators/lead/permission',
      'GET /issues/7/comments',
      'POST graphql',
      'GET /issues/comments/11/reactions',
    ]);
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

describe('resolveRun: a command already sent (the token’s rocket on the command comment)', () => {
  const command = '/docs-agent Also add a table';

  test("the token's own rocket: the follow-up is not sent again, the run waits for the thread's job", async () => {
    const { resolved, calls } = await plan(commentEvent(command), {
      threads: { 7: [tracking] },
      roles: { lead: 'maintain' },
      reactions: {
        11: [
          { content: 'eyes', login: BOT },
          { content: 'rocket', login: BOT },
        ],
      },
    });
    expect(resolved).toMatchObject({ kind: 'run', request: { kind: 'wait', jobId: 'job_1' } });
    expect(resolved).not.toHaveProperty('rocketOn');
    expect(calls.at(-1)).toBe('GET /issues/comments/11/reactions');
    expect(core.messages('info')).toContain(
      "The command comment 11 already carries this token's 'rocket': an earlier attempt sent it to the agent; following agent job job_1 instead of sending it again.",
    );
  });

  test('only eyes, or a rocket by someone else: the follow-up is sent and gets its rocket', async () => {
    for (const reactions of [[{ content: 'eyes', login: BOT }], [{ content: 'rocket', login: 'lead' }]]) {
      const { resolved } = await plan(commentEvent(command), {
        threads: { 7: [tracking] },
        roles: { lead: 'maintain' },
        reactions: { 11: reactions },
      });
      expect(resolved).toMatchObject({ request: { kind: 'message', jobId: 'job_1' }, rocketOn: { id: 11 } });
    }
  });

  test('a rocket but no comment naming the job: nothing to follow, the run is skipped', async () => {
    const { resolved } = await plan(commentEvent(command), {
      threads: { 7: [] },
      roles: { lead: 'maintain' },
      reactions: { 11: [{ content: 'rocket', login: BOT }] },
    });
    expect(resolved).toMatchObject({ kind: 'skip', reason: expect.stringContaining('no comment names its job to follow') });
  });

  test('reactions that cannot be read (403): sent as today, and the log says a re-run may send it again', async () => {
    const { resolved } = await plan(commentEvent(command), { threads: { 7: [tracking] }, roles: { lead: 'maintain' }, reactions: 403 });
    expect(resolved).toMatchObject({ request: { kind: 'message', jobId: 'job_1' }, rocketOn: { id: 11 } });
    expect(core.messages('info')).toContain(
      "The reactions of the command comment 11 could not be read (GitHub refused (403); 'issues: read' reads it), so a re-run of this run may send it again.",
    );
  });
});

describe('resolveRun: a review already sent (its id recorded in the tracking comment)', () => {
  const marked = (body: string, author = BOT) => ({ id: 50, body, author });
  const recorded = (ids: number[]) => withRecordedReviews(`${pullRequestMarker('job_9')}\n### job`, ids);

  test("recorded by the token's own comment: the review is not sent again, the run waits for the thread's job", async () => {
    const { resolved } = await plan(reviewEvent('Shorten it.'), { threads: { 77: [marked(recorded([4, 5]))] }, roles: { lead: 'write' } });
    expect(resolved).toMatchObject({ kind: 'run', request: { kind: 'wait', jobId: 'job_9' }, threadJob: { jobId: 'job_9' } });
    expect(resolved).not.toHaveProperty('recordReview');
    expect(core.messages('info')).toContain(
      "Review 5 is already recorded in this token's comment https://github.com/acme/docs/issues/77#issuecomment-50: " +
        'an earlier attempt sent it to the agent; following agent job job_9 instead of sending it again.',
    );
  });

  test('not recorded yet (another review is): sent, and to be recorded once accepted', async () => {
    const { resolved } = await plan(reviewEvent('Shorten it.'), { threads: { 77: [marked(recorded([4]))] }, roles: { lead: 'write' } });
    expect(resolved).toMatchObject({ request: { kind: 'message', jobId: 'job_9' }, recordReview: 5 });
  });

  test("a record pasted into someone else's marked comment counts for nothing: the token's own comment decides", async () => {
    const own = { id: 50, body: recorded([]), author: BOT };
    const pasted = { id: 51, body: recorded([5]), author: 'mallory' };
    const { resolved } = await plan(reviewEvent('Shorten it.'), { threads: { 77: [own, pasted] }, roles: { lead: 'write' } });
    expect(resolved).toMatchObject({ request: { kind: 'message', jobId: 'job_9' }, recordReview: 5 });
  });
});
