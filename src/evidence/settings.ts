/** `analytics-in-prompt` needs the reports, a prompt to append to, and room for the evidence within the prompt limit. */
import { InputError } from '../errors.js';
import type { InputReader } from '../inputs/reader.js';
import type { AnalyticsSettings } from '../analytics/settings.js';
import { MAX_PROMPT_BYTES, type JobRequest } from '../job/settings.js';
import { EVIDENCE_SEPARATOR, MAX_EVIDENCE_BYTES } from './limits.js';

export const EVIDENCE_INPUTS = {
  'analytics-in-prompt': 'false',
} as const;

export type EvidenceInput = keyof typeof EVIDENCE_INPUTS;

/** With analytics-in-prompt the prompt and its evidence together stay within the prompt limit. */
function checkRoomForEvidence(job: JobRequest | undefined): void {
  if (job?.kind !== 'create' && job?.kind !== 'message') {
    throw new InputError(
      'analytics-in-prompt',
      "needs 'prompt' or 'prompt-file': the evidence is appended to the prompt of the job or follow-up.",
    );
  }
  const room = MAX_PROMPT_BYTES - MAX_EVIDENCE_BYTES - Buffer.byteLength(EVIDENCE_SEPARATOR);
  const size = Buffer.byteLength(job.prompt);
  if (size > room) {
    throw new InputError(
      'analytics-in-prompt',
      `the prompt is ${size} bytes; with its evidence (up to ${MAX_EVIDENCE_BYTES} bytes) it must stay within ${MAX_PROMPT_BYTES} bytes, ` +
        `so the prompt may be at most ${room} bytes.`,
    );
  }
}

export function readAnalyticsInPrompt(
  inputs: InputReader<EvidenceInput>,
  analytics: AnalyticsSettings | undefined,
  job: JobRequest | undefined,
): boolean {
  if (!inputs.bool('analytics-in-prompt')) return false;
  if (analytics === undefined) {
    throw new InputError('analytics-in-prompt', "needs 'analytics: true': the evidence comes from the analytics reports.");
  }
  checkRoomForEvidence(job);
  return true;
}
