/**
 * impact-comment: one comment on each measured pull request whose verdict is final (never while it
 * is measuring), with its own hidden marker, written by the one marked-comment writer: created
 * once, updated in place when its numbers change, left alone when they did not. Any GitHub failure
 * is one warning per pull request, never a failed step.
 */
import * as log from '../log.js';
import type { ImpactProgress } from '../analytics/health-report.js';
import type { PullImpact } from '../analytics/impact-report.js';
import type { RunEvent } from '../event/run-event.js';
import type { GitHubAccess } from '../github/open.js';
import { impactCommentBody } from '../summary/health-impact.js';
import { markerValue } from './body.js';
import { describeCommentFailure } from './failure.js';
import { findMarkedComment } from './find.js';
import { githubCommentsApi, type IssueComment } from './github-api.js';
import { writeMarkedComment, type CommentSteps } from './marked-comment.js';

export interface ImpactComments {
  readonly report: ImpactProgress;
  readonly projectId: string;
  readonly event: RunEvent;
  readonly github: GitHubAccess;
  readonly token: string;
}

/** `<!-- mintlify-docs-agent impact=<project>:<pull request> -->`: one comment per project and pull request. */
export function impactMarker(projectId: string, pull: number): string {
  return `<!-- mintlify-docs-agent impact=${markerValue(`${projectId}:${pull}`)} -->`;
}

const STEPS: CommentSteps = {
  find: 'list the comments',
  identify: 'check who wrote the impact comment',
  update: 'update the impact comment',
  create: 'create the impact comment',
};

async function commentOn(options: ImpactComments, github: Extract<GitHubAccess, { ok: true }>, pull: PullImpact): Promise<void> {
  const repository = options.event.repository;
  if (repository === undefined) return;
  const api = githubCommentsApi(github.client, { ...repository, number: pull.number }, (message) => log.debug(message));
  const marker = impactMarker(options.projectId, pull.number);
  const body = impactCommentBody(marker, pull, options.report.method, options.event.runUrl);
  let login: Promise<string> | undefined;
  const ownLogin = (): Promise<string> => (login ??= api.viewerLogin());
  let known: IssueComment | undefined;
  try {
    known = await findMarkedComment(api, marker, ownLogin);
  } catch (error) {
    log.warning(
      describeCommentFailure(error, STEPS.find, { number: pull.number, kind: 'pull-request' }, options.token, 'The impact report').message,
    );
    return;
  }
  if (known?.body === body) return log.info(`The impact comment on #${pull.number} is up to date: ${known.htmlUrl}`);
  const written = await writeMarkedComment({ api, marker, body, steps: STEPS, known, ownLogin });
  if (written.ok) return log.info(`${written.created ? 'Wrote' : 'Updated'} the impact comment ${written.comment.htmlUrl}`);
  const target = { number: pull.number, kind: 'pull-request' } as const;
  log.warning(describeCommentFailure(written.error, written.step, target, options.token, 'The impact report').message);
}

/** Comments on the pull requests with a final verdict, one after another. */
export async function postImpactComments(options: ImpactComments): Promise<void> {
  const { github } = options;
  if (!github.ok || options.event.repository === undefined) return;
  for (const pull of options.report.pulls) {
    if (pull.verdict !== 'measuring') await commentOn(options, github, pull);
  }
}
