/**
 * The 2xx answer to a create or a message: the service has acted, so a wrong shape leaves the user to find the job, like a
 * lost answer. The error carries the job's id whenever one can be read, so the action can still hand it on and say where.
 */
import { AmbiguousRequestError, ResponseShapeError } from '../errors.js';
import { isRecord } from '../is-record.js';
import type { AnswerText } from './answer-text.js';
import { parseJob } from './guards.js';
import type { Job } from './types.js';

/** Objects a job is sometimes wrapped in (`{"job": {...}}`, `{"data": {...}}`); read for the id only. */
const WRAPPERS = ['job', 'data'] as const;

function stringId(value: unknown): string | undefined {
  return isRecord(value) && typeof value['id'] === 'string' && value['id'] !== '' ? value['id'] : undefined;
}

/** The job id an answer shows, at the top level or inside one wrapper object. */
export function readableJobId(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const top = stringId(body);
  if (top !== undefined || 'id' in body) return top;
  for (const wrapper of WRAPPERS) {
    const inner = stringId(body[wrapper]);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

function advice(body: unknown, followedJobId: string | undefined): { text: string; jobId?: string } {
  if (followedJobId !== undefined) {
    return {
      text:
        `The service acted on the request: the message was probably delivered to job ${followedJobId}. ` +
        'Check the job in the Mintlify dashboard before sending the message again; ' +
        `to wait for the job, run the action with job-id: ${followedJobId} and no prompt.`,
      jobId: followedJobId,
    };
  }
  const jobId = readableJobId(body);
  if (jobId === undefined) {
    return { text: 'The service acted on the request and may have started a job: check the Mintlify dashboard before re-running.' };
  }
  return {
    text:
      `The service acted on the request and names job ${jobId}, which was probably started: check it in the Mintlify dashboard, ` +
      `and follow it with job-id: ${jobId} and no prompt instead of starting another job.`,
    jobId,
  };
}

/** `followedJobId`: the job a message went to; undefined for a create, whose error takes the id the answer shows. */
export function parseJobAnswer(body: unknown, what: string, text: AnswerText, followedJobId?: string): Job {
  try {
    return parseJob(body, what, text);
  } catch (error) {
    if (!(error instanceof ResponseShapeError)) throw error;
    const { text, jobId } = advice(body, followedJobId);
    throw new AmbiguousRequestError(`${error.message} ${text}`, undefined, jobId);
  }
}
