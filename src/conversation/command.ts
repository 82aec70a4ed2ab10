/**
 * A command is the first thing in a comment: the word in any case, then a space, a line break or the
 * end. A comment that mentions it later, quotes it, shows it in code or runs it into another word
 * (`/docs-agents`) is not for the agent.
 */

export type ParsedCommand =
  | { readonly kind: 'none' }
  /** '' for a bare command. */
  | { readonly kind: 'command'; readonly instruction: string };

/**
 * Blank lines before the command are allowed, and up to three spaces on its line: four spaces
 * or a tab make an indented code block in Markdown, which shows the command rather than giving it.
 */
const LEADING = /^(?:[ \t]*\r?\n)*[ ]{0,3}/;

export function parseCommand(body: string, command: string): ParsedCommand {
  const start = LEADING.exec(body)?.[0].length ?? 0;
  const head = body.slice(start, start + command.length);
  if (command === '' || head.toLowerCase() !== command.toLowerCase()) return { kind: 'none' };
  const rest = body.slice(start + command.length);
  if (rest !== '' && !/^\s/.test(rest)) return { kind: 'none' };
  return { kind: 'command', instruction: rest.trim() };
}
