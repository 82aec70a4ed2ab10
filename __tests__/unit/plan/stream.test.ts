/**
 * The docs stream's decisions in the plan (src/plan/stream.ts, src/stream/continuation.ts,
 * src/stream/stale-status.ts, and the inputs in src/stream/settings.ts): which commit gets the
 * status, and whether a change run's job is resumed (its commit records one of this workflow and
 * project), extended (`extend-open-pr`, the last documented commit's job with its pull request
 * open) or new, with the line each decision logs; a record of another workflow or project, of an
 * earlier version, or taken with a guessed login, is nobody's; the previous push's status its run
 * left pending.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import {
  githubError,
  scriptedDocs,
  scriptedGitHub,
  tokenOf,
  type GitHubAnswer,
  type GitHubCall,
  usable,
} from '../../helpers/scripted-github.js';
import { thrownBy } from '../../helpers/thrown.js';
import type { AnsweredLookup } from '../../../src/stream/last-success.js';
import type { StreamReads } from '../../../src/stream/continuation.js';
import type { RunEvent } from '../../../src/event/run-event.js';
import type { Settings } from '../../../src/settings.js';
import { loadKinds, type AnySource } from '../../helpers/kinds.js';

const core = mockCore();
const { readSettings } = await import('../../../src/settings.js');
const { runEventOf } = await import('../../../src/event/run-event.js');
const {
  continuedRequest,
  planContinuation: continuationOf,
  recordOwnerOf,
  streamReads,
  FOLLOW_UP_INSTRUCTION,
} = await import('../../../src/plan/stream.js');
const { recordWriter } = await import('../../../src/stream/writer.js');
const { InputError } = await import('../../../src/errors.js');
const { changeKindOf } = await loadKinds();

/** The commit a change kind's status goes on. */
const statusCommitOf = (source: AnySource, event: RunEvent) => changeKindOf(source).statusCommit(source as never, event);

type StreamContext = Parameters<typeof streamReads>[1];

/** The continuation of a change run on `source`, as the change run plans it with its kind's last documented commit. */
function planContinuation(settings: Settings, source: AnySource, sha: string, context: StreamContext, lastSuccess?: AnsweredLookup) {
  const lastDocumented = (reads: StreamReads) =>
    changeKindOf(source).lastDocumented?.(source as never, reads) ?? Promise.resolve(undefined);
  return continuationOf(settings, streamReads(settings, context), sha, lastDocumented, lastSuccess);
}

/** The pending status a change run on `source` takes over, as the change run asks its kind. */
async function planStaleStatus(settings: Settings, source: AnySource, context: StreamContext) {
  const reads = streamReads(settings, context);
  return reads === undefined ? undefined : changeKindOf(source).stale?.(source as never, reads);
}

const agent = useMockAgent();
const SHA = (n: number): string => n.toString(16).padStart(40, '0');
const OWN = 'github-actions[bot]';
const PR_LINK = 'https://github.com/acme/docs/pull/12';
const RUN_URL = 'https://github.com/acme/widgets/actions/runs/77';

function settings(inputs: Record<string, string> = {}) {
  core.inputs = { 'api-key': 'mint_0123456789abcdef', 'project-id': 'proj_1', 'github-token': 'ghs_x0123456789abcdef', ...inputs };
  return readSettings();
}

const env = {
  GITHUB_REPOSITORY: 'acme/widgets',
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_RUN_ID: '77',
  GITHUB_SHA: SHA(9),
  GITHUB_WORKFLOW_REF: 'acme/widgets/.github/workflows/docs.yml@refs/heads/main',
};
/** The tag of this workflow (docs.yml) and project (proj_1). */
const TAG = ` [wf ${recordWriter('.github/workflows/docs.yml', 'proj_1')}]`;
const pushEvent = runEventOf({ ...env, GITHUB_EVENT_NAME: 'push' }, { ref: 'refs/heads/main', before: SHA(1), after: SHA(2) });
const push = pushEvent.change?.kind === 'push' ? pushEvent.change : undefined;

const docsStatus = (description: string, extra: Record<string, unknown> = {}, tag = TAG) => ({
  context: 'docs-agent',
  state: 'success',
  description: `${description}${tag}`,
  target_url: RUN_URL,
  creator: { login: OWN },
  ...extra,
});

const VIEWER: GitHubAnswer = { status: 200, json: { data: { viewer: { login: OWN } } } };

/** GitHub with the statuses of each commit, the viewer (`viewer`), and the docs pull request in `pull`. */
function streamGitHub(
  statuses: Record<string, unknown[]>,
  pull: GitHubAnswer = { status: 200, json: { state: 'open', merged: false } },
  viewer: GitHubAnswer = VIEWER,
) {
  return (call: GitHubCall): GitHubAnswer => {
    const path = new URL(call.url).pathname;
    if (path.endsWith('/graphql')) return viewer;
    const commit = /\/commits\/([0-9a-f]{40})\/statuses$/.exec(path)?.[1];
    if (commit !== undefined) return { status: 200, json: statuses[commit] ?? [] };
    if (/\/repos\/acme\/(docs|widgets)\/pulls\/12$/.test(path)) return pull;
    return githubError(404, 'Not Found');
  };
}

async function decide(inputs: Record<string, string>, answer: (call: GitHubCall) => GitHubAnswer, docsToken?: 'docs-token') {
  if (push === undefined) throw new Error('no push');
  const github = await scriptedGitHub(agent(), answer);
  const docs = await scriptedDocs(github, { docsToken: docsToken === 'docs-token' });
  const context = { event: pushEvent, github: usable(github.client), docs };
  const continuation = await planContinuation(settings(inputs), push, SHA(2), context);
  const paths = github.calls.map((call) => new URL(call.url).pathname.replace(/^\/api\/v3\/repos\/acme\/(widgets|docs)/, ''));
  return { continuation, paths, tokens: github.calls.map(tokenOf) };
}

describe('the stream inputs', () => {
  test('commit-status on and extend-open-pr off by default; extend-open-pr needs commit-status', () => {
    const context = { statusContext: 'docs-agent' };
    expect(settings().stream).toEqual({ commitStatus: true, extendOpenPr: false, ...context });
    expect(settings({ 'commit-status': 'false' }).stream).toEqual({ commitStatus: false, extendOpenPr: false, ...context });
    expect(settings({ 'extend-open-pr': 'true' }).stream).toEqual({ commitStatus: true, extendOpenPr: true, ...context });
    const error = thrownBy(
      InputError,
      () => settings({ 'extend-open-pr': 'true', 'commit-status': 'false' }),
      'extend-open-pr without commit-status',
    );
    expect(error.message).toContain("'extend-open-pr'");
    expect(error.message).toContain("needs 'commit-status: true'");
    expect(thrownBy(InputError, () => settings({ 'commit-status': 'maybe' }), 'a commit-status that is not a boolean').message).toContain(
      "'commit-status'",
    );
  });

  test("commit-status 'auto': a workflow with its own prompt or job id writes none, as before statuses; 'true' or extend-open-pr ask", () => {
    expect(settings({ prompt: 'Document it' }).stream.commitStatus).toBe(false);
    expect(settings({ 'job-id': 'job_1' }).stream.commitStatus).toBe(false);
    expect(settings({ prompt: 'Document it', 'commit-status': 'true' }).stream.commitStatus).toBe(true);
    expect(settings({ prompt: 'Document it', 'extend-open-pr': 'true' }).stream.commitStatus).toBe(true);
    expect(settings({ 'commit-status': 'AUTO' }).stream.commitStatus).toBe(true);
  });

  test('status-context: a label of 1 to 255 characters on one line, trimmed; anything else is one input error naming it', () => {
    expect(settings({ 'status-context': '  docs-agent/release ' }).stream.statusContext).toBe('docs-agent/release');
    expect(settings({ 'status-context': 'é'.repeat(255) }).stream.statusContext).toHaveLength(255);
    expect(settings({ 'status-context': ' ' }).stream.statusContext).toBe('docs-agent');
    for (const value of ['x'.repeat(256), 'docs\nagent', 'docs\u0000agent', 'docs\u2028agent']) {
      const error = thrownBy(InputError, () => settings({ 'status-context': value }), `status-context ${JSON.stringify(value)}`);
      expect(error.message).toContain("'status-context'");
      expect(error.message).toContain('1 to 255 characters on one line');
    }
  });

  test("the records' owner: the context, and the digest of the workflow's file and the project", () => {
    expect(recordOwnerOf(settings({ 'status-context': 'docs-agent/release' }), pushEvent)).toEqual({
      context: 'docs-agent/release',
      writer: recordWriter('.github/workflows/docs.yml', 'proj_1'),
    });
    const release = runEventOf({ ...env, GITHUB_WORKFLOW_REF: 'acme/widgets/.github/workflows/release.yml@refs/tags/v1' }, {});
    expect(recordOwnerOf(settings(), release).writer).not.toBe(recordOwnerOf(settings(), pushEvent).writer);
    expect(recordOwnerOf(settings({ 'project-id': 'proj_2' }), pushEvent).writer).not.toBe(recordOwnerOf(settings(), pushEvent).writer);
  });
});

describe('which commit gets the status', () => {
  test("a push's after, a merged pull request's merge commit (else its head), an open one's head, a release's and a digest's GITHUB_SHA", () => {
    if (push === undefined) throw new Error('no push');
    expect(statusCommitOf(push, pushEvent)).toBe(SHA(2));
    const pull = (fields: Record<string, unknown>) =>
      runEventOf({ ...env, GITHUB_EVENT_NAME: 'pull_request' }, { action: 'closed', number: 5, pull_request: { number: 5, ...fields } });
    const merged = pull({ merged: true, merge_commit_sha: SHA(7), head: { sha: SHA(6) } });
    const withoutMergeCommit = pull({ merged: true, head: { sha: SHA(6) } });
    const open = pull({ merged: false, merge_commit_sha: SHA(7), head: { sha: SHA(6) } });
    for (const [event, sha] of [
      [merged, SHA(7)],
      [withoutMergeCommit, SHA(6)],
      [open, SHA(6)],
    ] as const) {
      if (event.change === undefined) throw new Error('no change');
      expect(statusCommitOf(event.change, event)).toBe(sha);
    }
    expect(statusCommitOf({ kind: 'since', windowMs: 1 }, pushEvent)).toBe(SHA(9));
  });
});

describe('planContinuation', () => {
  test('no record on the commit: a new job, after one status read', async () => {
    const { continuation, paths } = await decide({}, streamGitHub({}));
    expect(continuation).toEqual({ kind: 'new' });
    expect(paths).toEqual([`/commits/${SHA(2)}/statuses`]);
  });

  test('the commit records a job (a re-run): resumed, and the log says so', async () => {
    const { continuation } = await decide(
      {},
      streamGitHub({ [SHA(2)]: [docsStatus('Docs agent working: job job_5', { state: 'pending' })] }),
    );
    expect(continuation).toMatchObject({ kind: 'resume', jobId: 'job_5' });
    expect(core.messages('info')).toContain(
      `Commit ${SHA(2).slice(0, 7)} already records agent job job_5 (a re-run, or the same commit again): following it, not starting another.`,
    );
  });

  test('a job that timed out is resumed', async () => {
    const timedOut = await decide({}, streamGitHub({ [SHA(2)]: [docsStatus('Docs agent job job_5 timed out', { state: 'failure' })] }));
    expect(timedOut.continuation).toMatchObject({ kind: 'resume', jobId: 'job_5' });
  });

  test('a job that failed is not: a new job, and the log says why', async () => {
    const failed = await decide({}, streamGitHub({ [SHA(2)]: [docsStatus('Docs agent job job_5 failed', { state: 'failure' })] }));
    expect(failed.continuation).toMatchObject({ kind: 'new' });
    expect(core.messages('info')).toContain(
      `Commit ${SHA(2).slice(0, 7)} records agent job job_5, which ended without its docs: starting a new job.`,
    );
  });

  test('a status by another account is no record', async () => {
    const other = docsStatus('Docs agent working: job job_5', { creator: { login: 'mallory' } });
    expect((await decide({}, streamGitHub({ [SHA(2)]: [other] }))).continuation).toEqual({ kind: 'new' });
  });

  test("another workflow's status on the commit (a release over a push's record, the same account) is no record: a new job, no login asked", async () => {
    const push = docsStatus(
      'Docs agent job job_push: pull request acme/docs#12',
      {},
      ` [wf ${recordWriter('.github/workflows/push.yml', 'proj_1')}]`,
    );
    const { continuation, paths } = await decide({}, streamGitHub({ [SHA(2)]: [push] }));
    expect(continuation).toEqual({ kind: 'new' });
    expect(paths).toEqual([`/commits/${SHA(2)}/statuses`]);
  });

  test("another project's status by the same workflow file is no record either", async () => {
    const other = docsStatus(
      'Docs agent working: job job_b',
      { state: 'pending' },
      ` [wf ${recordWriter('.github/workflows/docs.yml', 'proj_2')}]`,
    );
    expect((await decide({}, streamGitHub({ [SHA(2)]: [other] }))).continuation).toEqual({ kind: 'new' });
  });

  test('a status of an earlier version (no writer) is not followed: a new job, and the log says why', async () => {
    const legacy = docsStatus('Docs agent working: job job_old', { state: 'pending' }, '');
    expect((await decide({}, streamGitHub({ [SHA(2)]: [legacy] }))).continuation.kind).toBe('new');
    expect(core.messages('info')).toContain(
      `The docs-agent status of commit ${SHA(2).slice(0, 7)} names agent job job_old but not the workflow and project that wrote it (an earlier version of the action): it is not followed, so a new job starts.`,
    );
  });

  test("GraphQL refuses to say who the token is: the guessed workflow login makes no status this run's own", async () => {
    const own = docsStatus('Docs agent working: job job_5', { state: 'pending' });
    const refused = githubError(403, 'Resource not accessible by integration');
    const { continuation } = await decide({}, streamGitHub({ [SHA(2)]: [own] }, undefined, refused));
    expect(continuation.kind).toBe('new');
    expect(core.messages('info').join('\n')).toContain('GitHub refused to say who the token is');
  });

  test('statuses that cannot be read: a new job, and the log says a re-run may repeat it', async () => {
    const { continuation } = await decide({}, () => githubError(403, 'Resource not accessible by integration'));
    expect(continuation.kind).toBe('new');
    expect(core.messages('info').join('\n')).toContain(
      "add 'statuses: read' to the workflow's permissions), so a re-run of this run may repeat the job.",
    );
  });

  describe('the record is read only where one can exist', () => {
    const recorded = { [SHA(2)]: [docsStatus('Docs agent working: job job_5', { state: 'pending' })] };
    const found = (sha: string) => ({ kind: 'found', sha, runId: 70, branch: 'main' }) as const;

    async function decideAt(attempt: string | undefined, lastSuccess: AnsweredLookup | undefined) {
      if (push === undefined) throw new Error('no push');
      const event = runEventOf(
        { ...env, GITHUB_EVENT_NAME: 'push', ...(attempt !== undefined && { GITHUB_RUN_ATTEMPT: attempt }) },
        { ref: 'refs/heads/main', before: SHA(1), after: SHA(2) },
      );
      const github = await scriptedGitHub(agent(), streamGitHub(recorded));
      const context = { event, github: usable(github.client), docs: await scriptedDocs(github) };
      const continuation = await planContinuation(settings(), push, SHA(2), context, lastSuccess);
      return { continuation, reads: github.calls.length };
    }

    test.each([
      ["the last success ended at the push's before", found(SHA(1))],
      ['no earlier success', { kind: 'none', branch: 'main' } as const],
    ])('a first attempt where %s: no read, a new job', async (_name, lastSuccess) => {
      expect(await decideAt('1', lastSuccess)).toEqual({ continuation: { kind: 'new' }, reads: 0 });
    });

    test.each([
      ['a re-run (attempt 2)', '2', found(SHA(1))],
      ['the same commit reached again (the last success ended at it)', '1', found(SHA(2))],
      ['a look-up without an answer (refused or failed)', '1', undefined],
      ['no attempt number', undefined, found(SHA(1))],
    ])('%s: read, and the recorded job resumed', async (_name, attempt, lastSuccess) => {
      const { continuation, reads } = await decideAt(attempt, lastSuccess);
      expect(continuation).toMatchObject({ kind: 'resume', jobId: 'job_5' });
      expect(reads).toBeGreaterThan(0);
    });
  });

  test('commit-status: false reads nothing', async () => {
    const { continuation, paths } = await decide({ 'commit-status': 'false' }, streamGitHub({}));
    expect(continuation).toEqual({ kind: 'new' });
    expect(paths).toEqual([]);
  });

  describe('extend-open-pr', () => {
    const inputs = { 'extend-open-pr': 'true' };
    const documented = { [SHA(1)]: [docsStatus('Docs agent job job_3: pull request acme/docs#12', { target_url: PR_LINK })] };

    test("the push's before records a job whose pull request is open: extended, with 3 reads", async () => {
      const { continuation, paths } = await decide(inputs, streamGitHub(documented));
      expect(continuation).toMatchObject({ kind: 'extend', jobId: 'job_3', prLink: PR_LINK });
      expect(paths).toEqual([`/commits/${SHA(2)}/statuses`, `/commits/${SHA(1)}/statuses`, '/api/graphql', '/pulls/12']);
      expect(core.messages('notice')).toEqual([]);
    });

    test('the request: a follow-up that starts with the instruction for a further change, then the section', () => {
      const prompt = 'Document it\n\n---\n\n## What changed\n- a';
      expect(continuedRequest({ kind: 'extend', jobId: 'job_3', prLink: PR_LINK, note: '' }, 'Document it', prompt)).toEqual({
        kind: 'message',
        jobId: 'job_3',
        prompt: `${FOLLOW_UP_INSTRUCTION}\n\n---\n\n## What changed\n- a`,
      });
      expect(continuedRequest({ kind: 'resume', jobId: 'job_3', note: '' }, 'Document it', prompt)).toEqual({
        kind: 'wait',
        jobId: 'job_3',
      });
      expect(continuedRequest({ kind: 'new' }, 'Document it', prompt)).toEqual({ kind: 'create', prompt });
    });

    test.each([
      ['merged', { status: 200, json: { state: 'closed', merged: true } }, 'was merged: starting a new job.'],
      ['closed', { status: 200, json: { state: 'closed', merged: false } }, 'was closed: starting a new job.'],
    ])('a pull request that is %s: a new job, with one notice', async (_name, pull, said) => {
      const { continuation } = await decide(inputs, streamGitHub(documented, pull));
      expect(continuation.kind).toBe('new');
      const notices = core.messages('notice');
      expect(notices).toHaveLength(1);
      expect(notices[0]).toContain(said);
    });

    test("a pull request in the workflow's own repository that cannot be read (404): the notice names the permission", async () => {
      const own = 'https://github.com/acme/widgets/pull/12';
      const ownRecord = { [SHA(1)]: [docsStatus('Docs agent job job_3: pull request acme/widgets#12', { target_url: own })] };
      const { continuation, tokens } = await decide(inputs, streamGitHub(ownRecord, githubError(404, 'Not Found')), 'docs-token');
      expect(continuation.kind).toBe('new');
      expect(tokens.every((token) => token === 'github')).toBe(true);
      expect(core.messages('notice')).toEqual([
        expect.stringContaining("add 'pull-requests: read' to the workflow's permissions): starting a new job."),
      ]);
    });

    test('the docs in their own repository, with docs-token: its pull request is read with docs-token, the statuses with github-token', async () => {
      const { continuation, paths, tokens } = await decide(inputs, streamGitHub(documented), 'docs-token');
      expect(continuation).toMatchObject({ kind: 'extend', jobId: 'job_3', prLink: PR_LINK });
      expect(paths.at(-1)).toBe('/pulls/12');
      expect(tokens).toEqual(['github', 'github', 'github', 'docs']);
    });

    test.each([
      ['without docs-token: 404 to github-token', undefined, githubError(404, 'Not Found'), "answered 404 to 'github-token'"],
      [
        'with docs-token: 403 to it',
        'docs-token' as const,
        githubError(403, 'Resource not accessible by integration'),
        "answered 403 to 'docs-token'",
      ],
    ])(
      'the docs in their own repository, %s: a new job, one notice naming the repository and docs-token, no permissions',
      async (_name, docsToken, pull, said) => {
        const { continuation } = await decide(inputs, streamGitHub(documented, pull), docsToken);
        expect(continuation.kind).toBe('new');
        const notices = core.messages('notice');
        expect(notices).toEqual([expect.stringContaining(`The docs repository acme/docs ${said}`)]);
        expect(notices[0]).toContain('could not read the state of the pull request acme/docs#12 of the agent job job_3');
        expect(notices[0]).toContain('it starts a new job instead of extending that one');
        expect(notices[0]).toContain("'docs-token'");
        expect(notices[0]).not.toMatch(/pull-requests: |permissions/);
      },
    );

    test('a record without a pull request yet (pending): a new job, with one notice', async () => {
      const pending = { [SHA(1)]: [docsStatus('Docs agent working: job job_3', { state: 'pending' })] };
      const { continuation } = await decide(inputs, streamGitHub(pending));
      expect(continuation.kind).toBe('new');
      expect(core.messages('notice')).toEqual([
        `The agent job job_3 of the last documented commit ${SHA(1).slice(0, 7)} has no pull request yet (its status is pending): starting a new job.`,
      ]);
    });

    test("the last documented commit's status by an earlier version: not extended, one notice naming why", async () => {
      const legacy = { [SHA(1)]: [docsStatus('Docs agent job job_3: pull request acme/docs#12', { target_url: PR_LINK }, '')] };
      const { continuation, paths } = await decide(inputs, streamGitHub(legacy));
      expect(continuation.kind).toBe('new');
      expect(paths).not.toContain('/pulls/12');
      expect(core.messages('notice')).toEqual([
        `'extend-open-pr': the docs-agent status of commit ${SHA(1).slice(0, 7)} names agent job job_3 but not the workflow and project that wrote it (an earlier version of the action): it is not followed, so a new job starts.`,
      ]);
    });

    test("another workflow's job on the last documented commit is not extended", async () => {
      const other = {
        [SHA(1)]: [
          docsStatus(
            'Docs agent job job_3: pull request acme/docs#12',
            { target_url: PR_LINK },
            ` [wf ${recordWriter('.github/workflows/release.yml', 'proj_1')}]`,
          ),
        ],
      };
      const { continuation, paths } = await decide(inputs, streamGitHub(other));
      expect(continuation.kind).toBe('new');
      expect(paths).not.toContain('/pulls/12');
    });

    test('the re-run check comes first: a commit that records its own job is resumed, not extended', async () => {
      const both = { ...documented, [SHA(2)]: [docsStatus('Docs agent working: job job_4', { state: 'pending' })] };
      expect((await decide(inputs, streamGitHub(both))).continuation).toMatchObject({ kind: 'resume', jobId: 'job_4' });
    });
  });
});

describe('planStaleStatus: the previous push left its status pending', () => {
  const widened = () => {
    if (push === undefined) throw new Error('no push');
    return { ...push, documented: { sha: SHA(0), earlier: 1 } };
  };

  async function stale(
    source: Parameters<typeof planStaleStatus>[1],
    statuses: Record<string, unknown[]>,
    inputs: Record<string, string> = {},
  ) {
    const github = await scriptedGitHub(agent(), streamGitHub(statuses));
    const docs = await scriptedDocs(github, { docsToken: false });
    const found = await planStaleStatus(settings(inputs), source, { event: pushEvent, github: usable(github.client), docs });
    return { found, reads: github.calls.length };
  }

  test("the change starts before the push's before, whose own status is pending: that commit and its job", async () => {
    const pending = { [SHA(1)]: [docsStatus('Docs agent working: job job_c', { state: 'pending' })] };
    expect(await stale(widened(), pending)).toEqual({ found: { sha: SHA(1), jobId: 'job_c' }, reads: 2 });
  });

  test('a final status on it (the cancellation wrote its error), or none: nothing to replace', async () => {
    const cancelled = {
      [SHA(1)]: [docsStatus('Docs agent job job_c: this run was cancelled; the next run takes its commits', { state: 'error' })],
    };
    expect((await stale(widened(), cancelled)).found).toBeUndefined();
    expect((await stale(widened(), {})).found).toBeUndefined();
  });

  test('an ordinary push (the change is its own) reads nothing; nor does commit-status: false', async () => {
    if (push === undefined) throw new Error('no push');
    expect(await stale(push, {})).toEqual({ found: undefined, reads: 0 });
    expect(await stale(widened(), {}, { 'commit-status': 'false' })).toEqual({ found: undefined, reads: 0 });
  });
});
