/**
 * A change's prompt: the instruction, then "What changed". The prompt limit holds for the whole, so
 * the instruction leaves room for the section (and the evidence); the result must carry no secret.
 */
import { ChangeContextError, InputError } from '../errors.js';
import { EVIDENCE_SEPARATOR, MAX_EVIDENCE_BYTES } from '../evidence/limits.js';
import { MAX_PROMPT_BYTES } from '../job/settings.js';
import { refuseSecrets, type NamedSecret } from '../text/redact.js';
import { MAX_CHANGE_BYTES } from './section.js';

export const DEFAULT_INSTRUCTION = 'Update the documentation where this change needs it.';
/** Between the instruction and the section: the same rule as before the analytics evidence. */
export const CHANGE_SEPARATOR = EVIDENCE_SEPARATOR;

/** Before any request. */
export function checkRoomForChange(prompt: string, withEvidence: boolean): void {
  const evidence = withEvidence ? MAX_EVIDENCE_BYTES + Buffer.byteLength(EVIDENCE_SEPARATOR) : 0;
  const room = MAX_PROMPT_BYTES - MAX_CHANGE_BYTES - Buffer.byteLength(CHANGE_SEPARATOR) - evidence;
  const size = Buffer.byteLength(prompt);
  if (size <= room) return;
  const parts = withEvidence
    ? `the 'What changed' section and the analytics evidence (up to ${MAX_CHANGE_BYTES + MAX_EVIDENCE_BYTES} bytes)`
    : `the 'What changed' section (up to ${MAX_CHANGE_BYTES} bytes)`;
  throw new InputError(
    'prompt',
    `is ${size} bytes; with ${parts} it must stay within ${MAX_PROMPT_BYTES} bytes, ` +
      `so on this event the prompt may be at most ${room} bytes. Shorten it, or set 'change-context: none'.`,
  );
}

export function withChangeSection(instruction: string, section: string, secrets: readonly NamedSecret[]): string {
  const prompt = `${instruction}${CHANGE_SEPARATOR}${section}`;
  return refuseSecrets(prompt, secrets, {
    what: "change-context: the prompt with its 'What changed' section",
    fix: "It came from a commit message, title or path: remove the secret from the repository's history and rotate it.",
    error: (message) => new ChangeContextError(message),
  });
}
