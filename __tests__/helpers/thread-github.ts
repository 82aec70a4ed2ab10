/**
 * GitHub's answers for one repository's threads, for scriptedGitHub: the comments of each issue or
 * pull request, who the token is (GraphQL `viewer`, or the answer given instead), the repository
 * permission of each user, a review's inline comments (none) and, when given, a pull request with its
 * commits and files. Anything else is a 404. Types only from src/.
 */
import type { GitHubAnswer, GitHubCall } from './scripted-github.js';

export const BOT = 'github-actions[bot]';

export interface ThreadComment {
  readonly id: number;
  readonly body: string;
  readonly author: string;
}

export interface ThreadGitHub {
  /** The comments of each thread, by number, oldest first. */
  readonly threads: Readonly<Record<number, readonly ThreadComment[]>>;
  /** Each user's role on the repository (`role_name`). */
  readonly roles?: Readonly<Record<string, string>>;
  /** GraphQL's answer to `viewer { login }`; default: the workflow's bot. */
  readonly viewer?: GitHubAnswer;
  /** Pull requests by number: `GET /pulls/{n}`, its commits and its files (one page each). */
  readonly pulls?: Readonly<Record<number, ThreadPull>>;
}

export interface ThreadPull {
  readonly pull: unknown;
  readonly commits: readonly unknown[];
  readonly files: readonly unknown[];
}

function pullAnswer(pulls: ThreadGitHub['pulls'], method: string, path: string): GitHubAnswer | undefined {
  const match = /^\/pulls\/(\d+)(\/commits|\/files)?$/.exec(path);
  const pull = match === null ? undefined : pulls?.[Number(match[1])];
  if (method !== 'GET' || match === null || pull === undefined) return undefined;
  const json = match[2] === '/commits' ? pull.commits : match[2] === '/files' ? pull.files : pull.pull;
  return { status: 200, json };
}

function commentJson(comment: ThreadComment, thread: number) {
  return {
    id: comment.id,
    body: comment.body,
    html_url: `https://github.com/acme/docs/issues/${thread}#issuecomment-${comment.id}`,
    user: { login: comment.author },
  };
}

/** The answer function of a repository acme/docs with these threads. */
export function threadGitHub(state: ThreadGitHub): (call: GitHubCall) => GitHubAnswer {
  return (call) => {
    const path = new URL(call.url).pathname.replace(/^\/api\/v3\/repos\/acme\/docs/, '');
    if (call.url.endsWith('/api/graphql')) return state.viewer ?? { status: 200, json: { data: { viewer: { login: BOT } } } };
    const comments = /^\/issues\/(\d+)\/comments$/.exec(path);
    if (call.method === 'GET' && comments !== null) {
      const thread = Number(comments[1]);
      return { status: 200, json: (state.threads[thread] ?? []).map((comment) => commentJson(comment, thread)) };
    }
    const permission = /^\/collaborators\/([^/]+)\/permission$/.exec(path);
    const role = permission === null ? undefined : state.roles?.[permission[1] ?? ''];
    if (role !== undefined) return { status: 200, json: { permission: role, role_name: role, user: { login: permission?.[1] } } };
    if (call.method === 'GET' && /^\/pulls\/\d+\/reviews\/\d+\/comments$/.test(path)) return { status: 200, json: [] };
    return pullAnswer(state.pulls, call.method, path) ?? { status: 404, json: { message: 'Not Found' } };
  };
}

/** The paths of the calls, without the API root and the repository. */
export function callPaths(calls: readonly GitHubCall[]): string[] {
  return calls.map((call) => {
    const url = new URL(call.url);
    return `${call.method} ${url.pathname.replace(/^\/api\/v3\/repos\/acme\/docs/, '').replace(/^\/api\/graphql$/, 'graphql')}`;
  });
}
