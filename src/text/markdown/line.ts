/** A position and a column: tabs stop every 4 columns and can be consumed in part, as CommonMark counts indentation. */
const TAB_STOP = 4;

export class Line {
  offset: number;
  column = 0;
  firstNonspace = 0;
  /** Columns of spaces and tabs from `offset` to `firstNonspace`. */
  indent = 0;
  /** Nothing but spaces and tabs from `offset` to the end. */
  blank = false;
  /** Characters read looking for the first non-space one, summed (the scanner's work). */
  visited = 0;

  constructor(
    readonly text: string,
    readonly start: number,
    /** The end of the line's content, before its line ending. */
    readonly end: number,
  ) {
    this.offset = start;
    this.findNonspace();
  }

  /** The character at `position` (the first non-space one by default), undefined at the end of the line. */
  char(position = this.firstNonspace): string | undefined {
    return position < this.end ? this.text[position] : undefined;
  }

  /** The rest of the line from its first non-space character, with a line feed: what cmark-gfm's scanners see. */
  rest(): string {
    return `${this.text.slice(this.firstNonspace, this.end)}\n`;
  }

  findNonspace(): void {
    let position = this.offset;
    let column = this.column;
    let toTab = TAB_STOP - (column % TAB_STOP);
    while (position < this.end) {
      const char = this.text[position];
      if (char === ' ') {
        column++;
        toTab = toTab === 1 ? TAB_STOP : toTab - 1;
      } else if (char === '\t') {
        column += toTab;
        toTab = TAB_STOP;
      } else break;
      position++;
    }
    this.visited += position - this.offset + 1;
    this.firstNonspace = position;
    this.indent = column - this.column;
    this.blank = position >= this.end;
  }

  /** Moves past `count` characters, or past `count` columns (part of a tab may stay for the content). */
  advance(count: number, columns: boolean): void {
    let left = count;
    while (left > 0 && this.offset < this.end) {
      if (this.text[this.offset] === '\t') {
        const toTab = TAB_STOP - (this.column % TAB_STOP);
        const step = columns ? Math.min(left, toTab) : toTab;
        this.column += step;
        if (!columns || toTab <= left) this.offset++;
        left -= columns ? step : 1;
      } else {
        this.offset++;
        this.column++;
        left--;
      }
    }
    this.findNonspace();
  }

  /** Moves to the first non-space character. */
  skipSpaces(): void {
    this.advance(this.firstNonspace - this.offset, false);
  }
}
