/**
 * What a run writes for a conversation (src/steps/conversation.ts), against a scripted GitHub: the
 * answer to a bare command in the tracking comment, the `eyes` reaction on the command comment, the
 * `rocket` and the record of what was sent once the service accepted it, and the comment on the
 * agent's pull request. Each writes only with the access it needs, and a refusal is one warning,
 * never a thrown error.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import {
  GITHUB_TOKEN,
  githubError,
  NO_TOKEN,
  scriptedDocs,
  scriptedGitHub,
  tokenOf,
  type GitHubAnswer,
  type GitHubCall,
} from '../../helpers/scripted-github.js';
import { BOT, callPaths, threadGitHub } from '../../helpers/thread-github.js';
import { runContext } from '../../helpers/run-context.js';
import type { CommandComment } from '../../../src/event/conversation.js';
import type { JobResult } from '../../../src/job/outcome.js';
import type { RepositoryHandle } from '../../../src/github/repository.js';
import type { ThreadJob } from '../../../src/conversation/thread-job.js';
import type { RunContext } from '../../../src/plan/plan.js';
import type { Settings } from '../../../src/settings.js';

const core = mockCore();
const { answerBareCommandOf, openAgentPullRequest, recordOnceAccepted, rocketOnceAccepted, startReaction } =
  await import('../../../src/steps/conversation.js');
const { readSettings } = await import('../../../src/settings.js');
const { commentMarker, markedJobId, pullRequestMarker } = await import('../../../src/comment/body.js');
const { runEventOf } = await import('../../../src/event/run-event.js');

const agent = useMockAgent();
const COMMAND = '/docs-agent';
const PR_LINK = 'https://github.com/acme/docs/pull/77';
const tracking = {
  id: 40,
  body: `${commentMarker('job_1')}\nThe job is running.`,
  htmlUrl: 'https://github.com/acme/docs/issues/7#issuecomment-40',
  author: BOT,
};
const commandComment = { id: 11, body: COMMAND, place: 'issue' as const };

/** A command comment on issue 7 of acme/docs (or of acme/`repo`), or a push (no thread). */
function eventOf(kind: 'comment' | 'push' = 'comment', repo = 'docs') {
  if (kind === 'push') return runEventOf({ GITHUB_EVENT_NAME: 'push', GITHUB_REPOSITORY: `acme/${repo}` }, { ref: 'refs/heads/main' });
  return runEventOf(
    { GITHUB_EVENT_NAME: 'issue_comment', GITHUB_REPOSITORY: `acme/${repo}` },
    {
      action: 'created',
      issue: { number: 7, title: 'Widgets', body: 'Please.' },
      comment: { id: 11, body: COMMAND },
      sender: { login: 'lead' },
    },
  );
}

/** GitHub's writes answered as accepted (comment updated or created, reaction added), reads as threadGitHub's acme/docs. */
/** The `body` field of a call's JSON body ('' when there is none). */
function bodyOf(call: GitHubCall | undefined): string {
  const parsed: unknown = JSON.parse(call?.body || '{}');
  return typeof parsed === 'object' && parsed !== null && 'body' in parsed ? String(parsed.body) : '';
}

function acceptingGitHub(call: GitHubCall): GitHubAnswer {
  const path = new URL(call.url).pathname;
  const comment = (id: number, thread: number) => ({
    id,
    body: bodyOf(call),
    html_url: `https://github.com/acme/docs/issues/${thread}#issuecomment-${id}`,
    user: { login: BOT },
  });
  if (call.method === 'PATCH' && path.endsWith('/issues/comments/40')) return { status: 200, json: comment(40, 7) };
  if (call.method === 'POST' && path.endsWith('/issues/77/comments')) return { status: 201, json: comment(90, 77) };
  if (call.method === 'POST' && path.endsWith('/reactions')) return { status: 201, json: { id: 1, content: 'eyes' } };
  return threadGitHub({ threads: { 7: [tracking], 77: [] } })(call);
}

const NO_GITHUB: RepositoryHandle = NO_TOKEN;

interface WritesOptions {
  readonly writesComments?: boolean;
  readonly token?: string;
  readonly kind?: 'comment' | 'push';
  /** The workflow's repository is acme/docs unless this says acme/widgets (the docs in their own repository). */
  readonly workflowRepo?: 'docs' | 'widgets';
  readonly docsToken?: boolean;
  readonly noGitHub?: boolean;
}

async function writesWith(answer: (call: GitHubCall) => GitHubAnswer, options: WritesOptions = {}) {
  const github = await scriptedGitHub(agent(), answer);
  const token = 'token' in options ? options.token : GITHUB_TOKEN;
  const repo = options.workflowRepo ?? 'docs';
  const repository = { owner: 'acme', repo };
  const access: RepositoryHandle =
    options.noGitHub === true || token === undefined
      ? { ...NO_GITHUB, repository }
      : { ok: true, client: github.client, repository, token };
  const docs = await scriptedDocs(github, {
    workflow: access,
    githubToken: token,
    ...(options.docsToken !== undefined && { docsToken: options.docsToken }),
  });
  const writes: Writes = {
    settings: settingsWith(options.writesComments ?? true),
    context: runContext({ event: eventOf(options.kind, repo), github: access, docs }),
  };
  return { writes, calls: github.calls };
}

/** The run's settings and context, as the steps take them. */
interface Writes {
  readonly settings: Settings;
  readonly context: RunContext;
}

/** `comment: true` or not (a run without github-token has none; the steps are held to their own checks here). */
function settingsWith(writesComments: boolean): Settings {
  core.inputs = { 'api-key': 'mint_0123456789abcdef', 'project-id': 'proj_1', command: COMMAND, 'github-token': GITHUB_TOKEN };
  const { comment: _comment, ...rest } = readSettings();
  return writesComments ? { ...rest, comment: { token: GITHUB_TOKEN } } : rest;
}

const withoutGitHub = (writes: Writes): Writes => ({ ...writes, context: { ...writes.context, github: NO_GITHUB } });

const answerBareCommand = (writes: Writes, tracking: ThreadJob | undefined): Promise<void> =>
  answerBareCommandOf(writes.settings, { kind: 'skip', reason: 'bare', reply: { ...(tracking && { tracking }) } }, writes.context);

const reactToCommandComment = (writes: Writes, comment: CommandComment): Promise<void> =>
  startReaction({ kind: 'run', reactTo: comment }, writes.context);

async function markPullRequestOf(writes: Writes, result: JobResult | undefined): Promise<void> {
  await openAgentPullRequest(writes.settings, writes.context)?.mark(result);
}

/** A job that ended with `outcome`, and (unless `withPullRequest` is false) the pull request PR_LINK. */
function jobResult(outcome: JobResult['outcome'], withPullRequest = true): JobResult {
  return {
    request: { kind: 'create', prompt: 'Document widgets' },
    jobId: 'job_1',
    job: { id: 'job_1', status: outcome === 'completed' ? 'completed' : 'failed', ...(withPullRequest && { prLink: PR_LINK }) },
    status: outcome === 'completed' ? 'completed' : 'failed',
    outcome,
    polls: 2,
    elapsedMs: 1000,
  };
}

describe('answerBareCommand', () => {
  test('with comment: true it writes the note at the end of the tracking comment', async () => {
    const { writes, calls } = await writesWith(acceptingGitHub);
    await answerBareCommand(writes, { jobId: 'job_1', comment: tracking });
    expect(callPaths(calls)).toEqual(['PATCH /issues/comments/40']);
    const body = bodyOf(calls[0]);
    expect(body.startsWith(tracking.body)).toBe(true);
    expect(body).toContain(`needs an instruction: write what the agent should do after it`);
    expect(core.messages('warning')).toEqual([]);
    expect(core.messages('info')).toContain(
      'Answered the bare command in the comment https://github.com/acme/docs/issues/7#issuecomment-40',
    );
  });

  test.each([
    ['comment is not true', { writesComments: false }, "'comment' is not true"],
    ['no github-token', { token: undefined }, "'comment' is not true"],
  ])('%s: no write, one warning saying what to write', async (_name, options, why) => {
    const { writes, calls } = await writesWith(acceptingGitHub, options);
    await answerBareCommand(writes, { jobId: 'job_1', comment: tracking });
    expect(calls).toEqual([]);
    expect(core.messages('warning')).toEqual([
      `The command has no instruction: write what the agent should do after '${COMMAND}', for example '${COMMAND} Also add a Python example'. (No reply was written: ${why}.)`,
    ]);
  });

  test('without GitHub access: no write, one warning', async () => {
    const { writes } = await writesWith(acceptingGitHub);
    await answerBareCommand(withoutGitHub(writes), { jobId: 'job_1', comment: tracking });
    expect(core.messages('warning')).toEqual([expect.stringContaining("(No reply was written: 'comment' is not true.)")]);
  });

  test('a thread without a job comment: no write, the warning says so', async () => {
    const { writes, calls } = await writesWith(acceptingGitHub);
    await answerBareCommand(writes, undefined);
    expect(calls).toEqual([]);
    expect(core.messages('warning')).toEqual([expect.stringContaining('this thread has no comment of an agent job to answer in')]);
  });

  test('a refused update is one warning naming the permission, and never throws', async () => {
    const { writes, calls } = await writesWith(() => githubError(403, 'Resource not accessible by integration'));
    await expect(answerBareCommand(writes, { jobId: 'job_1', comment: tracking })).resolves.toBeUndefined();
    expect(callPaths(calls)).toEqual(['PATCH /issues/comments/40']);
    const warnings = core.messages('warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^The command has no instruction: .*issues: write/);
    expect(warnings[0]).not.toContain(GITHUB_TOKEN);
  });
});

describe('reactToCommandComment', () => {
  test("adds 'eyes' to the command comment, even with comment: false", async () => {
    const { writes, calls } = await writesWith(acceptingGitHub, { writesComments: false });
    await reactToCommandComment(writes, commandComment);
    expect(calls.map((call): unknown[] => [callPaths([call])[0], JSON.parse(call.body)])).toEqual([
      ['POST /issues/comments/11/reactions', { content: 'eyes' }],
    ]);
    expect(core.messages('info')).toContain("Reacted with 'eyes' to the command comment 11.");
  });

  test.each([
    ['no github-token', { token: undefined }],
    ['an event without a thread', { kind: 'push' as const }],
  ])('%s: no request', async (_name, options) => {
    const { writes, calls } = await writesWith(acceptingGitHub, options);
    await reactToCommandComment(writes, commandComment);
    expect(calls).toEqual([]);
    expect(core.messages('warning')).toEqual([]);
  });

  test('without GitHub access: no request', async () => {
    const { writes, calls } = await writesWith(acceptingGitHub);
    await reactToCommandComment(withoutGitHub(writes), commandComment);
    expect(calls).toEqual([]);
  });

  test('a refusal is one warning, and the promise resolves', async () => {
    const { writes } = await writesWith(() => githubError(403, 'Resource not accessible by integration'));
    await expect(reactToCommandComment(writes, commandComment)).resolves.toBeUndefined();
    const warnings = core.messages('warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("add the 'eyes' reaction to the command comment");
    expect(warnings[0]).not.toContain(GITHUB_TOKEN);
  });
});

describe('markPullRequestOf', () => {
  test("a completed job with a pull request: one marked comment there, after looking for the action's own", async () => {
    const { writes, calls } = await writesWith(acceptingGitHub);
    await markPullRequestOf(writes, jobResult('completed'));
    expect(callPaths(calls)).toEqual(['GET /issues/77/comments', 'POST /issues/77/comments']);
    const body = bodyOf(calls[1]);
    expect(markedJobId(body)).toBe('job_1');
    expect(body).toContain(`comment \`${COMMAND}\` followed by what to change`);
    expect(core.messages('info')).toContain("Commented on the job's pull request https://github.com/acme/docs/issues/77#issuecomment-90");
  });

  test.each([
    ['no result', undefined],
    ['a failed job', jobResult('failed')],
    ['a job still running', jobResult('started')],
    ['a completed job without a pull request', jobResult('completed', false)],
  ])('%s: nothing written', async (_name, result) => {
    const { writes, calls } = await writesWith(acceptingGitHub);
    await markPullRequestOf(writes, result);
    expect(calls).toEqual([]);
  });

  test.each([
    ['comment: false', { writesComments: false }],
    ['no github-token', { token: undefined }],
  ])('%s: nothing written', async (_name, options) => {
    const { writes, calls } = await writesWith(acceptingGitHub, options);
    await markPullRequestOf(writes, jobResult('completed'));
    expect(calls).toEqual([]);
  });

  test('without GitHub access: nothing written', async () => {
    const { writes, calls } = await writesWith(acceptingGitHub, { noGitHub: true });
    await markPullRequestOf(writes, jobResult('completed'));
    expect(calls).toEqual([]);
  });

  test('a refused comment is one warning, and never throws', async () => {
    const { writes } = await writesWith((call) =>
      call.method === 'POST' ? githubError(403, 'Resource not accessible by integration') : acceptingGitHub(call),
    );
    await expect(markPullRequestOf(writes, jobResult('completed'))).resolves.toBeUndefined();
    const warnings = core.messages('warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("write the job's comment");
    // The pull request is in the workflow's own repository: its permissions are the fix.
    expect(warnings[0]).toContain('pull-requests: write');
    expect(warnings[0]).not.toContain(GITHUB_TOKEN);
  });

  describe('the docs in their own repository (the workflow in acme/widgets, the pull request in acme/docs)', () => {
    const two = { workflowRepo: 'widgets' } as const;

    test('with docs-token: the comment is looked for and written with it, and the workflow token is not sent there', async () => {
      const { writes, calls } = await writesWith(acceptingGitHub, { ...two, docsToken: true });
      await markPullRequestOf(writes, jobResult('completed'));
      expect(callPaths(calls)).toEqual(['GET /issues/77/comments', 'POST /issues/77/comments']);
      expect(calls.map(tokenOf)).toEqual(['docs', 'docs']);
    });

    test("with docs-token: the action's own marked comment there is found through who docs-token is, and updated", async () => {
      const marked = { id: 40, body: `${pullRequestMarker('job_1')}\nold`, author: BOT };
      const answer = (call: GitHubCall): GitHubAnswer =>
        call.method === 'GET' && new URL(call.url).pathname.endsWith('/issues/77/comments')
          ? threadGitHub({ threads: { 77: [marked] } })(call)
          : acceptingGitHub(call);
      const { writes, calls } = await writesWith(answer, { ...two, docsToken: true });
      await markPullRequestOf(writes, jobResult('completed'));
      expect(callPaths(calls)).toEqual(['GET /issues/77/comments', 'POST graphql', 'PATCH /issues/comments/40']);
      expect(calls.map(tokenOf)).toEqual(['docs', 'docs', 'docs']);
    });

    test.each([
      ['without docs-token, 404 to github-token', false, 404, 'github-token'],
      ['without docs-token, 403 to github-token (a public docs repository)', false, 403, 'github-token'],
      ['with docs-token, 403 to it', true, 403, 'docs-token'],
    ])(
      '%s: one notice naming the repository and docs-token, no warning, no permissions advice',
      async (_name, docsToken, status, input) => {
        const refuse = (call: GitHubCall): GitHubAnswer =>
          status === 404 || call.method === 'POST' ? githubError(status, 'Not Found') : acceptingGitHub(call);
        const { writes } = await writesWith(refuse, { ...two, docsToken });
        await expect(markPullRequestOf(writes, jobResult('completed'))).resolves.toBeUndefined();
        expect(core.messages('warning')).toEqual([]);
        const notices = core.messages('notice');
        expect(notices).toEqual([expect.stringContaining(`The docs repository acme/docs answered ${status} to '${input}'`)]);
        expect(notices[0]).toContain("could not comment on the job's pull request acme/docs#77; the agent job is not affected");
        expect(notices[0]).toContain("'docs-token'");
        expect(notices[0]).not.toMatch(/pull-requests: |permissions/);
        expect(notices[0]).not.toContain(GITHUB_TOKEN);
      },
    );

    test('after the docs repository refused earlier in the run: no request, no second notice', async () => {
      const { writes, calls } = await writesWith(() => githubError(404, 'Not Found'), two);
      const { pullRequestState } = await import('../../../src/stream/pull-state.js');
      await pullRequestState(writes.context.docs, PR_LINK, 'https://github.com');
      expect(calls).toHaveLength(1);
      await markPullRequestOf(writes, jobResult('completed'));
      expect(calls).toHaveLength(1);
      expect(core.messages('notice')).toEqual([]);
      expect(core.messages('info')).toContain(
        "No comment on the job's pull request acme/docs#77: it answered 404 to 'github-token' earlier in this run.",
      );
    });

    test('a 5xx is the ordinary warning, not the docs notice', async () => {
      const { writes } = await writesWith((call) => (call.method === 'POST' ? githubError(502, 'Bad Gateway') : acceptingGitHub(call)), {
        ...two,
        docsToken: true,
      });
      await markPullRequestOf(writes, jobResult('completed'));
      expect(core.messages('notice')).toEqual([]);
      expect(core.messages('warning')).toEqual([expect.stringContaining("Could not write the job's comment on pull request acme/docs#77")]);
    });
  });
});

describe('once the service accepted what was sent', () => {
  const plan = {
    kind: 'run',
    request: { kind: 'message', jobId: 'job_1', prompt: 'Also add a Python example' },
    rocketOn: commandComment,
    threadJob: { jobId: 'job_1', comment: tracking },
    recordSent: { kind: 'command', id: 11, writer: '1a2b3c4d' },
  } as const;

  test("the 'rocket' on the command comment, and the record in the tracking comment when the run keeps no comment of its own", async () => {
    const { writes, calls } = await writesWith(acceptingGitHub, { writesComments: false });
    await rocketOnceAccepted(plan, writes.context, Promise.resolve('job_1'));
    await recordOnceAccepted(plan, writes.context, undefined, Promise.resolve('job_1'));
    expect(callPaths(calls)).toEqual(['POST /issues/comments/11/reactions', 'PATCH /issues/comments/40']);
    expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({ content: 'rocket' });
    expect(bodyOf(calls[1])).toContain('<!-- mintlify-docs-agent sent=c11:1a2b3c4d -->');
    expect(core.messages('info')).toEqual([
      "Reacted with 'rocket' to the command comment 11: the agent has it.",
      "Recorded command comment 11 in the job's comment: a re-run of this run does not send it again.",
    ]);
  });

  test('nothing when the job was never known: neither the rocket nor the record', async () => {
    const { writes, calls } = await writesWith(acceptingGitHub);
    await rocketOnceAccepted(plan, writes.context, Promise.resolve(undefined));
    await recordOnceAccepted(plan, writes.context, undefined, Promise.resolve(undefined));
    expect(calls).toEqual([]);
  });

  test("with the run's own job comment, that comment records it: no write here", async () => {
    const { writes, calls } = await writesWith(acceptingGitHub);
    const { CommentSession } = await import('../../../src/comment/session.js');
    const session = new CommentSession({
      api: {
        listPage: () => Promise.reject(new Error('unused')),
        create: () => Promise.reject(new Error('unused')),
        update: () => Promise.reject(new Error('unused')),
        viewerLogin: () => Promise.resolve(BOT),
      },
      target: { number: 7, kind: 'issue' },
      request: 'message',
      wait: true,
      runUrl: undefined,
      describe: () => ({ message: 'unused', permanent: false }),
      warn: () => undefined,
      info: () => undefined,
    });
    await recordOnceAccepted(plan, writes.context, session, Promise.resolve('job_1'));
    expect(calls).toEqual([]);
  });

  test('refusals are one warning each, naming what allows them, and never reject', async () => {
    const { writes } = await writesWith(() => githubError(403, 'Resource not accessible by integration'), { writesComments: false });
    await expect(rocketOnceAccepted(plan, writes.context, Promise.resolve('job_1'))).resolves.toBeUndefined();
    await expect(recordOnceAccepted(plan, writes.context, undefined, Promise.resolve('job_1'))).resolves.toBeUndefined();
    const warnings = core.messages('warning');
    expect(warnings).toEqual([
      expect.stringMatching(
        /^The 'rocket' reaction could not be added to the command comment 11 \(GitHub refused it \(403\); 'issues: write' allows it\)/,
      ),
      expect.stringMatching(
        /^Could not record command comment 11 in the job's comment on issue #7: .*A re-run of this run may send command comment 11 again\.$/,
      ),
    ]);
    expect(warnings.join('\n')).not.toContain(GITHUB_TOKEN);
  });
});
