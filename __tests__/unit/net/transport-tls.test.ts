import { expect, test } from '@jest/globals';
import { classifyNetworkError, isRetryable } from '../../../src/net/transport.js';

function tlsError(code: string): Error {
  const cause = Object.assign(new Error('self-signed certificate in certificate chain'), { code });
  return new TypeError('fetch failed', { cause });
}

test('an untrusted certificate means nothing was sent, and retrying cannot help', () => {
  const failure = classifyNetworkError(tlsError('SELF_SIGNED_CERT_IN_CHAIN'));
  expect(failure).toEqual({ kind: 'not-sent', detail: 'SELF_SIGNED_CERT_IN_CHAIN: fetch failed', untrustedCertificate: true });
  expect(isRetryable('POST', failure)).toBe(false);
  expect(isRetryable('GET', failure)).toBe(false);
});

test('a refused connection is still retried, a reset after sending is still ambiguous', () => {
  const refused = classifyNetworkError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
  expect(refused.kind).toBe('not-sent');
  expect(isRetryable('POST', refused)).toBe(true);
  const reset = classifyNetworkError(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }));
  expect(reset.kind).toBe('lost');
  expect(isRetryable('POST', reset)).toBe(false);
});
