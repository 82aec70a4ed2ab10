import { expect, test } from '@jest/globals';
import { quoteUntrusted, redactSecrets } from '../../src/text/redact.js';

test('the given secrets and anything shaped like an admin key or a GitHub token are replaced', () => {
  const text = [
    'key s3cr3t-value',
    'admin mint_abcdef123456',
    'installation ghs_0123456789abcdefghijABCD',
    'personal ghp_0123456789abcdefghijABCD',
    'fine-grained github_pat_11ABCDEFG0123456789_abcdefghij',
  ].join('; ');
  expect(redactSecrets(text, ['s3cr3t-value'])).toBe(
    'key [redacted]; admin [redacted]; installation [redacted]; personal [redacted]; fine-grained [redacted]',
  );
});

test('words that only start like a key stay, and secrets under 4 characters are not searched for', () => {
  expect(redactSecrets('use an admin key (mint_…), ghs_ tokens expire; abc', ['abc'])).toBe(
    'use an admin key (mint_…), ghs_ tokens expire; abc',
  );
});

test('quoting flattens whitespace and cuts after redacting, never through a surrogate pair', () => {
  expect(quoteUntrusted('  a\n\n b\t c  ', [], 300)).toBe('a b c');
  expect(quoteUntrusted(`${'x'.repeat(8)}SECRETVALUE${'y'.repeat(20)}`, ['SECRETVALUE'], 10)).toBe('xxxxxxxx[r…');
  expect(quoteUntrusted(`${'x'.repeat(9)}😀tail`, [], 10)).toBe(`${'x'.repeat(9)}…`);
});

test("quoting removes e-mail addresses before cutting, so a body cut short cannot quote a reader's contact", () => {
  const body = '{"feedback":[{"id":"f1","comment":"unclear","contact":"jane.doe@example.com","path":"/quickstart"';
  const quoted = quoteUntrusted(body, [], 300);
  expect(quoted).not.toContain('jane.doe');
  expect(quoted).not.toContain('@example.com');
  expect(quoted).toContain('"contact":"[e-mail removed]"');
  // An address straddling the cut leaves no part of it either.
  expect(quoteUntrusted(`${'x'.repeat(10)} jane.doe@example.com`, [], 16)).toBe(`${'x'.repeat(10)} [e-ma…`);
});
