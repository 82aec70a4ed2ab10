/**
 * The emulator and the fake GitHub API as jest fixtures for the end-to-end tests: one server per file
 * (or describe block), cleared before each test, and the inputs every run against the emulator needs.
 */
import { afterAll, beforeAll, beforeEach, expect } from '@jest/globals';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator/server.js';
import { startFakeGitHub, type FakeGitHub, type FakeGitHubOptions } from './fake-github.js';

/** What a fixture runs: a server that closes and goes back to its start state. */
interface TestServer {
  close(): Promise<void>;
  reset(): void;
}

/**
 * Registers beforeAll (start), afterAll (close) and beforeEach (reset) in the calling scope, and
 * returns the running server. Call it where hooks may be registered (top level or inside describe);
 * call the accessor only inside hooks and tests.
 */
function useServer<Server extends TestServer>(name: string, start: () => Promise<Server>): () => Server {
  let running: Server | undefined;
  beforeAll(async () => {
    running = await start();
  });
  afterAll(async () => {
    await running?.close();
  });
  beforeEach(() => running?.reset());
  return () => {
    if (running === undefined) throw new Error(`${name} is not running: use it inside a hook or a test`);
    return running;
  };
}

/** The emulator, reset before each test to no jobs, no log and the default scenario. */
export function useEmulator(options?: EmulatorOptions): () => Emulator {
  return useServer('the emulator', () => startEmulator(options));
}

/**
 * The fake GitHub API, reset before each test: no requests, comments, reactions, statuses, workflow
 * runs or repository; the options' collaborators, visibility and token permissions kept.
 */
export function useFakeGitHub(options: FakeGitHubOptions): () => FakeGitHub {
  return useServer('the fake GitHub', () => startFakeGitHub(options));
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

/** The prompt of the one request of `endpoint` the emulator received (a job created, or a message to one). */
export function sentPrompt(emulator: Pick<Emulator, 'requests'>, endpoint: 'create' | 'message'): string {
  const sent = emulator.requests.filter((request) => request.endpoint === endpoint);
  expect(sent).toHaveLength(1);
  return (JSON.parse(sent[0]?.body ?? '{}') as { prompt: string }).prompt;
}
