/**
 * The change readers against the fake GitHub's repository model, in process: what each event's
 * change is made of, what it costs in requests (at most 12 for a push, 2 + ⌈files / 100⌉ for a pull
 * request, 2 + a push's for a release), and the event payload standing in when GitHub refuses (403),
 * forgets (404 after a force push) or fails (5xx).
 */
import { describe, expect, test } from '@jest/globals';
import { loadKinds, type AnySource as ChangeSource } from '../../helpers/kinds.js';
import { runEventOf } from '../../../src/event/run-event.js';
import { newestPage } from '../../../src/change/github-reads.js';
import { addCommit, addPull, addRelease, addTag, pullRequestEvent, pushEvent, releaseEvent, ZERO_SHA } from '../../helpers/fake-github.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { repositoryFake, type RepositoryFake } from '../../helpers/repository-github.js';
import { githubError, scriptedGitHub, type GitHubAnswer, type GitHubCall, usable, NO_TOKEN } from '../../helpers/scripted-github.js';

const agent = useMockAgent();
const { readChangeOf } = await loadKinds();

interface Setup {
  readonly fake: RepositoryFake;
  /** Answers before the fake: return undefined to let the fake answer. */
  readonly override?: (call: GitHubCall) => GitHubAnswer | undefined;
}

async function read(setup: Setup, source: ChangeSource, now = Date.now()) {
  const github = await scriptedGitHub(agent(), (call) => setup.override?.(call) ?? setup.fake.answer(call));
  const result = await readChangeOf(source, usable(github.client), now);
  return { ...result, calls: github.calls.map((call) => new URL(call.url).pathname.replace('/api/v3/repos/acme/widgets', '')) };
}

function eventOf(name: string, payload: unknown): ChangeSource {
  const change = runEventOf({ GITHUB_EVENT_NAME: name }, payload).change;
  if (change === undefined) throw new Error(`no change for ${name}`);
  return change;
}

/** A repository whose main branch has `count` commits after a first one; returns the SHAs, oldest first. */
function history(fake: RepositoryFake, count: number, files: (i: number) => string[] = (i) => [`src/f${i}.ts`]): string[] {
  const shas = [addCommit(fake.repository, 'main', { message: 'Initial commit' })];
  for (let i = 0; i < count; i++)
    shas.push(addCommit(fake.repository, 'main', { message: `Change ${i}\n\nDetails ${i}`, files: files(i) }));
  return shas;
}

function pushOf(fake: RepositoryFake, before: string, after: string, ref = 'refs/heads/main'): ChangeSource {
  return eventOf('push', pushEvent(fake, { ref, before, after }));
}

describe('newestPage', () => {
  test('for every total above 100 (up to 200,000), one page of at most 100 holds the newest 50', () => {
    for (let total = 101; total <= 200_000; total++) {
      const { perPage, page } = newestPage(total);
      const first = (page - 1) * perPage + 1;
      const last = Math.min(page * perPage, total);
      if (perPage > 100 || last !== total || total - first + 1 < 50) throw new Error(`total ${total}: page ${page} of ${perPage}`);
    }
  });
});

describe('push', () => {
  test('3 commits: one comparison and one pull request look-up per commit; newest first, files with line counts', async () => {
    const fake = repositoryFake();
    const [first] = history(fake, 0);
    const pull = addPull(fake.repository, { number: 12, title: 'Add widgets', labels: ['api'], commits: [{ files: ['src/widgets.ts'] }] });
    addCommit(fake.repository, 'main', { message: 'Fix typo', author: 'bob', files: ['README.md'] });
    const head = addCommit(fake.repository, 'main', { message: 'Bump version\n\nBody', author: null, files: ['package.json'] });
    const result = await read({ fake }, pushOf(fake, first ?? '', head));
    expect(result.calls.filter((path) => path.startsWith('/compare/'))).toHaveLength(1);
    expect(result.requests).toBe(4);
    expect(result.warnings).toEqual([]);
    const { change } = result;
    expect(change.totalCommits).toBe(3);
    expect(change.commits.map((commit) => commit.title)).toEqual(['Bump version', 'Fix typo', 'Add widgets (#12)']);
    expect(change.commits[0]).toMatchObject({ sha: head });
    expect(change.commits[0]?.author).toBeUndefined();
    expect(change.commits[1]?.author).toBe('bob');
    expect(change.pulls).toEqual([{ number: 12, title: 'Add widgets', labels: ['api'] }]);
    expect(change.pullsFor).toBe(3);
    expect(pull.mergeCommit).toBeDefined();
    expect(change.files?.files.map((file) => file.path).sort()).toEqual(['README.md', 'package.json', 'src/widgets.ts']);
    expect(change.files).toMatchObject({ total: 3, complete: true });
    expect(change.files?.files[0]).toMatchObject({ additions: 1, deletions: 1 });
  });

  test('300 commits: two comparison pages (files and oldest, then the newest), ten look-ups: 12 requests', async () => {
    const fake = repositoryFake();
    const shas = history(fake, 300);
    const result = await read({ fake }, pushOf(fake, shas[0] ?? '', shas.at(-1) ?? ''));
    expect(result.requests).toBe(12);
    expect(result.change.totalCommits).toBe(300);
    expect(result.change.commits).toHaveLength(50);
    expect(result.change.commits[0]?.sha).toBe(shas.at(-1));
    expect(result.change.commits[49]?.sha).toBe(shas.at(-50));
    expect(result.change.pullsFor).toBe(10);
  });

  test('400 files: GitHub lists 300, the push event names the other 100', async () => {
    const fake = repositoryFake();
    const shas = history(fake, 4, (i) => Array.from({ length: 100 }, (_, j) => `pkg${i}/file${j}.ts`));
    const result = await read({ fake }, pushOf(fake, shas[0] ?? '', shas.at(-1) ?? ''));
    expect(result.change.files).toMatchObject({ total: 400, complete: true });
    expect(result.change.files?.files.filter((file) => file.additions === undefined)).toHaveLength(100);
    expect(result.change.notes).toEqual([
      'GitHub lists at most 300 files of a comparison; 100 more are known by name from the push event.',
    ]);
  });

  test('a token without pull-requests: read: one look-up, one warning, the commits without pull requests', async () => {
    const fake = repositoryFake();
    const shas = history(fake, 5);
    const result = await read(
      { fake, override: (call) => (call.url.endsWith('/pulls') ? githubError(403, 'Resource not accessible by integration') : undefined) },
      pushOf(fake, shas[0] ?? '', shas.at(-1) ?? ''),
    );
    expect(result.calls.filter((path) => path.endsWith('/pulls'))).toHaveLength(1);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toContain('The pull requests of the commits could not be looked up: GET /repos/acme/widgets/commits/');
    expect(result.warnings[0]).toContain("(the token may lack 'pull-requests: read')");
    expect(result.change.commits).toHaveLength(5);
    expect(result.change.pullsFor).toBe(0);
  });

  test('a force push (404 on the comparison): the push event stands in, with a warning', async () => {
    const fake = repositoryFake();
    const shas = history(fake, 2);
    const payload = pushEvent(fake, { ref: 'refs/heads/main', before: shas[0] ?? '', after: shas.at(-1) ?? '', forced: true });
    const gone = { ...payload, before: 'f'.repeat(40) };
    const result = await read({ fake }, eventOf('push', gone));
    expect(result.requests).toBe(1);
    expect(result.warnings).toEqual([
      'What the push changed could not be read from GitHub (GitHub does not know the commit before the push any more, as after a force push (404)): the section is built from the push event itself (2 commits, 2 files by name).',
    ]);
    expect(result.change.commits.map((commit) => commit.title)).toEqual(['Change 1', 'Change 0']);
    expect(result.change.files).toEqual({
      files: [
        { path: 'src/f0.ts', status: 'modified' },
        { path: 'src/f1.ts', status: 'modified' },
      ],
      total: 2,
      complete: true,
    });
  });

  test.each([
    [403, 'Resource not accessible by integration', 1, "(the token may lack 'contents: read')"],
    [500, 'Server Error', 3, 'after 3 attempts'],
    [429, 'API rate limit exceeded', 3, 'after 3 attempts'],
  ])('HTTP %i on the comparison: the push event stands in', async (status, message, attempts, said) => {
    const fake = repositoryFake();
    const shas = history(fake, 1);
    const result = await read(
      { fake, override: (call) => (call.url.includes('/compare/') ? githubError(status, message) : undefined) },
      pushOf(fake, shas[0] ?? '', shas.at(-1) ?? ''),
    );
    expect(result.requests).toBe(attempts);
    expect(result.warnings[0]).toContain(said);
    expect(result.change.totalCommits).toBe(1);
    expect(result.change.notes[0]).toContain('GitHub could not be asked about this push');
  });

  test('a new branch is compared with the default branch: its own commits and files, not only its head', async () => {
    const fake = repositoryFake();
    history(fake, 1);
    addCommit(fake.repository, 'feature/x', { message: 'Start x', files: ['src/x.ts'] });
    const head = addCommit(fake.repository, 'feature/x', { message: 'Bump version', files: ['package.json'] });
    addCommit(fake.repository, 'main', { message: 'Meanwhile on main', files: ['src/main.ts'] });
    const created = await read({ fake }, pushOf(fake, ZERO_SHA, head, 'refs/heads/feature/x'));
    expect(created.calls[0]).toBe(`/compare/main...${head}`);
    expect(created.warnings).toEqual([]);
    expect(created.change.subject).toMatchObject({ kind: 'push', after: head, comparedWith: { kind: 'default branch', ref: 'main' } });
    expect(created.change.subject).not.toHaveProperty('headOnly');
    expect(created.change.commits.map((commit) => commit.title)).toEqual(['Bump version', 'Start x']);
    expect(created.change.files).toEqual({
      files: [expect.objectContaining({ path: 'src/x.ts' }), expect.objectContaining({ path: 'package.json' })],
      total: 2,
      complete: true,
    });
  });

  test('a new branch with nothing to compare with: its head commit alone, incomplete, with a warning', async () => {
    const fake = repositoryFake();
    history(fake, 1);
    const head = addCommit(fake.repository, 'feature/x', { message: 'Start x', files: ['docs/x.md'] });
    const payload = { ...pushEvent(fake, { ref: 'refs/heads/feature/x', before: ZERO_SHA, after: head }), repository: {} };
    const result = await read({ fake }, eventOf('push', payload));
    expect(result.calls).toEqual([`/commits/${head}`, `/commits/${head}/pulls`]);
    expect(result.warnings).toEqual([
      'The new branch "feature/x" could not be compared with the default branch (the push event does not name the default branch): only its head commit is described, and the change counts as incomplete.',
    ]);
    expect(result.change.subject).toMatchObject({ headOnly: 'new branch', after: head });
    expect(result.change.files).toEqual({ files: [expect.objectContaining({ path: 'docs/x.md' })], total: 1, complete: false });
  });

  test('a pushed tag is compared with the previous release, as a release is', async () => {
    const fake = repositoryFake();
    history(fake, 1);
    addRelease(fake.repository, { tag: 'v1.0.0' });
    addCommit(fake.repository, 'main', { message: 'Add streaming', files: ['src/stream.ts'] });
    const head = addCommit(fake.repository, 'main', { message: 'Release 1.1.0', files: ['package.json'] });
    addTag(fake.repository, 'v1.1.0', head);
    const tagged = await read({ fake }, pushOf(fake, ZERO_SHA, head, 'refs/tags/v1.1.0'));
    expect(tagged.calls.slice(0, 2)).toEqual(['/releases', `/compare/v1.0.0...${head}`]);
    expect(tagged.change.subject).toMatchObject({ refKind: 'tag', ref: 'v1.1.0', comparedWith: { kind: 'previous tag', ref: 'v1.0.0' } });
    expect(tagged.change.files?.files.map((file) => file.path)).toEqual(['src/stream.ts', 'package.json']);
    expect(tagged.change.files?.complete).toBe(true);
  });

  test('without releases, a pushed tag is compared with the highest version tag below it', async () => {
    const fake = repositoryFake();
    const [first] = history(fake, 1);
    addTag(fake.repository, 'v1.10.0', first);
    addTag(fake.repository, 'v1.9.0', first);
    addTag(fake.repository, 'v2.0.0-rc.1', first);
    addTag(fake.repository, 'nightly', first);
    const head = addCommit(fake.repository, 'main', { files: ['src/a.ts'] });
    addTag(fake.repository, 'v2.0.0', head);
    const tagged = await read({ fake }, pushOf(fake, ZERO_SHA, head, 'refs/tags/v2.0.0'));
    expect(tagged.calls.slice(0, 3)).toEqual(['/releases', '/tags', `/compare/v1.10.0...${head}`]);
    expect(tagged.change.subject).toMatchObject({ comparedWith: { kind: 'previous tag', ref: 'v1.10.0' } });
  });

  test('a tag with no previous tag: its commit alone, incomplete, with a warning', async () => {
    const fake = repositoryFake();
    const shas = history(fake, 1);
    const head = shas.at(-1) ?? '';
    addTag(fake.repository, 'first', head);
    const tagged = await read({ fake }, pushOf(fake, ZERO_SHA, head, 'refs/tags/first'));
    expect(tagged.calls).toEqual(['/releases', '/tags', `/commits/${head}`, `/commits/${head}/pulls`]);
    expect(tagged.warnings[0]).toBe(
      'The tag "first" could not be compared with a previous tag (no earlier release or version tag was found): only its head commit is described, and the change counts as incomplete.',
    );
    expect(tagged.change.subject).toMatchObject({ headOnly: 'tag' });
    expect(tagged.change.files?.complete).toBe(false);
  });

  test('a forced push that dropped commits: both comparisons; the files are what differs between before and after', async () => {
    const fake = repositoryFake();
    const [start] = history(fake, 0);
    addCommit(fake.repository, 'main', {
      message: 'Add the feature',
      files: [
        { filename: 'src/feature.ts', status: 'added', additions: 40, deletions: 0 },
        { filename: 'src/new-name.ts', previous_filename: 'src/old-name.ts', status: 'renamed', additions: 1, deletions: 2 },
      ],
    });
    const before = addCommit(fake.repository, 'main', { message: 'Document it', files: ['docs/feature.md', 'package.json'] });
    const after = addCommit(fake.repository, 'main', { message: 'Bump version', files: ['package.json'] }, [start ?? '']);
    const payload = pushEvent(fake, { ref: 'refs/heads/main', before, after, forced: true });
    const result = await read({ fake }, eventOf('push', payload));
    expect(result.calls[0]).toBe(`/compare/${before}...${after}`);
    expect(result.calls).toContain(`/compare/${after}...${before}`);
    expect(result.warnings).toEqual([]);
    expect(result.change.subject).toMatchObject({ before, after, dropped: 2 });
    expect(result.change.commits.map((commit) => commit.title)).toEqual(['Bump version']);
    expect(result.change.files).toEqual({
      files: [
        { path: 'package.json', status: 'modified', additions: 1, deletions: 1 },
        { path: 'src/feature.ts', status: 'removed', additions: 0, deletions: 40 },
        { path: 'src/old-name.ts', previousPath: 'src/new-name.ts', status: 'renamed', additions: 2, deletions: 1 },
        { path: 'docs/feature.md', status: 'modified', additions: 1, deletions: 1 },
      ],
      total: 4,
      complete: true,
    });
    expect(result.change.notes.join('\n')).toContain('the files are what differs between before and after');
  });

  test('no token: the push event alone, with a warning naming the input', async () => {
    const fake = repositoryFake();
    const shas = history(fake, 1);
    const result = await readChangeOf(pushOf(fake, shas[0] ?? '', shas.at(-1) ?? ''), NO_TOKEN, Date.now());
    expect(result.requests).toBe(0);
    expect(result.warnings[0]).toContain("('github-token' is empty)");
  });
});

describe('pull request', () => {
  test('250 files and 120 commits: files in 3 pages of 100, commits in 2: 2 + ⌈250 / 100⌉ requests', async () => {
    const fake = repositoryFake();
    history(fake, 0);
    const pull = addPull(fake.repository, {
      number: 7,
      commits: Array.from({ length: 120 }, (_, i) => ({
        message: `Step ${i}`,
        files: i === 0 ? Array.from({ length: 250 }, (_, j) => `src/m${j}.ts`) : [`src/m${i}.ts`],
      })),
    });
    const result = await read({ fake }, eventOf('pull_request', pullRequestEvent(fake, pull, 'closed')));
    expect(result.requests).toBe(5);
    expect(result.calls.filter((path) => path.endsWith('/files'))).toHaveLength(3);
    expect(result.change.totalCommits).toBe(120);
    expect(result.change.commits).toHaveLength(50);
    expect(result.change.commits[0]?.title).toBe('Step 119');
    expect(result.change.files).toMatchObject({ total: 250, complete: true });
    expect(result.change.subject).toMatchObject({ kind: 'pull', number: 7 });
  });

  test('3,500 files: GitHub lists 3,000 (30 pages), the count comes from the event', async () => {
    const fake = repositoryFake();
    history(fake, 0);
    const pull = addPull(fake.repository, { number: 8, commits: [{ files: Array.from({ length: 3500 }, (_, j) => `gen/f${j}.ts`) }] });
    const result = await read({ fake }, eventOf('pull_request', pullRequestEvent(fake, pull, 'closed')));
    expect(result.requests).toBe(31);
    expect(result.change.files?.files).toHaveLength(3000);
    expect(result.change.files).toMatchObject({ total: 3500, complete: false });
    expect(result.change.notes).toEqual(['GitHub lists at most 3,000 files of a pull request.']);
  });

  test("a token without pull-requests: read: the pull request's own facts, files unknown", async () => {
    const fake = repositoryFake();
    history(fake, 0);
    const pull = addPull(fake.repository, { number: 9, title: 'Docs', commits: [{}, {}] });
    const result = await read(
      { fake, override: () => githubError(403, 'Resource not accessible by integration') },
      eventOf('pull_request_target', pullRequestEvent(fake, pull, 'closed')),
    );
    expect(result.requests).toBe(1);
    expect(result.change.files).toBeUndefined();
    expect(result.change.totalCommits).toBe(2);
    expect(result.warnings[0]).toContain("(the token may lack 'pull-requests: read')");
  });
});

describe('release', () => {
  test('compared with the previous full release (a pre-release in between is passed over): 2 + a push', async () => {
    const fake = repositoryFake();
    history(fake, 1);
    addRelease(fake.repository, { tag: 'v1.0.0' });
    addCommit(fake.repository, 'main', { message: 'Feature' });
    addRelease(fake.repository, { tag: 'v1.1.0-rc.1', prerelease: true });
    addCommit(fake.repository, 'main', { message: 'Fix' });
    addRelease(fake.repository, { tag: 'v1.1.0-draft', draft: true });
    const release = addRelease(fake.repository, { tag: 'v1.1.0', body: 'Notes' });
    const result = await read({ fake }, eventOf('release', releaseEvent(fake, release)));
    expect(result.calls[0]).toBe('/releases');
    expect(result.calls[1]).toBe('/compare/v1.0.0...v1.1.0');
    expect(result.requests).toBeLessThanOrEqual(2 + 12);
    expect(result.change.subject).toMatchObject({ kind: 'release', tag: 'v1.1.0', previousTag: 'v1.0.0' });
    expect(result.change.commits.map((commit) => commit.title)).toEqual(['Fix', 'Feature']);
  });

  test('a pre-release is compared with the release just before it, whatever it is', async () => {
    const fake = repositoryFake();
    history(fake, 1);
    addRelease(fake.repository, { tag: 'v1.0.0' });
    addCommit(fake.repository, 'main');
    addRelease(fake.repository, { tag: 'v1.1.0-rc.1', prerelease: true });
    addCommit(fake.repository, 'main');
    const release = addRelease(fake.repository, { tag: 'v1.1.0-rc.2', prerelease: true });
    const result = await read({ fake }, eventOf('release', releaseEvent(fake, release)));
    expect(result.change.subject).toMatchObject({ previousTag: 'v1.1.0-rc.1' });
  });

  test('a tag name with a lone surrogate is encoded, not thrown on: GitHub answers 404 and the event stands in', async () => {
    const fake = repositoryFake();
    history(fake, 1);
    addRelease(fake.repository, { tag: 'v1.0.0' });
    const release = { kind: 'release', action: 'published', tag: 'v2\ud800', name: 'Two', body: '', prerelease: false } as const;
    const result = await read({ fake }, release);
    expect(result.calls.at(-1)).toBe('/compare/v1.0.0...v2%EF%BF%BD');
    expect(result.warnings).toEqual([expect.stringContaining('What changed since the previous release could not be read from GitHub')]);
    expect(result.change.subject).toMatchObject({ kind: 'release', tag: 'v2\ud800' });
  });

  test('the first release describes its tagged commit alone', async () => {
    const fake = repositoryFake();
    history(fake, 2);
    const release = addRelease(fake.repository, { tag: 'v0.1.0' });
    const result = await read({ fake }, eventOf('release', releaseEvent(fake, release)));
    expect(result.calls.slice(0, 2)).toEqual(['/releases', '/commits/v0.1.0']);
    expect(result.change.commits).toHaveLength(1);
    expect(result.change.notes).toEqual(['No earlier release was found: only the tagged commit is described.']);
  });
});

describe('change-since', () => {
  const DAY = 86_400_000;

  test('no commit in the window: one request, nothing changed', async () => {
    const fake = repositoryFake();
    addCommit(fake.repository, 'main', { date: new Date(Date.now() - 3 * DAY).toISOString() });
    const result = await read({ fake }, { kind: 'since', windowMs: DAY, branch: 'main' });
    expect(result.requests).toBe(1);
    expect(result.change.totalCommits).toBe(0);
  });

  test('300 commits in the window: 3 pages, one comparison for the files, 10 look-ups', async () => {
    const fake = repositoryFake();
    const old = new Date(Date.now() - 3 * DAY).toISOString();
    addCommit(fake.repository, 'main', { date: old, message: 'Old' });
    for (let i = 0; i < 300; i++) addCommit(fake.repository, 'main', { message: `New ${i}`, files: [`src/n${i % 120}.ts`] });
    const result = await read({ fake }, { kind: 'since', windowMs: DAY });
    expect(result.requests).toBe(3 + 1 + 10);
    expect(result.calls.filter((path) => path === '/commits')).toHaveLength(3);
    expect(result.change.totalCommits).toBe(300);
    expect(result.change.commits[0]?.title).toBe('New 299');
    expect(result.change.files).toMatchObject({ total: 120, complete: true });
  });

  test('a merge in the window: compared from the newest first-parent commit older than the window, not the fork point', async () => {
    const fake = repositoryFake();
    const old = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    const forkPoint = addCommit(fake.repository, 'main', { message: 'Fork point', date: old(30) });
    for (let i = 0; i < 5; i++) addCommit(fake.repository, 'main', { message: `Weeks ago ${i}`, files: [`lib/old${i}.ts`], date: old(20) });
    const lastOld = addCommit(fake.repository, 'main', { message: 'Two days ago', files: ['lib/recent.ts'], date: old(2) });
    const feature = addCommit(fake.repository, 'feature', { message: 'Feature', files: ['src/feature.ts'] }, [forkPoint]);
    const merge = addCommit(fake.repository, 'main', { message: 'Merge feature', files: [] }, [lastOld, feature]);
    const result = await read({ fake }, { kind: 'since', windowMs: DAY, branch: 'main' });
    expect(result.calls).toContain(`/compare/${lastOld}...${merge}`);
    expect(result.change.totalCommits).toBe(2);
    expect(result.change.files).toEqual({ files: [expect.objectContaining({ path: 'src/feature.ts' })], total: 1, complete: true });
  });

  test('the list fails: the window alone, with a warning (the job still starts)', async () => {
    const fake = repositoryFake();
    const result = await read(
      { fake, override: () => githubError(403, 'Resource not accessible by integration') },
      { kind: 'since', windowMs: DAY },
    );
    expect(result.warnings[0]).toContain("The commits of the 'change-since' window could not be listed");
    expect(result.change.notes).toEqual(['GitHub could not be asked for the commits of this window.']);
  });
});
