/** The N rows that rank first, kept in a min-heap of at most N while rows stream by: memory depends on N, not on the site. */
import type { PageVisitors } from '../service/types.js';

/** Order of the report: total descending, then path ascending (code units, not locale: stable everywhere). */
export function compareByTotal(a: PageVisitors, b: PageVisitors): number {
  if (a.total !== b.total) return b.total - a.total;
  if (a.path === b.path) return 0;
  return a.path < b.path ? -1 : 1;
}

export class TopRows<Row> {
  /** Min-heap by report order: the root is the entry that ranks last, the first to give way. */
  private readonly heap: Row[] = [];

  /** `compare(a, b) < 0` when `a` ranks before `b`. */
  constructor(
    readonly capacity: number,
    private readonly compare: (a: Row, b: Row) => number,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`TopPages capacity must be a positive integer, got ${capacity}`);
  }

  get size(): number {
    return this.heap.length;
  }

  offer(row: Row): void {
    const { heap } = this;
    if (heap.length < this.capacity) {
      heap.push(row);
      this.siftUp(heap.length - 1);
      return;
    }
    const last = heap[0];
    if (last !== undefined && this.compare(row, last) < 0) {
      heap[0] = row;
      this.siftDown(0);
    }
  }

  sorted(): Row[] {
    return [...this.heap].sort(this.compare);
  }

  /** True when `a` ranks after `b` (so belongs nearer the root). */
  private ranksLower(a: number, b: number): boolean {
    const [left, right] = [this.heap[a], this.heap[b]];
    return left !== undefined && right !== undefined && this.compare(left, right) > 0;
  }

  private swap(a: number, b: number): void {
    const { heap } = this;
    const held = heap[a];
    const other = heap[b];
    if (held === undefined || other === undefined) return;
    heap[a] = other;
    heap[b] = held;
  }

  private siftUp(index: number): void {
    let child = index;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.ranksLower(child, parent)) return;
      this.swap(child, parent);
      child = parent;
    }
  }

  private siftDown(index: number): void {
    let parent = index;
    for (;;) {
      const left = 2 * parent + 1;
      const right = left + 1;
      let lowest = parent;
      if (left < this.heap.length && this.ranksLower(left, lowest)) lowest = left;
      if (right < this.heap.length && this.ranksLower(right, lowest)) lowest = right;
      if (lowest === parent) return;
      this.swap(parent, lowest);
      parent = lowest;
    }
  }
}

export class TopPages extends TopRows<PageVisitors> {
  constructor(capacity: number) {
    super(capacity, compareByTotal);
  }
}
