/**
 * The conversation's input: `command`, the word a comment or review starts with to talk to the
 * agent (`/docs-agent Also add a Python example`). On comment and review events without a
 * `prompt`, the action reads the comment itself and answers only comments that start with it.
 */
import { InputError } from '../errors.js';
import type { InputReader } from '../inputs/reader.js';

export const CONVERSATION_INPUTS = {
  command: '/docs-agent',
} as const;

export type ConversationInput = keyof typeof CONVERSATION_INPUTS;

export interface ConversationSettings {
  /** The command word, as given (compared in any case). */
  readonly command: string;
}

export const MAX_COMMAND_CHARS = 50;

/** One word of visible characters: no whitespace, no control character, no backtick (it is shown as code). */
const COMMAND = /^[^\s`\p{Cc}\p{Cf}]+$/u;

export function readConversationSettings(inputs: InputReader<ConversationInput>): ConversationSettings {
  const command = inputs.text('command');
  if (!COMMAND.test(command) || [...command].length > MAX_COMMAND_CHARS) {
    throw new InputError(
      'command',
      `must be one word of at most ${MAX_COMMAND_CHARS} characters without spaces or backticks, such as '/docs-agent' or '@docs-bot', got '${command}'.`,
    );
  }
  return { command };
}
