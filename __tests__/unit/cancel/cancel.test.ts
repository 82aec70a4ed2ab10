/**
 * Cancellation: the signals are emitted on a test emitter, `exit` is recorded, and every bounded
 * wait is a timer the test fires by hand, so "the answer came in time" and "it did not" are both
 * exact, with no real time involved.
 */
import { beforeEach, describe, expect, test } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { mockCore } from '../../helpers/core-mock.js';
import type { Progress } from '../../../src/cancel.js';
import type { CommentsApi, IssueComment } from '../../../src/comment/github-api.js';
import type { JobResult } from '../../../src/job/outcome.js';
import type { Job } from '../../../src/service/types.js';
import type { PendingRequest as Pending } from '../../../src/job/pending.js';

const core = mockCore();
const { CANCEL_LIMITS, cancelHint, handleCancellation } = await import('../../../src/cancel.js');
const { PendingRequest } = await import('../../../src/job/pending.js');
const { CommentSession } = await import('../../../src/comment/session.js');
const { AmbiguousRequestError, ServiceError } = await import('../../../src/errors.js');
const { commentMarker } = await import('../../../src/comment/body.js');

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every settled promise run its reactions. */
const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

let signals: EventEmitter;
let exits: number[];
let timers: Array<{ ms: number; fire: () => void }>;
let now: number;

let aborts: number;

/** What the run put in `progress`, the job's record spread out as the job phase keeps it. */
interface Installed extends Omit<Progress, 'job'> {
  readonly jobId?: string;
  readonly request?: Pending;
  readonly result?: JobResult;
}

function install(installed: Installed): () => void {
  const { jobId, request, result, ...rest } = installed;
  const progress: Progress = { ...rest, job: { jobId, request, result } };
  return handleCancellation(progress, {
    signals,
    exit: (code) => void exits.push(code),
    abortGitHub: () => void aborts++,
    wait: (ms) => new Promise<void>((resolve) => void timers.push({ ms, fire: resolve })),
    clock: () => now,
  });
}

/** Lets the pending timer of `ms` run out. */
async function fire(ms: number): Promise<void> {
  const index = timers.findIndex((timer) => timer.ms === ms);
  expect(index).toBeGreaterThanOrEqual(0);
  const [timer] = timers.splice(index, 1);
  now += ms;
  timer?.fire();
  await flush();
}

const job = (id: string): Job => ({ id, status: 'active' });

/** The job phase's result for a job that completed with a pull request. */
const ended: JobResult = {
  request: { kind: 'create', prompt: 'p' },
  jobId: 'job_1',
  job: { id: 'job_1', status: 'completed', prLink: 'https://github.com/acme/docs/pull/5' },
  status: 'completed',
  outcome: 'completed',
  polls: 2,
  elapsedMs: 3000,
};

/** A comments API that records calls; `hold` makes every call hang. */
function fakeApi(options: { hold?: boolean } = {}) {
  const calls: Array<{ method: string; body?: string; id?: number }> = [];
  const answer = (comment: IssueComment): Promise<IssueComment> => (options.hold ? new Promise(() => undefined) : Promise.resolve(comment));
  const api: CommentsApi = {
    listPage: async () => {
      calls.push({ method: 'list' });
      return { comments: [], lastPage: undefined };
    },
    create: (body) => {
      calls.push({ method: 'create', body });
      return answer({ id: 1, body, htmlUrl: 'https://github.com/acme/docs/issues/7#issuecomment-1' });
    },
    update: (id, body) => {
      calls.push({ method: 'update', id, body });
      return answer({ id, body, htmlUrl: `https://github.com/acme/docs/issues/7#issuecomment-${id}` });
    },
    viewerLogin: () => {
      calls.push({ method: 'viewer' });
      return Promise.resolve('github-actions[bot]');
    },
  };
  return { api, calls };
}

function session(api: CommentsApi, request: 'create' | 'message' | 'wait' = 'create') {
  return new CommentSession({
    api,
    target: { number: 7, kind: 'issue' },
    request,
    wait: true,
    runUrl: 'https://github.com/acme/docs/actions/runs/4242',
    describe: (error) => ({ message: String(error), permanent: false }),
    warn: () => undefined,
    info: () => undefined,
  });
}

beforeEach(() => {
  aborts = 0;
  signals = new EventEmitter();
  exits = [];
  timers = [];
  now = 1_000_000;
});

describe('the log line', () => {
  test('a known job: its id and how to resume, at once, then exit 143 on SIGTERM', async () => {
    install({ jobId: 'job_1' });
    signals.emit('SIGTERM', 'SIGTERM');
    await flush();
    expect(core.messages('info')).toEqual([
      'Received SIGTERM: stopping. Job job_1 keeps running on the service. To wait for it again, run the action with job-id: job_1 and no prompt.',
    ]);
    // Out of any collapsed group ("Wait for job …"), where a reader would not see it.
    expect(core.log.map((line) => line.level)).toEqual(['endgroup', 'info']);
    expect(timers).toEqual([]);
    expect(exits).toEqual([143]);
  });

  test('a create answered during the wait: the job it created, and its id as the output', async () => {
    const answer = deferred<Job>();
    install({ request: new PendingRequest('create', answer.promise) });
    signals.emit('SIGINT', 'SIGINT');
    await flush();
    expect(timers.map((timer) => timer.ms)).toEqual([CANCEL_LIMITS.SIGINT.answerMs]);
    expect(core.messages('info')).toEqual([]);
    answer.resolve(job('job_9'));
    await flush();
    expect(core.messages('info')).toEqual([
      'Received SIGINT: stopping. Job job_9 keeps running on the service. To wait for it again, run the action with job-id: job_9 and no prompt.',
    ]);
    expect(core.outputs.get('job-id')).toBe('job_9');
    expect(exits).toEqual([130]);
  });

  test('a create with no answer in time: the job may exist, check the dashboard', async () => {
    install({ request: new PendingRequest('create', new Promise<Job>(() => undefined)) });
    signals.emit('SIGTERM', 'SIGTERM');
    await flush();
    expect(exits).toEqual([]);
    await fire(CANCEL_LIMITS.SIGTERM.answerMs);
    expect(core.messages('info')).toEqual([
      'Received SIGTERM: stopping. A request to create a job was sent and got no clear answer: the service may have started a job. Check the Mintlify dashboard before re-running, and follow a job you find there with job-id and no prompt instead of creating another.',
    ]);
    expect(core.outputs.has('job-id')).toBe(false);
    expect(exits).toEqual([143]);
  });

  test('a create refused during the wait: no job was started', async () => {
    const answer = deferred<Job>();
    install({ request: new PendingRequest('create', answer.promise) });
    signals.emit('SIGTERM', 'SIGTERM');
    answer.reject(new ServiceError('create job: HTTP 400: prompt is required', 400));
    await flush();
    expect(core.messages('info')).toEqual(['Received SIGTERM: stopping. The request to create a job failed, so no job was started.']);
    expect(exits).toEqual([143]);
  });

  test('a create answered in the wrong shape with an id: that job', async () => {
    const answer = deferred<Job>();
    install({ request: new PendingRequest('create', answer.promise) });
    signals.emit('SIGTERM', 'SIGTERM');
    answer.reject(new AmbiguousRequestError('create job: odd answer', undefined, 'job_odd'));
    await flush();
    expect(core.messages('info')).toEqual([expect.stringContaining('Job job_odd keeps running on the service.')]);
    expect(core.outputs.get('job-id')).toBe('job_odd');
  });

  test('a create whose answer was lost (5xx): the job may exist', async () => {
    const answer = deferred<Job>();
    install({ request: new PendingRequest('create', answer.promise) });
    signals.emit('SIGTERM', 'SIGTERM');
    answer.reject(new AmbiguousRequestError('create job: the service failed with HTTP 502', 502));
    await flush();
    expect(core.messages('info')).toEqual([expect.stringContaining('the service may have started a job')]);
  });

  test('a message with no answer in time names the job it was sent to', async () => {
    install({ jobId: 'job_given', request: new PendingRequest('message', new Promise<Job>(() => undefined), 'job_given') });
    signals.emit('SIGTERM', 'SIGTERM');
    await fire(CANCEL_LIMITS.SIGTERM.answerMs);
    expect(core.messages('info')).toEqual([
      'Received SIGTERM: stopping. A follow-up message to job job_given was sent and got no clear answer, so it may or may not have reached the job: check job job_given in the Mintlify dashboard before sending the message again. To wait for the job, run the action with job-id: job_given and no prompt.',
    ]);
    expect(core.outputs.get('job-id')).toBe('job_given');
  });

  test('a message answered during the wait names the job it was sent to, not the one the answer names', async () => {
    const answer = deferred<Job>();
    install({ jobId: 'job_given', request: new PendingRequest('message', answer.promise, 'job_given') });
    signals.emit('SIGTERM', 'SIGTERM');
    answer.resolve(job('job_other'));
    await flush();
    expect(core.messages('info')).toEqual([expect.stringContaining('Job job_given keeps running on the service.')]);
  });

  test('a message refused: not delivered, and no job-id output', async () => {
    const answer = deferred<Job>();
    install({ jobId: 'job_gone', request: new PendingRequest('message', answer.promise, 'job_gone') });
    signals.emit('SIGTERM', 'SIGTERM');
    answer.reject(new ServiceError('message to job job_gone: not found (HTTP 404: Job not found).', 404));
    await flush();
    expect(core.messages('info')).toEqual([
      'Received SIGTERM: stopping. The follow-up message to job job_gone was not delivered: the service refused it or it could not be sent.',
    ]);
    expect(core.outputs.has('job-id')).toBe(false);
  });

  test.each([
    ['completed', 'completed'],
    ['failed', 'failed'],
  ] as const)('a job that had already ended (%s) is not said to keep running', async (outcome, status) => {
    install({ jobId: 'job_1', result: { ...ended, outcome, status } });
    signals.emit('SIGTERM', 'SIGTERM');
    await flush();
    expect(core.messages('info')).toEqual([`Received SIGTERM: stopping. Job job_1 had already ended ('${status}').`]);
  });

  test('a job left running (timeout) still gets the resume hint', async () => {
    install({ jobId: 'job_1', result: { ...ended, outcome: 'timeout', status: 'active' } });
    signals.emit('SIGTERM', 'SIGTERM');
    await flush();
    expect(core.messages('info')).toEqual([expect.stringContaining('Job job_1 keeps running on the service.')]);
  });

  test('nothing sent yet', async () => {
    install({});
    signals.emit('SIGINT', 'SIGINT');
    await flush();
    expect(core.messages('info')).toEqual(['Received SIGINT: stopping. No job had been started yet.']);
    expect(exits).toEqual([130]);
  });
});

describe('a second signal', () => {
  test('during the wait for an answer: the line is written with what is known, and the process exits at once', async () => {
    install({ request: new PendingRequest('create', new Promise<Job>(() => undefined)) });
    signals.emit('SIGINT', 'SIGINT');
    await flush();
    signals.emit('SIGTERM', 'SIGTERM');
    expect(core.messages('info')).toEqual([
      expect.stringMatching(/^Received SIGTERM again: stopping\. A request to create a job was sent .* may have started a job/),
    ]);
    expect(exits).toEqual([143]);
    // The first handler's wait ending later writes nothing more.
    await fire(CANCEL_LIMITS.SIGINT.answerMs);
    expect(core.messages('info')).toHaveLength(1);
  });

  test('while the comment is written: exits at once', async () => {
    const { api } = fakeApi({ hold: true });
    const comment = session(api);
    comment.started('job_1');
    install({ jobId: 'job_1', comment });
    signals.emit('SIGINT', 'SIGINT');
    await flush();
    expect(exits).toEqual([]);
    signals.emit('SIGTERM', 'SIGTERM');
    expect(core.messages('info')).toEqual([
      expect.stringContaining('Received SIGINT: stopping. Job job_1'),
      'Received SIGTERM again: stopping without waiting for the issue comment.',
    ]);
    expect(exits).toEqual([143]);
  });

  test('the handlers stay while a cancellation is under way, and go when the run ends normally', async () => {
    const remove = install({ request: new PendingRequest('create', new Promise<Job>(() => undefined)) });
    expect(signals.listenerCount('SIGINT')).toBe(1);
    signals.emit('SIGINT', 'SIGINT');
    remove();
    expect(signals.listenerCount('SIGINT')).toBe(1);
    expect(signals.listenerCount('SIGTERM')).toBe(1);

    const idle = new EventEmitter();
    handleCancellation({}, { signals: idle, exit: () => undefined, wait: async () => undefined, clock: () => now })();
    expect(idle.listenerCount('SIGINT') + idle.listenerCount('SIGTERM')).toBe(0);
  });
});

describe('the issue comment', () => {
  test('the started comment is updated to say the run was cancelled, with the job and how to resume', async () => {
    const { api, calls } = fakeApi();
    const comment = session(api);
    comment.started('job_1');
    install({ jobId: 'job_1', comment });
    signals.emit('SIGTERM', 'SIGTERM');
    await flush();
    expect(calls.map((call) => call.method)).toEqual(['list', 'create', 'update']);
    const body = calls[2]?.body ?? '';
    expect(body.startsWith(commentMarker('job_1'))).toBe(true);
    expect(body).toContain('### ⏹️ Mintlify agent job `job_1`: run cancelled');
    expect(body).toContain('`job-id: job_1`');
    expect(exits).toEqual([143]);
    // The end of the job phase, if it still comes, does not overwrite it.
    await comment.finished(undefined);
    expect(calls).toHaveLength(3);
  });

  test.each([
    ['before', ['list', 'create', 'update']],
    ['after', ['list', 'create']],
  ])(
    'a job that becomes known during the wait: the job phase learning it %s the cancellation ends with the cancelled comment',
    async (order, methods) => {
      const { api, calls } = fakeApi();
      const comment = session(api);
      const answer = deferred<Job>();
      install({ request: new PendingRequest('create', answer.promise), comment });
      signals.emit('SIGTERM', 'SIGTERM');
      await flush();
      answer.resolve(job('job_5'));
      // The job phase learns the id too and starts the comment, before or after the cancellation does.
      if (order === 'before') comment.started('job_5');
      await flush();
      if (order === 'after') comment.started('job_5');
      await flush();
      expect(calls.map((call) => call.method)).toEqual(methods);
      expect(calls.at(-1)?.body).toContain('Mintlify agent job `job_5`: run cancelled');
    },
  );

  test('a create with no answer: a comment without a job id says where to look', async () => {
    const { api, calls } = fakeApi();
    install({ request: new PendingRequest('create', new Promise<Job>(() => undefined)), comment: session(api) });
    signals.emit('SIGTERM', 'SIGTERM');
    await fire(CANCEL_LIMITS.SIGTERM.answerMs);
    expect(calls.map((call) => call.method)).toEqual(['create']);
    expect(calls[0]?.body).toContain('A job may have started: check the Mintlify dashboard');
    expect(calls[0]?.body).not.toContain('mintlify-docs-agent job=');
    expect(exits).toEqual([143]);
  });

  test('a message with no answer: the comment names the job and the doubt about the message', async () => {
    const { api, calls } = fakeApi();
    install({
      jobId: 'job_given',
      request: new PendingRequest('message', new Promise<Job>(() => undefined), 'job_given'),
      comment: session(api, 'message'),
    });
    signals.emit('SIGTERM', 'SIGTERM');
    await fire(CANCEL_LIMITS.SIGTERM.answerMs);
    expect(calls.map((call) => call.method)).toEqual(['list', 'create']);
    expect(calls[1]?.body).toContain('may or may not have reached the job');
    expect(calls[1]?.body).toContain('`job-id: job_given`');
  });

  test('a job that had already ended: the comment shows its result, not "cancelled"', async () => {
    const { api, calls } = fakeApi();
    const comment = session(api);
    comment.started('job_1');
    install({ jobId: 'job_1', result: ended, comment });
    signals.emit('SIGTERM', 'SIGTERM');
    await flush();
    expect(calls.map((call) => call.method)).toEqual(['list', 'create', 'update']);
    expect(calls[2]?.body).toContain('Mintlify agent job `job_1` ✅ completed');
    expect(calls[2]?.body).not.toContain('cancelled');
  });

  test('no comment when no job was started', async () => {
    const { api, calls } = fakeApi();
    const answer = deferred<Job>();
    install({ request: new PendingRequest('create', answer.promise), comment: session(api) });
    signals.emit('SIGTERM', 'SIGTERM');
    answer.reject(new ServiceError('create job: HTTP 400: bad', 400));
    await flush();
    expect(calls).toEqual([]);
    expect(exits).toEqual([143]);
  });

  test('a GitHub that does not answer holds the exit no longer than the comment wait', async () => {
    const { api } = fakeApi({ hold: true });
    install({ jobId: 'job_1', comment: session(api) });
    signals.emit('SIGTERM', 'SIGTERM');
    await flush();
    expect(exits).toEqual([]);
    await fire(CANCEL_LIMITS.SIGTERM.totalMs);
    expect(exits).toEqual([143]);
    expect(core.messages('info').at(-1)).toBe(
      'GitHub did not answer within the 2.0 s a cancelled step has left: the issue comment may still say the job is running.',
    );
  });

  test('a comment GitHub refuses: the log says it could not be updated', async () => {
    const { api } = fakeApi();
    const refusing: CommentsApi = { ...api, create: () => Promise.reject(new Error('HTTP 500')) };
    install({ jobId: 'job_1', comment: session(refusing) });
    signals.emit('SIGTERM', 'SIGTERM');
    await flush();
    expect(exits).toEqual([143]);
    expect(core.messages('info').at(-1)).toBe(
      'The issue comment could not be updated (see the warning above): the issue comment may still say the job is running.',
    );
  });
});

describe('the commit status', () => {
  /** A status that records what it is asked; `answer` decides when (and whether) GitHub took it. */
  function status(answer: () => Promise<boolean> = () => Promise.resolve(true)) {
    const asked: Array<{ jobId: string | undefined; ended: JobResult | undefined }> = [];
    return {
      asked,
      cancelled: (jobId: string | undefined, endedJob: JobResult | undefined) => {
        asked.push({ jobId, ended: endedJob });
        return answer();
      },
    };
  }

  test('a change run cancelled while it follows its job: error, naming the job, written before the exit', async () => {
    const written = status();
    install({ jobId: 'job_1', status: written });
    signals.emit('SIGTERM', 'SIGTERM');
    await flush();
    expect(written.asked).toEqual([{ jobId: 'job_1', ended: undefined }]);
    expect(exits).toEqual([143]);
  });

  test('cancelled before any job was known (the create refused or not yet sent): the status is set all the same, without a job', async () => {
    const written = status();
    install({ status: written });
    signals.emit('SIGINT', 'SIGINT');
    await flush();
    expect(written.asked).toEqual([{ jobId: undefined, ended: undefined }]);
  });

  test('the job had already ended: its result goes to the status', async () => {
    const written = status();
    install({ jobId: 'job_1', result: ended, status: written });
    signals.emit('SIGTERM', 'SIGTERM');
    await flush();
    expect(written.asked).toEqual([{ jobId: 'job_1', ended }]);
  });

  test('alongside the comment, within the same time: a GitHub that does not answer holds the exit no longer', async () => {
    const { api } = fakeApi({ hold: true });
    const written = status(() => new Promise<boolean>(() => undefined));
    install({ jobId: 'job_1', comment: session(api), status: written });
    signals.emit('SIGTERM', 'SIGTERM');
    await flush();
    expect(timers.map((timer) => timer.ms)).toEqual([CANCEL_LIMITS.SIGTERM.totalMs, CANCEL_LIMITS.SIGTERM.totalMs]);
    await fire(CANCEL_LIMITS.SIGTERM.totalMs);
    await fire(CANCEL_LIMITS.SIGTERM.totalMs);
    expect(exits).toEqual([143]);
    expect(core.messages('info')).toContain(
      "GitHub did not answer within the 2.0 s a cancelled step has left: the commit status may still say 'pending' until the next run replaces it.",
    );
  });

  test('a status GitHub refuses: the log says so', async () => {
    install({ jobId: 'job_1', status: status(() => Promise.resolve(false)) });
    signals.emit('SIGTERM', 'SIGTERM');
    await flush();
    expect(core.messages('info').at(-1)).toBe(
      "The commit status could not be set (see the notice above): the commit status may still say 'pending' until the next run replaces it.",
    );
  });
});

describe('what is in flight', () => {
  test('the first signal aborts the GitHub calls in flight and removes the export files still being written, at once', async () => {
    let removed = 0;
    install({ jobId: 'job_1', temporaryFiles: { removeAll: () => void removed++ } });
    expect([aborts, removed]).toEqual([0, 0]);
    signals.emit('SIGINT', 'SIGINT');
    expect([aborts, removed]).toEqual([1, 1]);
    await flush();
    expect(exits).toEqual([130]);
  });

  test('a comment call aborted by the cancellation is no warning, and the cancelled comment goes through the un-aborted calls', async () => {
    const { GitHubError } = await import('../../../src/github/errors.js');
    const { api, calls } = fakeApi();
    const aborted = new GitHubError('POST: the request was aborted', { kind: 'lost', what: 'POST', detail: 'aborted', aborted: true });
    const abortedApi: CommentsApi = { ...api, create: () => Promise.reject(aborted), listPage: () => Promise.reject(aborted) };
    const warnings: string[] = [];
    const comment = new CommentSession({
      api: abortedApi,
      cancelApi: api,
      target: { number: 7, kind: 'issue' },
      request: 'create',
      wait: true,
      runUrl: undefined,
      describe: (error) => ({ message: String(error), permanent: false }),
      warn: (message) => void warnings.push(message),
      info: () => undefined,
    });
    comment.started('job_1');
    install({ jobId: 'job_1', comment });
    signals.emit('SIGTERM', 'SIGTERM');
    await flush();
    expect(warnings).toEqual([]);
    expect(calls.map((call) => call.method)).toEqual(['list', 'create']);
    expect(calls[1]?.body).toContain('run cancelled');
  });
});

describe('the limits', () => {
  /** What the runner leaves after each signal: SIGTERM 7.5 s after SIGINT, the kill 2.5 s after SIGTERM. */
  const RUNNER_GAP_MS = { SIGINT: 7_500, SIGTERM: 2_500 } as const;

  test.each(['SIGINT', 'SIGTERM'] as const)(
    'after %s, the answer wait and the comment together end within the limit, before the runner goes on',
    async (signal) => {
      const { api } = fakeApi({ hold: true });
      const signalled = now;
      install({ request: new PendingRequest('create', new Promise<Job>(() => undefined)), comment: session(api) });
      signals.emit(signal, signal);
      await fire(CANCEL_LIMITS[signal].answerMs);
      expect(exits).toEqual([]);
      // The comment gets only what is left.
      expect(timers.map((timer) => timer.ms)).toEqual([CANCEL_LIMITS[signal].totalMs - CANCEL_LIMITS[signal].answerMs]);
      await fire(CANCEL_LIMITS[signal].totalMs - CANCEL_LIMITS[signal].answerMs);
      expect(exits).toHaveLength(1);
      expect(now - signalled).toBe(CANCEL_LIMITS[signal].totalMs);
      expect(CANCEL_LIMITS[signal].totalMs).toBeLessThan(RUNNER_GAP_MS[signal]);
    },
  );
});

test('the hint for every state names the job whenever one is known', () => {
  const given = { jobId: 'job_g', ended: undefined };
  expect(cancelHint({ ...given, request: undefined, outcome: undefined })).toContain('Job job_g keeps running');
  expect(cancelHint({ ...given, request: 'message', outcome: undefined })).toContain('job job_g');
  expect(cancelHint({ ...given, request: 'message', outcome: { kind: 'unclear' } })).toContain('job-id: job_g');
  expect(cancelHint({ ...given, request: 'message', outcome: { kind: 'refused' } })).toContain('job job_g');
  expect(cancelHint({ jobId: undefined, ended: undefined, request: 'create', outcome: { kind: 'unclear' } })).toContain(
    'may have started a job',
  );
});
