/**
 * The emulator as a jest fixture for the end-to-end tests: one server per file (or describe block),
 * cleared before each test, and the inputs every run against it needs.
 */
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator/server.js';

/**
 * Registers beforeAll (start), afterAll (close) and beforeEach (reset: no jobs, no log, default
 * scenario) in the calling scope, and returns the running emulator. Call it where hooks may be
 * registered (top level or inside describe); call the accessor only inside hooks and tests.
 */
export function useEmulator(options?: EmulatorOptions): () => Emulator {
  let running: Emulator | undefined;
  beforeAll(async () => {
    running = await startEmulator(options);
  });
  afterAll(async () => {
    await running?.close();
  });
  beforeEach(() => running?.reset());
  return () => {
    if (running === undefined) throw new Error('the emulator is not running: use it inside a hook or a test');
    return running;
  };
}

/**
 * The inputs every run against the emulator needs: its key and URL, a project id and short poll
 * intervals. `extra` adds or replaces inputs; an extra value of `undefined` leaves that input unset.
 */
export function serviceInputs(
  emulator: Pick<Emulator, 'apiKey' | 'url'>,
  extra: Readonly<Record<string, string | undefined>> = {},
): Record<string, string> {
  const inputs: Record<string, string | undefined> = {
    'api-key': emulator.apiKey,
    'project-id': 'proj_123',
    'base-url': emulator.url,
    'poll-interval': '100ms',
    'max-poll-interval': '200ms',
    ...extra,
  };
  const defined: Record<string, string> = {};
  for (const [name, value] of Object.entries(inputs)) if (value !== undefined) defined[name] = value;
  return defined;
}
