/**
 * Where the change starts (src/stream/change-base.ts): a push from the last documented commit when
 * it is an older ancestor, nothing to send when a newer run already documented it (a failed run
 * re-run late), its own range with one notice naming the reason otherwise (the first run, a force
 * push, the Actions API refusing or failing); `change-since: last-success` from the last
 * documented commit up to the run's own commit, or the last 24 hours with a notice; no look-up for
 * a new branch, a tag, or any other source.
 */
import { describe, expect, test } from '@jest/globals';
import type { PushSource, SinceSource } from '../../../src/change/documented-base.js';
import { runEventOf, type RunEvent } from '../../../src/event/run-event.js';
import { digestStart, pushStart } from '../../../src/stream/change-base.js';
import type { RepositoryHandle } from '../../../src/github/repository.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { githubError, scriptedGitHub, type GitHubAnswer, type GitHubCall, usable, NO_TOKEN } from '../../helpers/scripted-github.js';

const agent = useMockAgent();

/** Where a push's or a digest's change starts, as their kinds ask. */
function changeBase(source: PushSource | SinceSource, context: { event: RunEvent; github: RepositoryHandle }) {
  return source.kind === 'push' ? pushStart(source, context.event, context.github) : digestStart(source, context.event, context.github);
}
const RUN_ID = 4242;
const WORKFLOW_ID = 77;
const sha = (digit: string): string => digit.repeat(40);
const BEFORE = sha('b');
const AFTER = sha('c');
const DOCUMENTED = sha('a');
const RUN_URL = 'https://github.com/acme/code/actions/runs/8000';

function runEvent(env: Record<string, string> = { GITHUB_RUN_ID: String(RUN_ID) }): RunEvent {
  return runEventOf({ GITHUB_EVENT_NAME: 'push', GITHUB_REPOSITORY: 'acme/code', GITHUB_SERVER_URL: 'https://github.com', ...env }, {});
}

const payloadCommit = (id: string) => ({ sha: id, message: 'Change', added: [], removed: [], modified: ['src/a.ts'] });

function push(extra: Partial<PushSource> = {}): PushSource {
  return {
    kind: 'push',
    ref: 'main',
    refKind: 'branch',
    before: BEFORE,
    after: AFTER,
    deleted: false,
    commits: [payloadCommit(sha('d')), payloadCommit(AFTER)],
    headCommit: payloadCommit(AFTER),
    ...extra,
  };
}

const since: SinceSource = { kind: 'since', windowMs: 24 * 3_600_000, branch: 'main', lastSuccess: true };

interface Script {
  /** The head of the last successful run; undefined: none. */
  readonly head?: string;
  readonly runs?: GitHubAnswer;
  readonly compare?: GitHubAnswer;
}

/** The run asking, the workflow's successful runs, and the comparison of the documented commit with the head. */
function github(script: Script) {
  return (call: GitHubCall): GitHubAnswer => {
    const { pathname } = new URL(call.url);
    if (pathname.endsWith(`/actions/runs/${RUN_ID}`)) return { status: 200, json: { id: RUN_ID, workflow_id: WORKFLOW_ID } };
    if (pathname.endsWith(`/actions/workflows/${WORKFLOW_ID}/runs`)) {
      const listed = script.head === undefined ? [] : [{ id: 8000, head_sha: script.head, conclusion: 'success', html_url: RUN_URL }];
      return script.runs ?? { status: 200, json: { total_count: listed.length, workflow_runs: listed } };
    }
    if (pathname.includes('/compare/')) return script.compare ?? githubError(404, 'Not Found');
    return githubError(404, 'Not Found');
  };
}

async function decide(source: PushSource | SinceSource, script: Script, event = runEvent()) {
  const { client, calls } = await scriptedGitHub(agent(), github(script));
  const base = await changeBase(source, { event, github: usable(client, { owner: 'acme', repo: 'code' }) });
  return { base, paths: calls.map((call) => new URL(call.url).pathname.replace('/api/v3/repos/acme/code', '')), calls };
}

const ahead = (aheadBy: number): GitHubAnswer => ({ status: 200, json: { status: 'ahead', ahead_by: aheadBy } });

describe('a push to a branch', () => {
  test("the last documented commit is the push's before: the push's own change, two requests, no notice", async () => {
    const { base, paths, calls } = await decide(push(), { head: BEFORE });
    expect(base.source).toEqual(push());
    expect(base.notice).toBeUndefined();
    expect(base.info).toBe(
      `The last documented commit is bbbbbbb, the head of this workflow's last successful run on "main" (${RUN_URL}): the change is this push's own, from bbbbbbb to ccccccc.`,
    );
    expect(paths).toEqual([`/actions/runs/${RUN_ID}`, `/actions/workflows/${WORKFLOW_ID}/runs`]);
    expect(Object.fromEntries(new URL(calls[1]?.url ?? '').searchParams)).toMatchObject({
      branch: 'main',
      status: 'success',
      event: 'push',
    });
  });

  test("with GITHUB_WORKFLOW_REF: the workflow's runs listed by its file, one request; the answer goes with the base", async () => {
    const byFile = (call: GitHubCall): GitHubAnswer => {
      if (!new URL(call.url).pathname.endsWith('/actions/workflows/docs.yml/runs')) return githubError(404, 'Not Found');
      return { status: 200, json: { total_count: 1, workflow_runs: [{ id: 8000, head_sha: BEFORE, conclusion: 'success' }] } };
    };
    const { client, calls } = await scriptedGitHub(agent(), byFile);
    const event = runEvent({ GITHUB_RUN_ID: String(RUN_ID), GITHUB_WORKFLOW_REF: 'acme/code/.github/workflows/docs.yml@refs/heads/main' });
    const base = await changeBase(push(), { event, github: usable(client, { owner: 'acme', repo: 'code' }) });
    expect(base).toMatchObject({ source: push(), lastSuccess: { kind: 'found', sha: BEFORE, runId: 8000 } });
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual(['/api/v3/repos/acme/code/actions/workflows/docs.yml/runs']);
  });

  test.each([
    ['no earlier success', {}, { kind: 'none', branch: 'main' }],
    ['a refusal (403)', { runs: githubError(403, 'Resource not accessible by integration') }, undefined],
    ['a failure (404)', { runs: githubError(404, 'Not Found') }, undefined],
  ])("the look-up's answer goes with the base: %s", async (_name, script, lastSuccess) => {
    expect((await decide(push(), script)).base.lastSuccess).toEqual(lastSuccess);
  });

  test('an older ancestor: the change starts there, with the commits before this push counted; three requests', async () => {
    const { base, paths } = await decide(push(), { head: DOCUMENTED, compare: ahead(6) });
    expect(base.source).toEqual({ ...push(), documented: { sha: DOCUMENTED, runUrl: RUN_URL, earlier: 4 } });
    expect(base.notice).toBeUndefined();
    expect(base.info).toContain('the change also covers the 4 commits pushed after it before this push, whose runs did not finish.');
    expect(paths).toEqual([`/actions/runs/${RUN_ID}`, `/actions/workflows/${WORKFLOW_ID}/runs`, `/compare/${DOCUMENTED}...${AFTER}`]);
  });

  test('an ancestor GitHub does not count the commits after: the change starts there, uncounted', async () => {
    const { base } = await decide(push(), { head: DOCUMENTED, compare: { status: 200, json: { status: 'ahead' } } });
    expect(base.source).toEqual({ ...push(), documented: { sha: DOCUMENTED, runUrl: RUN_URL } });
  });

  test("an ancestor within the push's own commits: the push's own change", async () => {
    const { base } = await decide(push(), { head: DOCUMENTED, compare: ahead(1) });
    expect(base.source).toEqual(push());
    expect(base.notice).toBeUndefined();
    expect(base.info).toContain('within this push');
  });

  test("the last documented commit is the push's head (the same commit again): the push's own change, no comparison", async () => {
    const { base, paths } = await decide(push(), { head: AFTER });
    expect(base.source).toEqual(push());
    expect(paths).toHaveLength(2);
  });

  test.each([
    ['the first run (no earlier success)', {}, 'no earlier successful run of this workflow on the branch "main" was found (the first run)'],
    [
      'the Actions API refusing (403)',
      { runs: githubError(403, 'Resource not accessible by integration') },
      "Resource not accessible by integration): add 'actions: read' to the job's permissions",
    ],
    [
      'the Actions API failing (404)',
      { runs: githubError(404, 'Not Found') },
      "this workflow's last successful run could not be looked up (",
    ],
    [
      'a force push (diverged)',
      { head: DOCUMENTED, compare: { status: 200, json: { status: 'diverged', ahead_by: 2, behind_by: 3 } } },
      "the last documented commit aaaaaaa is not an ancestor of this push's head ccccccc (diverged: a force push)",
    ],
    [
      'a documented commit GitHub forgot (404)',
      { head: DOCUMENTED },
      'GitHub does not know the last documented commit aaaaaaa any more (404), as after a force push',
    ],
    [
      'a comparison refused (403)',
      { head: DOCUMENTED, compare: githubError(403, 'Resource not accessible by integration') },
      'could not be checked (GET /repos/acme/code/compare/',
    ],
  ])("%s: the push's own change, one notice naming the reason", async (_name, script, reason) => {
    const { base } = await decide(push(), script);
    expect(base.source).toEqual(push());
    expect(base.info).toBeUndefined();
    expect(base.notice).toMatch(/^The change starts at this push's 'before' bbbbbbb: /);
    expect(base.notice).toContain(reason);
    expect(base.notice).toContain('If earlier runs of this workflow failed or were cancelled, their commits are not in it.');
  });

  test('a failed run re-run after a newer run succeeded (its head is behind the last documented commit): documented, nothing to send, no notice', async () => {
    const behind: GitHubAnswer = { status: 200, json: { status: 'behind', ahead_by: 0, behind_by: 3 } };
    const { base, paths } = await decide(push(), { head: DOCUMENTED, compare: behind });
    expect(base.documentedBy).toEqual({ sha: DOCUMENTED, runUrl: RUN_URL });
    expect(base.source).toEqual(push());
    expect(base.notice).toBeUndefined();
    expect(base.info).toContain("and this push's head ccccccc is one of its ancestors: a newer run already documented these commits.");
    expect(paths).toEqual([`/actions/runs/${RUN_ID}`, `/actions/workflows/${WORKFLOW_ID}/runs`, `/compare/${DOCUMENTED}...${AFTER}`]);
  });

  test("a forced push back to an older commit (behind, forced): not documented, the push's own change with one notice, as before", async () => {
    const behind: GitHubAnswer = { status: 200, json: { status: 'behind', ahead_by: 0, behind_by: 3 } };
    const forced = push({ forced: true, commits: [] });
    const { base } = await decide(forced, { head: DOCUMENTED, compare: behind });
    expect(base.documentedBy).toBeUndefined();
    expect(base.source).toEqual(forced);
    expect(base.notice).toContain("is not an ancestor of this push's head ccccccc (behind: a force push)");
  });

  test('GITHUB_RUN_ID missing: no request, one notice', async () => {
    const { base, paths } = await decide(push(), { head: DOCUMENTED }, runEvent({}));
    expect(base.source).toEqual(push());
    expect(base.notice).toContain("GITHUB_RUN_ID is not a run's id");
    expect(paths).toEqual([]);
  });

  test.each([
    ['a new branch', push({ before: undefined })],
    ['a tag', push({ ref: 'v1.0.0', refKind: 'tag' })],
    ['a push naming no commit', push({ after: undefined, headCommit: undefined })],
  ])('%s: no look-up, as before', async (_name, source) => {
    const { base, paths } = await decide(source, { head: DOCUMENTED, compare: ahead(6) });
    expect(base).toEqual({ source });
    expect(paths).toEqual([]);
  });

  test('without GitHub access: no look-up and no notice (the change reader says what is missing)', async () => {
    const base = await changeBase(push(), { event: runEvent(), github: NO_TOKEN });
    expect(base).toEqual({ source: push() });
  });
});

describe('change-since: last-success', () => {
  test("found: every commit after the last documented one up to the run's own commit", async () => {
    const event = runEvent({ GITHUB_RUN_ID: String(RUN_ID), GITHUB_SHA: AFTER, GITHUB_REF: 'refs/heads/main' });
    const { base, paths, calls } = await decide(since, { head: DOCUMENTED, compare: ahead(9) }, event);
    expect(base.source).toEqual({ ...since, documented: { base: { sha: DOCUMENTED, runUrl: RUN_URL }, until: AFTER } });
    expect(base.notice).toBeUndefined();
    expect(base.info).toContain(': the digest is every commit after it, up to ccccccc.');
    expect(paths[2]).toBe(`/compare/${DOCUMENTED}...${AFTER}`);
    // Any event of the workflow counts: the schedule and a manual run alike.
    expect(new URL(calls[1]?.url ?? '').searchParams.get('event')).toBeNull();
  });

  test('a run on another branch (a manual run) ends the digest at the default branch, not its own commit', async () => {
    const event = runEvent({ GITHUB_RUN_ID: String(RUN_ID), GITHUB_SHA: AFTER, GITHUB_REF: 'refs/heads/feature' });
    const { base, paths } = await decide(since, { head: DOCUMENTED, compare: ahead(9) }, event);
    expect(base.source).toMatchObject({ documented: { until: 'main' } });
    expect(paths[2]).toBe(`/compare/${DOCUMENTED}...main`);
  });

  test.each([
    ['the first run', {}, 'no earlier successful run of this workflow on the branch "main" was found (the first run)'],
    ['403', { runs: githubError(403, 'Resource not accessible by integration') }, "add 'actions: read' to the job's permissions"],
    [
      'a force push on the default branch',
      { head: DOCUMENTED, compare: { status: 200, json: { status: 'diverged' } } },
      'is not an ancestor',
    ],
  ])('%s: the last 24 hours, one notice saying so', async (_name, script, reason) => {
    const { base } = await decide(since, script);
    expect(base.source).toEqual(since);
    expect(base.notice).toMatch(/^'change-since: last-success' covers the last 24h instead: /);
    expect(base.notice).toContain(reason);
  });

  test('a schedule run that must ask the repository for its default branch, refused (403): the token cannot read the repository, no permission to add', async () => {
    // Every workflow token may read its repository's metadata: no `permissions:` entry grants `GET /repos/{owner}/{repo}`.
    const refusing = (call: GitHubCall): GitHubAnswer =>
      new URL(call.url).pathname === '/api/v3/repos/acme/code'
        ? githubError(403, 'Resource not accessible by personal access token')
        : githubError(404, 'Not Found');
    const { client, calls } = await scriptedGitHub(agent(), refusing);
    const event = runEvent({ GITHUB_RUN_ID: String(RUN_ID), GITHUB_WORKFLOW_REF: 'acme/code/.github/workflows/docs.yml@refs/heads/main' });
    const digest: SinceSource = { kind: 'since', windowMs: 24 * 3_600_000, lastSuccess: true };
    const base = await changeBase(digest, { event, github: usable(client, { owner: 'acme', repo: 'code' }) });
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual(['/api/v3/repos/acme/code']);
    expect(base.notice).toMatch(
      /^'change-since: last-success' covers the last 24h instead: GitHub refused to read the repository \(GET \/repos\/acme\/code: /,
    );
    expect(base.notice).toContain("'github-token' cannot read this repository, although every workflow token may read its metadata");
    expect(base.notice).not.toContain('metadata: read');
    expect(base.notice).not.toContain("this workflow's runs");
  });

  test('a failed digest re-run after a newer one succeeded (its commit is behind): documented, nothing to send', async () => {
    const event = runEvent({ GITHUB_RUN_ID: String(RUN_ID), GITHUB_SHA: AFTER, GITHUB_REF: 'refs/heads/main' });
    const { base } = await decide(since, { head: DOCUMENTED, compare: { status: 200, json: { status: 'behind' } } }, event);
    expect(base.documentedBy).toEqual({ sha: DOCUMENTED, runUrl: RUN_URL });
    expect(base.notice).toBeUndefined();
  });

  test('a window without last-success: no look-up', async () => {
    const window: SinceSource = { kind: 'since', windowMs: 3_600_000 };
    const { base, paths } = await decide(window, { head: DOCUMENTED });
    expect(base).toEqual({ source: window });
    expect(paths).toEqual([]);
  });
});
