/** Shapes of the service's payloads, as the action uses them. Only `id` and `status` are promised. */

export const TERMINAL_STATUSES = ['completed', 'archived', 'failed'] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];
/** Known statuses plus any string a newer service may send. */
export type JobStatus = 'active' | TerminalStatus | (string & {});

export interface Job {
  readonly id: string;
  readonly status: JobStatus;
  readonly prLink?: string;
  readonly model?: string;
  readonly sourceRepository?: string;
  readonly sourceRef?: string;
  readonly createdAt?: string;
  readonly archivedAt?: string;
}

export interface VisitorCounts {
  readonly human: number;
  readonly ai: number;
  /** Deduplicated across human and AI traffic: not `human + ai`. */
  readonly total: number;
}

export interface PageVisitors extends VisitorCounts {
  readonly path: string;
}

export interface VisitorsPage {
  readonly totals: VisitorCounts;
  readonly visitors: readonly PageVisitors[];
  readonly hasMore: boolean;
}

export function isTerminal(status: JobStatus): status is TerminalStatus {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}
