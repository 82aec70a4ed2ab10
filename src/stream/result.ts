/**
 * What the stream's GitHub reads and writes return when GitHub does not give an answer: a refusal
 * that names the permission to add, or an answer that cannot be had for now (404, 5xx, the network,
 * a malformed body). They never throw for those, so the caller writes the one notice the run owes
 * and goes on as without the stream; only a cancelled run (an aborted call) and programming errors throw.
 */
import { messageOf } from '../errors.js';
import { GitHubError } from '../github/errors.js';
import type { Repository } from '../event/run-event.js';
import { encodeSegment } from '../text/uri.js';

/** The workflow `permissions:` entry that grants what was refused. */
export type Permission =
  | 'actions: read'
  | 'contents: read'
  | 'metadata: read'
  | 'statuses: read'
  | 'statuses: write'
  | 'issues: read'
  | 'issues: write'
  | 'pull-requests: read'
  | 'pull-requests: write';

export interface Refused {
  readonly kind: 'refused';
  /** 403; 404 where GitHub hides a repository the token may not read. */
  readonly status: number;
  readonly permission: Permission;
  /** The failed call and what GitHub said (redacted, shortened). */
  readonly detail: string;
}

export interface Unavailable {
  readonly kind: 'unavailable';
  /** The failed call and why: a status, the network, or an answer that is not the documented shape. */
  readonly detail: string;
  readonly status?: number;
}

/** `/repos/{owner}/{repo}`, each part one encoded segment. */
export function repoPath(repository: Repository): string {
  return `/repos/${encodeSegment(repository.owner)}/${encodeSegment(repository.repo)}`;
}

/** GitHub answered 2xx with something that is not the documented shape. */
export function malformed(what: string): Unavailable {
  return { kind: 'unavailable', detail: `GitHub's answer to ${what} is not the documented shape` };
}

/**
 * A failed call as a result: 403 (not a rate limit, which waiting fixes) is a refusal naming
 * `permission`; with `hidden404`, so is a 404 (GitHub answers 404 for a private repository the
 * token may not read). Everything else is unavailable. An aborted call (the run is being
 * cancelled) and anything that is not a GitHubError are thrown again.
 */
export function failureOf(error: unknown, permission: Permission, hidden404 = false): Refused | Unavailable {
  if (!(error instanceof GitHubError) || error.aborted) throw error;
  const refused = (error.status === 403 && !error.rateLimited) || (hidden404 && error.status === 404);
  if (refused && error.status !== undefined) return { kind: 'refused', status: error.status, permission, detail: error.message };
  return { kind: 'unavailable', detail: error.message, ...(error.status !== undefined && { status: error.status }) };
}

/**
 * The token's own login, for telling its statuses and reactions from anyone else's; when it cannot
 * be learnt, unavailable: nothing by any author is taken for the token's own.
 */
export async function learnLogin(ownLogin: () => Promise<string>): Promise<string | Unavailable> {
  try {
    return await ownLogin();
  } catch (error) {
    if (error instanceof GitHubError && error.aborted) throw error;
    return { kind: 'unavailable', detail: `Who the token is could not be learnt: ${messageOf(error)}` };
  }
}

/** A bounded walk ended with more pages unread: what it looked for may be among them. */
export function unread(what: string, read: number): Unavailable {
  return { kind: 'unavailable', detail: `${what} has more than the ${read} entries read` };
}
