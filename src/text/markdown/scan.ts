/** The edits on the source, and the characters visited: tests bound them by the text's length, so no input makes it quadratic. */

/** Text GitHub does not show, by what it is. */
export type HiddenKind =
  'comment' | 'title' | 'alt' | 'attribute' | 'tag' | 'definition' | 'footnote' | 'label' | 'info' | 'cell' | 'entity' | 'nesting';

export interface Edit {
  readonly start: number;
  readonly end: number;
  /** What the removed text was; absent for the rest of a removal counted already (a comment over several blocks). */
  readonly kind?: HiddenKind;
  /** What replaces it: a reference link's destination, written inline. */
  readonly insert?: string;
}

/** One stretch of the source: part of a line, without its line ending. */
export interface Piece {
  readonly start: number;
  readonly end: number;
}

export class Scan {
  readonly edits: Edit[] = [];
  /** Characters visited, summed over every loop and search. */
  work = 0;

  constructor(readonly source: string) {}

  remove(start: number, end: number, kind?: HiddenKind, insert?: string): void {
    if (end > start || insert !== undefined)
      this.edits.push({ start, end, ...(kind && { kind }), ...(insert !== undefined && { insert }) });
  }
}

/** For callers whose positions never go back: the last answer is kept, so the text is searched once, however many ask. */
export class Finder {
  private from = -1;
  private found = -1;

  constructor(
    private readonly text: string,
    private readonly needle: string,
    private readonly scan: Scan,
  ) {}

  /** The index of the next occurrence at or after `position`, or -1. */
  next(position: number): number {
    if (this.from >= 0 && position >= this.from && (this.found < 0 || position <= this.found)) return this.found;
    this.found = this.text.indexOf(this.needle, position);
    this.scan.work += (this.found < 0 ? this.text.length : this.found + this.needle.length) - position;
    this.from = position;
    return this.found;
  }
}

export const isSpaceOrTab = (char: string | undefined): boolean => char === ' ' || char === '\t';

/** CommonMark's whitespace inside HTML and link syntax: space, tab, line feed, vertical tab, form feed, carriage return. */
export const isSpaceChar = (char: string | undefined): boolean =>
  char === ' ' || char === '\t' || char === '\n' || char === '\v' || char === '\f' || char === '\r';

export const isAsciiLetter = (char: string | undefined): boolean => char !== undefined && /^[A-Za-z]$/.test(char);

/** The ASCII punctuation a backslash escapes. */
export const isEscapable = (char: string | undefined): boolean => char !== undefined && /^[!-/:-@[-\x60{-~]$/.test(char);
