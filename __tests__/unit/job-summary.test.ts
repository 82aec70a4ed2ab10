import { describe, expect, test } from '@jest/globals';
import type { JobResult } from '../../src/job/outcome.js';
import { outcomeMessage, outcomeOf, prNumberOf } from '../../src/job/outcome.js';
import { composeSummary } from '../../src/summary/compose.js';
import { renderJobCard } from '../../src/summary/job-card.js';
import { escapeCode, escapeText, markdownLink } from '../../src/summary/markdown.js';

const HOSTILE = '<img src=x onerror=alert(1)> [click](javascript:alert(1)) @everyone a|b\n# heading';

function result(overrides: Partial<JobResult> = {}): JobResult {
  return {
    request: { kind: 'create', prompt: 'x' },
    jobId: 'job_1',
    job: {
      id: 'job_1',
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/42',
      model: 'claude-x',
      sourceRepository: 'https://github.com/acme/docs',
      sourceRef: 'main',
    },
    status: 'completed',
    outcome: 'completed',
    polls: 3,
    elapsedMs: 95_000,
    ...overrides,
  };
}

describe('escaping', () => {
  test('escapeText leaves no markup, link, mention or table break', () => {
    const escaped = escapeText(HOSTILE);
    expect(escaped.replace(/&#?\w+;/g, '')).not.toMatch(/[<>[\]()|@#\n]/);
    expect(escaped).toContain('&lt;img src=x onerror=alert&#40;1&#41;&gt;');
  });

  test('escapeCode keeps a code span closed and a table cell whole', () => {
    expect(escapeCode('a`b|c')).toBe("`a'b\\|c`");
  });

  test('markdownLink only links http(s) and encodes markdown-breaking characters', () => {
    expect(markdownLink('PR', 'https://github.com/a/b/pull/1')).toBe('[PR](https://github.com/a/b/pull/1)');
    expect(markdownLink('x', 'javascript:alert(1)')).toBe('javascript&#58;alert&#40;1&#41;');
    expect(markdownLink('x', 'https://e.com/a)b c')).toBe('[x](https://e.com/a%29b%20c)');
  });
});

describe('job card', () => {
  test('shows id, status, PR link, model, repository and polls', () => {
    const card = renderJobCard(result(), false);
    expect(card).toContain('| Job | `job_1` |');
    expect(card).toContain('✅ completed');
    expect(card).toContain('[https&#58;//github&#46;com/acme/docs/pull/42](https://github.com/acme/docs/pull/42)');
    expect(card).toContain('claude&#45;x');
    expect(card).toContain('`main`');
    expect(card).toContain('1m 35s, 3 polls');
    expect(card).not.toContain('fails the step');
  });

  test('escapes every service-supplied string', () => {
    const card = renderJobCard(
      result({ job: { id: 'job_1', status: 'completed', model: HOSTILE, sourceRepository: HOSTILE, prLink: `javascript:alert(1)` } }),
      false,
    );
    expect(card).not.toContain('<img');
    expect(card).not.toContain('](javascript');
    expect(card).not.toContain('@everyone');
    // Every table row still has exactly its two cells.
    for (const line of card.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| |'))) {
      expect(line.replace(/\\\|/g, '').split('|')).toHaveLength(4);
    }
  });

  test('a timeout says how to resume', () => {
    const card = renderJobCard(result({ outcome: 'timeout', status: 'active', job: { id: 'job_1', status: 'active' } }), true);
    expect(card).toContain('fails the step');
    expect(card).toContain('`job-id: job_1` and no prompt');
  });
});

describe('outcomes', () => {
  test('outcomeOf', () => {
    expect(outcomeOf('completed', 'https://x/pull/1', false)).toBe('completed');
    expect(outcomeOf('completed', undefined, false)).toBe('no-pr');
    expect(outcomeOf('failed', undefined, false)).toBe('failed');
    expect(outcomeOf('archived', undefined, false)).toBe('archived');
    expect(outcomeOf('active', undefined, true)).toBe('timeout');
    expect(outcomeOf('active', undefined, false)).toBe('started');
  });

  test('prNumberOf', () => {
    expect(prNumberOf('https://github.com/a/b/pull/123')).toBe('123');
    expect(prNumberOf('https://github.com/a/b/pull/123/files')).toBe('123');
    expect(prNumberOf('https://github.com/a/b/issues/5')).toBeUndefined();
    expect(prNumberOf(undefined)).toBeUndefined();
  });

  test('the timeout message names the job and how to resume', () => {
    const message = outcomeMessage(result({ outcome: 'timeout', status: 'active' }), '10m');
    expect(message).toContain('job_1');
    expect(message).toContain("still 'active'");
    expect(message).toContain('job-id: job_1 and no prompt');
  });

  test('a timeout that came early says why', () => {
    const timeoutReason = 'get job job_1: HTTP 429; the service asked to wait 2h (Retry-After), but the timeout ends in 9m 58s.';
    const message = outcomeMessage(result({ outcome: 'timeout', status: 'active', timeoutReason }), '10m');
    expect(message).toBe(
      "Job job_1 was still 'active' when waiting stopped before the timeout (10m) ran out: get job job_1: HTTP 429; the service asked to wait 2h (Retry-After), but the timeout ends in 9m 58s. To keep waiting, run the action again with job-id: job_1 and no prompt.",
    );
  });
});

describe('composeSummary', () => {
  test('joins sections when small', () => {
    expect(composeSummary(['a\n', 'b\n'])).toBe('a\n\nb\n');
  });

  test('trims to the limit at a line boundary and says so', () => {
    const big = Array.from({ length: 2000 }, (_, i) => `| row ${i} | ${'x'.repeat(40)} |`).join('\n');
    const text = composeSummary(['# head\n', big], 32 * 1024);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(32 * 1024);
    expect(text).toContain('# head');
    expect(text).toContain('trimmed');
    expect(text).not.toMatch(/\| row \d+ \| x*\n?> \[!NOTE\]/);
  });
});
