/**
 * The `docs-agent` commit status (src/stream/docs-status.ts, the texts in status-texts.ts): the
 * descriptions the issue gives, the cut to GitHub's 140 characters with the writer's tag kept
 * whole, the write and its refusal, and reading the record back: the newest status under the run's
 * context, with the run's writer, by the token's own account that names a job; never one by anyone
 * else, of another workflow or project, or of an earlier version that named no writer; over a
 * bounded number of pages.
 */
import { describe, expect, test } from '@jest/globals';
import {
  DESCRIPTION_CHARS,
  MAX_STATUS_PAGES,
  jobIdOf,
  readDocsStatus,
  statusDescription,
  writeDocsStatus,
  type StatusReader,
} from '../../../src/stream/docs-status.js';
import {
  abandonedStatus,
  cancelledStatus,
  documentedStatus,
  failedStatus,
  noChangeStatus,
  notSentStatus,
  pullRequestStatus,
  skippedStatus,
  stoppedStatus,
  workingStatus,
} from '../../../src/stream/status-texts.js';
import { recordWriter } from '../../../src/stream/writer.js';
import { truncateCodePoints } from '../../../src/text/truncate.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { GITHUB_API as API, githubError, scriptedGitHub, type GitHubAnswer, type GitHubCall } from '../../helpers/scripted-github.js';

const agent = useMockAgent();
const repository = { owner: 'acme', repo: 'code' };
const SHA = 'a'.repeat(40);
const RUN_URL = 'https://github.com/acme/code/actions/runs/9001';
const PR_LINK = 'https://github.com/acme/docs/pull/12';
const OWN = 'github-actions[bot]';
const WRITER = recordWriter('.github/workflows/docs.yml', 'proj_1');
const TAG = ` [wf ${WRITER}]`;
const OWNER = { context: 'docs-agent', writer: WRITER };
const codePoints = (text: string) => Array.from(text).length;

describe('the descriptions', () => {
  test('each state the issue lists, naming the job where there is one', () => {
    expect(workingStatus('job_1', RUN_URL)).toEqual({ state: 'pending', description: 'Docs agent working: job job_1', targetUrl: RUN_URL });
    expect(pullRequestStatus('job_1', PR_LINK)).toEqual({
      state: 'success',
      description: 'Docs agent job job_1: pull request acme/docs#12',
      targetUrl: PR_LINK,
    });
    expect(noChangeStatus('job_1', RUN_URL)).toEqual({
      state: 'success',
      description: 'Docs agent job job_1: no docs change needed',
      targetUrl: RUN_URL,
    });
    expect(skippedStatus('paths', RUN_URL)).toMatchObject({ state: 'success', description: 'skipped: no file in change-paths changed' });
    expect(skippedStatus('marker', undefined)).toEqual({ state: 'success', description: 'skipped: [skip docs]' });
    expect(failedStatus('job_1', 'failed', RUN_URL)).toEqual({
      state: 'failure',
      description: 'Docs agent job job_1 failed',
      targetUrl: RUN_URL,
    });
    expect(failedStatus('job_1', 'timed out', RUN_URL).description).toBe('Docs agent job job_1 timed out');
  });

  test('a run that ends without a result of its job: cancelled, nothing sent, already documented, left pending', () => {
    expect(cancelledStatus('job_1', RUN_URL)).toEqual({
      state: 'error',
      description: 'Docs agent job job_1: this run was cancelled; the next run takes its commits',
      targetUrl: RUN_URL,
    });
    expect(cancelledStatus(undefined, undefined)).toEqual({
      state: 'error',
      description: 'Docs agent: this run was cancelled; the next run takes its commits',
    });
    expect(notSentStatus('refused', RUN_URL)).toMatchObject({
      state: 'error',
      description: 'Docs agent: the change could not be sent to the agent; the next run takes its commits',
    });
    expect(notSentStatus('unclear', RUN_URL).description).toBe(
      'Docs agent: the agent service gave no clear answer; the next run takes its commits',
    );
    expect(documentedStatus('b'.repeat(40), RUN_URL)).toEqual({
      state: 'success',
      description: 'skipped: a newer run documented this commit (at bbbbbbb)',
      targetUrl: RUN_URL,
    });
    expect(abandonedStatus('job_1', RUN_URL)).toMatchObject({
      state: 'error',
      description: 'Docs agent job job_1: its run stopped; a later run took its commits',
    });
  });

  test('a pull request link that is not one still gives a description, and links where it points', () => {
    expect(pullRequestStatus('job_1', 'https://example.com/x')).toMatchObject({ description: 'Docs agent job job_1: pull request opened' });
  });

  test('every description that names a job reads back as that job; the skipped ones name none', () => {
    const jobId = 'job_2024-01.a~b';
    for (const status of [
      workingStatus(jobId, RUN_URL),
      pullRequestStatus(jobId, PR_LINK),
      noChangeStatus(jobId, RUN_URL),
      failedStatus(jobId, 'failed', RUN_URL),
      failedStatus(jobId, 'timed out', RUN_URL),
      stoppedStatus(jobId, RUN_URL),
      cancelledStatus(jobId, RUN_URL),
      abandonedStatus(jobId, RUN_URL),
    ]) {
      expect(jobIdOf(statusDescription(status.description, WRITER))).toBe(jobId);
    }
    for (const status of [
      skippedStatus('paths', RUN_URL),
      skippedStatus('marker', RUN_URL),
      cancelledStatus(undefined, RUN_URL),
      notSentStatus('refused', RUN_URL),
      notSentStatus('unclear', RUN_URL),
      documentedStatus(SHA, RUN_URL),
    ])
      expect(jobIdOf(statusDescription(status.description, WRITER))).toBeUndefined();
  });

  test('a job id the cut reached is not read back (it would name another job); the tag stays whole', () => {
    const description = statusDescription(workingStatus(`job_${'x'.repeat(200)}`, RUN_URL).description, WRITER);
    expect(description.endsWith(`…${TAG}`)).toBe(true);
    expect(codePoints(description)).toBe(DESCRIPTION_CHARS);
    expect(jobIdOf(description)).toBeUndefined();
  });

  test('one line: control characters and line breaks become single spaces; the tag ends it', () => {
    expect(statusDescription('Docs agent\r\n\tjob\u0000 x ', WRITER)).toBe(`Docs agent job x${TAG}`);
  });

  test('the writer: 8 hex digits of the workflow file and the project; any difference in either makes another', () => {
    expect(WRITER).toMatch(/^[0-9a-f]{8}$/);
    expect(recordWriter('.github/workflows/docs.yml', 'proj_1')).toBe(WRITER);
    expect(recordWriter('.github/workflows/release.yml', 'proj_1')).not.toBe(WRITER);
    expect(recordWriter('.github/workflows/docs.yml', 'proj_2')).not.toBe(WRITER);
    expect(recordWriter(undefined, 'proj_1')).not.toBe(WRITER);
  });
});

describe(`the cut to ${DESCRIPTION_CHARS} characters`, () => {
  const room = DESCRIPTION_CHARS - TAG.length;

  test('text within the limit is kept as it is, the tag after it', () => {
    const text = 'x'.repeat(room);
    expect(statusDescription(text, WRITER)).toBe(`${text}${TAG}`);
    expect(codePoints(statusDescription(text, WRITER))).toBe(DESCRIPTION_CHARS);
  });

  test('longer text: exactly 140 characters, the text cut with an ellipsis before the tag', () => {
    const cut = statusDescription('y'.repeat(500), WRITER);
    expect(codePoints(cut)).toBe(DESCRIPTION_CHARS);
    expect(cut).toBe(`${'y'.repeat(room - 1)}…${TAG}`);
  });

  test('characters outside the BMP count once, as GitHub counts them, and are never split', () => {
    const cut = statusDescription('😀'.repeat(200), WRITER);
    expect(codePoints(cut)).toBe(DESCRIPTION_CHARS);
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  test('the cut falls between whole characters: a letter keeps its accent or goes with it', () => {
    // 138 x, then é written as e + combining acute (2 code points) at code points 139 and 140.
    const text = `${'x'.repeat(138)}e\u0301${'z'.repeat(10)}`;
    expect(truncateCodePoints(text, DESCRIPTION_CHARS)).toBe(`${'x'.repeat(138)}…`);
    const family = '👩‍👩‍👧';
    const cut = truncateCodePoints(`${'x'.repeat(137)}${family}tail`, DESCRIPTION_CHARS);
    expect(cut).toBe(`${'x'.repeat(137)}…`);
  });
});

/** Statuses answered by `statuses`, the viewer by `login`; every call recorded. */
function statusesGitHub(
  statuses: (call: GitHubCall) => GitHubAnswer,
  login: GitHubAnswer = { status: 200, json: { data: { viewer: { login: OWN } } } },
) {
  return (call: GitHubCall): GitHubAnswer => (call.url.endsWith('/graphql') ? login : statuses(call));
}

/** A status as GitHub lists it; its description ends with the run's own tag unless `tag` says otherwise ('' for none). */
const status = (description: string, creator: string | null, extra: Record<string, unknown> = {}, tag = TAG) => ({
  id: 1,
  context: 'docs-agent',
  state: 'pending',
  description: `${description}${tag}`,
  target_url: RUN_URL,
  creator: creator === null ? null : { login: creator },
  ...extra,
});

describe('writeDocsStatus', () => {
  test('POST /statuses/{sha} with the context docs-agent, the state, the description and the link', async () => {
    const { client, calls } = await scriptedGitHub(agent(), () => ({ status: 201, json: { id: 1 } }));
    expect(await writeDocsStatus(client, repository, SHA, workingStatus('job_1', RUN_URL), OWNER)).toEqual({
      kind: 'written',
      description: `Docs agent working: job job_1${TAG}`,
    });
    expect(calls.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual([`POST /api/v3/repos/acme/code/statuses/${SHA}`]);
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      state: 'pending',
      context: 'docs-agent',
      description: `Docs agent working: job job_1${TAG}`,
      target_url: RUN_URL,
    });
  });

  test("a second workflow's context (status-context) is the one written", async () => {
    const { client, calls } = await scriptedGitHub(agent(), () => ({ status: 201, json: { id: 1 } }));
    await writeDocsStatus(client, repository, SHA, workingStatus('job_1', RUN_URL), { ...OWNER, context: 'docs-agent/release' });
    expect(JSON.parse(calls[0]?.body ?? '')).toMatchObject({ context: 'docs-agent/release' });
  });

  test('a description that is too long is sent cut to 140 characters', async () => {
    const { client, calls } = await scriptedGitHub(agent(), () => ({ status: 201, json: {} }));
    const long = pullRequestStatus('job_1', `https://github.com/acme/${'d'.repeat(100)}/pull/12`);
    const written = await writeDocsStatus(client, repository, SHA, long, OWNER);
    const sent = (JSON.parse(calls[0]?.body ?? '') as { description: string }).description;
    expect(codePoints(sent)).toBe(DESCRIPTION_CHARS);
    expect(written).toEqual({ kind: 'written', description: sent });
    expect(jobIdOf(sent)).toBe('job_1');
    expect(sent.endsWith(TAG)).toBe(true);
  });

  test('a link that is not http(s) is left out (GitHub would refuse the status)', async () => {
    const { client, calls } = await scriptedGitHub(agent(), () => ({ status: 201, json: {} }));
    await writeDocsStatus(client, repository, SHA, { state: 'success', description: 'x', targetUrl: 'javascript:alert(1)' }, OWNER);
    expect(JSON.parse(calls[0]?.body ?? '')).not.toHaveProperty('target_url');
  });

  test("403: refused, naming 'statuses: write'", async () => {
    const { client } = await scriptedGitHub(agent(), () => githubError(403, 'Resource not accessible by integration'));
    expect(await writeDocsStatus(client, repository, SHA, skippedStatus('marker', RUN_URL), OWNER)).toMatchObject({
      kind: 'refused',
      status: 403,
      permission: 'statuses: write',
    });
  });

  test('422 (GitHub keeps at most 1,000 statuses per context): unavailable, never a throw', async () => {
    const { client } = await scriptedGitHub(agent(), () => githubError(422, 'Validation Failed'));
    expect(await writeDocsStatus(client, repository, SHA, skippedStatus('marker', RUN_URL), OWNER)).toMatchObject({
      kind: 'unavailable',
      status: 422,
    });
  });
});

describe('readDocsStatus', () => {
  const reader = (ownLogin: () => Promise<string>, owner = OWNER): StatusReader => ({ ...owner, ownLogin });
  const viewer = reader(async () => OWN);
  /** Read with the token's login asked of GitHub, as the run asks it. */
  const readAsViewer = async (client: Parameters<typeof readDocsStatus>[0]) => {
    const { viewerLogin } = await import('../../../src/comment/github-api.js');
    return readDocsStatus(
      client,
      repository,
      SHA,
      reader(() => viewerLogin(client)),
    );
  };

  test("the newest own status that names a job; another account's newer one is not taken", async () => {
    const list = [
      { context: 'ci/build', state: 'success', description: 'job job_9 passed', creator: { login: OWN } },
      status('Docs agent working: job job_evil', 'mallory'),
      status('Docs agent job job_1: pull request acme/docs#12', OWN, { state: 'success', target_url: PR_LINK }),
      status('Docs agent working: job job_0', OWN),
    ];
    const { client, calls } = await scriptedGitHub(
      agent(),
      statusesGitHub(() => ({ status: 200, json: list })),
    );
    expect(await readAsViewer(client)).toEqual({
      kind: 'found',
      jobId: 'job_1',
      state: 'success',
      ended: false,
      prLink: PR_LINK,
      targetUrl: PR_LINK,
    });
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual([`/api/v3/repos/acme/code/commits/${SHA}/statuses`, '/api/graphql']);
    expect(new URL(calls[0]?.url ?? '').searchParams.get('per_page')).toBe('100');
  });

  test("a status linking to the run has no pull request; the creator must be the token's own account", async () => {
    const { client } = await scriptedGitHub(agent(), () => ({ status: 200, json: [status('Docs agent working: job job_1', OWN)] }));
    expect(await readDocsStatus(client, repository, SHA, viewer)).toEqual({
      kind: 'found',
      jobId: 'job_1',
      state: 'pending',
      ended: false,
      targetUrl: RUN_URL,
    });
    expect(
      await readDocsStatus(
        client,
        repository,
        SHA,
        reader(async () => 'someone-else'),
      ),
    ).toEqual({ kind: 'none' });
  });

  test("another workflow's or project's status, by the same account, is not this run's record, and nobody is asked who the token is", async () => {
    let asked = 0;
    const list = [
      status(
        'Docs agent job job_push: pull request acme/docs#12',
        OWN,
        {},
        ` [wf ${recordWriter('.github/workflows/push.yml', 'proj_1')}]`,
      ),
      status('Docs agent working: job job_b', OWN, {}, ` [wf ${recordWriter('.github/workflows/docs.yml', 'proj_2')}]`),
    ];
    const { client } = await scriptedGitHub(agent(), () => ({ status: 200, json: list }));
    const counting = reader(async () => {
      asked++;
      return OWN;
    });
    expect(await readDocsStatus(client, repository, SHA, counting)).toEqual({ kind: 'none' });
    expect(asked).toBe(0);
  });

  test("a status of an earlier version (no writer) is nobody's record: none, naming its job for the log", async () => {
    const { client } = await scriptedGitHub(agent(), () => ({
      status: 200,
      json: [status('Docs agent working: job job_old', OWN, {}, '')],
    }));
    expect(await readDocsStatus(client, repository, SHA, viewer)).toEqual({ kind: 'none', legacy: 'job_old' });
  });

  test("the context is the run's own (status-context), compared in any case as GitHub does", async () => {
    const list = [
      status('Docs agent working: job job_main', OWN),
      status('Docs agent working: job job_rel', OWN, { context: 'Docs-Agent/Release' }),
    ];
    const { client } = await scriptedGitHub(agent(), () => ({ status: 200, json: list }));
    expect(
      await readDocsStatus(
        client,
        repository,
        SHA,
        reader(async () => OWN, { ...OWNER, context: 'docs-agent/release' }),
      ),
    ).toMatchObject({
      kind: 'found',
      jobId: 'job_rel',
    });
    expect(await readDocsStatus(client, repository, SHA, viewer)).toMatchObject({ kind: 'found', jobId: 'job_main' });
  });

  test('statuses that name no job (skipped), a cut job id, an unknown state or no creator are not a record', async () => {
    const list = [
      status('skipped: [skip docs]', OWN, { state: 'success' }),
      status(`Docs agent working: job job_${'x'.repeat(98)}…`, OWN),
      status('Docs agent working: job job_2', OWN, { state: 'exploded' }),
      status('Docs agent working: job job_3', null),
      status('Docs agent working: job job_4', OWN, { context: 'docs-agent-2' }),
      'not a status',
    ];
    const { client } = await scriptedGitHub(agent(), () => ({ status: 200, json: list }));
    expect(await readDocsStatus(client, repository, SHA, viewer)).toEqual({ kind: 'none' });
  });

  test('without any docs-agent status nobody is asked who the token is', async () => {
    let asked = 0;
    const { client } = await scriptedGitHub(agent(), () => ({ status: 200, json: [] }));
    expect(
      await readDocsStatus(
        client,
        repository,
        SHA,
        reader(async () => {
          asked++;
          return OWN;
        }),
      ),
    ).toEqual({ kind: 'none' });
    expect(asked).toBe(0);
  });

  /** Page `page` of many statuses of other contexts, with a next link; `own` puts the record on that page. */
  const pages =
    (own?: number) =>
    (call: GitHubCall): GitHubAnswer => {
      const page = Number(new URL(call.url).searchParams.get('page') ?? '1');
      const items: unknown[] = Array.from({ length: 100 }, () => ({
        context: 'ci',
        state: 'success',
        description: 'ok',
        creator: { login: OWN },
      }));
      if (page === own) items.push(status('Docs agent working: job job_7', OWN));
      const path = `/repos/acme/code/commits/${SHA}/statuses`;
      return { status: 200, json: items, headers: { link: `<${API}${path}?per_page=100&page=${page + 1}>; rel="next"` } };
    };

  test('a record on a later page is found', async () => {
    const { client, calls } = await scriptedGitHub(agent(), pages(2));
    expect(await readDocsStatus(client, repository, SHA, viewer)).toMatchObject({ kind: 'found', jobId: 'job_7' });
    expect(calls).toHaveLength(2);
  });

  test(`at most ${MAX_STATUS_PAGES} pages; a commit with more is unavailable, not "no record"`, async () => {
    const { client, calls } = await scriptedGitHub(agent(), pages());
    expect(await readDocsStatus(client, repository, SHA, viewer)).toMatchObject({
      kind: 'unavailable',
      detail: expect.stringContaining('300') as unknown,
    });
    expect(calls).toHaveLength(MAX_STATUS_PAGES);
  });

  test("403: refused, naming 'statuses: read'; 404 and a list that is not one: unavailable", async () => {
    let answer: GitHubAnswer = githubError(403, 'Resource not accessible by integration');
    const { client } = await scriptedGitHub(agent(), () => answer);
    expect(await readDocsStatus(client, repository, SHA, viewer)).toMatchObject({
      kind: 'refused',
      status: 403,
      permission: 'statuses: read',
    });
    answer = githubError(404, 'No commit found for SHA');
    expect(await readDocsStatus(client, repository, SHA, viewer)).toMatchObject({ kind: 'unavailable', status: 404 });
    answer = { status: 200, json: { statuses: [] } };
    expect(await readDocsStatus(client, repository, SHA, viewer)).toMatchObject({
      kind: 'unavailable',
      detail: expect.stringContaining('not a list') as unknown,
    });
  });

  test('when who the token is cannot be learnt, no status is taken for its own: unavailable', async () => {
    const { client } = await scriptedGitHub(
      agent(),
      statusesGitHub(() => ({ status: 200, json: [status('Docs agent working: job job_1', OWN)] }), githubError(502, 'Bad Gateway')),
    );
    expect(await readAsViewer(client)).toMatchObject({
      kind: 'unavailable',
      detail: expect.stringContaining('Who the token is could not be learnt') as unknown,
    });
  });
});
