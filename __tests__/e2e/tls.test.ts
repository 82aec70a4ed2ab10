/**
 * End to end: a server whose certificate Node does not trust, as behind a proxy that inspects TLS
 * with its own CA. The run fails at once with a hint, and works once NODE_EXTRA_CA_CERTS names the CA.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:tls';
import { serviceInputs, useEmulator } from '../helpers/emulator-fixture.js';
import { errorLines, runAction, type ActionRun } from '../helpers/run-action.js';

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const suite = hasOpenssl() ? describe : describe.skip;
if (!hasOpenssl()) console.warn('tls test skipped: the openssl command is needed to make a test certificate');

suite('an untrusted server certificate', () => {
  const emulator = useEmulator();
  let terminator: Server;
  let certPath = '';
  let baseUrl = '';
  let connections = 0;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tls-'));
    certPath = join(dir, 'cert.pem');
    const keyPath = join(dir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        keyPath,
        '-out',
        certPath,
      ],
      { stdio: 'ignore' },
    );
    // TLS in front of the emulator: decrypt, then pass the bytes on.
    terminator = createServer({ key: readFileSync(keyPath), cert: readFileSync(certPath) }, (socket) => {
      const upstream = connectTcp(emulator().port, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    terminator.on('connection', () => connections++);
    await new Promise<void>((resolve) => terminator.listen(0, '127.0.0.1', resolve));
    const address = terminator.address();
    baseUrl = typeof address === 'object' && address !== null ? `https://127.0.0.1:${address.port}` : '';
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => terminator.close(() => resolve()));
  });

  function run(env: Record<string, string> = {}): Promise<ActionRun> {
    return runAction({
      inputs: serviceInputs(emulator(), { 'base-url': baseUrl, 'max-poll-interval': undefined, prompt: 'Document the widgets endpoint' }),
      env,
    });
  }

  test('is one clear error naming NODE_EXTRA_CA_CERTS, without retries and without a word to the service', async () => {
    connections = 0;
    const result = await run();
    expect(result.exitCode).toBe(1);
    const errors = errorLines(result);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`create job: could not connect to ${baseUrl}: DEPTH_ZERO_SELF_SIGNED_CERT`);
    expect(errors[0]).toContain('NODE_EXTRA_CA_CERTS');
    expect(errors[0]).not.toContain('check the Mintlify dashboard');
    expect(connections).toBe(1);
    expect(emulator().requests).toHaveLength(0);
  });

  test('is trusted once NODE_EXTRA_CA_CERTS names the certificate', async () => {
    emulator().setScenario({ job: { statuses: ['completed'] } });
    const result = await run({ NODE_EXTRA_CA_CERTS: certPath });
    expect(result.exitCode).toBe(0);
    expect(result.outputs['status']).toBe('completed');
    expect(emulator().requests.filter((r) => r.endpoint === 'create')).toHaveLength(1);
  });
});
