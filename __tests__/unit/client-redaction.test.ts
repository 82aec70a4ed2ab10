/**
 * Text the service sends back is shortened and stripped of anything key-like before it reaches a
 * log line or an error: retry warnings included, which do not pass through run()'s last redaction.
 */
import { beforeEach, expect, test } from '@jest/globals';
import { MintlifyClient } from '../../src/service/client.js';
import { ORIGIN, testClientOptions, useMockAgent } from '../helpers/mock-client.js';

const KEY = 'mint_unit_key_123456';
const OTHER_KEY = 'mint_someone_elses_key_99';

const agent = useMockAgent();
let warnings: string[];

function client(): MintlifyClient {
  let now = Date.UTC(2026, 10, 22);
  const sleep = async (ms: number): Promise<void> => {
    now += ms;
  };
  return new MintlifyClient(
    testClientOptions({ agent: agent(), apiKey: KEY, clock: () => now, sleep, warnings }, { retryBaseMs: 10, retryMaxMs: 10 }),
  );
}

beforeEach(() => {
  warnings = [];
});

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String(error);
  }
  throw new Error('expected a failure');
}

test('a non-JSON 200 that echoes the key: neither the retry warnings nor the error show it', async () => {
  const page = `<html><body>Gateway says hello to Bearer ${KEY} and ${OTHER_KEY}</body></html>`;
  agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job/j', method: 'GET' }).reply(200, page).times(6);
  const message = await failure(client().getJob('p', 'j'));
  expect(warnings).toHaveLength(5);
  const everything = [message, ...warnings].join('\n');
  expect(everything).toContain('not JSON');
  expect(everything).not.toContain(KEY);
  expect(everything).not.toContain(OTHER_KEY);
  expect(everything).toContain('mint_***');
});

test('an error body that echoes the key is shortened and redacted', async () => {
  const body = { error: `Invalid prompt for key ${KEY}: ${'x'.repeat(5000)}` };
  agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job', method: 'POST' }).reply(400, body);
  const message = await failure(client().createJob('p', 'Write docs'));
  expect(message).toContain('HTTP 400');
  expect(message).toContain('Invalid prompt for key ***');
  expect(message).not.toContain(KEY);
  expect(message.length).toBeLessThan(600);
});
