/**
 * The run's analytics requests (`analytics-max-requests`), shared by every report. The service
 * allows 100 analytics requests per hour per organisation, all endpoints together, so the budget
 * counts requests across reports; a retried request counts once, like a page.
 *
 * How reports share it: every part of a report (visitors pages, the previous window, views pages,
 * searches pages, feedback by page, feedback comments, assistant) has its first request reserved
 * up front, so each report gets at least its first answer (its totals) however long the reports
 * before it page. Pages after the first come from what is left, first come first served, in the
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

/**
 * The most `analytics-max-requests` may allow: 20 times the service's hourly analytics rate limit
 * (100 requests). A report needing more could not finish in one run anyway, and the cap bounds a
 * service that says `hasMore` forever.
 */
export const MAX_ANALYTICS_REQUESTS = 2000;
