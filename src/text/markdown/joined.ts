/** A block's lines without container prefixes (`> `, a list item's indent), joined by line feeds, mapped back to the source. */
import type { Piece, Scan } from './scan.js';

export class Joined {
  readonly text: string;
  /** Where each piece starts in `text`. */
  private readonly starts: number[] = [];

  constructor(
    source: string,
    private readonly pieces: readonly Piece[],
    scan: Scan,
  ) {
    let length = 0;
    for (const piece of pieces) {
      this.starts.push(length);
      length += piece.end - piece.start + 1;
    }
    this.text = pieces.map((piece) => source.slice(piece.start, piece.end)).join('\n');
    scan.work += this.text.length;
  }

  /** The position in the source of `position` in the text; the line feed between two pieces is the first one's end. */
  toSource(position: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.starts[middle] ?? 0) <= position) low = middle;
      else high = middle - 1;
    }
    const piece = this.pieces[low];
    if (piece === undefined) return 0;
    return piece.start + Math.min(position - (this.starts[low] ?? 0), piece.end - piece.start);
  }
}
