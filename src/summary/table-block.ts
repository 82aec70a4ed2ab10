/** A table compose.ts can shorten: it keeps as many whole rows as fit and says where it stopped; the lines around it stay. */
import type { KeepLevel, SummaryBlock } from './compose.js';
import { tableRow } from './markdown.js';

export interface TableSpec {
  /** Names the table in the trim note, e.g. "the top searches table". */
  readonly name: string;
  /** Lines before the table: its heading and what it shows. */
  readonly head: readonly string[];
  /** Header cell (already escaped) and alignment cell ('---', '---:') of each column. */
  readonly columns: ReadonlyArray<readonly [string, string]>;
  /** Already-escaped cells, one array per row, in order. */
  readonly rows: ReadonlyArray<readonly string[]>;
  /** Lines after the table, e.g. how it is ranked. */
  readonly foot?: readonly string[];
  /** The line under a table cut short, given the rows shown. */
  readonly cutNote: (shown: number) => string;
  readonly keep?: KeepLevel;
}

export function tableBlock(spec: TableSpec): SummaryBlock {
  const header = [tableRow(spec.columns.map(([title]) => title)), `|${spec.columns.map(([, align]) => align).join('|')}|`];
  const rows = spec.rows.map((cells) => tableRow(cells));
  const render = (shown: number): string =>
    [
      ...spec.head,
      ...header,
      ...rows.slice(0, shown),
      ...(shown < rows.length ? ['', spec.cutNote(shown)] : []),
      ...(spec.foot ?? []),
    ].join('\n') + '\n';
  return {
    markdown: render(rows.length),
    keep: spec.keep ?? 'bulk',
    name: spec.name,
    // Whole rows only; the slack covers the row count's digits in the closing line.
    shrink: (maxBytes) => {
      const budget = maxBytes - Buffer.byteLength(render(0)) - 8;
      let shown = 0;
      let used = 0;
      for (const row of rows) {
        used += Buffer.byteLength(row) + 1;
        if (used > budget) break;
        shown++;
      }
      return shown === 0 ? undefined : render(shown);
    },
  };
}
