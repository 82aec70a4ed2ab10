/** Words for ranking (src/docs-check/tokens.ts). */
import { describe, expect, test } from '@jest/globals';
import { nameParts, pathWords, stem, tokenWords, words } from '../../../src/docs-check/tokens.js';

describe('nameParts', () => {
  test.each([
    ['getUserById', ['get', 'User', 'By', 'Id']],
    ['MAX_RETRIES', ['MAX', 'RETRIES']],
    ['HTTPServerError', ['HTTP', 'Server', 'Error']],
    ['--dry-run', ['dry', 'run']],
    ['v2/users', ['v', 'users']],
  ])('%s', (name, parts) => {
    expect(nameParts(name)).toEqual(parts);
  });
});

describe('stem', () => {
  test.each([
    ['retries', 'retry'],
    ['users', 'user'],
    ['status', 'status'],
    ['class', 'class'],
    ['bus', 'bus'],
    ['api', 'api'],
  ])('%s → %s', (word, stemmed) => {
    expect(stem(word)).toBe(stemmed);
  });
});

describe('words', () => {
  test('lower-cased parts without stopwords, the whole compound as well, repeats kept', () => {
    // 'get' is a stopword, as a part of a name too.
    expect(words('The getUser call and the getUser retries')).toEqual(['user', 'getuser', 'call', 'user', 'getuser', 'retry']);
  });

  test('tokenWords of one token', () => {
    expect(tokenWords('MAX_RETRIES')).toEqual(['max', 'retry', 'max_retries']);
    expect(tokenWords('the')).toEqual([]);
  });
});

describe('pathWords', () => {
  test('what a path says the code is, without where it is kept', () => {
    expect(pathWords('keep/providers/slack_provider/slack_provider.py')).toEqual(['keep', 'provider', 'slack']);
    expect(pathWords('src/lib/utils/index.ts')).toEqual([]);
    expect(pathWords('components/llms/models/minimax')).toEqual(['llm', 'minimax']);
  });
});

describe('nameParts on long capital runs', () => {
  test('a run of capitals splits only before its last capital when a lower-case letter follows', () => {
    expect(nameParts(`${'A'.repeat(5000)}Bc`)).toEqual(['A'.repeat(5000), 'Bc']);
    expect(nameParts('ABcDEf')).toEqual(['A', 'Bc', 'D', 'Ef']);
    expect(nameParts('A'.repeat(5000))).toEqual(['A'.repeat(5000)]);
  });
});
