import { describe, expect, test } from '@jest/globals';
import { quoteUntrusted, redactSecrets, refuseSecrets, type NamedSecret } from '../../../src/text/redact.js';

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

describe('a prompt that carries a secret of the run', () => {
  const secrets: NamedSecret[] = [
    { input: 'api-key', value: 'mint_runKey0123456789' },
    { input: 'github-token', value: 'ghs_runToken0123456789abcdef' },
  ];
  class Refused extends Error {}
  const refusal = { what: 'The instruction', fix: 'Ask again without it.', error: (message: string) => new Refused(message) };

  test("is refused with the caller's error, one message naming the input and never the value", () => {
    let thrown: unknown;
    try {
      refuseSecrets(`please use ${secrets[1]?.value ?? ''} here`, secrets, refusal);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Refused);
    expect((thrown as Error).message).toBe(
      "The instruction contains the value of 'github-token', so it was not sent: the agent, its pull request and the service would see the secret. Ask again without it.",
    );
    expect((thrown as Error).message).not.toContain('ghs_');
  });

  test('without a fix the message ends with the reason', () => {
    expect(() =>
      refuseSecrets('key mint_runKey0123456789', secrets, { what: 'The prompt', error: (message) => new Refused(message) }),
    ).toThrow(/would see the secret\.$/);
  });

  test('a prompt without one comes back unchanged; an empty secret matches nothing', () => {
    expect(refuseSecrets('fix the docs', secrets, refusal)).toBe('fix the docs');
    expect(refuseSecrets('fix the docs', [{ input: 'api-key', value: '' }], refusal)).toBe('fix the docs');
  });
});
