/** The job's comment (`comment: true`); never throws: a comment must not fail the step. */
import { openCommentSession } from '../comment/open.js';
import type { CommentSession } from '../comment/session.js';
import { messageOf } from '../errors.js';
import * as log from '../log.js';
import type { RunContext, RunPlan } from '../plan/plan.js';
import type { Settings } from '../settings.js';

export function openComment(settings: Settings, plan: RunPlan, context: RunContext): CommentSession | undefined {
  if (settings.comment === undefined) return undefined;
  if (plan.request === undefined) {
    log.notice("'comment' is true, but this run starts or follows no agent job: no comment is written.");
    return undefined;
  }
  try {
    return openCommentSession({
      settings: settings.comment,
      request: plan.request.kind,
      ...(plan.threadJob && { threadComment: plan.threadJob.comment }),
      // Recorded in the comment the session writes: the one a re-run finds first.
      ...(plan.recordSent !== undefined && { sent: plan.recordSent }),
      ...(plan.forChange && { forChange: true }),
      wait: settings.job.wait,
      event: context.event,
      github: context.github,
    });
  } catch (error) {
    log.warning(`The issue comment could not be prepared: ${messageOf(error)}. The agent job is not affected.`);
    return undefined;
  }
}
