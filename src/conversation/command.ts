/**
 * Whether a comment is a command to the agent, and what it asks. A command is the first thing in
 * the comment: the command word in any case, then a space, a line break or the end. Anything else
 * is not for the agent: a comment that mentions the command later, quotes it (`> /docs-agent …`
 * in a reply), shows it in code (`` `/docs-agent` ``, a fenced or indented block) or runs it into
 * another word (`/docs-agents`). Pure.
 */

export type ParsedCommand =
  /** The comment does not start with the command. */
  | { readonly kind: 'none' }
  /** `instruction` is the rest of the comment, trimmed; '' for a bare command. */
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
