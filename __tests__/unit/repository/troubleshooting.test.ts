/**
 * docs/troubleshooting.md quotes messages as the action prints them: each must be one the source
 * under src/ can produce (its literal text, up to and between the page's variable parts), so the
 * page cannot quote a message that was reworded or never existed.
 */
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { patternsOfSource, patternsOfTree, quotedMessages, unproduced } from '../../helpers/source-messages.js';

const PAGE = 'docs/troubleshooting.md';
const sourcePatterns = patternsOfTree('src');

function unproducedOf(page: string, patterns = sourcePatterns): string[] {
  return quotedMessages(page).flatMap((quote) => {
    const why = unproduced(quote, patterns);
    return why === undefined ? [] : [`${quote}: ${why}`];
  });
}

test(`every message ${PAGE} quotes is produced by the source`, () => {
  const quotes = quotedMessages(readFileSync(PAGE, 'utf8'));
  expect(quotes.length).toBeGreaterThan(50);
  expect(unproducedOf(readFileSync(PAGE, 'utf8'))).toEqual([]);
});

describe('a quote the source does not produce fails, named', () => {
  // A stand-in for src/: the check must hold for any source, not only for today's messages.
  const source = [
    "throw new InputError('timeout', `must be between ${format(min)} and ${format(max)}, got '${raw}'.`);",
    "super(`Input '${input}': ${message}`);",
    'throw new ServiceError(`${what}: the service failed with HTTP ${status} (${said}). It may have acted anyway, so the request was not repeated.`);',
    'const what = `message to job ${jobId}`;',
    "log.warning('Input ' + quoted(name) + ' does not start with the prefix of admin keys; the service decides.');",
  ].join('\n');
  const patterns = patternsOfSource(source);
  const page = (...quotes: string[]): string =>
    ['| message | cause | fix |', '|---|---|---|', ...quotes.map((quote) => `| \`${quote}\` (warning) | why | fix |`)].join('\n');

  test('quotes the stand-in produces pass, with example values in its holes and text cut at a variable part', () => {
    expect(
      unproducedOf(
        page(
          "Input 'timeout': must be between 1s and 24h, got '0'.",
          'create job: the service failed with HTTP 502 (…). It may have acted anyway, so the request was not repeated.',
          'message to job job_…: the service failed with HTTP 503 (Service Unavailable). It may have acted …',
          "Input 'api-key' does not start with the prefix of admin keys; the service decides.",
        ),
        patterns,
      ),
    ).toEqual([]);
  });

  test.each([
    ['a message the source never writes', 'create job: the service is down; try again later.'],
    ['a reworded start', "Input 'timeout': must lie between 1s and 24h, got '0'."],
    [
      'a wrong word after a variable part',
      'create job: the service failed with HTTP 502 (…). It may have acted anyway, so the request was repeated twice.',
    ],
    ['a sentence passed off as the values of holes', "Input 'timeout': this text is made up, and longer than any value."],
  ])('%s', (_, planted) => {
    const quotes = ["Input 'timeout': must be between 1s and 24h, got '0'.", planted];
    const failures = unproducedOf(page(...quotes), patterns);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain(planted);
  });
});

test('quotes are the code spans of the first cell, a double-backtick span unwrapped, the header and other cells left out', () => {
  const page = [
    '| message | cause | fix |',
    '|---|---|---|',
    '| `First.` / `Second.` (also `third`) | `not a quote` | `nor this` |',
    '| ``Could not write: add `permissions: issues: write`.`` (warning) | why | fix |',
    'Prose with `code` is not a row.',
  ].join('\n');
  expect(quotedMessages(page)).toEqual(['First.', 'Second.', 'third', 'Could not write: add `permissions: issues: write`.']);
});

test.each([
  ['a made-up message', 'No analytics report could be read, so the step is skipped.'],
  ['a real message reworded', 'No analytics reports could be fetched. …'],
  [
    'a real message with a wrong ending',
    'create job: the service failed with HTTP 502 (…). It may have acted anyway, so the request was repeated once.',
  ],
])('against the real source, a planted quote fails alone: %s', (_, planted) => {
  const page = [
    '| message | cause | fix |',
    '|---|---|---|',
    `| \`No analytics report could be fetched. …\` | why | fix |`,
    `| \`${planted}\` | why | fix |`,
  ];
  expect(unproducedOf(page.join('\n'))).toEqual([expect.stringContaining(planted)]);
});
