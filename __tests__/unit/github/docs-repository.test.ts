/**
 * The docs repository's handle (src/github/docs-repository.ts): the workflow's client in the
 * workflow's own repository, else a client bound to the docs repository with `docs-token` (or
 * `github-token`), made once; unusable after a refusal; which failures are refusals; the one notice.
 */
import { describe, expect, test } from '@jest/globals';
import type { RepositoryScope } from '../../../src/github/bound.js';
import { DocsRepository, docsRefusalNotice, docsRefusalStatus } from '../../../src/github/docs-repository.js';
import { GitHubError } from '../../../src/github/errors.js';
import type { OpenedClient, RepositoryHandle } from '../../../src/github/repository.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { scriptedGitHub } from '../../helpers/scripted-github.js';

const agent = useMockAgent();
const WIDGETS = { owner: 'acme', repo: 'widgets' };
const DOCS = { owner: 'acme', repo: 'docs' };

interface DocsOptions {
  readonly docsToken?: string;
  readonly githubToken?: string | undefined;
  readonly workflow?: RepositoryHandle;
  readonly open?: OpenedClient;
}

/** No call is answered: these tests only look at which client and token a handle holds. */
async function docsOf(options: DocsOptions = {}) {
  const github = await scriptedGitHub(agent(), () => ({ status: 599 }));
  const opened: Array<{ token: string; repository: RepositoryScope }> = [];
  const docs = new DocsRepository({
    workflow: () => options.workflow ?? { ok: true, client: github.client, repository: WIDGETS, token: 'ghs_workflow' },
    githubToken: 'githubToken' in options ? options.githubToken : 'ghs_workflow',
    docsToken: options.docsToken,
    open: (token, repository) => {
      opened.push({ token, repository });
      return options.open ?? { client: github.bound(token, repository) };
    },
  });
  return { docs, opened, workflowClient: github.client };
}

const statusError = (status: number, detail = 'Not Found') =>
  new GitHubError(`GET /repos/acme/docs/pulls/1: GitHub answered HTTP ${status}: ${detail}`, {
    kind: 'status',
    what: 'GET /repos/acme/docs/pulls/1',
    status,
    detail,
  });

describe('DocsRepository', () => {
  test("the workflow's own repository (in any case): the workflow's client and github-token, nothing opened", async () => {
    const { docs, opened, workflowClient } = await docsOf({ docsToken: 'ghs_docs' });
    expect(docs.handle({ owner: 'Acme', repo: 'Widgets' })).toEqual({
      ok: true,
      repository: { owner: 'Acme', repo: 'Widgets' },
      own: true,
      client: workflowClient,
      token: 'ghs_workflow',
      tokenInput: 'github-token',
    });
    expect(opened).toEqual([]);
  });

  test('another repository: a client bound to it with docs-token, made once for every later use', async () => {
    const { docs, opened, workflowClient } = await docsOf({ docsToken: 'ghs_docs' });
    const first = docs.handle({ ...DOCS, number: 12 } as RepositoryScope);
    expect(first).toMatchObject({ ok: true, own: false, repository: DOCS, token: 'ghs_docs', tokenInput: 'docs-token' });
    expect(docs.handle({ owner: 'ACME', repo: 'docs' })).toBe(first);
    expect(first.ok && first.client).not.toBe(workflowClient);
    expect(opened).toEqual([{ token: 'ghs_docs', repository: DOCS }]);
  });

  test('without docs-token: bound to the docs repository all the same, with github-token', async () => {
    const { docs, opened } = await docsOf();
    expect(docs.handle(DOCS)).toMatchObject({ ok: true, own: false, token: 'ghs_workflow', tokenInput: 'github-token' });
    expect(opened).toEqual([{ token: 'ghs_workflow', repository: DOCS }]);
  });

  test('a second docs repository in one run is refused: the token goes to the first one only', async () => {
    const { docs, opened } = await docsOf({ docsToken: 'ghs_docs' });
    docs.handle(DOCS);
    expect(docs.handle({ owner: 'acme', repo: 'handbook' })).toEqual({
      ok: false,
      repository: { owner: 'acme', repo: 'handbook' },
      detail: "this run's docs repository is acme/docs, and its token goes nowhere else",
    });
    expect(opened).toHaveLength(1);
  });

  test('no token at all, or no usable API: unusable, saying why', async () => {
    expect((await docsOf({ githubToken: undefined })).docs.handle(DOCS)).toMatchObject({
      ok: false,
      detail: "neither 'docs-token' nor 'github-token' is set",
    });
    expect((await docsOf({ docsToken: 'ghs_docs', open: { detail: 'GITHUB_API_URL' } })).docs.handle(DOCS)).toMatchObject({
      ok: false,
      detail: "GitHub's API cannot be used (GITHUB_API_URL)",
    });
    const noToken = { ok: false, reason: 'no-token', detail: "'github-token' is empty", repository: WIDGETS } as const;
    expect((await docsOf({ workflow: noToken, githubToken: undefined })).docs.handle(WIDGETS)).toMatchObject({
      ok: false,
      detail: "'github-token' is empty",
    });
  });

  test('after a refusal the docs repository is unusable for the rest of the run, without opening anything again', async () => {
    const { docs, opened } = await docsOf({ docsToken: 'ghs_docs' });
    const handle = docs.handle(DOCS);
    if (!handle.ok) throw new Error('expected a usable handle');
    expect(docs.refused(handle, 404)).toEqual({ repository: DOCS, status: 404, tokenInput: 'docs-token' });
    expect(docs.handle(DOCS)).toEqual({ ok: false, repository: DOCS, detail: "it answered 404 to 'docs-token' earlier in this run" });
    expect(opened).toHaveLength(1);
  });
});

describe('docsRefusalStatus', () => {
  test.each([
    ['401', statusError(401, 'Bad credentials'), 401],
    ['403', statusError(403, 'Resource not accessible by integration'), 403],
    ['404', statusError(404), 404],
    ['a rate limit (403)', statusError(403, 'API rate limit exceeded'), undefined],
    ['a locked conversation (403)', statusError(403, 'Unable to create comment because issue is locked.'), undefined],
    ['500', statusError(500, 'Server Error'), undefined],
    ['422', statusError(422, 'Validation Failed'), undefined],
    ['the network', new GitHubError('GET x: ECONNRESET', { kind: 'lost', what: 'GET x', detail: 'ECONNRESET' }), undefined],
    ['not a GitHub failure', new Error('bug'), undefined],
  ])('%s', (_name, error, status) => {
    expect(docsRefusalStatus(error)).toBe(status);
  });
});

describe('docsRefusalNotice', () => {
  test('without docs-token: names the repository, the status, what could not be done, and docs-token as the fix', () => {
    expect(docsRefusalNotice({ repository: DOCS, status: 404, tokenInput: 'github-token' }, 'comment on acme/docs#7')).toBe(
      "The docs repository acme/docs answered 404 to 'github-token' (GitHub answers 404 for a private repository the token cannot see), " +
        "so this run could not comment on acme/docs#7. To reach it, pass a token for acme/docs in 'docs-token': " +
        "the workflow's default token reaches only the workflow's repository.",
    );
  });

  test('with docs-token: says to check that token, and lists no workflow permissions', () => {
    const notice = docsRefusalNotice({ repository: DOCS, status: 403, tokenInput: 'docs-token' }, 'comment on acme/docs#7');
    expect(notice).toBe(
      "The docs repository acme/docs answered 403 to 'docs-token', so this run could not comment on acme/docs#7. " +
        "To reach it, check that 'docs-token' is a token for acme/docs that may read its pull requests and comment on them.",
    );
    expect(notice).not.toMatch(/pull-requests: |permissions/);
  });
});
