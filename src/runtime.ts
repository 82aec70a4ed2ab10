/** What a run depends on from outside, injected so that tests control the network and time. */
import type { Dispatcher } from 'undici';

export interface Timing {
  readonly clock: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** No new request or wait starts after it: `timeout` bounds the whole run. */
  readonly deadline: number;
}

export interface Runtime extends Omit<Timing, 'deadline'> {
  readonly dispatcher: Dispatcher;
  readonly random: () => number;
}

/** `process.env` in production. */
export type Environment = Readonly<Record<string, string | undefined>>;
