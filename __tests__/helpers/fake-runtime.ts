/**
 * What `run()` runs on in unit tests: undici's MockAgent as the dispatcher and a clock that only
 * sleeping moves, so polls and retries take no real time. Only a type comes from src/, so test
 * files that mock modules before importing src/ can use it.
 */
import type { MockAgent } from 'undici';
import type { Runtime } from '../../src/runtime.js';

export function fakeRuntime(agent: MockAgent): () => Runtime {
  let now = 0;
  return () => ({
    dispatcher: agent,
    clock: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
    random: () => 0.5,
  });
}
