/**
 * The one retry loop both clients use (src/net/retry.ts): what follows a failed attempt, on a fake
 * clock. The clients' own tests (service/client.test.ts, github/client.test.ts) check their messages.
 */
import { describe, expect, test } from '@jest/globals';
import { nextStep, withRetries, type RetryPolicy } from '../../../src/net/retry.js';
import type { AttemptFailure } from '../../../src/net/transport.js';

function policy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  return {
    clock: () => 0,
    sleep: () => Promise.resolve(),
    deadline: 600_000,
    maxAttempts: 3,
    backoff: { baseMs: 1000, maxMs: 120_000, random: () => 0.5 },
    ...overrides,
  };
}

const busy: AttemptFailure = { kind: 'status', status: 503, detail: 'busy' };
const asked = (seconds: number): AttemptFailure => ({ kind: 'status', status: 429, detail: 'slow down', retryAfterMs: seconds * 1000 });

describe('after a failed attempt', () => {
  test('a failure that may not be retried, or the last attempt, stops at once', () => {
    expect(nextStep(policy(), 1, busy, false)).toEqual({ why: 'final' });
    expect(nextStep(policy(), 3, busy, true)).toEqual({ why: 'final' });
  });

  test('the backoff grows with the attempt, and a Retry-After is waited as asked', () => {
    expect(nextStep(policy(), 1, busy, true)).toEqual({ delayMs: 750 });
    expect(nextStep(policy(), 2, busy, true)).toEqual({ delayMs: 1500 });
    expect(nextStep(policy(), 1, asked(7), true)).toEqual({ delayMs: 7000 });
  });

  test('no wait passes the deadline; the stop says whether the server asked for it', () => {
    expect(nextStep(policy({ deadline: 5000 }), 1, asked(7), true)).toEqual({ why: 'deadline', delayMs: 7000, leftMs: 5000, asked: true });
    expect(nextStep(policy({ deadline: 500 }), 1, busy, true)).toEqual({ why: 'deadline', delayMs: 750, leftMs: 500, asked: false });
  });

  test("the caller's limit bounds what a Retry-After may ask for, not the backoff", () => {
    const limited = policy({ retryAfterLimitMs: 5000, backoff: { baseMs: 8000, maxMs: 120_000, random: () => 0.5 } });
    expect(nextStep(limited, 1, asked(7), true)).toEqual({ why: 'wait-limit', delayMs: 7000, limitMs: 5000 });
    expect(nextStep(limited, 1, busy, true)).toEqual({ delayMs: 6000 });
  });
});

describe('the loop', () => {
  test('sends again after each wait until an attempt succeeds, and logs each retry', async () => {
    const slept: number[] = [];
    const logged: string[] = [];
    const value = await withRetries({
      policy: policy({ sleep: (ms) => Promise.resolve(void slept.push(ms)) }),
      send: (attempt) =>
        Promise.resolve(attempt < 3 ? { ok: false, failed: { failure: busy } } : { ok: true, value: `attempt ${attempt}` }),
      retryable: () => true,
      retrying: (_failed, attempt, delayMs) => void logged.push(`${attempt}: ${delayMs}`),
      stop: () => new Error('stopped'),
    });
    expect([value, slept, logged]).toEqual(['attempt 3', [750, 1500], ['1: 750', '2: 1500']]);
  });

  test("throws the caller's error, told why the loop stopped", async () => {
    const stops: unknown[] = [];
    const loop = withRetries<string, { failure: AttemptFailure }>({
      policy: policy({ deadline: 3000 }),
      send: () => Promise.resolve({ ok: false, failed: { failure: asked(5) } }),
      retryable: () => true,
      retrying: () => undefined,
      stop: (_failed, attempt, stop) => {
        stops.push({ attempt, ...stop });
        return new Error('gave up');
      },
    });
    await expect(loop).rejects.toThrow('gave up');
    expect(stops).toEqual([{ attempt: 1, why: 'deadline', delayMs: 5000, leftMs: 3000, asked: true }]);
  });
});
