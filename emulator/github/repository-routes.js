// @ts-check
// What a change looks like through GitHub's REST API, answered from the fake's repository model
// (repository.js) with GitHub's shapes and caps: the repository itself (`GET /repos/{owner}/{repo}`,
// metadata every token may read: its default branch, which a `schedule` event's payload does not
// name), compare (its files capped at 300 and shown on the
// first page only; its commits limited to the newest 250 without paging parameters, paged when
// given), the commits list (`sha`, `since`, `until`, paged), a single commit (its files 300 a page,
// at most 3,000), a commit's pull requests, a pull request's files (100 a page, at most 3,000) and
// commits (at most 250), a pull request itself (with `merged`, which only this answer has), the
// pull requests list (`state`, `sort` created or updated, `direction`, paged), the releases list and
// the tags list.
import { githubError, page, pageLinks, pageOf, userJson } from './answers.js';
import { repositoryJson } from './events.js';
import { ancestors, commitsBetween, mergeFiles, resolveRef } from './repository.js';
import { needs } from './token.js';

/**
 * @typedef {import('./server.js').GitHubState} GitHubState
 * @typedef {import('./server.js').Route} Route
 * @typedef {import('./server.js').RouteRequest} RouteRequest
 * @typedef {import('./server.js').Answer} Answer
 * @typedef {import('./repository.js').FakeCommit} FakeCommit
 * @typedef {import('./repository.js').FakePull} FakePull
 */

const COMPARE_FILES = 300;
const COMPARE_UNPAGED_COMMITS = 250;
const COMMIT_FILES_PAGE = 300;
const MAX_FILES = 3000;
const PULL_COMMITS = 250;
/** When the fake's closed pull requests were closed (and merged, when they were). */
const CLOSED_AT = '2026-01-01T00:00:00Z';

/**
 * @param {Pick<GitHubState, 'owner' | 'repo' | 'repository' | 'publicRepository'>} state
 * @returns {Route[]}
 */
export function repositoryRoutes(state) {
  const repository = state.repository;
  const web = `https://github.com/${state.owner}/${state.repo}`;
  const prefix = `/repos/${state.owner}/${state.repo}`;

  /** @param {FakeCommit} commit */
  const commitJson = (commit) => ({
    sha: commit.sha,
    node_id: `C_${commit.sha.slice(0, 12)}`,
    commit: {
      message: commit.message,
      author: { name: commit.author ?? 'Someone', email: commit.email, date: commit.date },
      committer: { name: 'GitHub', email: 'noreply@github.com', date: commit.date },
    },
    author: commit.author === null ? null : { login: commit.author, id: 1, type: 'User' },
    parents: commit.parents.map((sha) => ({ sha, url: `${web}/commit/${sha}` })),
    html_url: `${web}/commit/${commit.sha}`,
  });

  /** @param {FakePull} pull */
  const pullJson = (pull) => ({
    number: pull.number,
    title: pull.title,
    body: pull.body,
    state: pull.state,
    merged_at: pull.merged ? (pull.mergedAt ?? CLOSED_AT) : null,
    created_at: pull.createdAt ?? pull.mergedAt ?? CLOSED_AT,
    updated_at: updatedAt(pull),
    user: userJson(pull.author),
    merge_commit_sha: pull.mergeCommit ?? null,
    html_url: `${web}/pull/${pull.number}`,
    labels: pull.labels.map((name) => ({ name })),
    base: { ref: pull.base },
    head: { ref: pull.head, label: `${state.owner}:${pull.head}` },
  });

  /**
   * @param {string} encoded
   * @returns {FakeCommit | undefined}
   */
  const ref = (encoded) => resolveRef(repository, decodeURIComponent(encoded));

  /** @param {FakePull} pull */
  const updatedAt = (pull) => pull.updatedAt ?? pull.mergedAt ?? CLOSED_AT;

  /**
   * `GET /pulls`: `state` open (default), closed or all; sorted by `created` (the fake's order of
   * creation) or `updated`, `direction` desc by default; paged.
   * @param {RegExpExecArray} _match
   * @param {RouteRequest} request
   * @returns {Answer}
   */
  const listPulls = (_match, request) => {
    const state = request.query['state'] ?? 'open';
    const chosen = repository.pulls.filter((pull) => state === 'all' || pull.state === state);
    const byUpdated = request.query['sort'] === 'updated';
    const ascending = request.query['direction'] === 'asc';
    const key = (/** @type {FakePull} */ pull) => (byUpdated ? Date.parse(updatedAt(pull)) : repository.pulls.indexOf(pull));
    const sorted = [...chosen].sort((a, b) => (ascending ? key(a) - key(b) : key(b) - key(a)));
    return page(sorted.map(pullJson), request);
  };

  /** @param {number} number */
  const pullOf = (number) => repository.pulls.find((pull) => pull.number === number);

  /**
   * @param {RegExpExecArray} match
   * @param {RouteRequest} request
   * @returns {Answer}
   */
  const compare = (match, request) => {
    const base = ref(match[1] ?? '');
    const head = ref(match[2] ?? '');
    if (base === undefined || head === undefined) return githubError(404, 'Not Found');
    const range = commitsBetween(repository, base, head);
    const behind = commitsBetween(repository, head, base).length;
    const files = mergeFiles(range.map((commit) => commit.files)).slice(0, COMPARE_FILES);
    const paged = 'per_page' in request.query || 'page' in request.query;
    const body = {
      html_url: `${web}/compare/${base.sha}...${head.sha}`,
      status: range.length === 0 ? (behind === 0 ? 'identical' : 'behind') : behind === 0 ? 'ahead' : 'diverged',
      ahead_by: range.length,
      behind_by: behind,
      total_commits: range.length,
      base_commit: commitJson(base),
    };
    if (!paged) {
      // Without paging parameters GitHub answers with 250 commits at most, the last the newest.
      return { status: 200, body: { ...body, commits: range.slice(-COMPARE_UNPAGED_COMMITS).map(commitJson), files } };
    }
    const { perPage, number } = pageOf(request);
    const last = Math.max(1, Math.ceil(range.length / perPage));
    const links = pageLinks(request, number, last, perPage);
    const commits = range.slice((number - 1) * perPage, number * perPage).map(commitJson);
    // With paging, the files (at most 300 for the whole comparison) come on the first page only.
    return { status: 200, body: { ...body, commits, ...(number === 1 && { files }) }, headers: links === undefined ? {} : { link: links } };
  };

  /**
   * @param {RegExpExecArray} _match
   * @param {RouteRequest} request
   * @returns {Answer}
   */
  const listCommits = (_match, request) => {
    const start = resolveRef(repository, request.query['sha'] ?? repository.defaultBranch);
    if (start === undefined) return githubError(404, 'Not Found');
    const since = request.query['since'] === undefined ? -Infinity : Date.parse(request.query['since']);
    const until = request.query['until'] === undefined ? Infinity : Date.parse(request.query['until']);
    // Newest first, as GitHub lists a branch's history.
    const reachable = [...ancestors(repository, start.sha)]
      .flatMap((sha) => repository.commits.get(sha) ?? [])
      .filter((commit) => Date.parse(commit.date) >= since && Date.parse(commit.date) <= until)
      .sort((a, b) => b.seq - a.seq);
    return page(reachable.map(commitJson), request);
  };

  /**
   * @param {RegExpExecArray} match
   * @param {RouteRequest} request
   * @returns {Answer}
   */
  const singleCommit = (match, request) => {
    const commit = ref(match[1] ?? '');
    if (commit === undefined) return githubError(422, `No commit found for SHA: ${decodeURIComponent(match[1] ?? '')}`);
    const { perPage, number } = pageOf(request, COMMIT_FILES_PAGE, COMMIT_FILES_PAGE);
    const files = commit.files.slice(0, MAX_FILES);
    const last = Math.max(1, Math.ceil(files.length / perPage));
    const links = pageLinks(request, number, last, perPage);
    return {
      status: 200,
      body: { ...commitJson(commit), files: files.slice((number - 1) * perPage, number * perPage) },
      headers: links === undefined ? {} : { link: links },
    };
  };

  const contents = needs('read', 'contents');
  const pulls = needs('read', 'pull-requests');
  return [
    {
      method: 'GET',
      pattern: new RegExp(`^${prefix}$`),
      handle: () => {
        const visibility = state.publicRepository ? 'public' : 'private';
        return {
          status: 200,
          body: { ...repositoryJson(state.owner, state.repo, repository), private: !state.publicRepository, visibility },
        };
      },
    },
    { method: 'GET', pattern: new RegExp(`^${prefix}/compare/([^/]+?)\\.\\.\\.([^/]+)$`), needs: contents, handle: compare },
    { method: 'GET', pattern: new RegExp(`^${prefix}/commits$`), needs: contents, handle: listCommits },
    {
      method: 'GET',
      pattern: new RegExp(`^${prefix}/commits/([0-9a-f]{40})/pulls$`),
      needs: pulls,
      handle: (match, request) => {
        const sha = match[1] ?? '';
        if (!repository.commits.has(sha)) return githubError(422, `No commit found for SHA: ${sha}`);
        return page(repository.pulls.filter((pull) => pull.commits.includes(sha) || pull.mergeCommit === sha).map(pullJson), request);
      },
    },
    { method: 'GET', pattern: new RegExp(`^${prefix}/commits/([^/]+)$`), needs: contents, handle: singleCommit },
    { method: 'GET', pattern: new RegExp(`^${prefix}/pulls$`), needs: pulls, handle: listPulls },
    {
      method: 'GET',
      pattern: new RegExp(`^${prefix}/pulls/(\\d+)$`),
      needs: pulls,
      handle: (match) => {
        const pull = pullOf(Number(match[1]));
        if (pull === undefined) return githubError(404, 'Not Found');
        const json = pullJson(pull);
        const head = { ...json.head, sha: pull.commits.at(-1) ?? repository.branches.get(pull.head) ?? null };
        const base = { ...json.base, sha: repository.branches.get(pull.base) ?? null };
        const closedAt = pull.state === 'closed' ? CLOSED_AT : null;
        const counts = { commits: pull.commits.length, changed_files: pull.files.length };
        return { status: 200, body: { ...json, ...counts, merged: pull.merged, closed_at: closedAt, head, base } };
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`^${prefix}/pulls/(\\d+)/files$`),
      needs: pulls,
      handle: (match, request) => {
        const pull = pullOf(Number(match[1]));
        return pull === undefined ? githubError(404, 'Not Found') : page(pull.files.slice(0, MAX_FILES), request);
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`^${prefix}/pulls/(\\d+)/commits$`),
      needs: pulls,
      handle: (match, request) => {
        const pull = pullOf(Number(match[1]));
        if (pull === undefined) return githubError(404, 'Not Found');
        const commits = pull.commits.slice(0, PULL_COMMITS).flatMap((sha) => repository.commits.get(sha) ?? []);
        return page(commits.map(commitJson), request);
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`^${prefix}/releases$`),
      needs: contents,
      handle: (_match, request) => page(repository.releases, request),
    },
    {
      method: 'GET',
      pattern: new RegExp(`^${prefix}/tags$`),
      needs: contents,
      // GitHub does not list tags by date; the fake lists the newest tag last, so a reader cannot rely on the order.
      handle: (_match, request) =>
        page(
          [...repository.tags].map(([name, sha]) => ({
            name,
            commit: { sha, url: `https://api.github.com${prefix}/commits/${sha}` },
            node_id: `REF_${name}`,
          })),
          request,
        ),
    },
  ];
}
