/**
 * The writes that wait for the job's result (src/steps/after-job.ts): the reactions and the record
 * started before it are awaited first, then the commit status shows the result, the agent's pull
 * request gets its comment, and the job's comment is updated last, its URL the `comment-url` output.
 */
import { expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import type { JobResult } from '../../../src/job/outcome.js';
import type { SettledRun } from '../../../src/steps/settle.js';

const core = mockCore();
const { afterJob } = await import('../../../src/steps/after-job.js');

const result: JobResult = {
  request: { kind: 'create', prompt: 'Document widgets' },
  jobId: 'job_1',
  job: { id: 'job_1', status: 'completed', prLink: 'https://github.com/acme/docs/pull/12' },
  status: 'completed',
  outcome: 'completed',
  polls: 1,
  elapsedMs: 1000,
};

const settled: SettledRun = {
  blocks: [],
  failure: undefined,
  jobResult: result,
  unclearJobId: undefined,
  analytics: { visitorsOnly: true },
};

/** A write that says when it ran, after a turn of the event loop. */
function later(order: string[], name: string): Promise<void> {
  return new Promise((resolve) =>
    setImmediate(() => {
      order.push(name);
      resolve();
    }),
  );
}

test('in order: the reaction, the rocket, the record, the status, the pull request, then the comment and its URL', async () => {
  const order: string[] = [];
  const seen: unknown[] = [];
  await afterJob(
    {
      reaction: later(order, 'reaction'),
      rocket: later(order, 'rocket'),
      sentRecord: later(order, 'record'),
      status: {
        finished: async (run) => {
          seen.push(run.jobResult);
          order.push('status');
        },
      },
      pullRequest: {
        mark: async (job) => {
          seen.push(job);
          order.push('pull request');
          return undefined;
        },
      },
      comment: {
        finished: async (job, unclear) => {
          seen.push(job, unclear);
          order.push('comment');
          return 'https://github.com/acme/docs/issues/7#issuecomment-1';
        },
      },
    },
    settled,
  );
  expect(order).toEqual(['reaction', 'rocket', 'record', 'status', 'pull request', 'comment']);
  expect(seen).toEqual([result, result, result, undefined]);
  expect(core.outputs.get('comment-url')).toBe('https://github.com/acme/docs/issues/7#issuecomment-1');
});

test('without a status, a pull request comment or a job comment: the rest still waits, and no comment-url is set', async () => {
  const order: string[] = [];
  await afterJob(
    {
      reaction: later(order, 'reaction'),
      rocket: later(order, 'rocket'),
      sentRecord: later(order, 'record'),
      status: undefined,
      pullRequest: undefined,
      comment: undefined,
    },
    settled,
  );
  expect(order).toEqual(['reaction', 'rocket', 'record']);
  expect(core.outputs.has('comment-url')).toBe(false);
});

test("a comment that could not be written sets comment-url to ''", async () => {
  const none = Promise.resolve();
  await afterJob(
    {
      reaction: none,
      rocket: none,
      sentRecord: none,
      status: undefined,
      pullRequest: undefined,
      comment: { finished: async () => undefined },
    },
    settled,
  );
  expect(core.outputs.get('comment-url')).toBe('');
});
