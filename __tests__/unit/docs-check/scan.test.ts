/** One pass over a page for its name-shaped tokens, marked where they stand in code (src/docs-check/scan.ts). */
import { describe, expect, test } from '@jest/globals';
import { scanTokens, TokenTable, tokenHash, scanSpans } from '../../../src/docs-check/scan.js';

function tokens(text: string): [string, boolean][] {
  const found: [string, boolean][] = [];
  scanTokens(text, (token, inCode) => found.push([token, inCode]));
  return found;
}

describe('scanTokens', () => {
  test('names of every shape, in order', () => {
    expect(tokens('Set max_retries, getUser and REDIS_HOST; pass --dry-run or -v; a well-known $HOME.').map(([token]) => token)).toEqual([
      'Set',
      'max_retries',
      'getUser',
      'and',
      'REDIS_HOST',
      'pass',
      '--dry-run',
      'or',
      '-v',
      'a',
      'well-known',
      'HOME',
    ]);
  });

  test('a dash inside a word or a number is no flag', () => {
    expect(tokens('x-y 3-4 e--f').map(([token]) => token)).toEqual(['x-y', 'e', 'f']);
  });

  test('fenced blocks (``` and ~~~, closed by a fence as long), inline code and component attributes are code', () => {
    const text = [
      'Prose word.',
      '```python',
      'client = Memory(api_key=KEY)',
      '```',
      'Use `add_memory` here.',
      '~~~~',
      'inside ~~~ still',
      '~~~',
      'still_code',
      '~~~~',
      '<ParamField path="user_id" type="string">The user.</ParamField>',
      "Don't count this apostrophe.",
    ].join('\n');
    const code = tokens(text)
      .filter(([, inCode]) => inCode)
      .map(([token]) => token);
    expect(code).toEqual(['client', 'Memory', 'api_key', 'KEY', 'add_memory', 'inside', 'still', 'still_code', 'user_id', 'string']);
    expect(tokens(text).find(([token]) => token === 'Prose')).toEqual(['Prose', false]);
    expect(tokens(text).find(([token]) => token === 'count')).toEqual(['count', false]);
  });

  test('an inline code span does not run past its line', () => {
    expect(tokens('an `open span\nnext line')).toEqual([
      ['an', false],
      ['open', true],
      ['span', true],
      ['next', false],
      ['line', false],
    ]);
  });
});

describe('TokenTable', () => {
  test('numbers tokens as first seen and finds them again by hash, without a new string', () => {
    const table = new TokenTable();
    const text = 'alpha beta alpha gamma beta';
    const ids: number[] = [];
    const fresh: string[] = [];
    scanSpans(text, (start, end, hash) => ids.push(table.idOf(text, start, end, hash, (token) => fresh.push(token))));
    expect(ids).toEqual([0, 1, 0, 2, 1]);
    expect(fresh).toEqual(['alpha', 'beta', 'gamma']);
    expect(table.find('gamma')).toBe(2);
    expect(table.find('delta')).toBeUndefined();
    expect(table.size).toBe(3);
  });

  test('the scan hashes a token as tokenHash does', () => {
    const hashes: number[] = [];
    scanSpans('--dry-run max_retries', (_start, _end, hash) => hashes.push(hash));
    expect(hashes).toEqual([tokenHash('--dry-run'), tokenHash('max_retries')]);
  });

  test('grows past its first table size and still finds every token', () => {
    const table = new TokenTable();
    const text = Array.from({ length: 70_000 }, (_, i) => `t${i}`).join(' ');
    scanSpans(text, (start, end, hash) => table.idOf(text, start, end, hash, () => undefined));
    expect(table.size).toBe(70_000);
    expect(table.find('t0')).toBe(0);
    expect(table.find('t69999')).toBe(69_999);
  });
});
