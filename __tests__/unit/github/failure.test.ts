/**
 * The one vocabulary for a failed GitHub call: the cause decided in one order (a rate limit and a
 * locked thread are 403s no permission fixes), the default words, a caller's own words, no secret
 * in the text, the result a call returns instead of throwing, and the words that ask for a permission.
 */
import { describe, expect, test } from '@jest/globals';
import {
  adviseOnGitHubFailure,
  askFor,
  failureCause,
  failureOf,
  failureText,
  type Ask,
  type GitHubFailureCause,
} from '../../../src/github/failure.js';
import { GitHubError } from '../../../src/github/errors.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { githubError, scriptedGitHub } from '../../helpers/scripted-github.js';

const agent = useMockAgent();
const FIX = "the token needs 'issues: read'";

function status(code: number, detail: string): GitHubError {
  return new GitHubError(`GET /repos/acme/docs/issues/7/comments: GitHub answered HTTP ${code}: ${detail}`, {
    kind: 'status',
    what: 'GET /repos/acme/docs/issues/7/comments',
    status: code,
    detail,
  });
}

const network = (kind: 'not-sent' | 'lost' | 'bad-body' | 'graphql', detail: string, timedOut = false): GitHubError =>
  new GitHubError(`GET /x: ${detail}`, { kind, what: 'GET /x', detail, timedOut });

describe('the cause', () => {
  test.each<[string, unknown, GitHubFailureCause, boolean]>([
    ['401', status(401, 'Bad credentials'), 'token-rejected', true],
    ['403 that says rate limit', status(403, 'API rate limit exceeded for installation'), 'rate-limited', false],
    ['429 that says rate limit', status(429, 'You have exceeded a secondary rate limit'), 'rate-limited', false],
    ['403 on a locked issue', status(403, 'Unable to create comment because issue is locked.'), 'locked', true],
    ['any other 403', status(403, 'Resource not accessible by integration'), 'forbidden', true],
    ['404', status(404, 'Not Found'), 'not-found', true],
    ['410', status(410, 'Issues are disabled for this repo'), 'gone', true],
    ['302', status(302, 'redirect to https://elsewhere.example/'), 'redirected', false],
    ['502', status(502, 'Bad Gateway'), 'failed', false],
    ['a timeout', network('lost', 'no answer within 10s', true), 'timed-out', false],
    ['a refused connection', network('not-sent', 'ECONNREFUSED'), 'unreachable', false],
    ['an HTML page', network('bad-body', 'HTTP 200 with a body that is not JSON'), 'unreadable', false],
    ['a GraphQL error', network('graphql', 'Field viewer is not known'), 'unreadable', false],
    ['not a GitHub error', new Error('boom'), 'not-github', false],
  ])('%s', (_, error, cause, permanent) => {
    expect(failureCause(error)).toBe(cause);
    expect(adviseOnGitHubFailure(error, { fix: FIX }).permanent).toBe(permanent);
  });

  test("the client's own error for a rate-limited 403 is a rate limit, not a missing permission", async () => {
    const github = await scriptedGitHub(agent(), () => githubError(403, 'API rate limit exceeded for installation ID 1'));
    const rest = await github.client.rest();
    const error: unknown = await rest.issues
      .listComments({ owner: 'acme', repo: 'docs', issue_number: 7 })
      .catch((thrown: unknown) => thrown);
    expect(adviseOnGitHubFailure(error, { fix: FIX }).text).toBe("GitHub's API rate limit was reached (403); run the workflow again later");
  });
});

describe('the words', () => {
  test('the fix follows a refusal and a 404; statuses as the caller writes them', () => {
    expect(adviseOnGitHubFailure(status(403, 'Resource not accessible by integration'), { fix: FIX }).text).toBe(
      "GitHub answered 403 (Resource not accessible by integration); the token needs 'issues: read'",
    );
    expect(adviseOnGitHubFailure(status(404, 'Not Found'), { fix: FIX, httpStatus: true }).text).toBe(
      "GitHub answered HTTP 404 (Not Found); the token needs 'issues: read'",
    );
    expect(adviseOnGitHubFailure(status(401, 'Bad credentials'), { fix: FIX, httpStatus: true }).text).toBe(
      "GitHub rejected 'github-token' (HTTP 401); pass a valid token, such as the default ${{ github.token }}",
    );
  });

  test('the network names the API origin when the caller gives it', () => {
    const advice = adviseOnGitHubFailure(network('not-sent', 'ECONNREFUSED'), { fix: FIX, apiOrigin: 'https://api.github.com' });
    expect(advice.text).toBe(
      "GitHub's API at https://api.github.com could not be reached (ECONNREFUSED); check the runner's network and its proxy settings (HTTPS_PROXY, NO_PROXY)",
    );
  });

  test("a caller's own words win for the causes it names; `otherwise` for the rest", () => {
    const wording = { forbidden: () => 'refused', otherwise: ({ message }: { message: string }) => `said: ${message}` };
    expect(adviseOnGitHubFailure(status(403, 'Nope'), { fix: FIX, wording }).text).toBe('refused');
    expect(adviseOnGitHubFailure(status(502, 'Bad Gateway'), { fix: FIX, wording }).text).toBe(
      'said: GET /repos/acme/docs/issues/7/comments: GitHub answered HTTP 502: Bad Gateway',
    );
  });

  test("an error that is not GitHub's loses the run's secrets", () => {
    const secret = 'mint_secretKey0123456789';
    const advice = adviseOnGitHubFailure(new Error(`request with ${secret} and ghp_${'a'.repeat(36)} failed`), {
      fix: FIX,
      secrets: [secret],
    });
    expect(advice.cause).toBe('not-github');
    expect(advice.text).toContain('request with');
    expect(advice.text).not.toContain(secret);
    expect(advice.text).not.toContain('ghp_');
  });
});

describe('a call that returns its failure', () => {
  test('a 403 that is no rate limit is a refusal naming what it needs; a 404 only where GitHub hides a repository', () => {
    expect(failureOf(status(403, 'Resource not accessible by integration'), 'statuses: write')).toMatchObject({
      kind: 'refused',
      status: 403,
      permission: 'statuses: write',
    });
    expect(failureOf(status(404, 'Not Found'), 'pull-requests: read')).toMatchObject({ kind: 'unavailable', status: 404 });
    expect(failureOf(status(404, 'Not Found'), 'pull-requests: read', true)).toMatchObject({ kind: 'refused', status: 404 });
    expect(failureOf(status(403, 'API rate limit exceeded'), 'actions: read')).toMatchObject({ kind: 'unavailable', status: 403 });
  });

  test("an aborted call (a cancelled run) and an error that is not GitHub's are thrown again", () => {
    const aborted = new GitHubError('GET /x: aborted', { kind: 'lost', what: 'GET /x', detail: 'aborted', aborted: true });
    expect(() => failureOf(aborted, 'contents: read')).toThrow(aborted);
    const bug = new TypeError('not a function');
    expect(() => failureOf(bug, 'contents: read')).toThrow(bug);
  });

  test('its words: the refusal with what to change, or the detail', () => {
    const refused = failureOf(status(403, 'no'), 'statuses: write');
    expect(failureText(refused, 'workflow')).toBe("GitHub refused it (403); add 'statuses: write' to the workflow's permissions");
    expect(failureText(refused, 'allows', 'refused')).toBe("GitHub refused (403); 'statuses: write' allows it");
    expect(failureText(failureOf(status(502, 'Bad Gateway'), 'statuses: write'), 'workflow')).toBe(
      'GET /repos/acme/docs/issues/7/comments: GitHub answered HTTP 502: Bad Gateway',
    );
  });

  test.each<[Ask, string]>([
    ['workflow', "add 'issues: write' to the workflow's permissions"],
    ['job', "add 'issues: write' to the job's permissions"],
    ['entry', 'add `permissions: issues: write` to the job'],
    ['allows', "'issues: write' allows it"],
    ['grant', "grant 'issues: write' to the workflow"],
    ['needs', "the token needs 'issues: write' (the example workflow's permissions grant it)"],
    ['lacks', "the token may lack 'issues: write'"],
  ])('asking for a permission (%s)', (ask, words) => {
    expect(askFor('issues: write', ask)).toBe(words);
  });

  test('a refused read of the repository itself asks for no permission: every workflow token may read its metadata', () => {
    for (const ask of ['workflow', 'job'] as const) expect(askFor('repository', ask)).not.toMatch(/add '|metadata: read/);
  });
});
