/**
 * report-issue's comment: the marker of a project and window, the body, and the publisher over a
 * fake comments API (create, find and update in place, a failure as one warning).
 */
import { beforeEach, describe, expect, test } from '@jest/globals';
import type { IssueComment, ReportCommentsApi } from '../../../src/comment/github-api.js';
import { mockCore } from '../../helpers/core-mock.js';

const core = mockCore();
const { reportMarker, reportCommentBody, MAX_REPORT_COMMENT_BYTES } = await import('../../../src/comment/report-body.js');
const { publishReportComment } = await import('../../../src/comment/report-publisher.js');
const { hasMarker } = await import('../../../src/comment/body.js');
const { GitHubError } = await import('../../../src/github/errors.js');

describe('marker and body', () => {
  test('one marker per project and window, safe inside an HTML comment, never a prefix of another', () => {
    const marker = reportMarker('proj_1', '2026-01-01', '2026-01-08');
    expect(marker).toBe('<!-- mintlify-docs-agent report=proj_1%3A2026%2D01%2D01..2026%2D01%2D08 -->');
    expect(reportMarker('proj_1', undefined, undefined)).toBe('<!-- mintlify-docs-agent report=proj_1%3Adefault..default -->');
    const hostile = reportMarker('p-->x', '2026-01-01T00:00:00+02:00', undefined);
    expect(hostile.slice('<!-- '.length, -' -->'.length)).not.toMatch(/--|>/);
    expect(hasMarker(reportCommentBody(reportMarker('proj_10', '2026-01-01', '2026-01-08'), 'x', undefined), marker)).toBe(false);
  });

  test('the marker first, then the report and the run link', () => {
    const body = reportCommentBody('<!-- m -->', '## Docs health\n\ntext\n', 'https://github.com/acme/docs/actions/runs/7');
    expect(body).toBe(
      '<!-- m -->\n## Docs health\n\ntext\n\n[Workflow run](https://github.com/acme/docs/actions/runs/7) · this comment is updated by each run over the same window.\n',
    );
    expect(MAX_REPORT_COMMENT_BYTES).toBeLessThan(65_536);
  });
});

describe('publishReportComment', () => {
  const marker = reportMarker('proj', '2026-01-01', '2026-01-08');
  const OWN_LOGIN = 'github-actions[bot]';
  let comments: IssueComment[];
  let calls: string[];

  /** `twin`: the create also plants an older comment of the same body and author, as another run creating at once. */
  function api(fail?: { on: 'list' | 'create' | 'update' | 'remove'; error: unknown }, twin = false): ReportCommentsApi {
    const maybeFail = (on: 'list' | 'create' | 'update' | 'remove'): void => {
      calls.push(on);
      if (fail?.on === on) throw fail.error;
    };
    return {
      listPage: async () => {
        maybeFail('list');
        return { comments, lastPage: undefined };
      },
      create: async (body) => {
        maybeFail('create');
        if (twin) {
          const id = comments.length + 1;
          comments.push({
            id,
            body: `${body}(the other run)`,
            htmlUrl: `https://github.com/acme/docs/issues/3#issuecomment-${id}`,
            author: OWN_LOGIN,
          });
        }
        const comment = {
          id: comments.length + 1,
          body,
          htmlUrl: `https://github.com/acme/docs/issues/3#issuecomment-${comments.length + 1}`,
          author: OWN_LOGIN,
        };
        comments.push(comment);
        return comment;
      },
      update: async (id, body) => {
        maybeFail('update');
        const comment = { id, body, htmlUrl: `https://github.com/acme/docs/issues/3#issuecomment-${id}`, author: OWN_LOGIN };
        comments = comments.map((existing) => (existing.id === id ? comment : existing));
        return comment;
      },
      remove: async (id) => {
        maybeFail('remove');
        comments = comments.filter((existing) => existing.id !== id);
      },
      viewerLogin: async () => {
        calls.push('viewer');
        return OWN_LOGIN;
      },
    };
  }

  const options = { token: 'ghs_unitToken123456', issue: 3, marker, report: '## Docs health\n', runUrl: undefined };

  beforeEach(() => {
    comments = [{ id: 1, body: 'a reader comment', htmlUrl: 'https://github.com/acme/docs/issues/3#issuecomment-1' }];
    calls = [];
  });

  test('creates the comment, then updates the same one', async () => {
    const url = await publishReportComment(options, api());
    expect(url).toBe('https://github.com/acme/docs/issues/3#issuecomment-2');
    expect(comments[1]?.body.startsWith(`${marker}\n## Docs health`)).toBe(true);
    const again = await publishReportComment({ ...options, report: '## Docs health\nnewer\n' }, api());
    expect(again).toBe(url);
    expect(comments).toHaveLength(2);
    expect(comments[1]?.body).toContain('newer');
    // After creating, the comments are listed again for a twin from a run at the same time.
    expect(calls).toEqual(['list', 'create', 'list', 'viewer', 'list', 'viewer', 'update']);
    expect(core.messages('info')).toEqual([`Wrote the report comment ${url}`, `Updated the report comment ${url}`]);
  });

  test('two runs at once: after creating, the newer of two own comments of the window is deleted, the oldest kept with this report', async () => {
    comments.push({
      id: 2,
      body: `${marker}\npasted by a reader`,
      htmlUrl: 'https://github.com/acme/docs/issues/3#issuecomment-2',
      author: 'mallory',
    });
    const url = await publishReportComment(options, api(undefined, true));
    expect(url).toBe('https://github.com/acme/docs/issues/3#issuecomment-3');
    expect(comments.map((comment) => [comment.id, comment.author])).toEqual([
      [1, undefined],
      [2, 'mallory'],
      [3, OWN_LOGIN],
    ]);
    expect(comments[2]?.body).not.toContain('(the other run)');
    expect(calls).toEqual(['list', 'viewer', 'create', 'list', 'remove', 'update']);
    expect(core.messages('info')).toContain(
      'Another run wrote a report comment for the same window at the same time: kept the oldest, https://github.com/acme/docs/issues/3#issuecomment-3, and deleted the newer one.',
    );
  });

  test("a marked comment someone else wrote is left alone: the token's own comment is created instead", async () => {
    comments.push({
      id: 2,
      body: `${marker}\npasted by a reader`,
      htmlUrl: 'https://github.com/acme/docs/issues/3#issuecomment-2',
      author: 'mallory',
    });
    const url = await publishReportComment(options, api());
    expect(url).toBe('https://github.com/acme/docs/issues/3#issuecomment-3');
    expect(comments[1]?.body).toBe(`${marker}\npasted by a reader`);
    expect(calls).toEqual(['list', 'viewer', 'create', 'list']);
  });

  test('a refusal is one warning naming what failed and what is not affected, without the token', async () => {
    const refused = new GitHubError('POST /repos/acme/docs/issues/3/comments: GitHub answered HTTP 403', {
      kind: 'status',
      what: 'POST /repos/acme/docs/issues/3/comments',
      status: 403,
      detail: 'Resource not accessible by integration',
    });
    expect(await publishReportComment(options, api({ on: 'create', error: refused }))).toBeUndefined();
    expect(core.messages('warning')).toEqual([
      'Could not create the report comment on issue #3: the token may not write comments (403); add `permissions: issues: write` to the job. The analytics report is not affected.',
    ]);
  });
});
