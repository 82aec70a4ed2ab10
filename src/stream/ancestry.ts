/**
 * Whether one commit is an ancestor of another, in one comparison: `ahead` or `identical` says yes,
 * `behind` or `diverged` that a force push (or another branch) left `base` out. An answer without
 * `status` is not taken for a yes.
 */
import { FILES_ANSWER_BYTES } from '../change/change.js';
import type { Repository } from '../event/run-event.js';
import type { GitHubClient } from '../github/client.js';
import { GitHubError } from '../github/errors.js';
import { isRecord } from '../is-record.js';
import { encodeSegment, wellFormed } from '../text/uri.js';
import { failureOf, malformed, repoPath, type Refused, type Unavailable } from '../github/failure.js';

export type Ancestry =
  /** `aheadBy`: the commits after `base`, when GitHub says. */
  | { readonly kind: 'ancestor'; readonly aheadBy?: number }
  | { readonly kind: 'not-ancestor'; readonly status: 'behind' | 'diverged' }
  /** 404: one of the commits is gone from the repository. */
  | { readonly kind: 'gone'; readonly detail: string }
  | Refused
  | Unavailable;

/** Never throws for GitHub's failures. */
export async function isAncestor(github: GitHubClient, repository: Repository, base: string, head: string): Promise<Ancestry> {
  const path = `${repoPath(repository)}/compare/${encodeSegment(base)}...${encodeSegment(head)}`;
  let json: unknown;
  try {
    const rest = await github.rest();
    const basehead = `${wellFormed(base)}...${wellFormed(head)}`;
    // The answer carries the comparison's files (up to 300, with patches) whatever `per_page` says.
    const request = github.bodyCap(FILES_ANSWER_BYTES);
    json = (await rest.repos.compareCommitsWithBasehead({ ...repository, basehead, per_page: 1, request })).data;
  } catch (error) {
    if (error instanceof GitHubError && !error.aborted && error.status === 404) return { kind: 'gone', detail: error.message };
    return failureOf(error, 'contents: read');
  }
  const status = isRecord(json) ? json['status'] : undefined;
  switch (status) {
    case 'ahead':
    case 'identical': {
      const aheadBy = isRecord(json) ? json['ahead_by'] : undefined;
      return typeof aheadBy === 'number' && Number.isSafeInteger(aheadBy) && aheadBy >= 0
        ? { kind: 'ancestor', aheadBy }
        : { kind: 'ancestor' };
    }
    case 'behind':
    case 'diverged':
      return { kind: 'not-ancestor', status };
    default:
      return malformed(`GET ${path}`);
  }
}
