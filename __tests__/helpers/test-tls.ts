/**
 * The committed TLS fixtures (scripts/make-test-certificates.sh): a test CA, and a certificate it
 * signed for api.example.test, localhost and 127.0.0.1, valid from 2000 to 2100.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The host name the certificate is for; it never resolves, so only a proxy's `hosts` map reaches it. */
export const TEST_HOST = 'api.example.test';

/** For NODE_EXTRA_CA_CERTS, or undici's `connect.ca`. */
export const TEST_CA_PATH = fileURLToPath(new URL('../fixtures/tls/ca.pem', import.meta.url));

/** The emulator's `tls` option: the certificate and key for TEST_HOST. */
export function testServerTls(): { cert: Buffer; key: Buffer } {
  return {
    cert: readFileSync(new URL('../fixtures/tls/api.example.test.pem', import.meta.url)),
    key: readFileSync(new URL('../fixtures/tls/api.example.test-key.pem', import.meta.url)),
  };
}
