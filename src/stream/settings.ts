/**
 * The docs stream's inputs: the `docs-agent` commit status on a change's commit (`commit-status`),
 * which is also the record a re-run finds its job by, and sending the next change to the job whose
 * pull request is still open instead of starting another (`extend-open-pr`).
 */
import { InputError } from '../errors.js';
import type { InputReader } from '../inputs/reader.js';

export const STREAM_INPUTS = {
  'commit-status': 'true',
  'extend-open-pr': 'false',
} as const;

export type StreamInput = keyof typeof STREAM_INPUTS;

export interface StreamSettings {
  /** A change run writes the `docs-agent` status on its commit and reads it back on a re-run. */
  readonly commitStatus: boolean;
  /** A push or digest whose last documented commit names a job with an open pull request follows that job up. */
  readonly extendOpenPr: boolean;
}

export function readStreamSettings(inputs: InputReader<StreamInput>): StreamSettings {
  const commitStatus = inputs.bool('commit-status');
  const extendOpenPr = inputs.bool('extend-open-pr');
  // The job a change extends is found only through the status the last documented commit carries.
  if (extendOpenPr && !commitStatus) {
    throw new InputError(
      'extend-open-pr',
      "needs 'commit-status: true': the docs-agent status of the last documented commit names the job to extend.",
    );
  }
  return { commitStatus, extendOpenPr };
}
