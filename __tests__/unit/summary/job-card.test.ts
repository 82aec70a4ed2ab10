import { describe, expect, test } from '@jest/globals';
import type { JobResult } from '../../../src/job/outcome.js';
import { outcomeMessage, outcomeOf, prNumberOf } from '../../../src/job/outcome.js';
import { composeSummary, SUMMARY_LIMIT_BYTES, type SummaryBlock } from '../../../src/summary/compose.js';
import { renderJobCard } from '../../../src/summary/job-card.js';
import { FIELD_CHARS } from '../../../src/summary/limits.js';
import { escapeCode, escapeText, markdownLink } from '../../../src/summary/markdown.js';
import { visibleText } from '../../helpers/render-markdown.js';

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

  test('escapeCode: a code span only when it can show the value exactly, else escaped text', () => {
    expect(escapeCode('main')).toBe('`main`');
    expect(escapeCode('a`b|c')).toBe('a&#96;b&#124;c');
  });

  test('markdownLink only links http(s) and encodes markdown-breaking characters', () => {
    expect(markdownLink('PR', 'https://github.com/a/b/pull/1')).toBe('[PR](https://github.com/a/b/pull/1)');
    expect(markdownLink('x', 'javascript:alert(1)')).toBe('javascript&#58;alert&#40;1&#41;');
    expect(markdownLink('x', 'https://e.com/a)b c')).toBe('[x](https://e.com/a%29b%20c)');
    expect(markdownLink('x', 'https://e.com/?a=1&b=2')).toBe('[x](https://e.com/?a=1&amp;b=2)');
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

  test('a huge field is cut to its cap with an ellipsis; every other field stays', () => {
    const huge = 'm'.repeat(1_500_000);
    const card = renderJobCard(
      result({
        jobId: `job_${'i'.repeat(1_500_000)}`,
        status: `s${huge}`,
        job: {
          id: 'job_1',
          status: `s${huge}`,
          model: huge,
          sourceRepository: `https://github.com/${huge}`,
          sourceRef: `r${huge}`,
          prLink: `https://github.com/acme/docs/pull/42?${huge}`,
        },
      }),
      false,
    );
    expect(Buffer.byteLength(card)).toBeLessThan(8 * 1024);
    const text = visibleText(card);
    expect(text).toContain(`Model ${'m'.repeat(FIELD_CHARS.model - 1)}… Repository`);
    expect(text).toContain(`Job job_${'i'.repeat(FIELD_CHARS.jobId - 5)}… Status`);
    expect(text).toContain(`s${'m'.repeat(FIELD_CHARS.status - 2)}…`);
    expect(text).toContain(`@ r${'m'.repeat(FIELD_CHARS.ref - 2)}… Elapsed`);
    // Too long to link whole: shown as text, not as a link to a cut URL.
    expect(card).not.toContain('](https://github.com/acme/docs/pull/42?');
    expect(text).toContain('Pull request https://github.com/acme/docs/pull/42?mmm');
    expect(text).toContain('Elapsed 1m 35s, 3 polls');
  });

  test('one poll is "1 poll"', () => {
    expect(renderJobCard(result({ polls: 1 }), false)).toContain('1m 35s, 1 poll |');
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
  const block = (markdown: string, keep: SummaryBlock['keep'], name: string = keep): SummaryBlock => ({ markdown, keep, name });
  const rows = (count: number, label: string): string =>
    Array.from({ length: count }, (_, i) => `| ${label} ${i} | ${'x'.repeat(40)} |`).join('\n') + '\n';

  test('joins blocks with a blank line when small', () => {
    expect(composeSummary([block('a\n', 'essential'), block('b\n', 'bulk')])).toBe('a\n\nb\n');
  });

  test('drops the least important blocks first, last first within a level, and names them', () => {
    const limit = 32 * 1024;
    const text = composeSummary(
      [
        block('# card\n', 'essential'),
        block(rows(300, 'early bulk'), 'bulk', 'the first table'),
        block('```mermaid\nchart\n```\n', 'detail', 'the chart'),
        block('## totals\n', 'essential'),
        block(rows(300, 'late bulk'), 'bulk', 'the second table'),
      ],
      limit,
    );
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(limit);
    // Each table alone fits; both do not: the later one goes, the chart and the essentials stay whole.
    expect(text).toContain('# card\n\n| early bulk 0 |');
    expect(text).toContain('| early bulk 299 |');
    expect(text).toContain('```mermaid\nchart\n```\n\n## totals\n');
    expect(text).not.toContain('late bulk');
    expect(text).toContain("> The summary was trimmed to stay under GitHub's 32 KiB limit for a step summary; left out: the second table.");
  });

  test('a block that can shrink is shortened before anything is dropped', () => {
    const table: SummaryBlock = {
      markdown: rows(2000, 'row'),
      keep: 'bulk',
      name: 'the table',
      shrink: (maxBytes) => `${rows(Math.floor(maxBytes / 60), 'row')}\nThe table stops here.\n`,
    };
    const text = composeSummary([block('# card\n', 'essential'), block('chart\n', 'detail'), table], 32 * 1024);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(32 * 1024);
    expect(text).toContain('# card\n\nchart\n\n| row 0 |');
    expect(text).toContain('The table stops here.');
    expect(text).toContain('shortened: the table.');
  });

  test('an essential block is cut at a line only when nothing else is left to drop', () => {
    const huge = rows(2000, 'essential');
    const text = composeSummary([block(huge, 'essential'), block('detail\n', 'detail')], 32 * 1024);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(32 * 1024);
    expect(text).toMatch(/^\| essential 0 \|/);
    expect(text).not.toContain('detail\n');
    expect(text).toMatch(/\| x+ \|\n\n> \[!NOTE\]/);
    expect(text).toContain('shortened: essential; left out: detail.');
  });

  test("the default limit is GitHub's 1 MiB", () => {
    const text = composeSummary([block('# card\n', 'essential'), block('x'.repeat(SUMMARY_LIMIT_BYTES), 'bulk', 'the table')]);
    expect(text).toContain("under GitHub's 1024 KiB limit");
    expect(text).toContain('left out: the table.');
  });
});
