/** The rated-down pages' traffic (at most 100 paths), picked from the visitors and views rows as they stream by. */
import type { PageVisitors } from '../service/types.js';

export class TrafficWatch {
  private readonly visitors = new Map<string, number>();
  private readonly views = new Map<string, number>();

  constructor(private readonly paths: ReadonlySet<string>) {}

  /** A watch for no page: the join is not wanted (no feedback report). */
  static none(): TrafficWatch {
    return new TrafficWatch(new Set());
  }

  offerVisitors(rows: readonly PageVisitors[]): void {
    this.pick(rows, this.visitors);
  }

  offerViews(rows: readonly PageVisitors[]): void {
    this.pick(rows, this.views);
  }

  /** Unique visitors of the page; undefined when no visitors row named it. */
  visitorsOf(path: string): number | undefined {
    return this.visitors.get(path);
  }

  viewsOf(path: string): number | undefined {
    return this.views.get(path);
  }

  private pick(rows: readonly PageVisitors[], into: Map<string, number>): void {
    if (this.paths.size === 0) return;
    for (const row of rows) if (this.paths.has(row.path)) into.set(row.path, row.total);
  }
}
