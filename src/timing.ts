/**
 * Time as every phase sees it: injected, so tests run on a fake clock without waiting, and one
 * deadline (the `timeout` input) bounds the whole run.
 */
export interface Timing {
  /** Epoch milliseconds now. */
  readonly clock: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** Epoch milliseconds after which no new request or wait starts. */
  readonly deadline: number;
}
