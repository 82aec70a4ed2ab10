/**
 * What a run depends on from outside, injected so that tests control it: the network (an undici
 * dispatcher: MockAgent in unit tests) and time (a fake clock that only sleeping moves). One deadline
 * (the `timeout` input) bounds the whole run. A leaf: it imports nothing of the action.
 */
import type { Dispatcher } from 'undici';

/** Time as every phase sees it. */
export interface Timing {
  /** Epoch milliseconds now. */
  readonly clock: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** Epoch milliseconds after which no new request or wait starts. */
  readonly deadline: number;
}

/** Everything from outside that a run depends on; the deadline is set when the run starts. */
export interface Runtime extends Omit<Timing, 'deadline'> {
  readonly dispatcher: Dispatcher;
  readonly random: () => number;
}

/** The runner's variables (GITHUB_*, proxies): `process.env` in production, a plain object in tests. */
export type Environment = Readonly<Record<string, string | undefined>>;
