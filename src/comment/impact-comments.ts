/**
 * impact-comment: one comment on each measured pull request once its verdict is final, updated in
 * place when its numbers change. A hidden line records the verdict and its look: a later report reads
 * it back (from the token's own comment only) and keeps it, so a label once posted never changes.
 * Each pull request's comments are listed once a run, for the record and the write alike.
 */
import * as log from '../log.js';
import type { ImpactProgress } from '../analytics/health-report.js';
import type { PullImpact, RecordedVerdict } from '../analytics/impact-report.js';
import type { RepositoryHandle, UsableRepository } from '../github/repository.js';
import { impactCommentBody } from '../summary/health-impact.js';
import { markerValue } from './body.js';
import { describeCommentFailure } from './failure.js';
import { findMarkedComment } from './find.js';
import { githubCommentsApi, type CommentsApi, type IssueComment } from './github-api.js';
import { writeMarkedComment, type CommentSteps } from './marked-comment.js';

export interface ImpactCommentsOptions {
  readonly projectId: string;
  readonly runUrl: string | undefined;
  readonly github: RepositoryHandle;
}

/** `<!-- mintlify-docs-agent impact=<project>:<pull request> -->`: one comment per project and pull request. */
export function impactMarker(projectId: string, pull: number): string {
  return `<!-- mintlify-docs-agent impact=${markerValue(`${projectId}:${pull}`)} -->`;
}

const RECORDED = {
  improved: 'improved',
  worse: 'worse',
  'no clear change': 'no-clear-change',
  'too little data': 'too-little-data',
} as const;
const RECORD_LINE = /^<!-- mintlify-docs-agent impact-verdict=(improved|worse|no-clear-change|too-little-data) look=(\d{1,2}) -->$/;

export function verdictRecord(verdict: RecordedVerdict): string {
  return `<!-- mintlify-docs-agent impact-verdict=${RECORDED[verdict.verdict]} look=${verdict.look} -->`;
}

/** Undefined for a comment of an earlier version. */
export function recordedVerdictOf(body: string): RecordedVerdict | undefined {
  const match = RECORD_LINE.exec(body.split('\n', 2)[1] ?? '');
  if (match === null) return undefined;
  const verdict = (Object.keys(RECORDED) as (keyof typeof RECORDED)[]).find((key) => RECORDED[key] === match[1]);
  return verdict === undefined ? undefined : { verdict, look: Number(match[2]) };
}

const STEPS: CommentSteps = {
  find: 'list the comments',
  identify: 'check who wrote the impact comment',
  update: 'update the impact comment',
  create: 'create the impact comment',
};

type Lookup = { readonly ok: true; readonly comment: IssueComment | undefined } | { readonly ok: false; readonly error: unknown };

export class ImpactComments {
  private readonly lookups = new Map<number, Promise<Lookup>>();
  private login: Promise<string> | undefined;

  constructor(private readonly options: ImpactCommentsOptions) {}

  private api(github: UsableRepository, number: number): CommentsApi {
    return githubCommentsApi(github.client, { ...github.repository, number }, (message) => log.debug(message));
  }

  private ownLogin(api: CommentsApi): Promise<string> {
    this.login ??= api.viewerLogin();
    return this.login;
  }

  private lookup(number: number, api: CommentsApi): Promise<Lookup> {
    let known = this.lookups.get(number);
    if (known === undefined) {
      const marker = impactMarker(this.options.projectId, number);
      known = findMarkedComment(api, marker, () => this.ownLogin(api)).then(
        (comment): Lookup => ({ ok: true, comment }),
        (error: unknown): Lookup => ({ ok: false, error }),
      );
      this.lookups.set(number, known);
    }
    return known;
  }

  /** A lookup that fails records nothing. */
  async recorded(numbers: readonly number[]): Promise<Map<number, RecordedVerdict>> {
    const found = new Map<number, RecordedVerdict>();
    const { github } = this.options;
    for (const number of numbers) {
      if (!github.ok) break;
      const lookup = await this.lookup(number, this.api(github, number));
      const verdict = lookup.ok && lookup.comment !== undefined ? recordedVerdictOf(lookup.comment.body) : undefined;
      if (verdict !== undefined) found.set(number, verdict);
    }
    log.debug(`Impact comments: ${found.size} of ${numbers.length} pull requests have a recorded verdict.`);
    return found;
  }

  private async commentOn(pull: PullImpact, method: string, github: UsableRepository): Promise<void> {
    const target = { number: pull.number, kind: 'pull-request' } as const;
    const api = this.api(github, pull.number);
    const fail = (error: unknown, step: string) =>
      log.warning(describeCommentFailure(error, step, target, github.token, 'The impact report').message);
    const marker = impactMarker(this.options.projectId, pull.number);
    const record = verdictRecord({ verdict: pull.verdict as RecordedVerdict['verdict'], look: pull.look });
    const body = impactCommentBody(`${marker}\n${record}`, pull, method, this.options.runUrl);
    const lookup = await this.lookup(pull.number, api);
    if (!lookup.ok) return fail(lookup.error, STEPS.find);
    const known = lookup.comment;
    if (known?.body === body) return log.info(`The impact comment on #${pull.number} is up to date: ${known.htmlUrl}`);
    // The lookup above found no comment: create one without listing the comments again.
    const written = await writeMarkedComment({ api, marker: undefined, body, steps: STEPS, known, ownLogin: () => this.ownLogin(api) });
    if (written.ok) return log.info(`${written.created ? 'Wrote' : 'Updated'} the impact comment ${written.comment.htmlUrl}`);
    fail(written.error, written.step);
  }

  async post(report: ImpactProgress): Promise<void> {
    const { github } = this.options;
    if (!github.ok) return;
    for (const pull of report.pulls) if (pull.verdict !== 'measuring') await this.commentOn(pull, report.method, github);
  }
}
