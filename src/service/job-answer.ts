/**
 * The 2xx answer to a create or a follow-up message. The service has acted on such a request, so a
 * body of the wrong shape is not a plain shape error: like a lost answer it leaves the user to
 * find the job, and the error carries the job's id whenever one can be read, so the action can
 * still hand it on (output, comment) and say where to look.
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

/**
 * Parses the answer to a create (`followedJobId` undefined) or to a message to `followedJobId`.
 * A wrong shape throws `AmbiguousRequestError` with the job's id: the one read from the answer for
 * a create, the job the message went to for a message.
 */
export function parseJobAnswer(body: unknown, what: string, text: AnswerText, followedJobId?: string): Job {
  try {
    return parseJob(body, what, text);
  } catch (error) {
    if (!(error instanceof ResponseShapeError)) throw error;
    const { text, jobId } = advice(body, followedJobId);
    throw new AmbiguousRequestError(`${error.message} ${text}`, undefined, jobId);
  }
}
