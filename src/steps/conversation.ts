/**
 * What a run writes for a conversation, with the run's settings and GitHub: the `eyes` reaction on
 * the command comment, the answer to a bare command, the record of a review sent, the comment on the
 * agent's pull request.
 */
import type { CommentSession } from '../comment/session.js';
import {
  answerBareCommand,
  markPullRequestOf,
  reactToCommandComment,
  recordSent,
  type ConversationWrites,
} from '../conversation/writes.js';
import { failureText } from '../github/failure.js';
import type { JobResult } from '../job/outcome.js';
import type { RunContext, RunPlan, Skip } from '../plan/plan.js';
import type { Settings } from '../settings.js';
import * as log from '../log.js';
import { addRocketReaction } from '../stream/reactions.js';

function writesOf(settings: Settings, context: Pick<RunContext, 'event' | 'github' | 'docs'>): ConversationWrites {
  return {
    event: context.event,
    github: context.github,
    docs: context.docs,
    command: settings.conversation.command,
    writesComments: settings.comment !== undefined,
  };
}

/** The commenter sees at once that the command was heard; the job does not wait for it. Never rejects. */
export function startReaction(settings: Settings, plan: RunPlan, context: RunContext): Promise<void> {
  return plan.reactTo === undefined ? Promise.resolve() : reactToCommandComment(writesOf(settings, context), plan.reactTo);
}

/** A bare command: the note in the thread's tracking comment, or a warning saying what to write. */
export async function answerBareCommandOf(
  settings: Settings,
  skip: Skip,
  context: Pick<RunContext, 'event' | 'github' | 'docs'>,
): Promise<void> {
  if (skip.reply !== undefined) await answerBareCommand(writesOf(settings, context), skip.reply.tracking);
}

/** The job's pull request says how to ask for changes there (`comment: true` only). */
export async function markAgentPullRequestOf(settings: Settings, result: JobResult | undefined, context: RunContext): Promise<void> {
  if (settings.comment !== undefined) await markPullRequestOf(writesOf(settings, context), result);
}

/**
 * The `rocket` on the command comment once the service accepted what it asked (`accepted`, called
 * when the job is known): the commenter sees the agent has it (a re-run reads the tracking
 * comment's record, not the reaction). `added` waits for it; never rejects for GitHub's failures,
 * which are one warning.
 */
export function rocketOnAccepted(
  plan: RunPlan,
  context: RunContext,
): { readonly accepted: () => void; readonly added: () => Promise<void> } {
  let added: Promise<void> = Promise.resolve();
  const { github } = context;
  const comment = plan.rocketOn;
  const accepted = (): void => {
    if (comment === undefined || !github.ok) return;
    added = addRocketReaction(github.client, github.repository, comment).then((written) => {
      if (written.kind === 'added') return log.info(`Reacted with 'rocket' to the command comment ${comment.id}: the agent has it.`);
      const why = failureText(written, 'allows');
      log.warning(
        `The 'rocket' reaction could not be added to the command comment ${comment.id} (${why}); the agent has the command all the same.`,
      );
    });
  };
  return { accepted, added: () => added };
}

/**
 * A review's or command's id in the thread's tracking comment once the service accepted its
 * follow-up (`accepted`, called when the job is known): the record a re-run reads so as not to send
 * it again. The job's comment session, when the run has one, writes it into the comment it keeps;
 * otherwise it is written here. `written` waits for it and never rejects.
 */
export function sentRecordOnAccepted(
  settings: Settings,
  plan: RunPlan,
  context: RunContext,
  comment: CommentSession | undefined,
): { readonly accepted: () => void; readonly written: () => Promise<void> } {
  let written: Promise<void> = Promise.resolve();
  const { recordSent: sent, threadJob } = plan;
  const accepted = (): void => {
    if (sent === undefined || threadJob === undefined || comment !== undefined) return;
    written = recordSent(writesOf(settings, context), threadJob, sent);
  };
  return { accepted, written: () => written };
}
