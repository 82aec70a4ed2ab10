/**
 * The comment on the agent's pull request and the answer to a bare command, as a reader sees them
 * (rendered): the job, where it was asked for, how to ask for changes; nothing in them can inject
 * markup, links or mentions. And which pull request links get a comment at all.
 */
import { describe, expect, test } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markedJobId, pullRequestMarker } from '../../../src/comment/body.js';
import { originOf } from '../../../src/event/origin.js';
import { pullRequestBody, pullRequestOf } from '../../../src/conversation/pull-request.js';
import { recordedEntries, withRecorded } from '../../../src/comment/review-record.js';
import { withNote } from '../../../src/conversation/reply.js';
import { readRunEvent } from '../../../src/event/run-event.js';
import { renderHtml, visibleText } from '../../helpers/render-markdown.js';

const RUN_URL = 'https://github.com/acme/docs/actions/runs/4242';

/** What a reader sees, without the word joiners after # and @ and the spaces the renderer leaves before punctuation. */
function seen(markdown: string): string {
  return visibleText(markdown)
    .replace(/\u2060/g, '')
    .replace(/ ([.,])/g, '$1');
}

describe('which pull request a job link names', () => {
  test('a pull request on this GitHub', () => {
    expect(pullRequestOf('https://github.com/acme/docs/pull/77', 'https://github.com')).toEqual({
      owner: 'acme',
      repo: 'docs',
      number: 77,
    });
    expect(pullRequestOf('https://github.com/acme/docs.site/pull/5/', 'https://github.com')).toEqual({
      owner: 'acme',
      repo: 'docs.site',
      number: 5,
    });
    expect(pullRequestOf('https://ghe.example.com/acme/docs/pull/3', 'https://ghe.example.com')).toMatchObject({ number: 3 });
  });

  test.each([
    ['another host', 'https://gitlab.com/acme/docs/pull/77'],
    ['another port', 'https://github.com:8443/acme/docs/pull/77'],
    ['plain http', 'http://github.com/acme/docs/pull/77'],
    ['not a pull request', 'https://github.com/acme/docs/issues/77'],
    ['a page of the pull request', 'https://github.com/acme/docs/pull/77/files'],
    ['a path that climbs', 'https://github.com/acme/../docs/pull/77'],
    ['not a URL', 'pull 77'],
  ])('%s: none', (_name, link) => {
    expect(pullRequestOf(link, 'https://github.com')).toBeUndefined();
  });
});

describe("the comment on the agent's pull request", () => {
  test('the job, where it was asked for, how to ask for changes, and the run', () => {
    const body = pullRequestBody({
      jobId: 'job_1',
      command: '/docs-agent',
      origin: { label: 'issue acme/docs#7', url: 'https://github.com/acme/docs/issues/7' },
      runUrl: RUN_URL,
    });
    expect(body.startsWith(`${pullRequestMarker('job_1')}\n`)).toBe(true);
    expect(markedJobId(body)).toBe('job_1');
    const text = seen(body);
    expect(text).toContain('This pull request was opened by Mintlify agent job job_1, for issue acme/docs#7.');
    expect(text).toContain('To ask for changes, comment /docs-agent followed by what to change, or submit a review that requests changes');
    const html = renderHtml(body);
    expect(html).toContain('href="https://github.com/acme/docs/issues/7"');
    expect(html).toContain(`href="${RUN_URL}"`);
  });

  test('a hostile job id or command word injects nothing', () => {
    const body = pullRequestBody({
      jobId: 'x --> <img src=x onerror=alert(1)> @everyone',
      command: '@everyone<script>',
      origin: undefined,
      runUrl: undefined,
    });
    const html = renderHtml(body);
    expect(html).not.toMatch(/<img|<script|href/);
    // The marker stays one hidden comment: nothing closes it early.
    expect(body.split('\n')[0]?.indexOf('-->')).toBe((body.split('\n')[0]?.length ?? 0) - 3);
    expect(seen(body)).toContain('comment @everyone<script> followed by what to change');
  });
});

describe('the answer to a bare command', () => {
  const tracking = '<!-- mintlify-docs-agent job=job_1 -->\n### Mintlify agent job `job_1` ✅ completed\n';

  test("keeps the job's comment and adds one note; a second answer replaces the first", () => {
    const once = withNote(tracking, '/docs-agent');
    expect(once.startsWith(tracking.trimEnd())).toBe(true);
    expect(markedJobId(once)).toBe('job_1');
    expect(seen(once)).toContain(
      '/docs-agent needs an instruction: write what the agent should do after it, for example /docs-agent Also add a Python example.',
    );
    expect(withNote(once, '/docs-agent')).toBe(once);
  });

  test('the reviews the comment records stay recorded, on its last line, once: a re-run of a review still finds them', () => {
    const entries = [
      { kind: 'review', id: 501, writer: '1a2b3c4d' },
      { kind: 'review', id: 502, writer: '1a2b3c4d' },
    ] as const;
    const recorded = withRecorded(tracking, entries);
    const once = withNote(recorded, '/docs-agent');
    expect(recordedEntries(once)).toEqual(entries);
    expect(once.match(/mintlify-docs-agent sent=/g)).toHaveLength(1);
    expect(withNote(once, '/docs-agent')).toBe(once);
    expect(once).toBe(withRecorded(withNote(tracking, '/docs-agent'), entries));
  });
});

describe('where a run was asked for, for the link back', () => {
  const dir = mkdtempSync(join(tmpdir(), 'origin-'));
  function event(name: string, payload: unknown, extra: Record<string, string> = {}) {
    const path = join(dir, `${name}.json`);
    writeFileSync(path, JSON.stringify(payload));
    return readRunEvent({
      GITHUB_EVENT_NAME: name,
      GITHUB_EVENT_PATH: path,
      GITHUB_REPOSITORY: 'acme/docs',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '4242',
      ...extra,
    });
  }

  test('the issue or pull request of the event; a push names its commit; anything else the run', () => {
    expect(originOf(event('issues', { issue: { number: 7 } }))).toEqual({
      label: 'issue acme/docs#7',
      url: 'https://github.com/acme/docs/issues/7',
    });
    expect(originOf(event('pull_request_review', { pull_request: { number: 77 } }))).toEqual({
      label: 'pull request acme/docs#77',
      url: 'https://github.com/acme/docs/pull/77',
    });
    const sha = '0123456789abcdef0123456789abcdef01234567';
    expect(originOf(event('push', {}, { GITHUB_SHA: sha }))).toEqual({
      label: 'commit 0123456',
      url: `https://github.com/acme/docs/commit/${sha}`,
    });
    expect(originOf(event('workflow_dispatch', {}))).toEqual({ label: 'workflow run', url: RUN_URL });
  });
});
