/**
 * Unit tests of the service client over undici's MockAgent: the agent as a per-test fixture, and
 * the options of a MintlifyClient that talks to it with an injected clock, sleep and logger.
 * Only types come from src/, so test files that mock modules before importing src/ can use it.
 */
import { afterEach, beforeEach } from '@jest/globals';
import { MockAgent } from 'undici';
import type { ClientOptions } from '../../src/service/client.js';

/** The origin the test clients call; intercept on `agent().get(ORIGIN)`. */
export const ORIGIN = 'https://api.example.test';

/**
 * Registers beforeEach (a new MockAgent that refuses real connections) and afterEach (close it) in
 * the calling scope, and returns the current test's agent.
 */
export function useMockAgent(): () => MockAgent {
  let current: MockAgent | undefined;
  beforeEach(() => {
    current = new MockAgent();
    current.disableNetConnect();
  });
  afterEach(async () => {
    await current?.close();
  });
  return () => {
    if (current === undefined) throw new Error('no MockAgent yet: use it inside a test or a hook');
    return current;
  };
}

export interface TestClientSetup {
  readonly agent: MockAgent;
  readonly apiKey: string;
  /** Also sets the deadline: an hour after the clock's time when the options are made. */
  readonly clock: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** Receives the client's warnings (retries...). */
  readonly warnings: string[];
}

/** Options for a client on ORIGIN over the agent; `overrides` replaces any of them. */
export function testClientOptions(setup: TestClientSetup, overrides: Partial<ClientOptions> = {}): ClientOptions {
  return {
    baseUrl: new URL(ORIGIN),
    apiKey: setup.apiKey,
    userAgent: 'test-agent/1.0',
    dispatcher: setup.agent,
    requestTimeoutMs: 1000,
    deadline: setup.clock() + 3_600_000,
    retryBaseMs: 1000,
    retryMaxMs: 30_000,
    clock: setup.clock,
    sleep: setup.sleep,
    random: () => 0.5,
    log: { debug: () => undefined, warning: (message) => void setup.warnings.push(message) },
    ...overrides,
  };
}
