/**
 * The merged pull requests of the impact report (src/impact/pulls.ts), read from the fake GitHub's
 * repository model through the run's GitHub client: the range, the authors, the pages, the bounds
 * on requests, and GitHub refusing.
 */
import { describe, expect, test } from '@jest/globals';
import { addPull } from '../../helpers/fake-github.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { repositoryFake, type RepositoryFake } from '../../helpers/repository-github.js';
import { githubError, scriptedGitHub, type GitHubAnswer, type GitHubCall } from '../../helpers/scripted-github.js';
import { MAX_FILE_READS, MAX_LIST_PAGES, MAX_PULLS, readMergedPulls, type MergedPullsResult } from '../../../src/impact/pulls.js';
import { dayOf } from '../../../src/impact/windows.js';

const agent = useMockAgent();
/** The report's end date: 8 weeks back is 2026-01-05. */
const END = dayOf('2026-03-02');
const SETTINGS = { weeks: 8, docsRoot: 'docs' };

async function read(
  fake: RepositoryFake,
  settings: { weeks: number; docsRoot: string; authors?: string[] } = SETTINGS,
  override?: (call: GitHubCall) => GitHubAnswer | undefined,
): Promise<{ result: MergedPullsResult; calls: GitHubCall[] }> {
  const github = await scriptedGitHub(agent(), (call) => override?.(call) ?? fake.answer(call));
  const result = await readMergedPulls(github.client, { repository: { owner: fake.owner, repo: fake.repo }, end: END, settings });
  return { result, calls: github.calls };
}

function merged(
  fake: RepositoryFake,
  number: number,
  mergedAt: string,
  files: string[],
  extra: { author?: string; updatedAt?: string; createdAt?: string } = {},
) {
  return addPull(fake.repository, { number, title: `Docs ${number}`, mergedAt, files, ...extra });
}

function pulls(result: MergedPullsResult) {
  if (result.kind !== 'pulls') throw new Error(`expected pull requests, got ${result.kind}: ${result.detail}`);
  return result;
}

describe('readMergedPulls', () => {
  test('merged in range, changing a page: newest merged first, with pages, author and link; others dropped', async () => {
    const fake = repositoryFake();
    merged(fake, 1, '2026-02-20T10:00:00Z', ['docs/guides/index.mdx', 'docs/docs.json'], {
      author: 'mintlify[bot]',
      createdAt: '2026-02-16T08:00:00Z',
    });
    merged(fake, 2, '2026-01-10T10:00:00Z', ['docs/quickstart.md']);
    merged(fake, 3, '2026-02-01T10:00:00Z', ['src/app.ts']);
    merged(fake, 4, '2025-12-20T10:00:00Z', ['docs/old.mdx'], { updatedAt: '2026-02-25T00:00:00Z' });
    addPull(fake.repository, { number: 5, merged: false, files: ['docs/draft.mdx'] });
    const { result, calls } = await read(fake);
    const got = pulls(result);
    expect(got.pulls.map((pull) => [pull.number, pull.author, pull.pages])).toEqual([
      [1, 'mintlify[bot]', [{ path: '/guides' }]],
      [2, 'octocat', [{ path: '/quickstart' }]],
    ]);
    expect(got.pulls[0]).toMatchObject({
      title: 'Docs 1',
      url: 'https://github.com/acme/widgets/pull/1',
      mergedAt: '2026-02-20T10:00:00Z',
      createdAt: '2026-02-16T08:00:00Z',
    });
    // Without created_at in the answer, the merge date stands in.
    expect(got.pulls[1]?.createdAt).toBe('2026-01-10T10:00:00Z');
    const list = new URL(calls[0]?.url ?? '');
    expect(Object.fromEntries(list.searchParams)).toEqual({ state: 'closed', sort: 'updated', direction: 'desc', per_page: '100' });
    // One list request, one files request for each of the three merged in range (the code-only one included).
    expect([got.listRequests, got.filesRequests, calls.length]).toEqual([1, 3, 4]);
    expect([got.more, got.searchBounded]).toEqual([0, false]);
  });

  test('impact-authors keeps only their pull requests, logins compared case-insensitively', async () => {
    const fake = repositoryFake();
    merged(fake, 1, '2026-02-20T10:00:00Z', ['docs/a.mdx'], { author: 'Mintlify[bot]' });
    merged(fake, 2, '2026-02-21T10:00:00Z', ['docs/b.mdx'], { author: 'alice' });
    const got = pulls((await read(fake, { ...SETTINGS, authors: ['mintlify[BOT]'] })).result);
    expect(got.pulls.map((pull) => pull.number)).toEqual([1]);
  });

  test('the list stops at the first page reaching back before the range: 1 + ⌈pull requests / 100⌉ requests', async () => {
    const fake = repositoryFake();
    // 150 merged in range, then 300 older ones that must not be read.
    for (let n = 1; n <= 300; n++) merged(fake, n, `2025-0${1 + (n % 9)}-10T00:00:00Z`, ['docs/old.mdx']);
    for (let n = 301; n <= 450; n++) merged(fake, n, `2026-02-${String(1 + (n % 27)).padStart(2, '0')}T00:00:00Z`, [`docs/p${n}.mdx`]);
    const got = pulls((await read(fake)).result);
    expect(got.listRequests).toBe(2);
    expect(got.listRequests).toBeLessThanOrEqual(1 + Math.ceil(150 / 100));
    expect(got.pulls).toHaveLength(MAX_PULLS);
    expect(got.filesRequests).toBe(MAX_PULLS);
    expect(got.more).toBe(100);
    expect(got.searchBounded).toBe(false);
    expect(got.notes).toContain('100 more pull requests merged since 2026-01-05 were not read: the newest 50 docs pull requests were.');
    const newest = got.pulls.map((pull) => Date.parse(pull.mergedAt));
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });

  test(`the cap applies after the pick: docs pull requests are measured though ${MAX_PULLS + 10} newer ones changed only code`, async () => {
    const fake = repositoryFake();
    for (let n = 1; n <= 10; n++) merged(fake, n, `2026-02-0${1 + (n % 9)}T00:00:00Z`, [`docs/p${n}.mdx`]);
    for (let n = 11; n <= MAX_PULLS + 20; n++) merged(fake, n, '2026-02-20T00:00:00Z', ['src/app.ts']);
    const got = pulls((await read(fake)).result);
    expect(got.pulls.map((pull) => pull.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(got.filesRequests).toBe(MAX_PULLS + 20);
    expect([got.more, got.searchBounded, got.notes]).toEqual([0, false, []]);
  });

  test(`the search reads at most ${MAX_FILE_READS} files lists, newest first, then says so and points to impact-authors`, async () => {
    const fake = repositoryFake();
    merged(fake, 1, '2026-01-20T00:00:00Z', ['docs/old.mdx']);
    for (let n = 2; n <= MAX_FILE_READS + 40; n++)
      merged(fake, n, '2026-02-20T00:00:00Z', ['src/app.ts'], { author: n === 2 ? 'mintlify[bot]' : 'dev' });
    merged(fake, MAX_FILE_READS + 41, '2026-02-21T00:00:00Z', ['docs/new.mdx'], { author: 'mintlify[bot]' });
    const { result, calls } = await read(fake);
    const got = pulls(result);
    expect(got.pulls.map((pull) => pull.number)).toEqual([MAX_FILE_READS + 41]);
    expect(got.filesRequests).toBe(MAX_FILE_READS);
    expect(calls.filter((call) => call.url.includes('/files'))).toHaveLength(MAX_FILE_READS);
    expect(got.searchBounded).toBe(true);
    expect(got.more).toBe(41);
    expect(got.notes).toEqual([
      `The search for docs pull requests stopped after ${MAX_FILE_READS} file reads: 41 more pull requests merged since 2026-01-05 were not read. ` +
        "Set impact-authors to who opens the docs pull requests (such as the agent's bot) to narrow it.",
    ]);
    // Narrowed to the agent's pull requests, the old docs one is found too.
    const narrowed = pulls((await read(fake, { ...SETTINGS, authors: ['mintlify[bot]'] })).result);
    expect(narrowed).toMatchObject({ searchBounded: false, filesRequests: 2 });
  });

  test(`a list that never reaches back before the range stops at ${MAX_LIST_PAGES} pages and says so`, async () => {
    const fake = repositoryFake();
    for (let n = 1; n <= MAX_LIST_PAGES * 100 + 50; n++) merged(fake, n, '2026-02-10T00:00:00Z', ['docs/a.mdx']);
    const got = pulls((await read(fake)).result);
    expect(got.listRequests).toBe(MAX_LIST_PAGES);
    expect(got.notes[0]).toMatch(/read up to 1000 .* older merges in range may be missing/);
  });

  test('GitHub refusing the list (403) is a refusal naming pull-requests: read, not a throw', async () => {
    const fake = repositoryFake();
    merged(fake, 1, '2026-02-20T10:00:00Z', ['docs/a.mdx']);
    const { result } = await read(fake, SETTINGS, () => githubError(403, 'Resource not accessible by integration'));
    expect(result).toMatchObject({ kind: 'refused', status: 403, permission: 'pull-requests: read' });
  });

  test('a files request that fails leaves that pull request out with a note; a refused one refuses', async () => {
    const fake = repositoryFake();
    merged(fake, 1, '2026-02-20T10:00:00Z', ['docs/a.mdx']);
    merged(fake, 2, '2026-02-21T10:00:00Z', ['docs/b.mdx']);
    let status = 422;
    const failing = (call: GitHubCall) => (call.url.includes('/pulls/2/files') ? githubError(status, 'Nope') : undefined);
    const got = pulls((await read(fake, SETTINGS, failing)).result);
    expect(got.pulls.map((pull) => pull.number)).toEqual([1]);
    expect(got.notes[0]).toMatch(/^Pull request #2: its files could not be read, so it is left out/);
    // The MockAgent keeps the first script: the same function now answers 403.
    status = 403;
    expect((await read(fake, SETTINGS, failing)).result).toMatchObject({ kind: 'refused', permission: 'pull-requests: read' });
  });
});
