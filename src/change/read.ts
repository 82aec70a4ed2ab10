/**
 * A failed read never loses the run: GitHub's refusal, forgetting (404 after a force push) or failure
 * gives a warning and the change as the payload describes it. Only a cancelled run ends here.
 */
import { GitHubError } from '../github/errors.js';
import type { RepositoryHandle } from '../github/repository.js';
import type { Change } from './change.js';
import { describeFailure, type ReadContext } from './github-reads.js';

export interface ChangeReader<Source, Subject> {
  /** Why the payload alone cannot be compared on GitHub (`the push event names no commit`). */
  gap?(source: Source): string | undefined;
  read(context: ReadContext, source: Source, now: number): Promise<Change<Subject>>;
  /** By default, a read that needs `contents: read`. */
  whyFailed?(source: Source, error: GitHubError): string;
  fromPayload(source: Source, why: string, now: number): PayloadChange<Subject>;
}

export interface PayloadChange<Subject> {
  readonly change: Change<Subject>;
  readonly warning: string;
}

export interface ChangeRead<Subject> {
  readonly change: Change<Subject>;
  readonly warnings: readonly string[];
  readonly requests: number;
}

function unreachable(github: RepositoryHandle): string | undefined {
  if (github.ok) return undefined;
  return github.reason === 'no-repository' ? 'GITHUB_REPOSITORY is not owner/repo' : github.detail;
}

/** `now`, epoch milliseconds: the end of a `change-since` window. */
export async function readChange<Source, Subject>(
  reader: ChangeReader<Source, Subject>,
  source: Source,
  github: RepositoryHandle,
  now: number,
): Promise<ChangeRead<Subject>> {
  const why = unreachable(github) ?? reader.gap?.(source);
  if (why !== undefined || !github.ok) {
    const { change, warning } = reader.fromPayload(source, why ?? 'GitHub cannot be asked', now);
    return { change, warnings: [warning], requests: 0 };
  }
  const { client } = github;
  const warnings: string[] = [];
  const context: ReadContext = { client, repository: github.repository, warn: (message) => warnings.push(message) };
  const before = client.requestCount;
  try {
    const change = await reader.read(context, source, now);
    return { change, warnings, requests: client.requestCount - before };
  } catch (error) {
    if (!(error instanceof GitHubError) || error.aborted) throw error;
    const failed = reader.whyFailed?.(source, error) ?? describeFailure(error, 'contents: read');
    const { change, warning } = reader.fromPayload(source, failed, now);
    return { change, warnings: [...warnings, warning], requests: client.requestCount - before };
  }
}
