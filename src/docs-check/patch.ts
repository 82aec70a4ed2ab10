/**
 * A file's unified diff (GitHub's `patch`), read into hunks: the lines it adds, removes and keeps
 * around them, and the heading git writes after a hunk's range, which names the function or class
 * the hunk is in.
 */

export interface Hunk {
  /** What follows the second `@@` (`def read_config(path):`), trimmed; '' when git wrote none. */
  readonly heading: string;
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** The unchanged lines around the change. */
  readonly context: readonly string[];
}

const HUNK_START = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@ ?(.*)$/;

export function parsePatch(patch: string): Hunk[] {
  const hunks: { heading: string; added: string[]; removed: string[]; context: string[] }[] = [];
  for (const line of patch.split(/\r?\n/)) {
    const start = HUNK_START.exec(line);
    if (start !== null) {
      hunks.push({ heading: (start[1] ?? '').trim(), added: [], removed: [], context: [] });
      continue;
    }
    const hunk = hunks.at(-1);
    if (hunk === undefined) continue;
    if (line.startsWith('+')) hunk.added.push(line.slice(1));
    else if (line.startsWith('-')) hunk.removed.push(line.slice(1));
    else if (line.startsWith(' ')) hunk.context.push(line.slice(1));
  }
  return hunks;
}
