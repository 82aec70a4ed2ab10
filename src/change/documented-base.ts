/**
 * Where a change starts when the workflow's last successful run is known: its head commit, the
 * last commit whose change was documented. A push run whose earlier runs failed or were cancelled
 * describes the change from there, so their commits are not lost; a digest with
 * `change-since: last-success` lists every commit after it. The stream (src/stream/change-base.ts)
 * asks GitHub for it; this module holds what the change readers and the section need. Pure.
 */
import { counted } from '../text/plural.js';
import type { PushEvent } from '../event/change.js';

export interface DocumentedBase {
  /** The head commit (full SHA) of the workflow's last successful run on the branch. */
  readonly sha: string;
  /** That run's page, when GitHub gave an http(s) URL. */
  readonly runUrl?: string;
  /**
   * A push: the commits after `sha` that came before this push (their runs failed, were cancelled
   * or never ran); undefined when GitHub did not count them.
   */
  readonly earlier?: number;
}

/** A push, and where its change starts when that is before the push's own `before`. */
export type PushSource = PushEvent & { readonly documented?: DocumentedBase };

/** The digest of `change-since`: a window of time, or (`last-success`) the commits after the last documented one. */
export interface SinceSource {
  readonly kind: 'since';
  /** The window; with `last-success`, the one used when no documented commit is known (24 hours). */
  readonly windowMs: number;
  /** The default branch's name, when the payload names it. */
  readonly branch?: string;
  /** `change-since: last-success`. */
  readonly lastSuccess?: boolean;
  /** Set once found: the change is every commit after the last documented one. */
  readonly documented?: DocumentedRange;
}

export interface DocumentedRange {
  readonly base: DocumentedBase;
  /** The commit (or branch) the digest ends at: the run's own commit, where the next run starts. */
  readonly until: string;
}

const short = (sha: string): string => sha.slice(0, 7);

/** The section's line for a push whose change starts at the last documented commit. */
export function documentedPushLine(documented: DocumentedBase, after: string): string {
  const commits = documented.earlier === undefined ? 'the commits' : `the ${counted(documented.earlier, 'commit')}`;
  const since = `since the last documented commit ${short(documented.sha)}, whose run did not finish`;
  return `Also ${commits} ${since}: the change below runs from ${documented.sha} to ${after}.`;
}

/** The `change-since: last-success` digest's start, for the section and the skip line. */
export function documentedSinceText(documented: DocumentedBase): string {
  return `since the last documented commit ${short(documented.sha)} (the head of this workflow's last successful run)`;
}
