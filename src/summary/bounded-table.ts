/**
 * A Markdown table that stops adding rows when its section's share of the summary is spent, and
 * says so: a site with long paths or long comments cannot push a summary (1 MiB) or an issue comment
 * (65,536 characters) past GitHub's limit.
 */
import { tableRow } from './markdown.js';

/** UTF-8 bytes of `lines` joined by newlines, with the final newline. */
export function byteSize(lines: readonly string[]): number {
  return lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
}

export interface BoundedTable {
  /** Already-escaped header cells; the second element of each pair is the alignment row cell ('---', '---:'). */
  readonly columns: ReadonlyArray<readonly [string, string]>;
  /** Already-escaped cells, one array per row, in order. */
  readonly rows: ReadonlyArray<readonly string[]>;
  /** The line under a table cut short, given the rows shown. */
  readonly cutNote: (shown: number) => string;
}

/** The table's lines within `budgetBytes` (the header always; rows while they fit, then the note). */
export function boundedTable(table: BoundedTable, budgetBytes: number): string[] {
  const lines = [tableRow(table.columns.map(([title]) => title)), `|${table.columns.map(([, align]) => align).join('|')}|`];
  let used = byteSize(lines);
  for (const [index, cells] of table.rows.entries()) {
    const row = tableRow(cells);
    const size = Buffer.byteLength(row) + 1;
    if (used + size > budgetBytes) {
      lines.push('', table.cutNote(index));
      break;
    }
    lines.push(row);
    used += size;
  }
  return lines;
}
