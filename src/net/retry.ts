/** The one retry loop of both clients: the caller says what may be retried (it knows the method and its service's quirks). */
import type { Timing } from '../runtime.js';
import { retryDelayMs, type AttemptFailure, type BackoffOptions } from './transport.js';

export interface RetryPolicy extends Timing {
  readonly maxAttempts: number;
  readonly backoff: BackoffOptions;
  /** The longest wait a `Retry-After` may ask for besides the deadline; undefined: up to the deadline. */
  readonly retryAfterLimitMs?: number;
}

export type RetryStop =
  /** The failure is not one to retry, or it was the last attempt. */
  | { readonly why: 'final' }
  /** The wait (asked for by `Retry-After`, or the backoff) would pass the deadline, `leftMs` away. */
  | { readonly why: 'deadline'; readonly delayMs: number; readonly leftMs: number; readonly asked: boolean }
  /** `Retry-After` asked for a wait longer than `retryAfterLimitMs`. */
  | { readonly why: 'wait-limit'; readonly delayMs: number; readonly limitMs: number };

export type AttemptResult<T, F extends { readonly failure: AttemptFailure }> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failed: F };

export interface RetryLoop<T, F extends { readonly failure: AttemptFailure }> {
  readonly policy: RetryPolicy;
  readonly send: (attempt: number) => Promise<AttemptResult<T, F>>;
  /** Whether this failure may be retried at all (the method, the kind of failure, an aborted run). */
  readonly retryable: (failed: F) => boolean;
  readonly retrying: (failed: F, attempt: number, delayMs: number) => void;
  readonly stop: (failed: F, attempt: number, stop: RetryStop) => Error;
}

export function nextStep(
  policy: RetryPolicy,
  attempt: number,
  failure: AttemptFailure,
  retryable: boolean,
): { readonly delayMs: number } | RetryStop {
  if (!retryable || attempt >= policy.maxAttempts) return { why: 'final' };
  const delayMs = retryDelayMs(attempt, failure, policy.backoff);
  const leftMs = policy.deadline - policy.clock();
  const asked = failure.kind === 'status' && failure.retryAfterMs !== undefined;
  if (delayMs > leftMs) return { why: 'deadline', delayMs, leftMs, asked };
  const limitMs = policy.retryAfterLimitMs;
  if (asked && limitMs !== undefined && delayMs > limitMs) return { why: 'wait-limit', delayMs, limitMs };
  return { delayMs };
}

export async function withRetries<T, F extends { readonly failure: AttemptFailure }>(loop: RetryLoop<T, F>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const result = await loop.send(attempt);
    if (result.ok) return result.value;
    const { failed } = result;
    const step = nextStep(loop.policy, attempt, failed.failure, loop.retryable(failed));
    if ('why' in step) throw loop.stop(failed, attempt, step);
    loop.retrying(failed, attempt, step.delayMs);
    await loop.policy.sleep(step.delayMs);
  }
}
