import { describe, expect, test } from '@jest/globals';
import { pollUntilTerminal, type PollOptions } from '../../../src/job/poll.js';
import { NotFoundError } from '../../../src/service/client.js';
import type { Job } from '../../../src/service/types.js';

interface Harness {
  options: PollOptions;
  sleeps: number[];
  polledAt: number[];
  changes: string[];
  unknown: string[];
}

/** Answers are statuses or errors, one per poll; the last repeats. */
function harness(answers: Array<string | Error>, overrides: Partial<PollOptions> = {}): Harness {
  let now = 0;
  const sleeps: number[] = [];
  const polledAt: number[] = [];
  const changes: string[] = [];
  const unknown: string[] = [];
  let index = 0;
  const options: PollOptions = {
    getJob: async (): Promise<Job> => {
      polledAt.push(now);
      const answer = answers[Math.min(index++, answers.length - 1)];
      if (answer instanceof Error) throw answer;
      return { id: 'job_1', status: answer ?? 'active', ...(answer === 'completed' && { prLink: 'https://github.com/a/b/pull/1' }) };
    },
    clock: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    intervalMs: 5000,
    maxIntervalMs: 30_000,
    deadline: 3_600_000,
    waitFirst: true,
    tolerateNotFound: true,
    initialStatus: 'active',
    onStatusChange: (job, previous) => changes.push(`${previous ?? '∅'}→${job.status}`),
    onUnknownStatus: (status) => unknown.push(status),
    onNotFound: () => undefined,
    ...overrides,
  };
  return { options, sleeps, polledAt, changes, unknown };
}

describe('pollUntilTerminal', () => {
  test('waits, grows the interval by half up to the cap, stops on a terminal status', async () => {
    const h = harness([...Array<string>(8).fill('active'), 'completed']);
    const result = await pollUntilTerminal(h.options);
    expect(result).toMatchObject({ timedOut: false, polls: 9, job: { status: 'completed' } });
    expect(h.sleeps).toEqual([5000, 7500, 11_250, 16_875, 25_312.5, 30_000, 30_000, 30_000, 30_000]);
    expect(h.changes).toEqual(['active→completed']);
  });

  test.each(['completed', 'archived', 'failed'])('%s is terminal', async (status) => {
    const result = await pollUntilTerminal(harness(['active', status]).options);
    expect(result.timedOut).toBe(false);
    expect(result.job?.status).toBe(status);
  });

  test('a job-id given by the user is polled at once', async () => {
    const h = harness(['completed'], { waitFirst: false, initialStatus: undefined });
    await pollUntilTerminal(h.options);
    expect(h.polledAt).toEqual([0]);
    expect(h.changes).toEqual(['∅→completed']);
  });

  test('an unknown status is reported once and polling goes on', async () => {
    const h = harness(['queued', 'queued', 'reviewing', 'queued', 'completed']);
    const result = await pollUntilTerminal(h.options);
    expect(result.job?.status).toBe('completed');
    expect(h.unknown).toEqual(['queued', 'reviewing']);
    expect(h.changes).toEqual(['active→queued', 'queued→reviewing', 'reviewing→queued', 'queued→completed']);
  });

  test('times out at the deadline after a last poll, keeping the last status', async () => {
    const h = harness(['active'], { deadline: 20_000 });
    const result = await pollUntilTerminal(h.options);
    expect(result.timedOut).toBe(true);
    expect(result.job?.status).toBe('active');
    expect(h.polledAt.at(-1)).toBe(20_000);
    expect(h.sleeps.reduce((a, b) => a + b, 0)).toBe(20_000);
  });

  test('tolerates a few 404s right after creation', async () => {
    const gone = new NotFoundError('not found', 404);
    const result = await pollUntilTerminal(harness([gone, gone, 'completed']).options);
    expect(result.job?.status).toBe('completed');
  });

  test('too many 404s, or any 404 for a user-given job, is an error', async () => {
    const gone = new NotFoundError('not found', 404);
    await expect(pollUntilTerminal(harness([gone]).options)).rejects.toBe(gone);
    await expect(pollUntilTerminal(harness([gone, 'completed'], { tolerateNotFound: false }).options)).rejects.toBe(gone);
  });

  test('other errors propagate', async () => {
    const boom = new Error('boom');
    await expect(pollUntilTerminal(harness(['active', boom]).options)).rejects.toBe(boom);
  });
});
