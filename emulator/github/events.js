// @ts-check
// The event payloads GitHub writes to GITHUB_EVENT_PATH for a push, a pull request and a release,
// made from the fake's repository model (repository.js) with the fields GitHub sends, trimmed to
// what matters: the tests, the demo and the benchmark run the action on them.
import { commitsBetween, mergeFiles, resolveRef } from './repository.js';

/**
 * @typedef {import('./repository.js').RepositoryModel} RepositoryModel
 * @typedef {import('./repository.js').FakeCommit} FakeCommit
 * @typedef {import('./repository.js').FakePull} FakePull
 * @typedef {import('./repository.js').FakeRelease} FakeRelease
 */

export const ZERO_SHA = '0000000000000000000000000000000000000000';

/**
 * The repository as event payloads and `GET /repos/{owner}/{repo}` show it (that answer has more fields).
 * @param {string} owner
 * @param {string} repo
 * @param {RepositoryModel} repository
 */
export function repositoryJson(owner, repo, repository) {
  return {
    id: 1,
    name: repo,
    full_name: `${owner}/${repo}`,
    html_url: `https://github.com/${owner}/${repo}`,
    default_branch: repository.defaultBranch,
    owner: { login: owner, type: 'Organization' },
  };
}

/**
 * A commit as a push event lists it: message, author (name, e-mail and username) and file names.
 * @param {FakeCommit} commit
 * @param {string} web
 */
function pushCommit(commit, web) {
  const files = (/** @type {string} */ status) => commit.files.filter((file) => file.status === status).map((file) => file.filename);
  const renamed = commit.files.filter((file) => file.status === 'renamed');
  return {
    id: commit.sha,
    message: commit.message,
    timestamp: commit.date,
    url: `${web}/commit/${commit.sha}`,
    author: { name: commit.author ?? 'Someone', email: commit.email, ...(commit.author !== null && { username: commit.author }) },
    added: [...files('added'), ...renamed.map((file) => file.filename)],
    removed: [...files('removed'), ...renamed.flatMap((file) => file.previous_filename ?? [])],
    modified: files('modified'),
  };
}

/**
 * @typedef {object} PushSpec
 * @property {string} ref `refs/heads/main`, `refs/tags/v1`
 * @property {string} before SHA, or ZERO_SHA for a new branch
 * @property {string} after SHA, or ZERO_SHA for a deleted branch
 * @property {boolean} [forced]
 * @property {string} [sender] default 'octocat'
 */

/**
 * The `push` payload: the commits between `before` and `after` (all of them, oldest first), the
 * head commit, and the compare URL.
 * @param {{ owner: string, repo: string, repository: RepositoryModel }} fake
 * @param {PushSpec} spec
 */
export function pushEvent(fake, spec) {
  const web = `https://github.com/${fake.owner}/${fake.repo}`;
  const head = spec.after === ZERO_SHA ? undefined : resolveRef(fake.repository, spec.after);
  const base = spec.before === ZERO_SHA ? undefined : resolveRef(fake.repository, spec.before);
  const commits = head === undefined ? [] : base === undefined ? [head] : commitsBetween(fake.repository, base, head);
  return {
    ref: spec.ref,
    before: spec.before,
    after: spec.after,
    created: spec.before === ZERO_SHA,
    deleted: spec.after === ZERO_SHA,
    forced: spec.forced ?? false,
    base_ref: null,
    compare: `${web}/compare/${spec.before.slice(0, 12)}...${spec.after.slice(0, 12)}`,
    commits: commits.map((commit) => pushCommit(commit, web)),
    head_commit: head === undefined ? null : pushCommit(head, web),
    repository: repositoryJson(fake.owner, fake.repo, fake.repository),
    pusher: { name: spec.sender ?? 'octocat', email: 'octocat@users.example.com' },
    sender: { login: spec.sender ?? 'octocat', id: 1, type: 'User' },
  };
}

/**
 * The `pull_request` payload for `action` (GitHub's counts included: commits, changed files).
 * @param {{ owner: string, repo: string, repository: RepositoryModel }} fake
 * @param {FakePull} pull
 * @param {string} action 'closed', 'opened', ...
 * @param {string} [sender]
 */
export function pullRequestEvent(fake, pull, action, sender = 'maintainer') {
  const web = `https://github.com/${fake.owner}/${fake.repo}`;
  const files = mergeFiles([pull.files]);
  return {
    action,
    number: pull.number,
    pull_request: {
      number: pull.number,
      title: pull.title,
      body: pull.body,
      state: pull.state,
      merged: pull.merged,
      merge_commit_sha: pull.mergeCommit ?? null,
      html_url: `${web}/pull/${pull.number}`,
      labels: pull.labels.map((name) => ({ name })),
      base: { ref: pull.base, sha: fake.repository.branches.get(pull.base) ?? ZERO_SHA },
      head: { ref: pull.head, sha: pull.commits.at(-1) ?? ZERO_SHA, label: `${fake.owner}:${pull.head}` },
      user: { login: 'contributor', type: 'User' },
      commits: pull.commits.length,
      changed_files: files.length,
      additions: files.reduce((sum, file) => sum + file.additions, 0),
      deletions: files.reduce((sum, file) => sum + file.deletions, 0),
    },
    repository: repositoryJson(fake.owner, fake.repo, fake.repository),
    sender: { login: sender, id: 2, type: 'User' },
  };
}

/**
 * The `release` payload for `action` ('published', 'deleted', ...).
 * @param {{ owner: string, repo: string, repository: RepositoryModel }} fake
 * @param {FakeRelease} release
 * @param {string} [action]
 */
export function releaseEvent(fake, release, action = 'published') {
  return {
    action,
    release: { ...release, html_url: `https://github.com/${fake.owner}/${fake.repo}/releases/tag/${encodeURIComponent(release.tag_name)}` },
    repository: repositoryJson(fake.owner, fake.repo, fake.repository),
    sender: { login: 'maintainer', id: 2, type: 'User' },
  };
}
