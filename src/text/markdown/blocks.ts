/**
 * The block structure as cmark-gfm builds it, line by line, reduced to what hides text: code lines (shown as written), raw
 * HTML blocks, inline text, table cells and link reference definitions; block quotes, list items and footnotes only for
 * where those start and end. Nesting deeper than MAX_OPEN containers hides the rest of the text: each line walks every
 * open container, so that bound keeps the work linear.
 */
import { endsHtmlBlock, htmlBlockStart } from './html-grammar.js';
import { Joined } from './joined.js';
import { Line } from './line.js';
import { normalizeLabel, parseDefinition } from './links.js';
import { isSpaceChar, isSpaceOrTab, type Piece, type Scan } from './scan.js';

/** Block quotes, list items and footnotes open at once, at most. */
export const MAX_OPEN = 32;
const CODE_INDENT = 4;
/** A code block's first info word kept: a language name. */
const LANGUAGE = /^[\w+#.-]{1,32}/;
const DELIMITER_ROW = /^\|?[ \t\v\f]*:?-+:?[ \t\v\f]*(?:\|[ \t\v\f]*:?-+:?[ \t\v\f]*)*\|?[ \t\v\f]*$/;

export interface Leaf {
  /** `inline`: a paragraph, heading or table cell; `html`: an HTML block, raw. */
  readonly kind: 'inline' | 'html';
  readonly joined: Joined;
}

export interface Blocks {
  readonly leaves: readonly Leaf[];
  /** Normalised label → destination as written; the first definition of a label wins. */
  readonly definitions: ReadonlyMap<string, string>;
  /** The normalised labels of footnote definitions. */
  readonly footnotes: ReadonlySet<string>;
}

/** A footnote definition: from `start` to `end`, the end of its last line so far. */
interface Footnote {
  readonly kind: 'footnote';
  readonly start: number;
  end: number;
}

type Container = { readonly kind: 'quote' } | Footnote | { readonly kind: 'item'; readonly indent: number; hasChild: boolean };

type OpenLeaf =
  | { readonly kind: 'paragraph'; readonly pieces: Piece[] }
  | { readonly kind: 'fence'; readonly char: string; readonly length: number; readonly offset: number }
  | { readonly kind: 'indented' }
  | { readonly kind: 'html'; readonly type: number; readonly pieces: Piece[] }
  | { readonly kind: 'table'; readonly columns: number };

/** The cells of a table row from `start` (GFM: split at unescaped pipes; a leading and a trailing pipe are optional). */
export function rowCells(text: string, start: number, end: number): Piece[] {
  const cells: Piece[] = [];
  let index = start;
  const skipPipe = (): boolean => {
    if (text[index] !== '|') return false;
    index++;
    while (index < end && /[ \t\v\f]/.test(text[index] ?? '')) index++;
    return true;
  };
  skipPipe();
  while (index < end) {
    const cellStart = index;
    while (index < end && text[index] !== '|') index += text[index] === '\\' && text[index + 1] !== undefined && index + 1 < end ? 2 : 1;
    const cellEnd = Math.min(index, end);
    const piped = skipPipe();
    if (cellEnd > cellStart || piped) cells.push({ start: cellStart, end: cellEnd });
    if (!piped) break;
  }
  return cells;
}

function fenceOpening(line: Line): { readonly char: string; readonly length: number } | undefined {
  const char = line.char();
  if (char !== '`' && char !== '~') return undefined;
  let end = line.firstNonspace;
  while (line.char(end) === char) end++;
  const length = end - line.firstNonspace;
  if (length < 3 || (char === '`' && line.text.slice(end, line.end).includes('`'))) return undefined;
  return { char, length };
}

function isThematicBreak(line: Line): boolean {
  const char = line.char();
  if (char !== '*' && char !== '_' && char !== '-') return false;
  let count = 0;
  for (let position = line.firstNonspace; position < line.end; position++) {
    const next = line.text[position];
    if (next === char) count++;
    else if (!isSpaceOrTab(next)) return false;
  }
  return count >= 3;
}

/** A list marker at the first non-space character: its width, or 0. */
function listMarker(line: Line, interruptsParagraph: boolean): number {
  if (!/[*+\-0-9]/.test(line.char() ?? '')) return 0;
  const rest = line.text.slice(line.firstNonspace, Math.min(line.end, line.firstNonspace + 12));
  const marker = /^(?:[*+-]|(\d{1,9})[.)])/.exec(rest);
  if (marker === null) return 0;
  const after = line.firstNonspace + marker[0].length;
  if (after < line.end && !isSpaceChar(line.text[after])) return 0;
  if (interruptsParagraph) {
    if (marker[1] !== undefined && Number(marker[1]) !== 1) return 0;
    if (line.text.slice(after, line.end).trim() === '') return 0;
  }
  return marker[0].length;
}

class BlockParser {
  private readonly containers: Container[] = [];
  private leaf: OpenLeaf | undefined;
  private readonly leaves: Leaf[] = [];
  private readonly definitions = new Map<string, string>();
  private readonly footnotes = new Set<string>();
  /** Whether a block was opened on the current line: the previous line's unmatched blocks are closed by then. */
  private opened = false;
  private matched = 0;

  constructor(private readonly scan: Scan) {}

  parse(): Blocks {
    const { source } = this.scan;
    const breaks = /\r\n|\r|\n/g;
    let start = 0;
    while (start < source.length) {
      const found = breaks.exec(source);
      const end = found === null ? source.length : found.index;
      this.scan.work += end - start + 1;
      if (!this.line(new Line(source, start, end))) {
        this.close(0);
        this.scan.remove(start, source.length, 'nesting');
        return { leaves: this.leaves, definitions: this.definitions, footnotes: this.footnotes };
      }
      start = found === null ? source.length : found.index + found[0].length;
    }
    this.close(0);
    return { leaves: this.leaves, definitions: this.definitions, footnotes: this.footnotes };
  }

  /** One line; false when it nests deeper than MAX_OPEN. */
  private line(line: Line): boolean {
    this.opened = false;
    this.matched = this.matchContainers(line);
    const all = this.matched === this.containers.length;
    const leafMatched = all && this.leaf !== undefined ? this.continueLeaf(line) : 'no';
    const fits = leafMatched === 'done' || this.openBlocks(line, leafMatched === 'yes');
    for (const container of this.containers) if (container.kind === 'footnote') container.end = line.end;
    this.scan.work += line.visited;
    return fits;
  }

  private matchContainers(line: Line): number {
    let index = 0;
    for (const container of this.containers) {
      if (container.kind === 'quote') {
        if (line.indent > 3 || line.char() !== '>') break;
        line.advance(line.firstNonspace + 1 - line.offset, false);
        if (isSpaceOrTab(line.char(line.offset))) line.advance(1, true);
      } else if (container.kind === 'item') {
        if (line.indent >= container.indent) line.advance(container.indent, true);
        else if (line.blank && container.hasChild) line.skipSpaces();
        else break;
      } else {
        // A footnote goes on with lines indented 4 columns, or empty ones (not even spaces).
        if (line.indent >= CODE_INDENT) line.advance(CODE_INDENT, true);
        else if (line.start !== line.end) break;
      }
      index++;
    }
    return index;
  }

  /** The open leaf on a line whose containers all matched: 'done' when the line is its content. */
  private continueLeaf(line: Line): 'done' | 'yes' | 'no' {
    const leaf = this.leaf;
    switch (leaf?.kind) {
      case 'fence':
        return this.continueFence(line, leaf);
      case 'indented':
        if (line.indent >= CODE_INDENT || line.blank) return 'done';
        return 'no';
      case 'html':
        if (leaf.type >= 6 && line.blank) return 'no';
        leaf.pieces.push({ start: line.offset, end: line.end });
        if (leaf.type <= 5 && endsHtmlBlock(leaf.type, line.rest())) this.closeLeaf();
        return 'done';
      case 'paragraph':
        return line.blank ? 'no' : 'yes';
      case 'table':
        return line.blank || rowCells(line.text, line.firstNonspace, line.end).length === 0 ? 'no' : 'yes';
      case undefined:
        return 'no';
    }
  }

  private continueFence(line: Line, fence: OpenLeaf & { kind: 'fence' }): 'done' {
    if (line.indent <= 3 && line.char() === fence.char) {
      let end = line.firstNonspace;
      while (line.char(end) === fence.char) end++;
      if (end - line.firstNonspace >= fence.length && line.text.slice(end, line.end).trim() === '') this.closeLeaf();
    }
    return 'done';
  }

  /** Opens what the line starts, in cmark-gfm's order; false when it nests too deep. */
  private openBlocks(line: Line, leafMatched: boolean): boolean {
    const where = { onParagraph: leafMatched && this.leaf?.kind === 'paragraph', onTable: leafMatched && this.leaf?.kind === 'table' };
    let maybeLazy = this.leaf?.kind === 'paragraph';
    for (;;) {
      line.findNonspace();
      // What the block starts below read of the rest of the line, at most, once per container opened.
      this.scan.work += line.end - line.firstNonspace;
      const opened = this.openBlock(line, where.onParagraph);
      if (opened === 'deep') return false;
      if (opened === 'leaf' || (opened === undefined && this.openCodeOrTable(line, { ...where, maybeLazy }))) return true;
      if (opened === undefined) break;
      where.onParagraph = where.onTable = maybeLazy = false;
    }
    this.addText(line, where.onParagraph);
    return true;
  }

  /**
   * A block quote, a footnote or a list item, unless a block that comes first in cmark-gfm's order
   * (a heading, a fence, HTML, a setext underline, a thematic break) starts the line: 'leaf' then.
   */
  private openBlock(line: Line, onParagraph: boolean): 'container' | 'leaf' | 'deep' | undefined {
    if (line.indent >= CODE_INDENT) return undefined;
    const char = line.char();
    if (char !== '>') {
      if (this.openHeadingOrFence(line) || this.openHtmlBlock(line, onParagraph)) return 'leaf';
      const underline = onParagraph && (char === '=' || char === '-');
      if (underline && /^(?:=+|-+)[ \t]*$/.test(line.text.slice(line.firstNonspace, line.end))) return this.setextHeading(line);
      if (isThematicBreak(line)) {
        this.openLeafNode(undefined);
        return 'leaf';
      }
    }
    const footnote = char === '[' ? /^\[\^([^\] \t\r\n\0]+)\]:[ \t]*/.exec(line.text.slice(line.firstNonspace, line.end)) : null;
    const marker = char === '>' || footnote !== null ? 0 : listMarker(line, onParagraph);
    if (char !== '>' && footnote === null && marker === 0) return undefined;
    if (this.containers.length >= MAX_OPEN) return 'deep';
    if (char === '>') {
      this.open({ kind: 'quote' });
      line.advance(line.firstNonspace + 1 - line.offset, false);
      if (isSpaceOrTab(line.char(line.offset))) line.advance(1, true);
    } else if (footnote !== null) {
      const label = normalizeLabel(footnote[1] ?? '');
      if (label !== undefined) this.footnotes.add(label);
      this.open({ kind: 'footnote', start: line.firstNonspace, end: line.end });
      line.advance(line.firstNonspace + footnote[0].length - line.offset, false);
    } else this.openItem(line, marker);
    return 'container';
  }

  private openItem(line: Line, marker: number): void {
    const markerIndent = line.indent;
    line.advance(line.firstNonspace + marker - line.offset, false);
    const column = line.column;
    const offset = line.offset;
    while (line.column - column <= 5 && isSpaceOrTab(line.char(line.offset))) line.advance(1, true);
    const spaces = line.column - column;
    let padding = marker + spaces;
    if (spaces >= 5 || spaces < 1 || line.offset >= line.end) {
      padding = marker + 1;
      line.offset = offset;
      line.column = column;
      if (spaces > 0) line.advance(1, true);
      else line.findNonspace();
    }
    this.open({ kind: 'item', indent: markerIndent + padding, hasChild: false });
  }

  private openHtmlBlock(line: Line, onParagraph: boolean): boolean {
    const type = line.char() === '<' ? htmlBlockStart(line.rest(), onParagraph, this.scan) : 0;
    if (type === 0) return false;
    this.openLeafNode({ kind: 'html', type, pieces: [] });
    this.continueLeaf(line);
    return true;
  }

  /** The leaves that come after the containers in cmark-gfm's order: indented code, a table's header or row. */
  private openCodeOrTable(
    line: Line,
    where: { readonly onParagraph: boolean; readonly onTable: boolean; readonly maybeLazy: boolean },
  ): boolean {
    if (line.indent >= CODE_INDENT) {
      if (where.maybeLazy || line.blank) return false;
      this.openLeafNode({ kind: 'indented' });
      return true;
    }
    if (where.onParagraph) return this.tableHeader(line);
    if (!where.onTable) return false;
    this.tableRow(line);
    return true;
  }

  private openHeadingOrFence(line: Line): boolean {
    const heading = line.char() === '#' ? /^#{1,6}(?:[ \t]+|$)/.exec(line.text.slice(line.firstNonspace, line.end)) : null;
    if (heading !== null) {
      this.openLeafNode(undefined);
      const start = line.firstNonspace + heading[0].length;
      this.emit('inline', [{ start, end: Math.max(start, line.end) }]);
      return true;
    }
    const fence = fenceOpening(line);
    if (fence === undefined) return false;
    this.openLeafNode({ kind: 'fence', ...fence, offset: line.indent });
    this.infoString(line, line.firstNonspace + fence.length);
    return true;
  }

  /** A code block's info string shows nothing: its first word (the language) stays, the rest goes. */
  private infoString(line: Line, start: number): void {
    let first = start;
    while (first < line.end && isSpaceOrTab(line.text[first])) first++;
    const word = LANGUAGE.exec(line.text.slice(first, line.end))?.[0] ?? '';
    const kept = word !== '' && (first + word.length >= line.end || isSpaceOrTab(line.text[first + word.length])) ? word.length : 0;
    if (line.text.slice(first + kept, line.end).trim() !== '') this.scan.remove(first + kept, line.end, 'info');
  }

  /** An underline under a paragraph: the paragraph, without its definitions, is a heading; with nothing left, the line is text. */
  private setextHeading(line: Line): 'leaf' {
    const pieces = this.leaf?.kind === 'paragraph' ? this.leaf.pieces : [];
    const rest = this.resolveDefinitions(pieces);
    this.leaf = rest === undefined ? { kind: 'paragraph', pieces: [{ start: line.firstNonspace, end: line.end }] } : undefined;
    if (rest !== undefined) this.push({ kind: 'inline', joined: rest });
    return 'leaf';
  }

  /** A delimiter row under a paragraph whose last line has as many cells: that line becomes a table's header. */
  private tableHeader(line: Line): boolean {
    const paragraph = this.leaf;
    const delimiter = line.text.slice(line.firstNonspace, line.end);
    const header = paragraph?.kind === 'paragraph' ? paragraph.pieces.at(-1) : undefined;
    if (paragraph?.kind !== 'paragraph' || header === undefined || !DELIMITER_ROW.test(delimiter)) return false;
    const columns = rowCells(line.text, line.firstNonspace, line.end).length;
    const cells = rowCells(line.text, header.start, header.end);
    if (cells.length !== columns) return false;
    this.leaf = { kind: 'paragraph', pieces: paragraph.pieces.slice(0, -1) };
    this.closeLeaf();
    for (const cell of cells) this.emit('inline', [cell]);
    this.leaf = { kind: 'table', columns };
    return true;
  }

  private tableRow(line: Line): void {
    const columns = this.leaf?.kind === 'table' ? this.leaf.columns : 0;
    const cells = rowCells(line.text, line.firstNonspace, line.end);
    for (const cell of cells.slice(0, columns)) this.emit('inline', [cell]);
    const beyond = cells[columns];
    if (beyond !== undefined) this.scan.remove(beyond.start, line.end, 'cell');
  }

  /** Text that is no block start: a lazy line of the open paragraph, more of it, or a new one. */
  private addText(line: Line, onParagraph: boolean): void {
    line.findNonspace();
    const lazy = !this.opened && this.matched < this.containers.length && this.leaf?.kind === 'paragraph' && !line.blank;
    if (lazy || onParagraph) {
      if (this.leaf?.kind === 'paragraph') this.leaf.pieces.push({ start: line.firstNonspace, end: line.end });
      return;
    }
    this.close(this.matched);
    if (line.blank) return;
    this.openLeafNode({ kind: 'paragraph', pieces: [{ start: line.firstNonspace, end: line.end }] });
  }

  /** Closes what the line did not continue, then records what is opened (undefined: a one-line block, closed at once). */
  private openLeafNode(leaf: OpenLeaf | undefined): void {
    this.close(this.matched);
    this.markChild();
    this.leaf = leaf;
    this.opened = true;
  }

  private open(container: Container): void {
    this.close(this.matched);
    this.markChild();
    this.containers.push(container);
    this.matched = this.containers.length;
    this.opened = true;
  }

  private markChild(): void {
    const parent = this.containers.at(-1);
    if (parent?.kind === 'item') parent.hasChild = true;
  }

  /** A footnote definition shows only at the page's end, and only when the text refers to it: it is removed whole. */
  private close(depth: number): void {
    this.closeLeaf();
    for (let index = this.containers.length - 1; index >= depth; index--) {
      const container = this.containers[index];
      if (container?.kind === 'footnote') this.scan.remove(container.start, container.end, 'footnote');
    }
    if (this.containers.length > depth) this.containers.length = depth;
  }

  private closeLeaf(): void {
    const leaf = this.leaf;
    this.leaf = undefined;
    if (leaf?.kind === 'html') this.emit('html', leaf.pieces);
    if (leaf?.kind === 'paragraph' && leaf.pieces.length > 0) {
      const rest = this.resolveDefinitions(leaf.pieces);
      if (rest !== undefined) this.push({ kind: 'inline', joined: rest });
    }
  }

  private emit(kind: Leaf['kind'], pieces: readonly Piece[]): void {
    this.push({ kind, joined: new Joined(this.scan.source, pieces, this.scan) });
  }

  /** A leaf of the page; none inside a footnote definition, which is removed. */
  private push(leaf: Leaf): void {
    if (!this.containers.some((container) => container.kind === 'footnote')) this.leaves.push(leaf);
  }

  /** Records and removes the definitions that start a paragraph; the text after them, or undefined when nothing is left. */
  private resolveDefinitions(pieces: readonly Piece[]): Joined | undefined {
    const joined = new Joined(this.scan.source, pieces, this.scan);
    const text = `${joined.text}\n`;
    let position = 0;
    while (text[position] === '[') {
      const definition = parseDefinition(text, position, this.scan);
      if (definition === undefined) break;
      const label = normalizeLabel(definition.label);
      if (label !== undefined && !this.definitions.has(label)) this.definitions.set(label, definition.destination);
      this.scan.remove(joined.toSource(position), joined.toSource(Math.min(definition.end, joined.text.length)), 'definition');
      position = definition.end;
    }
    if (text.slice(position).trim() === '') return undefined;
    return position === 0 ? joined : new Joined(this.scan.source, this.piecesFrom(pieces, joined.toSource(position)), this.scan);
  }

  private piecesFrom(pieces: readonly Piece[], source: number): Piece[] {
    return pieces.filter((piece) => piece.end >= source).map((piece) => ({ start: Math.max(piece.start, source), end: piece.end }));
  }
}

export function parseBlocks(scan: Scan): Blocks {
  return new BlockParser(scan).parse();
}
