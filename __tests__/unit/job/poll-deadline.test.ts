/**
 * A poll whose retries run into the deadline is a timeout, as a poll at the deadline is: found by
 * the fault soak, where the same run failed or passed depending on when a 503 came.
 */
import { expect, test } from '@jest/globals';
import { DeadlineError, ServiceError } from '../../../src/errors.js';
import { pollUntilTerminal, type PollOptions } from '../../../src/job/poll.js';
import type { Job } from '../../../src/service/types.js';

function options(answers: Array<string | Error>): PollOptions {
  let now = 0;
  let index = 0;
  return {
    getJob: async (): Promise<Job> => {
      const answer = answers[Math.min(index++, answers.length - 1)];
      if (answer instanceof Error) throw answer;
      return { id: 'job_1', status: answer ?? 'active' };
    },
    clock: () => now,
    sleep: async (ms) => {
      now += ms;
    },
    intervalMs: 1000,
    maxIntervalMs: 1000,
    deadline: 60_000,
    waitFirst: true,
    tolerateNotFound: true,
    initialStatus: 'active',
    onStatusChange: () => undefined,
    onUnknownStatus: () => undefined,
    onNotFound: () => undefined,
  };
}

test('a DeadlineError from the client ends the wait as timed out, with the last job seen and why', async () => {
  const why = 'get job: HTTP 503; the next retry would pass the timeout.';
  const result = await pollUntilTerminal(options(['active', 'paused', new DeadlineError(why)]));
  expect(result).toEqual({ timedOut: true, polls: 3, job: { id: 'job_1', status: 'paused' }, reason: why });
});

test('a DeadlineError before any job was seen is a timeout without a job', async () => {
  const result = await pollUntilTerminal(options([new DeadlineError('x')]));
  expect(result).toEqual({ timedOut: true, polls: 1, reason: 'x' });
});

test('a wait that reaches the deadline has no reason to give: the timeout ran out', async () => {
  const result = await pollUntilTerminal(options(['active']));
  expect(result.timedOut).toBe(true);
  expect(result).not.toHaveProperty('reason');
});

test('other errors still end the poll as errors', async () => {
  await expect(pollUntilTerminal(options(['active', new ServiceError('get job: HTTP 400')]))).rejects.toThrow('HTTP 400');
});
