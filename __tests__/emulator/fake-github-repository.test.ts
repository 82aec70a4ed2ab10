/**
 * The fake GitHub's change endpoints answer as GitHub documents them: a comparison without paging
 * parameters holds the newest 250 commits; with them, its files (at most 300) come on the first page
 * only; a forced push's comparison is diverged and behind by the dropped commits; a pull request
 * lists at most 3,000 files and 250 commits; the commits list filters by date, newest first, and
 * follows a merge's parents; tags are listed and are refs; unknown refs are 404. The readers'
 * tests rely on these answers.
 */
import { describe, expect, test } from '@jest/globals';
import { addCommit, addPull, addTag, pushEvent, ZERO_SHA } from '../helpers/fake-github.js';
import { repositoryFake, type RepositoryFake } from '../helpers/repository-github.js';
import { GITHUB_API, type GitHubAnswer } from '../helpers/scripted-github.js';

const REPO = `${GITHUB_API}/repos/acme/widgets`;

function get(fake: RepositoryFake, path: string): { status: number; json: Record<string, unknown>; list: unknown[]; link: string } {
  const answer: GitHubAnswer = fake.answer({ method: 'GET', url: `${REPO}${path}`, body: '', headers: {} });
  if (answer instanceof Error) throw answer;
  const json = answer.json;
  return {
    status: answer.status,
    json: typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {},
    list: Array.isArray(json) ? json : [],
    link: answer.headers?.['link'] ?? '',
  };
}

function history(fake: RepositoryFake, commits: number, filesEach: number): string[] {
  const shas = [addCommit(fake.repository, 'main', { message: 'first' })];
  for (let i = 0; i < commits; i++) {
    shas.push(addCommit(fake.repository, 'main', { files: Array.from({ length: filesEach }, (_, j) => `f${i}-${j}.ts`) }));
  }
  return shas;
}

const shaOf = (commit: unknown): unknown => (typeof commit === 'object' && commit !== null && 'sha' in commit ? commit.sha : undefined);

describe('compare', () => {
  test('without paging parameters: the newest 250 commits, the last the newest, and at most 300 files', () => {
    const fake = repositoryFake();
    const shas = history(fake, 260, 2);
    const answer = get(fake, `/compare/${shas[0]}...${shas.at(-1)}`);
    const commits = answer.json['commits'] as unknown[];
    expect(answer.json['total_commits']).toBe(260);
    expect(commits).toHaveLength(250);
    expect(shaOf(commits.at(-1))).toBe(shas.at(-1));
    expect(answer.json['files']).toHaveLength(300);
    expect(answer.link).toBe('');
  });

  test('with paging parameters: the files on the first page only, commits oldest first, a Link header', () => {
    const fake = repositoryFake();
    const shas = history(fake, 150, 1);
    const first = get(fake, `/compare/${shas[0]}...${shas.at(-1)}?per_page=100`);
    expect(first.json['files']).toHaveLength(150);
    expect(shaOf((first.json['commits'] as unknown[])[0])).toBe(shas[1]);
    expect(first.link).toContain('rel="next"');
    const second = get(fake, `/compare/${shas[0]}...${shas.at(-1)}?per_page=100&page=2`);
    expect(second.json['files']).toBeUndefined();
    expect(second.json['commits']).toHaveLength(50);
  });

  test('after a forced push: diverged from the commit both share, behind by the dropped commits, their files the other way round', () => {
    const fake = repositoryFake();
    const [start] = history(fake, 0, 0);
    addCommit(fake.repository, 'main', { files: ['src/dropped.ts'] });
    const before = addCommit(fake.repository, 'main', { files: ['docs/dropped.md'] });
    const after = addCommit(fake.repository, 'main', { files: ['package.json'] }, [start ?? '']);
    const forward = get(fake, `/compare/${before}...${after}`);
    expect(forward.json).toMatchObject({ status: 'diverged', ahead_by: 1, behind_by: 2, total_commits: 1 });
    expect(forward.json['files']).toEqual([expect.objectContaining({ filename: 'package.json' })]);
    const back = get(fake, `/compare/${after}...${before}?per_page=1`);
    expect(back.json).toMatchObject({ status: 'diverged', ahead_by: 2, behind_by: 1 });
    expect((back.json['files'] as unknown[]).map((file) => (file as { filename: string }).filename)).toEqual([
      'src/dropped.ts',
      'docs/dropped.md',
    ]);
    expect(get(fake, `/compare/${after}...${start}`).json).toMatchObject({ status: 'behind', behind_by: 1, files: [] });
  });

  test('an unknown ref is 404, as after a force push', () => {
    const fake = repositoryFake();
    const shas = history(fake, 1, 1);
    expect(get(fake, `/compare/${'e'.repeat(40)}...${shas.at(-1)}`).status).toBe(404);
  });
});

test('a pull request: files 100 a page up to 3,000, commits up to 250', () => {
  const fake = repositoryFake();
  history(fake, 0, 0);
  addPull(fake.repository, {
    number: 5,
    commits: [{ files: Array.from({ length: 3100 }, (_, i) => `g/${i}.ts`) }, ...Array.from({ length: 259 }, () => ({}))],
  });
  expect(get(fake, '/pulls/5/files?per_page=100&page=30').list).toHaveLength(100);
  expect(get(fake, '/pulls/5/files?per_page=100&page=31').list).toHaveLength(0);
  expect(get(fake, '/pulls/5/commits?per_page=100&page=3').list).toHaveLength(50);
});

test('the commits list: newest first from the default branch, since a date', () => {
  const fake = repositoryFake();
  addCommit(fake.repository, 'main', { message: 'old', date: '2020-01-01T00:00:00Z' });
  const newer = addCommit(fake.repository, 'main', { message: 'new', date: '2026-01-02T00:00:00Z' });
  const newest = addCommit(fake.repository, 'main', { message: 'newest', date: '2026-01-03T00:00:00Z' });
  expect(get(fake, '/commits?since=2026-01-01T00:00:00Z').list.map(shaOf)).toEqual([newest, newer]);
});

test('the tags list names every tag with its commit, not by date; a tag is a ref for compare and commits', () => {
  const fake = repositoryFake();
  const [first, second] = history(fake, 1, 1);
  addTag(fake.repository, 'v1.0.0', first);
  addTag(fake.repository, 'v1.1.0', second);
  expect(get(fake, '/tags?per_page=100').list).toEqual([
    expect.objectContaining({ name: 'v1.0.0', commit: expect.objectContaining({ sha: first }) }),
    expect.objectContaining({ name: 'v1.1.0', commit: expect.objectContaining({ sha: second }) }),
  ]);
  expect(get(fake, '/compare/v1.0.0...v1.1.0').json).toMatchObject({ status: 'ahead', total_commits: 1 });
  expect(shaOf(get(fake, '/commits/v1.1.0').json)).toBe(second);
});

test('a merge commit lists both parents, first the branch it was merged into; the commits list follows both', () => {
  const fake = repositoryFake();
  const fork = addCommit(fake.repository, 'main', { message: 'fork point', date: '2026-01-01T00:00:00Z' });
  const main = addCommit(fake.repository, 'main', { message: 'main', date: '2026-01-02T00:00:00Z' });
  const feature = addCommit(fake.repository, 'feature', { message: 'feature', date: '2026-01-03T00:00:00Z' }, [fork]);
  const merge = addCommit(fake.repository, 'main', { message: 'merge', date: '2026-01-04T00:00:00Z' }, [main, feature]);
  const [newest] = get(fake, '/commits?since=2026-01-02T00:00:00Z').list;
  expect((newest as { parents: unknown[] }).parents.map(shaOf)).toEqual([main, feature]);
  expect(get(fake, '/commits?since=2026-01-02T00:00:00Z').list.map(shaOf)).toEqual([merge, feature, main]);
});

test('a push payload lists every pushed commit with its files by name, a new branch its head', () => {
  const fake = repositoryFake();
  const shas = history(fake, 2, 1);
  const event = pushEvent(fake, { ref: 'refs/heads/main', before: shas[0] ?? '', after: shas.at(-1) ?? '' });
  expect(event.commits.map((commit) => commit.modified)).toEqual([['f0-0.ts'], ['f1-0.ts']]);
  expect(event.commits[0]?.author).toMatchObject({ username: 'octocat', email: 'octocat@users.example.com' });
  expect(pushEvent(fake, { ref: 'refs/heads/x', before: ZERO_SHA, after: shas[1] ?? '' }).commits).toHaveLength(1);
});

test('a pull request itself: its state, whether and when it was merged, its page, its head and base', () => {
  const fake = repositoryFake();
  addCommit(fake.repository, 'main', { message: 'first' });
  const merged = addPull(fake.repository, { number: 5 });
  const open = addPull(fake.repository, { number: 6, merged: false });
  expect(get(fake, '/pulls/5')).toMatchObject({
    status: 200,
    json: {
      number: 5,
      state: 'closed',
      merged: true,
      merged_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      merge_commit_sha: merged.mergeCommit,
      html_url: 'https://github.com/acme/widgets/pull/5',
      head: { ref: 'feature/5', sha: merged.commits.at(-1) },
      base: { ref: 'main' },
    },
  });
  expect(get(fake, '/pulls/6').json).toMatchObject({
    state: 'open',
    merged: false,
    merged_at: null,
    closed_at: null,
    head: { sha: open.commits[0] },
  });
  expect(get(fake, '/pulls/7').status).toBe(404);
});

describe('pull requests list', () => {
  test('state closed, sorted by updated newest first, paged with links; merged_at, updated_at and the author', () => {
    const fake = repositoryFake();
    addPull(fake.repository, { number: 1, mergedAt: '2026-01-10T00:00:00Z', author: 'alice' });
    addPull(fake.repository, { number: 2, mergedAt: '2026-01-05T00:00:00Z', updatedAt: '2026-02-01T00:00:00Z' });
    addPull(fake.repository, { number: 3, merged: false });
    addPull(fake.repository, { number: 4, mergedAt: '2026-01-20T00:00:00Z' });
    const first = get(fake, '/pulls?state=closed&sort=updated&direction=desc&per_page=2');
    expect(first.list).toEqual([
      expect.objectContaining({ number: 2, merged_at: '2026-01-05T00:00:00Z', updated_at: '2026-02-01T00:00:00Z' }),
      expect.objectContaining({ number: 4, merged_at: '2026-01-20T00:00:00Z' }),
    ]);
    expect(first.link).toContain('rel="next"');
    const second = get(fake, '/pulls?state=closed&sort=updated&direction=desc&per_page=2&page=2');
    expect(second.list).toEqual([expect.objectContaining({ number: 1, user: expect.objectContaining({ login: 'alice' }) })]);
    expect(get(fake, '/pulls').list.map((pull) => (pull as { number: number }).number)).toEqual([3]);
  });

  test("a pull request's files can be given, a rename among them", () => {
    const fake = repositoryFake();
    addPull(fake.repository, {
      number: 7,
      files: [{ filename: 'docs/new.mdx', status: 'renamed', previous_filename: 'docs/old.mdx', additions: 1, deletions: 0 }],
    });
    expect(get(fake, '/pulls/7/files').list).toEqual([
      expect.objectContaining({ filename: 'docs/new.mdx', previous_filename: 'docs/old.mdx' }),
    ]);
  });
});
