/**
 * The fake GitHub's change endpoints (emulator/github/repository-routes.js) answering a scripted
 * client's calls in process: unit tests of the change readers run against the same repository model
 * and the same GitHub caps as the end-to-end tests, on the MockAgent's fake clock.
 */
import { createRepository, type RepositoryModel } from '../../emulator/github/repository.js';
import { repositoryRoutes } from '../../emulator/github/repository-routes.js';
import { GITHUB_API, type GitHubAnswer, type GitHubCall } from './scripted-github.js';

export interface RepositoryFake {
  readonly owner: string;
  readonly repo: string;
  readonly repository: RepositoryModel;
  /** Answers a call as the fake GitHub would; 404 for anything it does not serve. */
  readonly answer: (call: GitHubCall) => GitHubAnswer;
}

export function repositoryFake(owner = 'acme', repo = 'widgets'): RepositoryFake {
  const repository = createRepository();
  const routes = repositoryRoutes({ owner, repo, repository, publicRepository: false });
  const base = new URL(GITHUB_API);
  return {
    owner,
    repo,
    repository,
    answer: (call) => {
      const url = new URL(call.url);
      const path = url.pathname.slice(base.pathname.length);
      for (const route of routes) {
        const match = route.method === call.method ? route.pattern.exec(path) : null;
        if (match === null) continue;
        const answer = route.handle(match, {
          method: call.method,
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          body: call.body,
          url: base.origin,
        });
        return { status: answer.status, json: answer.body, ...(answer.headers && { headers: answer.headers }) };
      }
      return { status: 404, json: { message: 'Not Found' } };
    },
  };
}
