// @ts-check
// Tables as Markdown: the same text is printed to the console and written to bench/results.md.

/**
 * @param {readonly string[]} header
 * @param {readonly (readonly string[])[]} rows
 * @param {readonly ('l'|'r')[]} [align] per column; default: first left, the rest right
 */
export function table(header, rows, align) {
  const sides = header.map((_, column) => align?.[column] ?? (column === 0 ? 'l' : 'r'));
  const widths = header.map((title, column) => Math.max(3, title.length, ...rows.map((cells) => (cells[column] ?? '').length)));
  /** @param {readonly string[]} cells */
  const line = (cells) =>
    `| ${widths.map((width, column) => (sides[column] === 'r' ? (cells[column] ?? '').padStart(width) : (cells[column] ?? '').padEnd(width))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (sides[column] === 'r' ? `${'-'.repeat(width + 1)}:` : `:${'-'.repeat(width + 1)}`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/**
 * A section of the report: a heading, optional paragraphs, and blocks (tables, lists).
 * @param {string} title
 * @param {readonly string[]} blocks
 */
export function section(title, blocks) {
  return [`## ${title}`, ...blocks].join('\n\n');
}
