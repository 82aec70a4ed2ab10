/**
 * A page's YAML frontmatter, read for the few keys the check uses (`title`, `sidebarTitle`,
 * `description`, `openapi`): flat `key: value` lines, quotes removed. Anything nested is ignored.
 */

export interface Frontmatter {
  readonly fields: ReadonlyMap<string, string>;
  /** The text after the frontmatter. */
  readonly body: string;
  /** How many lines the frontmatter took (0 without one), so a body line maps back to the file's. */
  readonly lines: number;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  const quote = trimmed.charAt(0);
  if ((quote === '"' || quote === "'") && trimmed.endsWith(quote) && trimmed.length >= 2) return trimmed.slice(1, -1);
  return trimmed;
}

export function readFrontmatter(text: string): Frontmatter {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const open = /^---[ \t]*\r?\n/.exec(source);
  const close = open === null ? null : /\r?\n---[ \t]*(?:\r?\n|$)/.exec(source.slice(open[0].length - 1));
  if (open === null || close === null) return { fields: new Map(), body: source, lines: 0 };
  const inside = source.slice(open[0].length, open[0].length - 1 + close.index);
  const fields = new Map<string, string>();
  for (const line of inside.split(/\r?\n/)) {
    const field = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (field?.[1] !== undefined && field[2] !== undefined && field[2] !== '') fields.set(field[1], unquote(field[2]));
  }
  const end = open[0].length - 1 + close.index + close[0].length;
  const lines = source.slice(0, end).split('\n').length - (source.slice(0, end).endsWith('\n') ? 1 : 0);
  return { fields, body: source.slice(end), lines };
}
