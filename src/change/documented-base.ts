/**
 * The last documented commit (the head of the workflow's last successful run), where a change starts
 * when earlier runs did not finish; stream/change-base.ts finds it, the readers and kinds use it.
 */
import { counted } from '../text/plural.js';
import type { PushEvent } from '../event/change.js';

export interface DocumentedBase {
  readonly sha: string;
  readonly runUrl?: string;
  /** A push: the commits after `sha` that came before it; undefined when GitHub did not count them. */
  readonly earlier?: number;
}

export type PushSource = PushEvent & { readonly documented?: DocumentedBase };

export interface SinceSource {
  readonly kind: 'since';
  /** With `last-success`, the one used when no documented commit is known. */
  readonly windowMs: number;
  readonly branch?: string;
  readonly lastSuccess?: boolean;
  /** Once found: the change is every commit after it. */
  readonly documented?: DocumentedRange;
}

export interface DocumentedRange {
  readonly base: DocumentedBase;
  /** Where the digest ends: the run's own commit (or branch), where the next run starts. */
  readonly until: string;
}

const short = (sha: string): string => sha.slice(0, 7);

export function documentedPushLine(documented: DocumentedBase, after: string): string {
  const commits = documented.earlier === undefined ? 'the commits' : `the ${counted(documented.earlier, 'commit')}`;
  const since = `since the last documented commit ${short(documented.sha)}, whose run did not finish`;
  return `Also ${commits} ${since}: the change below runs from ${documented.sha} to ${after}.`;
}

export function documentedSinceText(documented: DocumentedBase): string {
  return `since the last documented commit ${short(documented.sha)} (the head of this workflow's last successful run)`;
}
