/**
 * Whether a job's pull request (the service's `prLink`, often in the docs repository) is still open,
 * asked through that repository's handle. Only a link on the token's own GitHub is asked about.
 */
import { pullRequestOf, type PullRequestRef } from '../conversation/pull-request.js';
import { docsRefusalStatus, type DocsRefusal, type DocsRepository } from '../github/docs-repository.js';
import { isRecord } from '../is-record.js';
import { failureOf, malformed, repoPath, type Refused, type Unavailable } from '../github/failure.js';

/** `owner/repo#n` for a pull request link on any GitHub; undefined for anything else. */
export function pullRequestName(prLink: string): string | undefined {
  let origin: string;
  try {
    origin = new URL(prLink).origin;
  } catch {
    return undefined;
  }
  const pull = pullRequestOf(prLink, origin);
  return pull === undefined ? undefined : `${pull.owner}/${pull.repo}#${pull.number}`;
}

export type PullRequestState =
  | { readonly kind: 'open' | 'merged' | 'closed'; readonly pull: PullRequestRef }
  /** The link is not a pull request on `serverUrl`'s GitHub. */
  | { readonly kind: 'not-a-pull-request' }
  /** Unusable for the rest of the run. */
  | { readonly kind: 'docs-refused'; readonly refusal: DocsRefusal }
  | { readonly kind: 'docs-unusable'; readonly reason: string }
  /** 404 too: GitHub's answer for a repository the token may not read. */
  | Refused
  | Unavailable;

/** Never throws for GitHub's failures. */
export async function pullRequestState(docs: DocsRepository, prLink: string, serverUrl: string): Promise<PullRequestState> {
  const pull = pullRequestOf(prLink, serverUrl);
  if (pull === undefined) return { kind: 'not-a-pull-request' };
  const handle = docs.handle(pull);
  if (!handle.ok) return { kind: 'docs-unusable', reason: handle.detail };
  const path = `${repoPath(pull)}/pulls/${pull.number}`;
  let json: unknown;
  try {
    const { owner, repo, number } = pull;
    json = (await (await handle.client.rest()).pulls.get({ owner, repo, pull_number: number })).data;
  } catch (error) {
    const refused = handle.own ? undefined : docsRefusalStatus(error);
    if (refused !== undefined) return { kind: 'docs-refused', refusal: docs.refused(handle, refused) };
    return failureOf(error, 'pull-requests: read', true);
  }
  if (!isRecord(json)) return malformed(`GET ${path}`);
  const merged = json['merged'] === true || (typeof json['merged_at'] === 'string' && json['merged_at'] !== '');
  switch (json['state']) {
    case 'open':
      return { kind: 'open', pull };
    case 'closed':
      return { kind: merged ? 'merged' : 'closed', pull };
    default:
      return malformed(`GET ${path}`);
  }
}
