/**
 * Text the service sends back is stripped of the key and anything key-like, and only then shortened,
 * before it reaches a log line or an error: retry warnings included, which do not pass through
 * run()'s last redaction.
 */
import { beforeEach, describe, expect, test } from '@jest/globals';
import { MintlifyClient } from '../../../src/service/client.js';
import { ORIGIN, testClientOptions, useMockAgent } from '../../helpers/mock-client.js';

const KEY = 'mint_unit_key_123456';
const OTHER_KEY = 'mint_someone_elses_key_99';

const agent = useMockAgent();
let warnings: string[];

function client(apiKey = KEY): MintlifyClient {
  let now = Date.UTC(2026, 10, 22);
  const sleep = async (ms: number): Promise<void> => {
    now += ms;
  };
  return new MintlifyClient(
    testClientOptions({ agent: agent(), apiKey, clock: () => now, sleep, warnings }, { retryBaseMs: 10, retryMaxMs: 10 }),
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
  expect(everything).toContain('Bearer [redacted] and [redacted]');
});

test('an error body that echoes the key is shortened and redacted', async () => {
  const body = { error: `Invalid prompt for key ${KEY}: ${'x'.repeat(5000)}` };
  agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job', method: 'POST' }).reply(400, body);
  const message = await failure(client().createJob('p', 'Write docs'));
  expect(message).toContain('HTTP 400');
  expect(message).toContain('Invalid prompt for key [redacted]');
  expect(message).not.toContain(KEY);
  expect(message.length).toBeLessThan(600);
});

describe('text is redacted before it is shortened, so a key cut in two leaves no part of itself', () => {
  // Keys need not start with mint_: this one is only removed because it is the configured key.
  const BARE_KEY = 'k3yWithoutPrefix0123456789abcdefghijklmn';

  /** `text` with `secret` placed across position `cut`. */
  function straddling(secret: string, cut: number): string {
    return `${'a'.repeat(cut - 8)}${secret} ${'b'.repeat(400)}`;
  }

  function expectNoPartOf(text: string, secret: string): void {
    expect(text).not.toContain(secret.slice(0, 6));
  }

  test('in the error text of a JSON body (cut at 300 characters)', async () => {
    agent()
      .get(ORIGIN)
      .intercept({ path: '/v2/agent/p/job', method: 'POST' })
      .reply(400, { error: straddling(BARE_KEY, 300) });
    const message = await failure(client(BARE_KEY).createJob('p', 'Write docs'));
    expect(message).toContain('HTTP 400');
    expect(message).toContain('[redacte');
    expectNoPartOf(message, BARE_KEY);
  });

  test('in an error page that is not JSON (cut at 120 characters)', async () => {
    agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job/j', method: 'GET' }).reply(502, straddling(BARE_KEY, 120)).times(6);
    const message = await failure(client(BARE_KEY).getJob('p', 'j'));
    expect(message).toContain('HTTP 502 after 6 attempts');
    expectNoPartOf([message, ...warnings].join('\n'), BARE_KEY);
  });

  test('in a 2xx page that is not JSON, in the retry warnings too (cut at 120 characters)', async () => {
    agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job/j', method: 'GET' }).reply(200, straddling(BARE_KEY, 120)).times(6);
    const message = await failure(client(BARE_KEY).getJob('p', 'j'));
    expect(warnings).toHaveLength(5);
    expect(warnings[0]).toContain('not JSON');
    expectNoPartOf([message, ...warnings].join('\n'), BARE_KEY);
  });

  test('an HTML error page is quoted at 120 characters, like a 2xx page that is not JSON', async () => {
    const page = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>${'<p>upstream unavailable</p>'.repeat(40)}</body></html>`;
    agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job/j', method: 'GET' }).reply(502, page).times(6);
    const message = await failure(client().getJob('p', 'j'));
    const quoted = message.slice(message.indexOf('<!DOCTYPE'));
    expect(quoted.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(quoted.endsWith('…')).toBe(true);
    expect(quoted).toHaveLength(121);
  });

  test('another admin key in the text is removed whole, not cut to a short stub', async () => {
    agent()
      .get(ORIGIN)
      .intercept({ path: '/v2/agent/p/job', method: 'POST' })
      .reply(400, { error: straddling(OTHER_KEY, 300) });
    const message = await failure(client().createJob('p', 'Write docs'));
    expect(message).toContain('[redacte');
    expect(message).not.toContain('mint_');
  });

  test("in a page path that the visitors report's guard quotes", async () => {
    const row = { path: `/${'p'.repeat(72)}${BARE_KEY}`, human: 'many', ai: 0, total: 0 };
    agent()
      .get(ORIGIN)
      .intercept({ path: /\/v1\/analytics\/p\/visitors/, method: 'GET' })
      .reply(200, { totals: { human: 1, ai: 0, total: 1 }, visitors: [row], hasMore: false });
    const message = await failure(client(BARE_KEY).getVisitors('p', { limit: 250, offset: 0 }));
    expect(message).toContain('entry 0');
    expectNoPartOf(message, BARE_KEY);
  });

  test("a redirect's Location is quoted like any other text: redacted and shortened", async () => {
    const location = `https://login.example.test/?next=${'x'.repeat(5000)}&key=${BARE_KEY}`;
    agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job/j', method: 'GET' }).reply(302, '', { headers: { location } });
    const message = await failure(client(BARE_KEY).getJob('p', 'j'));
    expect(message).toContain('redirect to https://login.example.test/?next=xxx');
    expect(message.length).toBeLessThan(800);
    expectNoPartOf(message, BARE_KEY);
  });
});

test("a job's fields that echo the key or a token lose them before any output, summary or comment can show them; the id stays as sent", async () => {
  const job = {
    id: 'job_42',
    status: 'completed',
    model: `model for ${KEY}`,
    prLink: 'https://github.com/acme/docs/pull/7',
    source: { repository: 'https://github.com/acme/docs', ref: `main-ghp_${'a'.repeat(36)}` },
    createdAt: '2026-11-22T10:00:00Z',
  };
  agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job/job_42', method: 'GET' }).reply(200, job);
  agent().get(ORIGIN).intercept({ path: '/v2/agent/p/job', method: 'POST' }).reply(200, job);
  for (const answer of [await client().getJob('p', 'job_42'), await client().createJob('p', 'Write docs')]) {
    expect(answer).toMatchObject({
      id: 'job_42',
      model: 'model for [redacted]',
      sourceRef: 'main-[redacted]',
      prLink: 'https://github.com/acme/docs/pull/7',
    });
    expect(JSON.stringify(answer)).not.toContain(KEY);
  }
});
