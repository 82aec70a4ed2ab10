/** The names a pull request touches, each marked removed, renamed, changed or added (src/docs-check/names.ts). */
import { describe, expect, jest, test } from '@jest/globals';
import { changedNames, changeText, MAX_CHANGE_TEXT, MAX_NEIGHBORS, occursIn, routeOfPath } from '../../../src/docs-check/names.js';
import { type ChangedFile, type ChangedName } from '../../../src/docs-check/types.js';

const file = (path: string, ...lines: string[]): ChangedFile => ({
  path,
  status: 'modified',
  patch: ['@@ -1,9 +1,9 @@', ...lines].join('\n'),
});

const statusOf = (names: readonly ChangedName[], name: string): string | undefined => names.find((found) => found.name === name)?.status;

describe('removed', () => {
  test('a definition on a removed line whose name no added line holds is removed', () => {
    const names = changedNames([
      file('src/memory.py', '-def purge_memories(user_id):', '-    return store.clear(user_id)', '+# purging moved to the server'),
    ]);
    expect(statusOf(names, 'purge_memories')).toBe('removed');
  });

  test('a name still written on an added line anywhere in the change is not removed (it moved)', () => {
    const names = changedNames([
      file('src/old.py', '-def purge_memories(user_id):', '-    pass'),
      file('src/new.py', '+from .old_helpers import x', '+    return purge_memories(user_id)'),
    ]);
    expect(statusOf(names, 'purge_memories')).toBe('changed');
  });

  test('a route or a flag still written on an added line is not removed', () => {
    const names = changedNames([
      file('src/routes.py', '-@router.get("/v1/jobs/{job_id}")', '-    parser.add_argument("--dry-run")'),
      file('src/client.py', '+    url = base + "/v1/jobs/{job_id}"', '+    args = ["--dry-run"]'),
    ]);
    expect(statusOf(names, 'GET /v1/jobs/{job_id}')).toBe('changed');
    expect(statusOf(names, '--dry-run')).toBe('changed');
  });

  test('a removed environment variable and CLI flag are removed too', () => {
    const names = changedNames([
      file('cli/main.py', '-    parser.add_argument("--legacy-mode")', '-    os.getenv("LEGACY_TOKEN")', '+    pass'),
    ]);
    expect(statusOf(names, '--legacy-mode')).toBe('removed');
    expect(statusOf(names, 'LEGACY_TOKEN')).toBe('removed');
  });
});

describe('renamed', () => {
  test('a definition of the same kind in its place, in the same hunk, is its new name', () => {
    const names = changedNames([file('src/client.ts', '-export function listJobs(filter) {', '+export function listRuns(filter) {', ' }')]);
    expect(names.find((name) => name.name === 'listJobs')).toMatchObject({ status: 'renamed', renamedTo: 'listRuns' });
    expect(statusOf(names, 'listRuns')).toBe('added');
  });

  test('with several definitions in a hunk, the one whose line is otherwise the same is the pair', () => {
    const names = changedNames([
      file('src/api.py', '-def get_user(user_id):', '-def get_team(team_id):', '+def fetch_user(user_id):', '+def fetch_team(team_id):'),
    ]);
    expect(names.find((name) => name.name === 'get_user')?.renamedTo).toBe('fetch_user');
    expect(names.find((name) => name.name === 'get_team')?.renamedTo).toBe('fetch_team');
  });
});

describe('changed and added', () => {
  test('a definition on both sides is changed; the function a hunk changes inside is changed', () => {
    const names = changedNames([
      {
        path: 'src/flow.py',
        status: 'modified',
        patch: ['@@ -10,3 +10,3 @@ def run_flow(name, retries):', '-    timeout = 30', '+    timeout = 60'].join('\n'),
      },
      file('src/api.py', '-def schedule(flow, cron):', '+def schedule(flow, cron, time_zone):'),
    ]);
    expect(statusOf(names, 'run_flow')).toBe('changed');
    expect(statusOf(names, 'schedule')).toBe('changed');
    expect(statusOf(names, 'time_zone')).toBe('added');
  });

  test('a definition only on added lines is added', () => {
    const names = changedNames([file('src/cli.ts', "+  program.option('--profile <name>')", "+  program.option('--verbose')")]);
    expect(names.filter((name) => name.kind === 'cli-flag').map((name) => [name.name, name.status])).toEqual([['--verbose', 'added']]);
  });
});

describe('what counts', () => {
  test('files the caller does not count, tests and docs give no names; a missing patch gives none', () => {
    const names = changedNames(
      [
        file('src/kept.py', '+def kept_function():'),
        file('src/ignored.py', '+def ignored_function():'),
        file('tests/test_x.py', '+def test_helper_function():'),
        file('docs/page.mdx', '+def in_docs():'),
        { path: 'src/big.py', status: 'modified' },
      ],
      (changed) => changed.path !== 'src/ignored.py',
    );
    expect(names.map((name) => name.name)).toEqual(['kept_function']);
  });

  test('a name found in two files is one name with both files', () => {
    const names = changedNames([
      file('a.py', '+OPENAI_BASE_URL = os.getenv("OPENAI_BASE_URL")'),
      file('b.ts', '+const u = process.env.OPENAI_BASE_URL'),
    ]);
    const found = names.filter((name) => name.name === 'OPENAI_BASE_URL');
    expect(found.map((name) => [name.kind, name.files])).toEqual([
      ['constant', ['a.py']],
      ['env-var', ['b.ts']],
    ]);
  });
});

describe('neighbours of a new user-facing name', () => {
  test('the flags of the same hunk, unchanged ones included, are its neighbours', () => {
    const names = changedNames([
      file(
        'cli.py',
        ' parser.add_argument("--host")',
        ' parser.add_argument("--port")',
        '+parser.add_argument("--tls-cert")',
        ' def main():',
      ),
    ]);
    expect(names.find((name) => name.name === '--tls-cert')).toMatchObject({ status: 'added', neighbors: ['--host', '--port'] });
    expect(names.some((name) => name.name === '--host')).toBe(false);
  });

  test('a name that is not new has no neighbours', () => {
    const names = changedNames([
      file('cli.py', ' parser.add_argument("--host")', '-parser.add_argument("--old-flag")', '+parser.add_argument("--new-flag")'),
    ]);
    expect(names.find((name) => name.name === '--old-flag')?.neighbors).toBeUndefined();
  });
});

describe('routeOfPath', () => {
  test.each([
    ['app/api/users/[id]/route.ts', '/api/users/{id}'],
    ['apps/web/app/(dashboard)/api/teams/route.js', '/api/teams'],
    ['pages/api/jobs/index.ts', '/api/jobs'],
    ['src/pages/api/jobs/[...slug].ts', '/api/jobs/{slug}'],
  ])('%s declares %s', (path, route) => {
    expect(routeOfPath(path)).toBe(route);
  });

  test('other files declare no route', () => {
    expect(routeOfPath('app/users/page.tsx')).toBeUndefined();
    expect(routeOfPath('src/routes.ts')).toBeUndefined();
  });

  test('the same answers as matching the whole path with one pattern, on paths built from the parts routes are made of', () => {
    // The plain patterns the function reads the ending before: its answers must not change.
    const plain = (path: string): string | undefined => {
      const inside = /(?:^|\/)app\/(.+)\/route\.[cm]?[jt]sx?$/.exec(path)?.[1] ?? /(?:^|\/)pages\/(api\/.+)\.[cm]?[jt]sx?$/.exec(path)?.[1];
      if (inside === undefined) return undefined;
      const segments = inside
        .split('/')
        .filter((segment) => !/^\(.*\)$/.test(segment) && segment !== 'index')
        .map((segment) => segment.replace(/^\[+\.{0,3}([^\]]+)\]+$/, '{$1}'));
      return `/${segments.join('/')}`;
    };
    const parts = [
      'app',
      'pages',
      'api',
      'route.ts',
      'route.mjs',
      'index.tsx',
      'x.ts',
      'x.py',
      '[id]',
      '[[...all]]',
      '[a]b]',
      '(g)',
      '(',
      'src',
    ];
    let seed = 7;
    const pick = (): string => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return parts[seed % parts.length] ?? '';
    };
    let routes = 0;
    for (let n = 0; n < 5000; n++) {
      const path = Array.from({ length: 1 + (n % 7) }, pick).join('/');
      const expected = plain(path);
      if (expected !== undefined) routes++;
      expect([path, routeOfPath(path)]).toEqual([path, expected]);
    }
    expect(routes).toBeGreaterThan(100);
  });

  test('a long path is read once from its ending: one made of app/ declares no route', () => {
    expect(routeOfPath(`${'app/'.repeat(50_000)}x.ts`)).toBeUndefined();
    expect(routeOfPath(`${'app/'.repeat(50_000)}route.ts`)).toBe(`/${'app/'.repeat(49_999).slice(0, -1)}`);
  });

  test('a route file that the change adds gives an added route', () => {
    const names = changedNames([
      { path: 'app/api/exports/route.ts', status: 'added', patch: '@@ -0,0 +1 @@\n+export async function GET() {}' },
    ]);
    expect(names.find((name) => name.kind === 'http-route')).toMatchObject({ name: '/api/exports', status: 'added' });
  });
});

describe('occursIn', () => {
  test('whole names only', () => {
    expect(occursIn('call max_retries here', 'max_retries')).toBe(true);
    expect(occursIn('call max_retries_total here', 'max_retries')).toBe(false);
    expect(occursIn('use --dry-run now', '--dry-run')).toBe(true);
    expect(occursIn('use --dry-run-all now', '--dry-run')).toBe(false);
    expect(occursIn('GET /v1/users/{id}', 'GET /v1/users')).toBe(false);
    expect(occursIn('see /v1/users.', 'POST /v1/users')).toBe(true);
  });
});

describe('large hunks', () => {
  test('renames in a hunk of 400 definitions on each side pair by shape, each line split a bounded number of times', () => {
    const count = 400;
    const lines = [
      ...Array.from({ length: count }, (_, i) => `-def old_name_${i}(a${i}, value):`),
      ...Array.from({ length: count }, (_, i) => `+def new_name_${i}(a${count - 1 - i}, value):`),
    ];
    const split = jest.spyOn(String.prototype, 'split');
    try {
      const names = changedNames([file('src/many.py', ...lines)]);
      expect(names.find((name) => name.name === 'old_name_0')).toMatchObject({ status: 'renamed', renamedTo: `new_name_${count - 1}` });
      expect(names.find((name) => name.name === `old_name_${count - 1}`)).toMatchObject({ status: 'renamed', renamedTo: 'new_name_0' });
      // Pairing each removed definition with each added one would split their lines 2 × 400 × 400 times.
      expect(split.mock.calls.length).toBeLessThan(20 * count);
    } finally {
      split.mockRestore();
    }
  });

  test(`a hunk adding more than MAX_NEIGHBORS + 1 names of a kind gives them no neighbours; up to it, all the others`, () => {
    const variables = (count: number) => Array.from({ length: count }, (_, i) => `+ENV NEW_SETTING_${i}=1`);
    const few = changedNames([file('Dockerfile', ...variables(MAX_NEIGHBORS + 1))]);
    expect(few.find((name) => name.name === 'NEW_SETTING_0')?.neighbors).toHaveLength(MAX_NEIGHBORS);
    const many = changedNames([file('Dockerfile', ...variables(MAX_NEIGHBORS + 2))]);
    expect(many.find((name) => name.name === 'NEW_SETTING_0')).toMatchObject({ status: 'added' });
    expect(many.every((name) => name.neighbors === undefined)).toBe(true);
  });

  test('a patch of 300,000 lines is read without overflowing the stack, for the names and for the ranking text', () => {
    const huge: ChangedFile = {
      path: 'src/memory.py',
      status: 'modified',
      patch: `@@ -1 +1,300000 @@\n-def purge_memories(user_id):\n${'+x\n'.repeat(300_000)}`,
    };
    expect(statusOf(changedNames([huge]), 'purge_memories')).toBe('removed');
    const text = changeText([huge], () => true);
    expect(text.lines.startsWith('x\nx')).toBe(true);
    expect(text.lines.length).toBe(MAX_CHANGE_TEXT);
  });
});
