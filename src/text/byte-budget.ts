/** UTF-8 bytes, as the prompt limit counts. Every section the action adds has one bound, so a prompt's room is known before any request. */

export const SECTION_BYTES = 16 * 1024;

export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The bytes of `lines` as lines of a text: each with its line break. */
export function linesBytes(lines: readonly string[]): number {
  return lines.reduce((sum, line) => sum + byteLength(line) + 1, 0);
}

export interface Fitted<Item> {
  /** The items that fit, in order: a prefix of the items. */
  readonly taken: Item[];
  readonly used: number;
}

/**
 * The leading items while they fit whole; the first that does not ends the list, so the order (most important first) holds.
 * `reserve(index)`: bytes kept free once the item at `index` is taken (a line that counts what is left out).
 */
export function fitWhole<Item>(
  items: readonly Item[],
  budget: number,
  bytesOf: (item: Item) => number,
  reserve: (index: number) => number = () => 0,
): Fitted<Item> {
  const taken: Item[] = [];
  let used = 0;
  for (const [index, item] of items.entries()) {
    const size = bytesOf(item);
    if (used + size + reserve(index) > budget) break;
    taken.push(item);
    used += size;
  }
  return { taken, used };
}
