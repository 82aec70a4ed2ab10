/** The docs stream's inputs: `commit-status`, `status-context` and `extend-open-pr`. */
import { InputError } from '../errors.js';
import type { InputReader } from '../inputs/reader.js';
import type { JobRequest } from '../job/settings.js';

export const STREAM_INPUTS = {
  'commit-status': 'auto',
  'extend-open-pr': 'false',
  'status-context': 'docs-agent',
} as const;

/** GitHub refuses (422) a longer context. */
export const STATUS_CONTEXT_CHARS = 255;

export type StreamInput = keyof typeof STREAM_INPUTS;

export interface StreamSettings {
  readonly commitStatus: boolean;
  readonly extendOpenPr: boolean;
  /** A second workflow's own, so a reader (and branch protection) tells them apart. */
  readonly statusContext: string;
}

/**
 * `auto`: a status for the workflows built for the docs stream (no `prompt`, no `job-id`) and for
 * `extend-open-pr`; a workflow with its own prompt ran before statuses existed and writes none unless it asks.
 */
function readCommitStatus(inputs: InputReader<StreamInput>, request: JobRequest | undefined, extendOpenPr: boolean): boolean {
  const value = inputs.text('commit-status').toLowerCase();
  if (value === 'auto') return request === undefined || extendOpenPr;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new InputError('commit-status', `must be 'auto', 'true' or 'false', got '${inputs.text('commit-status')}'.`);
}

function readStatusContext(inputs: InputReader<StreamInput>): string {
  const value = inputs.text('status-context').trim();
  const length = Array.from(value).length;
  if (length === 0 || length > STATUS_CONTEXT_CHARS || /[\p{Cc}\p{Zl}\p{Zp}]/u.test(value)) {
    throw new InputError(
      'status-context',
      `must be a label of 1 to ${STATUS_CONTEXT_CHARS} characters on one line, as GitHub takes a status context (for example 'docs-agent/release').`,
    );
  }
  return value;
}

export function readStreamSettings(inputs: InputReader<StreamInput>, request: JobRequest | undefined): StreamSettings {
  const extendOpenPr = inputs.bool('extend-open-pr');
  const commitStatus = readCommitStatus(inputs, request, extendOpenPr);
  // The job a change extends is found only through the status the last documented commit carries.
  if (extendOpenPr && !commitStatus) {
    throw new InputError(
      'extend-open-pr',
      "needs 'commit-status: true': the docs-agent status of the last documented commit names the job to extend.",
    );
  }
  return { commitStatus, extendOpenPr, statusContext: readStatusContext(inputs) };
}
