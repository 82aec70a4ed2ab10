// @ts-check
// A repository for the fake GitHub: commits (each with its files, author and date), branches, tags,
// pull requests with their commits and files, and releases. Tests, the demo and the benchmark build
// one with the helpers below; repository-routes.js answers GitHub's endpoints from it, and events.js
// writes the event payloads a push, a pull request or a release would send.
import { createHash } from 'node:crypto';

/**
 * @typedef {object} FakeFile
 * @property {string} filename
 * @property {'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged'} status
 * @property {number} additions
 * @property {number} deletions
 * @property {string} [previous_filename]
 * @property {string} [patch] the diff, as GitHub sends it (the action never reads it; it makes answers as large as GitHub's)
 */

/**
 * @typedef {object} FakeCommit
 * @property {string} sha
 * @property {number} seq creation order: the fake's history is ordered by it
 * @property {string} message
 * @property {string | null} author the author's login; null for an address GitHub knows no account of
 * @property {string} email the author's address, which the action must never pass on
 * @property {string} date ISO 8601, author and committer alike
 * @property {string[]} parents
 * @property {FakeFile[]} files
 */

/**
 * @typedef {object} FakePull
 * @property {number} number
 * @property {string} title
 * @property {string} body
 * @property {'open' | 'closed'} state
 * @property {boolean} merged
 * @property {string[]} labels
 * @property {string} base
 * @property {string} head
 * @property {string[]} commits oldest first
 * @property {FakeFile[]} files
 * @property {string} author who opened it (login)
 * @property {string} [mergedAt] ISO 8601, when merged (default: the fake's fixed closing date)
 * @property {string} [updatedAt] ISO 8601 (default: `mergedAt`, or the fixed closing date)
 * @property {string} [createdAt] ISO 8601, when opened (default: `mergedAt`, or the fixed closing date)
 * @property {string} [mergeCommit] the commit the merge made on the base branch
 */

/**
 * @typedef {object} FakeRelease
 * @property {number} id
 * @property {string} tag_name
 * @property {string} name
 * @property {string} body
 * @property {boolean} draft
 * @property {boolean} prerelease
 * @property {string} created_at
 */

/**
 * @typedef {object} RepositoryModel
 * @property {string} defaultBranch
 * @property {Map<string, FakeCommit>} commits by SHA
 * @property {Map<string, string>} branches name → head SHA
 * @property {Map<string, string>} tags name → commit SHA
 * @property {FakePull[]} pulls
 * @property {FakeRelease[]} releases newest first, as GitHub lists them
 * @property {() => number} nextSeq
 */

/**
 * @typedef {object} CommitSpec
 * @property {string} [message]
 * @property {string | null} [author] login; default 'octocat'
 * @property {FakeFile[] | string[]} [files] files, or paths to modify with one line each
 * @property {string} [date] ISO 8601; default now
 */

/** @returns {RepositoryModel} */
export function createRepository(defaultBranch = 'main') {
  let seq = 0;
  return { defaultBranch, commits: new Map(), branches: new Map(), tags: new Map(), pulls: [], releases: [], nextSeq: () => ++seq };
}

/** Empties the repository (the fake's reset). @param {RepositoryModel} repository */
export function clearRepository(repository) {
  repository.commits.clear();
  repository.branches.clear();
  repository.tags.clear();
  repository.pulls.length = 0;
  repository.releases.length = 0;
}

/** @param {FakeFile[] | string[]} files @returns {FakeFile[]} */
function filesOf(files) {
  return files.map((file) => (typeof file === 'string' ? { filename: file, status: 'modified', additions: 1, deletions: 1 } : file));
}

/**
 * A new commit on `branch` (created from the default branch's head, or as the first commit); the
 * branch moves to it. Returns its SHA.
 * @param {RepositoryModel} repository
 * @param {string} branch
 * @param {CommitSpec} [spec]
 * @param {string[]} [parents] default: the branch's head
 * @returns {string}
 */
export function addCommit(repository, branch, spec = {}, parents) {
  const seq = repository.nextSeq();
  const sha = createHash('sha1').update(`fake commit ${seq}`).digest('hex');
  const head = repository.branches.get(branch) ?? repository.branches.get(repository.defaultBranch);
  const author = spec.author === undefined ? 'octocat' : spec.author;
  repository.commits.set(sha, {
    sha,
    seq,
    message: spec.message ?? `Commit ${seq}`,
    author,
    email: `${author ?? 'someone'}@users.example.com`,
    date: spec.date ?? new Date().toISOString(),
    parents: parents ?? (head === undefined ? [] : [head]),
    files: filesOf(spec.files ?? [`src/file${seq}.ts`]),
  });
  repository.branches.set(branch, sha);
  return sha;
}

/**
 * A pull request from `head` into `base`, its commits made on `head`, then merged (squashed into
 * one commit on `base`) unless `merged` is false.
 * @param {RepositoryModel} repository
 * `files` (paths, or files with a status such as a rename) replace the files of the commits in the pull request's files list.
 * @param {{ number: number, title?: string, body?: string, labels?: string[], base?: string, head?: string, commits?: CommitSpec[], merged?: boolean,
 *   author?: string, mergedAt?: string, updatedAt?: string, createdAt?: string, files?: FakeFile[] | string[] }} spec
 * @returns {FakePull}
 */
export function addPull(repository, spec) {
  const base = spec.base ?? repository.defaultBranch;
  const head = spec.head ?? `feature/${spec.number}`;
  const start = repository.branches.get(base);
  if (!repository.branches.has(head) && start !== undefined) repository.branches.set(head, start);
  const commits = (spec.commits ?? [{}]).map((commit) => addCommit(repository, head, commit));
  const files = spec.files === undefined ? mergeFiles(commits.map((sha) => repository.commits.get(sha)?.files ?? [])) : filesOf(spec.files);
  const merged = spec.merged ?? true;
  const title = spec.title ?? `Pull request ${spec.number}`;
  /** @type {FakePull} */
  const pull = {
    number: spec.number,
    title,
    body: spec.body ?? '',
    state: merged ? 'closed' : 'open',
    merged,
    labels: spec.labels ?? [],
    base,
    head,
    commits,
    files,
    author: spec.author ?? 'octocat',
    ...(spec.mergedAt !== undefined && { mergedAt: spec.mergedAt }),
    ...(spec.updatedAt !== undefined && { updatedAt: spec.updatedAt }),
    ...(spec.createdAt !== undefined && { createdAt: spec.createdAt }),
  };
  if (merged) pull.mergeCommit = addCommit(repository, base, { message: `${title} (#${spec.number})`, files });
  repository.pulls.push(pull);
  return pull;
}

/**
 * A release of a new tag on the default branch's head (newest first in the list).
 * @param {RepositoryModel} repository
 * @param {{ tag: string, name?: string, body?: string, draft?: boolean, prerelease?: boolean, sha?: string }} spec
 * @returns {FakeRelease}
 */
export function addRelease(repository, spec) {
  const sha = spec.sha ?? repository.branches.get(repository.defaultBranch) ?? '';
  repository.tags.set(spec.tag, sha);
  /** @type {FakeRelease} */
  const release = {
    id: 5000 + repository.releases.length,
    tag_name: spec.tag,
    name: spec.name ?? spec.tag,
    body: spec.body ?? '',
    draft: spec.draft ?? false,
    prerelease: spec.prerelease ?? false,
    created_at: new Date(Date.now() + repository.releases.length).toISOString(),
  };
  repository.releases.unshift(release);
  return release;
}

/**
 * A tag (without a release) on `sha`, by default the default branch's head. Returns the SHA.
 * @param {RepositoryModel} repository
 * @param {string} tag
 * @param {string} [sha]
 * @returns {string}
 */
export function addTag(repository, tag, sha) {
  const target = sha ?? repository.branches.get(repository.defaultBranch) ?? '';
  repository.tags.set(tag, target);
  return target;
}

/**
 * The files of several changes in a row, as one: a file added then modified is added, added then
 * removed is gone, removed then added is modified; line counts add up.
 * @param {FakeFile[][]} lists
 * @returns {FakeFile[]}
 */
export function mergeFiles(lists) {
  /** @type {Map<string, FakeFile>} */
  const byPath = new Map();
  for (const list of lists) {
    for (const file of list) {
      const before = byPath.get(file.filename);
      if (before === undefined) {
        byPath.set(file.filename, { ...file });
        continue;
      }
      if (file.status === 'removed' && before.status === 'added') {
        byPath.delete(file.filename);
        continue;
      }
      const status =
        before.status === 'added' && file.status !== 'removed' ? 'added' : before.status === 'removed' ? 'modified' : file.status;
      byPath.set(file.filename, {
        ...before,
        status,
        additions: before.additions + file.additions,
        deletions: before.deletions + file.deletions,
      });
    }
  }
  return [...byPath.values()];
}

/**
 * A commit's SHA from a SHA, branch or tag; undefined when the repository has no such ref.
 * @param {RepositoryModel} repository
 * @param {string} ref
 * @returns {FakeCommit | undefined}
 */
export function resolveRef(repository, ref) {
  const sha = repository.commits.has(ref) ? ref : (repository.branches.get(ref) ?? repository.tags.get(ref));
  return sha === undefined ? undefined : repository.commits.get(sha);
}

/**
 * Every commit reachable from `sha`, itself included.
 * @param {RepositoryModel} repository
 * @param {string} sha
 * @returns {Set<string>}
 */
export function ancestors(repository, sha) {
  /** @type {Set<string>} */
  const seen = new Set();
  const pending = [sha];
  while (pending.length > 0) {
    const next = pending.pop() ?? '';
    if (seen.has(next)) continue;
    const commit = repository.commits.get(next);
    if (commit === undefined) continue;
    seen.add(next);
    pending.push(...commit.parents);
  }
  return seen;
}

/**
 * The commits reachable from `head` and not from `base` (git log base..head), oldest first.
 * @param {RepositoryModel} repository
 * @param {FakeCommit} base
 * @param {FakeCommit} head
 * @returns {FakeCommit[]}
 */
export function commitsBetween(repository, base, head) {
  const excluded = ancestors(repository, base.sha);
  return [...ancestors(repository, head.sha)]
    .filter((sha) => !excluded.has(sha))
    .flatMap((sha) => repository.commits.get(sha) ?? [])
    .sort((a, b) => a.seq - b.seq);
}
