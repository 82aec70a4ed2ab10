/**
 * A run's context for the tests of what takes it (the plan, the steps): the event, the handles on
 * GitHub, and a runtime whose clock is `clock` (Date.now by default). Types only from src/.
 */
import { MockAgent } from 'undici';
import type { RunEvent } from '../../src/event/run-event.js';
import type { DocsRepository } from '../../src/github/docs-repository.js';
import type { RepositoryHandle } from '../../src/github/repository.js';
import type { RunContext } from '../../src/plan/plan.js';
import type { Runtime } from '../../src/runtime.js';

export interface RunContextParts {
  readonly event: RunEvent;
  readonly github: RepositoryHandle;
  readonly docs: DocsRepository;
  readonly clock?: () => number;
  /** The run's dispatcher, clock and sleep; by default an unused MockAgent, `clock` and no sleep. */
  readonly runtime?: Runtime;
}

export function runContext(parts: RunContextParts): RunContext {
  const clock = parts.runtime?.clock ?? parts.clock ?? Date.now;
  const runtime = parts.runtime ?? { dispatcher: new MockAgent(), clock, sleep: async () => undefined, random: () => 0.5 };
  return { runtime, event: parts.event, github: parts.github, docs: parts.docs, started: clock(), deadline: Infinity };
}
