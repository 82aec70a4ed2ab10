/**
 * Text measured and cut in UTF-8 bytes, the unit the service's prompt limit counts. Every section
 * the action adds to a prompt or sends as one message (the "What changed" section, the analytics
 * evidence, a review's follow-up) has the same bound, so the room a prompt leaves for them is known
 * before any request.
 */

/** The bound of one section of a prompt: 16 KiB. */
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
  /** Their bytes. */
  readonly used: number;
}

/**
 * The leading items while they fit in `budget` bytes, whole (an item is never cut); the first one
 * that does not fit ends the list, so the order (most important first) is kept. `reserve(index)`:
 * bytes kept free once the item at `index` is taken (a line that counts what is left out).
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
