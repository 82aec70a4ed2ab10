/**
 * The `docs-agent` commit status: what the agent made of a commit, and the record a later run reads
 * to resume its job. A status names its job as `job <id>` (an id the 140-character cut would reach
 * is not read back) and ends with ` [wf <writer>]` (writer.ts), kept whole by the cut. It is this
 * run's record only under its context, with its writer, and written by the token's own account:
 * every workflow of a repository writes with the same account. A status without a writer is nobody's.
 */
import type { Repository } from '../event/run-event.js';
import type { GitHubClient } from '../github/client.js';
import { isRecord } from '../is-record.js';
import { idProblem } from '../inputs/identifier.js';
import { truncateCodePoints } from '../text/truncate.js';
import { encodeSegment, wellFormed } from '../text/uri.js';
import { pullRequestName } from './pull-state.js';
import type { DocsStatus, StatusState } from './status-texts.js';
import { messageOf } from '../errors.js';
import { GitHubError } from '../github/errors.js';
import { failureOf, repoPath, unread, type Refused, type Unavailable } from '../github/failure.js';
import { WRITER_DIGITS } from './writer.js';

/** GitHub refuses (422) a longer description. */
export const DESCRIPTION_CHARS = 140;
export const STATUS_PER_PAGE = 100;
/** 3 requests cover the newest 300 statuses of a commit, every context together. */
export const MAX_STATUS_PAGES = 3;

export interface StatusOwner {
  readonly context: string;
  readonly writer: string;
}

const writerTag = (writer: string): string => ` [wf ${writer}]`;
const WRITER_IN_DESCRIPTION = new RegExp(` \\[wf ([0-9a-f]{${WRITER_DIGITS}})\\]$`);

/** One line of at most DESCRIPTION_CHARS, the text cut to leave room for the writer's tag. */
export function statusDescription(text: string, writer: string): string {
  const tag = writerTag(writer);
  return `${truncateCodePoints(text.replace(/[\p{Cc}\s]+/gu, ' ').trim(), DESCRIPTION_CHARS - tag.length)}${tag}`;
}

function splitWriter(description: string): { readonly text: string; readonly writer?: string } {
  const match = WRITER_IN_DESCRIPTION.exec(description);
  return match?.[1] === undefined ? { text: description } : { text: description.slice(0, match.index), writer: match[1] };
}

export type StatusWrite = { readonly kind: 'written'; readonly description: string } | Refused | Unavailable;

/** Never throws for GitHub's failures. */
export async function writeDocsStatus(
  github: GitHubClient,
  repository: Repository,
  sha: string,
  status: DocsStatus,
  owner: StatusOwner,
): Promise<StatusWrite> {
  const description = statusDescription(status.description, owner.writer);
  const targetUrl = status.targetUrl !== undefined && /^https?:\/\//.test(status.targetUrl) ? status.targetUrl : undefined;
  try {
    await (
      await github.rest()
    ).repos.createCommitStatus({
      ...repository,
      sha: wellFormed(sha),
      state: status.state,
      context: owner.context,
      description,
      ...(targetUrl !== undefined && { target_url: targetUrl }),
    });
  } catch (error) {
    return failureOf(error, 'statuses: write');
  }
  return { kind: 'written', description };
}

const JOB_IN_DESCRIPTION = /(?:^|\s)job ([A-Za-z0-9._~-]+)(?=$|[\s:,])/;

/** Undefined when it names none, or a cut one. */
export function jobIdOf(description: string): string | undefined {
  const id = JOB_IN_DESCRIPTION.exec(description)?.[1];
  return id !== undefined && idProblem(id) === undefined ? id : undefined;
}

export interface JobStatusRecord {
  readonly jobId: string;
  readonly state: StatusState;
  readonly prLink?: string;
  readonly targetUrl?: string;
  /** Failed or archived: it ended without the docs, so a re-run starts another. */
  readonly ended: boolean;
}

const STATES: readonly StatusState[] = ['pending', 'success', 'failure', 'error'];

interface StatusItem extends JobStatusRecord {
  readonly creator?: string;
  /** Undefined: written before statuses named their writer. */
  readonly writer?: string;
}

/** GitHub compares contexts in any case. */
function jobStatusOf(value: unknown, context: string): StatusItem | undefined {
  if (!isRecord(value) || typeof value['context'] !== 'string' || typeof value['description'] !== 'string') return undefined;
  if (value['context'].toLowerCase() !== context.toLowerCase()) return undefined;
  const state = STATES.find((known) => known === value['state']);
  const { text, writer } = splitWriter(value['description']);
  const jobId = jobIdOf(text);
  if (state === undefined || jobId === undefined) return undefined;
  const target = typeof value['target_url'] === 'string' && /^https?:\/\//.test(value['target_url']) ? value['target_url'] : undefined;
  const creator = isRecord(value['creator']) && typeof value['creator']['login'] === 'string' ? value['creator']['login'] : undefined;
  const ended = state === 'failure' && / (?:failed|was archived)$/.test(text);
  return {
    jobId,
    state,
    ended,
    ...(target !== undefined && { targetUrl: target }),
    ...(target !== undefined && pullRequestName(target) !== undefined && { prLink: target }),
    ...(creator !== undefined && creator !== '' && { creator }),
    ...(writer !== undefined && { writer }),
  };
}

export type StatusRead =
  | ({ readonly kind: 'found' } & JobStatusRecord)
  /** `legacy`: the newest status's job that names no writer, for the log. */
  | { readonly kind: 'none'; readonly legacy?: string }
  | Refused
  | Unavailable;

/** The token's login is asked only once a status with the run's writer turns up. */
export interface StatusReader extends StatusOwner {
  readonly ownLogin: () => Promise<string>;
}

/** Unavailable when it cannot be learnt: nothing by any author is taken for the token's own. */
async function learnLogin(ownLogin: () => Promise<string>): Promise<string | Unavailable> {
  try {
    return await ownLogin();
  } catch (error) {
    if (error instanceof GitHubError && error.aborted) throw error;
    return { kind: 'unavailable', detail: `Who the token is could not be learnt: ${messageOf(error)}` };
  }
}

/**
 * The newest own record on `sha`. At most MAX_STATUS_PAGES pages (newest first) are read; a commit
 * with more is unavailable rather than `none`: a re-run must not take a missed record for no record.
 */
export async function readDocsStatus(github: GitHubClient, repository: Repository, sha: string, reader: StatusReader): Promise<StatusRead> {
  const path = `${repoPath(repository)}/commits/${encodeSegment(sha)}/statuses`;
  let login: string | undefined;
  let legacy: string | undefined;
  let more = false;
  try {
    const params = { ...repository, ref: wellFormed(sha), per_page: STATUS_PER_PAGE };
    for await (const page of github.pages((rest) => rest.repos.listCommitStatusesForRef, params, MAX_STATUS_PAGES)) {
      const items = page.items.flatMap((item) => jobStatusOf(item, reader.context) ?? []);
      legacy ??= items.find((item) => item.writer === undefined)?.jobId;
      const candidates = items.filter((item) => item.writer === reader.writer);
      if (candidates.length > 0 && login === undefined) {
        const learnt = await learnLogin(reader.ownLogin);
        if (typeof learnt !== 'string') return learnt;
        login = learnt;
      }
      const own = candidates.find((candidate) => candidate.creator === login);
      if (own !== undefined) {
        const { creator: _creator, writer: _writer, ...record } = own;
        return { kind: 'found', ...record };
      }
      more = page.more;
    }
  } catch (error) {
    return failureOf(error, 'statuses: read');
  }
  if (more) return unread(`GET ${path}`, MAX_STATUS_PAGES * STATUS_PER_PAGE);
  return legacy === undefined ? { kind: 'none' } : { kind: 'none', legacy };
}
