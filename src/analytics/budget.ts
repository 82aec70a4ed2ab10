/**
 * `analytics-max-requests`, shared by every report: the service allows 100 analytics requests per hour per organisation, all
 * endpoints together; a retried request counts once. Every part of a report has its first request reserved up front, so each
 * report gets at least its totals however long the reports before it page; later pages are first come, first served, in the
 * order the reports run. Settings make sure the budget covers the reservations.
 */
export class RequestBudget {
  private spent = 0;
  private readonly usedBy = new Map<string, number>();
  /** Parts whose first request is still reserved. */
  private readonly owed: Set<string>;

  constructor(
    readonly limit: number,
    reservedParts: Iterable<string>,
  ) {
    this.owed = new Set(reservedParts);
    if (this.owed.size > limit) throw new RangeError(`a budget of ${limit} requests cannot reserve ${this.owed.size} first requests`);
  }

  /** Takes one request for `part`; false when none is left for it. A reserved first request is always there. */
  take(part: string): boolean {
    if (!this.owed.delete(part) && this.spent + this.owed.size >= this.limit) return false;
    this.spent++;
    this.usedBy.set(part, this.used(part) + 1);
    return true;
  }

  used(part: string): number {
    return this.usedBy.get(part) ?? 0;
  }

  get total(): number {
    return this.spent;
  }

  /** Requests not taken, reservations included. */
  get remaining(): number {
    return this.limit - this.spent;
  }
}

/** 20 × the service's hourly limit (100): a report needing more could not finish in one run, and the cap bounds an endless `hasMore`. */
export const MAX_ANALYTICS_REQUESTS = 2000;
