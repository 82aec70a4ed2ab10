// @ts-check
// A week of a real repository's pushes replayed through the docs stream (bench/lib/stream-replay.js):
// the built action (dist/index.js) runs once per push as that repository's push workflow, with the
// push example's inputs, against the emulator and the fake GitHub, through a week with failed runs,
// a cancelled run, a run GitHub replaced, re-runs and the docs pull request merged mid-week. Prints
// each run, then whether every commit reached the agent exactly once and whether every commit a run
// decided to document ends with a final status.
//
// The history comes from a local git directory (a clone or a bare mirror) and is read at run time
// only: the first-parent commits of `--since`/`--until` (or `--range`), their subjects and files
// (`git log --numstat`), grouped into pushes (commits by one committer within `--group-minutes` of
// each other are one push). Authors become dev1, dev2, …; nothing of the history is printed or kept.
// Without `--git`, a generated week of 16 pushes (the end-to-end test's).
//   node bench/stream-replay.js --git DIR --since 2024-10-28 --until 2024-11-04 [--group-minutes 2] [--change-paths '**']
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { startEmulator } from '../emulator/server.js';
import { startFakeGitHub } from '../emulator/github/server.js';
import { generatedWeek, replayWeek, WEEK } from './lib/stream-replay.js';

const TOKEN = 'ghs_benchReplayToken0123456789abcdef';

/**
 * @typedef {import('./lib/stream-replay.js').ReplayPush} ReplayPush
 * @typedef {{ time: number, committer: string, subject: string, files: import('../emulator/github/repository.js').FakeFile[] }} GitCommit
 */

/** `src/{old => new}/a.ts` and `old.ts => new.ts` as git's numstat writes a rename: the new path. */
function newPath(/** @type {string} */ path) {
  return path
    .replace(/\{[^}]* => ([^}]*)\}/g, '$1')
    .replace(/^.* => /, '')
    .replace(/\/\//g, '/');
}

/**
 * The first-parent commits of `range` (oldest first) with their files, from `git log --numstat`.
 * @param {string} dir
 * @param {string[]} range `git log` arguments that select the commits
 * @returns {GitCommit[]}
 */
function readHistory(dir, range) {
  const text = execFileSync(
    'git',
    ['-C', dir, 'log', '--first-parent', '--reverse', '--format=%x1e%ct%x1f%cn%x1f%s', '--numstat', ...range],
    {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  return text
    .split('\x1e')
    .slice(1)
    .map((entry) => {
      const [header = '', ...lines] = entry.split('\n');
      const [time = '0', committer = '', subject = ''] = header.split('\x1f');
      const files = lines.flatMap((line) => {
        const [added, deleted, path] = line.split('\t');
        if (path === undefined || path === '') return [];
        const count = (/** @type {string | undefined} */ value) => (value === undefined || value === '-' ? 0 : Number(value));
        return [{ filename: newPath(path), status: /** @type {const} */ ('modified'), additions: count(added), deletions: count(deleted) }];
      });
      return { time: Number(time) * 1000, committer, subject, files };
    });
}

/**
 * Consecutive commits by one committer within `gapMs` of each other are one push.
 * @param {GitCommit[]} commits
 * @param {number} gapMs
 * @returns {ReplayPush[]}
 */
function pushesOf(commits, gapMs) {
  /** @type {Map<string, string>} */
  const authors = new Map();
  /** @type {Array<{ last: GitCommit, commits: GitCommit[] }>} */
  const groups = [];
  for (const commit of commits) {
    const group = groups.at(-1);
    if (group !== undefined && group.last.committer === commit.committer && commit.time - group.last.time <= gapMs) {
      group.commits.push(commit);
      group.last = commit;
    } else groups.push({ last: commit, commits: [commit] });
  }
  return groups.map((group) => ({
    commits: group.commits.map((commit) => {
      if (!authors.has(commit.committer)) authors.set(commit.committer, `dev${authors.size + 1}`);
      return {
        message: commit.subject,
        author: authors.get(commit.committer) ?? 'dev',
        date: new Date(commit.time).toISOString(),
        files:
          commit.files.length > 0
            ? commit.files
            : [{ filename: 'README.md', status: /** @type {const} */ ('modified'), additions: 0, deletions: 0 }],
      };
    }),
  }));
}

const { values } = parseArgs({
  options: {
    git: { type: 'string' },
    since: { type: 'string' },
    until: { type: 'string' },
    range: { type: 'string' },
    'group-minutes': { type: 'string', default: '2' },
    'change-paths': { type: 'string', default: '**' },
  },
});
const range = values.range !== undefined ? [values.range] : [`--since=${values.since ?? ''}`, `--until=${values.until ?? ''}`, 'HEAD'];
const pushes =
  values.git === undefined ? generatedWeek() : pushesOf(readHistory(values.git, range), Number(values['group-minutes']) * 60_000);
if (pushes.length < WEEK.fates.length) throw new Error(`${pushes.length} pushes: the week needs at least ${WEEK.fates.length}`);

const emulator = await startEmulator();
const github = await startFakeGitHub({ token: TOKEN, repo: 'widgets' });
const started = Date.now();
try {
  const report = await replayWeek({
    github,
    emulator,
    token: TOKEN,
    pushes,
    node: process.execPath,
    // The generated week's paths match the example's change-paths; a real repository's layout may not.
    ...(values.git !== undefined && { inputs: { 'change-paths': values['change-paths'] } }),
    log: (line) => console.log(line),
  });
  const once = [...report.described.values()].filter((count) => count === 1).length;
  const states = [...report.finalStatus.values()];
  const count = (/** @type {string} */ state) => states.filter((value) => value === state).length;
  console.log('');
  console.log(
    `pushes: ${pushes.length} (${report.commits} commits), runs: ${report.runs.length}, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`described to the agent exactly once: ${report.missing.length === 0 && report.repeated.length === 0 ? 'yes' : 'no'}`);
  console.log(`  commits described once: ${once}, never: ${report.missing.length}, more than once: ${report.repeated.length}`);
  console.log(`every documented commit ends with a final status: ${report.unsettled.length === 0 ? 'yes' : 'no'}`);
  console.log(
    `  commits documented: ${report.finalStatus.size}; last state success ${count('success')}, error ${count('error')}, failure ${count('failure')}, pending ${count('pending')}, absent ${count('absent')}`,
  );
  console.log(`GitHub requests: ${report.runs.reduce((sum, run) => sum + run.githubRequests, 0)} over the runs`);
  if (report.missing.length > 0 || report.repeated.length > 0 || report.unsettled.length > 0) process.exitCode = 1;
} finally {
  await github.close();
  await emulator.close();
}
