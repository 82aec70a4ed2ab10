/** A page's frontmatter, read for the few keys the check uses (src/docs-check/frontmatter.ts). */
import { describe, expect, test } from '@jest/globals';
import { readFrontmatter } from '../../../src/docs-check/frontmatter.js';

describe('readFrontmatter', () => {
  test('flat keys with quotes removed, the body after it, and how many lines it took', () => {
    const text = [
      '---',
      'title: "List users"',
      "openapi: 'GET /users'",
      'description: Who is on the team',
      'tags:',
      '  - api',
      '---',
      '# Users',
      'Body.',
    ].join('\n');
    const read = readFrontmatter(text);
    expect(Object.fromEntries(read.fields)).toEqual({ title: 'List users', openapi: 'GET /users', description: 'Who is on the team' });
    expect(read.body).toBe('# Users\nBody.');
    expect(read.lines).toBe(7);
    // The body's first line is the file's line `lines + 1`.
    expect(text.split('\n')[read.lines]).toBe('# Users');
  });

  test('without frontmatter the whole text is the body', () => {
    expect(readFrontmatter('# Title\n---\ntext')).toEqual({ fields: new Map(), body: '# Title\n---\ntext', lines: 0 });
  });

  test('an unclosed frontmatter is body text', () => {
    expect(readFrontmatter('---\ntitle: x\nno end').lines).toBe(0);
  });

  test('CRLF line ends and a byte order mark', () => {
    const read = readFrontmatter('\uFEFF---\r\ntitle: Windows\r\n---\r\nBody');
    expect(read.fields.get('title')).toBe('Windows');
    expect(read.body).toBe('Body');
    expect(read.lines).toBe(3);
  });
});
