/** The conversation's inputs: `command` (`/docs-agent Also add a Python example`) and `trigger-label`. */
import { InputError } from '../errors.js';
import type { InputReader } from '../inputs/reader.js';

export const CONVERSATION_INPUTS = {
  command: '/docs-agent',
  'trigger-label': 'docs-agent',
} as const;

export type ConversationInput = keyof typeof CONVERSATION_INPUTS;

export interface ConversationSettings {
  /** Compared in any case. */
  readonly command: string;
  /** Compared in any case, as GitHub compares label names. */
  readonly triggerLabel: string;
}

export const MAX_COMMAND_CHARS = 50;
/** GitHub's own limit for a label's name. */
export const MAX_LABEL_CHARS = 50;

/** One word of visible characters: no whitespace, no control character, no backtick (it is shown as code). */
const COMMAND = /^[^\s`\p{Cc}\p{Cf}]+$/u;
/** A label name as GitHub allows it, without control or invisible format characters (it is quoted in messages). */
const LABEL = /^[^\p{Cc}\p{Cf}]+$/u;

export function readConversationSettings(inputs: InputReader<ConversationInput>): ConversationSettings {
  const command = inputs.text('command');
  if (!COMMAND.test(command) || [...command].length > MAX_COMMAND_CHARS) {
    throw new InputError(
      'command',
      `must be one word of at most ${MAX_COMMAND_CHARS} characters without spaces or backticks, such as '/docs-agent' or '@docs-bot', got '${command}'.`,
    );
  }
  const triggerLabel = inputs.text('trigger-label');
  if (!LABEL.test(triggerLabel) || [...triggerLabel].length > MAX_LABEL_CHARS) {
    throw new InputError(
      'trigger-label',
      `must be a label name of at most ${MAX_LABEL_CHARS} characters without control or invisible characters, such as 'docs-agent'.`,
    );
  }
  return { command, triggerLabel };
}
