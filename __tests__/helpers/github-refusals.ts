/**
 * For tests of where the GitHub client sends its token: the GitHubError a call fails with, and a
 * host that records whatever it is asked (and must never be asked).
 */
import type { MockAgent } from 'undici';
import { GitHubError } from '../../src/github/errors.js';

export async function thrown(promise: Promise<unknown>): Promise<GitHubError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof GitHubError)) throw new Error(`expected a GitHubError, got ${String(error)}`);
  return error;
}

/** The paths requested of https://evil.example, which should never see the token. */
export function recordElsewhere(agent: MockAgent): string[] {
  const paths: string[] = [];
  agent
    .get('https://evil.example')
    .intercept({ path: () => true, method: () => true })
    .reply((request) => {
      paths.push(request.path);
      return { statusCode: 200, data: '[]' };
    })
    .persist();
  return paths;
}
