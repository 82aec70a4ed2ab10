/**
 * GitHub's answers for one repository's threads, for scriptedGitHub: the comments of each issue or
 * pull request, who the token is (GraphQL `viewer`), the repository permission of each user, a
 * review's inline comments (none), and the reactions of issue comments (filtered by `content`, or
 * an error status). Anything else is a 404. Types only from src/.
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
  /** The reactions of each issue comment, by id; a number: the status every reactions call gets. */
  readonly reactions?: Readonly<Record<number, readonly { readonly content: string; readonly login: string }[]>> | number;
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
    if (call.url.endsWith('/api/graphql')) return { status: 200, json: { data: { viewer: { login: BOT } } } };
    const comments = /^\/issues\/(\d+)\/comments$/.exec(path);
    if (call.method === 'GET' && comments !== null) {
      const thread = Number(comments[1]);
      return { status: 200, json: (state.threads[thread] ?? []).map((comment) => commentJson(comment, thread)) };
    }
    const reactions = /^\/issues\/comments\/(\d+)\/reactions$/.exec(path);
    if (call.method === 'GET' && reactions !== null) {
      if (typeof state.reactions === 'number')
        return { status: state.reactions, json: { message: 'Resource not accessible by integration' } };
      const content = new URL(call.url).searchParams.get('content');
      const listed = (state.reactions?.[Number(reactions[1])] ?? []).filter((reaction) => content === null || reaction.content === content);
      return {
        status: 200,
        json: listed.map((reaction, i) => ({ id: i + 1, content: reaction.content, user: { login: reaction.login } })),
      };
    }
    const permission = /^\/collaborators\/([^/]+)\/permission$/.exec(path);
    const role = permission === null ? undefined : state.roles?.[permission[1] ?? ''];
    if (role !== undefined) return { status: 200, json: { permission: role, role_name: role, user: { login: permission?.[1] } } };
    if (call.method === 'GET' && /^\/pulls\/\d+\/reviews\/\d+\/comments$/.test(path)) return { status: 200, json: [] };
    return { status: 404, json: { message: 'Not Found' } };
  };
}

/** The paths of the calls, without the API root and the repository. */
export function callPaths(calls: readonly GitHubCall[]): string[] {
  return calls.map((call) => {
    const url = new URL(call.url);
    return `${call.method} ${url.pathname.replace(/^\/api\/v3\/repos\/acme\/docs/, '').replace(/^\/api\/graphql$/, 'graphql')}`;
  });
}
