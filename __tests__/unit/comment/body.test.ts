import { describe, expect, test } from '@jest/globals';
import {
  cancelledBody,
  commentMarker,
  finishedBody,
  hasMarker,
  markedJobId,
  pullRequestMarker,
  startedBody,
  stoppedBody,
} from '../../../src/comment/body.js';
import { workflowRunUrl } from '../../../src/event/run-event.js';
import { visibleText } from '../../helpers/render-markdown.js';
import type { JobResult } from '../../../src/job/outcome.js';

const RUN_URL = 'https://github.com/acme/docs/actions/runs/4242';
const issue = { number: 7, kind: 'issue' } as const;

function result(overrides: Partial<JobResult> = {}): JobResult {
  return {
    request: { kind: 'create', prompt: 'p' },
    jobId: 'job_abc123',
    job: { id: 'job_abc123', status: 'completed', prLink: 'https://github.com/acme/docs/pull/77', model: 'agent-model-1' },
    status: 'completed',
    outcome: 'completed',
    polls: 3,
    elapsedMs: 125_000,
    ...overrides,
  };
}

const HOSTILE = ['<img src=x onerror=alert(1)>', '@everyone', '[x](javascript:alert(1))', 'line1\n## injected heading\n<script>'];

describe('marker', () => {
  test('names the job and is hidden', () => {
    expect(commentMarker('job_abc123')).toBe('<!-- mintlify-docs-agent job=job_abc123 -->');
  });

  test('distinguishes ids that are prefixes of each other', () => {
    const body = startedBody({ jobId: 'job_12', request: 'create', target: issue, wait: true, runUrl: RUN_URL });
    expect(hasMarker(body, commentMarker('job_12'))).toBe(true);
    expect(hasMarker(body, commentMarker('job_1'))).toBe(false);
  });

  test('cannot be closed early or smuggle markup', () => {
    const marker = commentMarker('x --> <img src=x onerror=alert(1)> @everyone');
    expect(marker).toBe('<!-- mintlify-docs-agent job=x%20%2D%2D%3E%20%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E%20%40everyone -->');
    expect(marker.indexOf('-->')).toBe(marker.length - 3);
    expect(commentMarker('jöb')).toBe('<!-- mintlify-docs-agent job=j%C3%B6b -->');
  });

  test("only a comment that starts with the marker is the job's comment", () => {
    const marker = commentMarker('job_1');
    expect(hasMarker(`${marker}\nbody`, marker)).toBe(true);
    expect(hasMarker(`quoting: ${marker}`, marker)).toBe(false);
  });
});

describe("the job a marked comment names (the thread's job)", () => {
  test('reads the marker every version wrote, as it was written, before any text', () => {
    // Written by earlier versions exactly so (the started and finished comments of v1.0).
    expect(markedJobId('<!-- mintlify-docs-agent job=job_abc123 -->\n### 🤖 Mintlify agent job `job_abc123` is running')).toBe(
      'job_abc123',
    );
    expect(markedJobId(`${commentMarker('job-with.dots_1')}\n### x`)).toBe('job-with.dots_1');
    expect(markedJobId(startedBody({ jobId: 'job_9', request: 'create', target: issue, wait: true, runUrl: RUN_URL }))).toBe('job_9');
    expect(markedJobId(finishedBody(result(), RUN_URL))).toBe('job_abc123');
    expect(markedJobId(stoppedBody('job_8', RUN_URL))).toBe('job_8');
  });

  test("the pull request's marker differs from the job's, and names the same job", () => {
    expect(pullRequestMarker('job_abc123')).toBe('<!-- mintlify-docs-agent pull-request job=job_abc123 -->');
    expect(hasMarker(pullRequestMarker('job_1'), commentMarker('job_1'))).toBe(false);
    expect(hasMarker(commentMarker('job_1'), pullRequestMarker('job_1'))).toBe(false);
    expect(markedJobId(`${pullRequestMarker('job_abc123')}\n### x`)).toBe('job_abc123');
    // An earlier version's follow-up example read `job=` markers only: it never takes the pull request's comment.
    expect(/^<!-- mintlify-docs-agent job=([A-Za-z0-9_.%]+) -->/.test(pullRequestMarker('job_1'))).toBe(false);
  });

  test('decodes what commentMarker encodes, and refuses an id no path may carry', () => {
    expect(markedJobId(commentMarker('job~1'))).toBe('job~1');
    // Percent-encoded ids decode, but one with a slash or a space could move the request's path.
    expect(markedJobId(commentMarker('job/../other'))).toBeUndefined();
    expect(markedJobId(commentMarker('job 1'))).toBeUndefined();
    expect(markedJobId('<!-- mintlify-docs-agent job=%E0%A4%A -->')).toBeUndefined();
  });

  test('only a marker at the very start counts; the report marker and quoted markers do not', () => {
    expect(markedJobId(`quoting ${commentMarker('job_1')}`)).toBeUndefined();
    expect(markedJobId(`> ${commentMarker('job_1')}`)).toBeUndefined();
    expect(markedJobId('<!-- mintlify-docs-agent report=proj:default..default -->')).toBeUndefined();
    expect(markedJobId('<!-- mintlify-docs-agent job= -->')).toBeUndefined();
    expect(markedJobId('')).toBeUndefined();
  });
});

describe('started body', () => {
  test('says the job started and links the workflow run', () => {
    expect(startedBody({ jobId: 'job_abc123', request: 'create', target: issue, wait: true, runUrl: RUN_URL })).toBe(
      [
        '<!-- mintlify-docs-agent job=job_abc123 -->',
        '### 🤖 Mintlify agent job `job_abc123` is running',
        '',
        'Agent job `job_abc123` started, following the request in this issue. This comment is updated when the job ends.',
        '',
        `[Workflow run](${RUN_URL})`,
        '',
      ].join('\n'),
    );
  });

  test('words follow-ups, waits and wait: false runs', () => {
    const base = { jobId: 'job_1', target: { number: 3, kind: 'pull-request' }, runUrl: undefined } as const;
    expect(startedBody({ ...base, request: 'message', wait: true })).toContain('Follow-up sent to agent job `job_1`.');
    expect(startedBody({ ...base, request: 'wait', wait: true })).toContain('Following agent job `job_1`.');
    expect(startedBody({ ...base, request: 'create', wait: true })).toContain('following the request in this pull request.');
    // A job started for a merged pull request's change was not asked for in it.
    expect(startedBody({ ...base, request: 'create', forChange: true, wait: true })).toContain(
      'Agent job `job_1` started to update the docs for the change in this pull request. This comment is updated when the job ends.',
    );
    expect(startedBody({ ...base, request: 'create', wait: false })).toContain(
      'a run with `job-id: job_1` updates this comment when it ends.',
    );
    expect(startedBody({ ...base, request: 'create', wait: true })).not.toContain('Workflow run');
  });

  test.each(HOSTILE)('escapes a hostile job id: %j', (jobId) => {
    const body = startedBody({ jobId, request: 'create', target: issue, wait: false, runUrl: RUN_URL });
    expectInert(body);
  });
});

describe('finished body', () => {
  test('shows status, pull request, model, elapsed time and the run', () => {
    expect(finishedBody(result(), RUN_URL)).toBe(
      [
        '<!-- mintlify-docs-agent job=job_abc123 -->',
        '### Mintlify agent job `job_abc123` ✅ completed',
        '',
        '| | |',
        '|---|---|',
        '| Status | completed |',
        '| Pull request | [&#35;\u206077](https://github.com/acme/docs/pull/77) |',
        '| Model | agent&#45;model&#45;1 |',
        '| Elapsed | 2m 5s (this run) |',
        '',
        `[Workflow run](${RUN_URL})`,
        '',
      ].join('\n'),
    );
  });

  test('a timeout says how to pick the job up; no PR shows a dash', () => {
    const body = finishedBody(result({ outcome: 'timeout', status: 'active', job: { id: 'job_abc123', status: 'active' } }), undefined);
    expect(body).toContain('⏱️ is still running');
    expect(body).toContain('| Pull request | — |');
    expect(body).toContain('a run with `job-id: job_abc123` picks the job up');
  });

  test.each(HOSTILE)('escapes hostile service strings everywhere: %j', (hostile) => {
    const body = finishedBody(
      result({ jobId: hostile, status: hostile, job: { id: hostile, status: hostile, model: hostile, prLink: hostile } }),
      RUN_URL,
    );
    expectInert(body);
    // The marker line and the heading stay first; nothing starts a new Markdown block.
    expect(body.split('\n').filter((line) => line.startsWith('#'))).toHaveLength(1);
  });

  test('a javascript: pull request link is text, not a link', () => {
    const body = finishedBody(result({ job: { id: 'job_abc123', status: 'completed', prLink: 'javascript:alert(1)' } }), undefined);
    expect(body).toContain('| Pull request | javascript&#58;alert&#40;1&#41; |');
  });
});

test('stopped body says the job is no longer followed, without error text', () => {
  const body = stoppedBody('job_abc123', RUN_URL);
  expect(body.startsWith(commentMarker('job_abc123'))).toBe(true);
  expect(body).toContain('no longer followed');
  expect(body).toContain(`(see the [workflow run](${RUN_URL}))`);
  expectInert(stoppedBody('@everyone <b>', undefined));
});

describe('cancelled body', () => {
  test('names the job, keeps its marker, and says how to resume', () => {
    const body = cancelledBody({ jobId: 'job_abc123', messageUnclear: false, runUrl: RUN_URL });
    expect(body.startsWith(commentMarker('job_abc123'))).toBe(true);
    expect(visibleText(body)).toBe(
      '⏹️ Mintlify agent job job_abc123 : run cancelled This workflow run was cancelled; the job keeps running on the service. A run with job-id: job_abc123 picks it up and updates this comment.',
    );
    expect(body).toContain(`This [workflow run](${RUN_URL}) was cancelled`);
  });

  test('after a follow-up with no answer, says the message may not have reached the job', () => {
    const body = cancelledBody({ jobId: 'job_abc123', messageUnclear: true, runUrl: undefined });
    expect(visibleText(body)).toContain(
      'The follow-up message was sent but got no clear answer, so it may or may not have reached the job: check the job in the Mintlify dashboard before sending it again.',
    );
  });

  test('without a job id: no marker, and where to look', () => {
    const body = cancelledBody({ jobId: undefined, messageUnclear: false, runUrl: undefined });
    expect(body).not.toContain('<!--');
    expect(visibleText(body)).toBe(
      '⏹️ Mintlify agent job: run cancelled This workflow run was cancelled while it was starting an agent job, before the service answered. A job may have started: check the Mintlify dashboard before running this again, and follow a job you find there with job-id instead of starting another.',
    );
  });

  test.each(HOSTILE)('escapes a hostile job id: %j', (hostile) => {
    const body = cancelledBody({ jobId: hostile, messageUnclear: true, runUrl: RUN_URL });
    expectInert(body);
    expect(body.split('\n').filter((line) => line.startsWith('#'))).toHaveLength(1);
    // What a reader sees still names the job, as sent (the word joiner after an escaped `@` or `#` is invisible).
    expect(visibleText(body).replace(/\u2060/g, '')).toContain(hostile.replace(/\s+/g, ' '));
  });
});

test('workflow run URL comes from the runner environment', () => {
  const env = { GITHUB_SERVER_URL: 'https://ghe.example.com/', GITHUB_REPOSITORY: 'acme/docs', GITHUB_RUN_ID: '99' };
  expect(workflowRunUrl(env)).toBe('https://ghe.example.com/acme/docs/actions/runs/99');
  expect(workflowRunUrl({ ...env, GITHUB_RUN_ID: undefined })).toBeUndefined();
  expect(workflowRunUrl({ ...env, GITHUB_RUN_ID: '1; rm' })).toBeUndefined();
});

/** No HTML, no mention, no javascript: link, no injected heading can survive escaping. */
function expectInert(body: string): void {
  const visible = body.slice(body.indexOf('\n') + 1);
  expect(visible).not.toMatch(/<[a-z/!]/i);
  expect(body).not.toContain('@everyone');
  expect(body).not.toMatch(/\]\(javascript:/i);
  expect(body).not.toContain('javascript:');
  expect(body).not.toMatch(/^#+ injected/m);
  expect(body.match(/-->/g)).toHaveLength(1);
}
