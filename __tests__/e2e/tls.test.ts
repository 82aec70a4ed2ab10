/**
 * End to end: a server whose certificate Node does not trust, as behind a proxy that inspects TLS
 * with its own CA. The run fails at once with a hint, and works once NODE_EXTRA_CA_CERTS names the CA.
 * The emulator serves HTTPS with the committed test certificate, signed by the test CA.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from '@jest/globals';
import { connect, createServer, type Server } from 'node:net';
import { serviceInputs, useEmulator } from '../helpers/emulator-fixture.js';
import { errorLines, runAction, type ActionRun } from '../helpers/run-action.js';
import { TEST_CA_PATH, testServerTls } from '../helpers/test-tls.js';

const emulator = useEmulator({ tls: testServerTls() });
/** Passes bytes to the emulator and counts connections, so that a retry would show. */
let counter: Server;
let connections = 0;
let baseUrl = '';

beforeAll(async () => {
  counter = createServer((socket) => {
    connections++;
    const upstream = connect(emulator().port, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
  const address = counter.address();
  baseUrl = typeof address === 'object' && address !== null ? `https://127.0.0.1:${address.port}` : '';
});
afterAll(async () => {
  await new Promise<void>((resolve) => counter.close(() => resolve()));
});
beforeEach(() => {
  connections = 0;
});

function run(env: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({
    inputs: serviceInputs(emulator(), { 'base-url': baseUrl, 'max-poll-interval': undefined, prompt: 'Document the widgets endpoint' }),
    env,
  });
}

test('an untrusted certificate is one clear error naming NODE_EXTRA_CA_CERTS, without retries and without a word to the service', async () => {
  const result = await run();
  expect(result.exitCode).toBe(1);
  const errors = errorLines(result);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toContain(`create job: could not connect to ${baseUrl}: UNABLE_TO_VERIFY_LEAF_SIGNATURE`);
  expect(errors[0]).toContain('NODE_EXTRA_CA_CERTS');
  expect(errors[0]).not.toContain('check the Mintlify dashboard');
  expect(connections).toBe(1);
  expect(emulator().requests).toHaveLength(0);
});

test('the certificate is trusted once NODE_EXTRA_CA_CERTS names its CA', async () => {
  emulator().setScenario({ job: { statuses: ['completed'] } });
  const result = await run({ NODE_EXTRA_CA_CERTS: TEST_CA_PATH });
  expect(result.exitCode).toBe(0);
  expect(result.outputs['status']).toBe('completed');
  expect(emulator().requests.filter((r) => r.endpoint === 'create')).toHaveLength(1);
});
