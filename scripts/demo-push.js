// @ts-check
// The push scenario of `npm start -- --push`: a code repository in the fake GitHub where a pull
// request was merged and two more commits followed, and the push of those three commits to main, as
// a docs-on-push workflow would run the action on it (no prompt: the default instruction, and the
// code the docs describe in change-paths).
import { pushEvent } from '../emulator/github/events.js';
import { addCommit, addPull } from '../emulator/github/repository.js';
import { startFakeGitHub } from '../emulator/github/server.js';

export const DEMO_TOKEN = 'ghs_demoToken0123456789abcdefghij';

/**
 * Starts the fake GitHub with the repository and returns the push's payload and what the step needs.
 * @returns {Promise<{ github: import('../emulator/github/server.js').FakeGitHub, event: unknown, inputs: Record<string, string>, env: Record<string, string> }>}
 */
export async function startPushDemo() {
  const github = await startFakeGitHub({ token: DEMO_TOKEN, repo: 'widgets' });
  const repository = github.repository;
  const before = addCommit(repository, 'main', { message: 'Release 2.3.0', files: ['package.json'] });
  addPull(repository, {
    number: 128,
    title: 'Send rate-limit headers on every response',
    body: 'Adds X-RateLimit-Limit, X-RateLimit-Remaining and Retry-After to every API response.',
    labels: ['api', 'enhancement'],
    commits: [
      {
        message: 'Add the rate-limit middleware',
        author: 'alice',
        files: [
          { filename: 'src/middleware/rate-limit.ts', status: 'added', additions: 142, deletions: 0 },
          { filename: 'src/middleware/index.ts', status: 'modified', additions: 3, deletions: 1 },
        ],
      },
      {
        message: 'Test the headers',
        author: 'alice',
        files: [{ filename: 'src/middleware/rate-limit.test.ts', status: 'added', additions: 96, deletions: 0 }],
      },
    ],
  });
  addCommit(repository, 'main', {
    message: 'Rename the retry option to retryAfterSeconds',
    author: 'bob',
    files: [
      { filename: 'src/config/options.ts', previous_filename: 'src/config/retry.ts', status: 'renamed', additions: 12, deletions: 9 },
    ],
  });
  const after = addCommit(repository, 'main', { message: 'Bump version to 2.4.0', author: 'bob', files: ['package.json', 'CHANGELOG.md'] });
  return {
    github,
    event: pushEvent(github.state, { ref: 'refs/heads/main', before, after, sender: 'bob' }),
    inputs: { 'github-token': DEMO_TOKEN, 'change-paths': 'src/**, !**/*.test.ts' },
    env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets', GITHUB_EVENT_NAME: 'push' },
  };
}
