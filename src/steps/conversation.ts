/**
 * What a run writes for a conversation, with the run's settings and GitHub: the `eyes` reaction on
 * the command comment, the answer to a bare command, the comment on the agent's pull request.
 */
import { answerBareCommand, markPullRequestOf, reactToCommandComment, type ConversationWrites } from '../conversation/writes.js';
import type { JobResult } from '../job/outcome.js';
import type { RunContext, RunPlan, Skip } from '../plan/plan.js';
import type { Settings } from '../settings.js';

function writesOf(settings: Settings, context: Pick<RunContext, 'event' | 'github'>): ConversationWrites {
  return {
    event: context.event,
    github: context.github,
    command: settings.conversation.command,
    writesComments: settings.comment !== undefined,
    token: settings.run.githubToken,
  };
}

/** The commenter sees at once that the command was heard; the job does not wait for it. Never rejects. */
export function startReaction(settings: Settings, plan: RunPlan, context: RunContext): Promise<void> {
  return plan.reactTo === undefined ? Promise.resolve() : reactToCommandComment(writesOf(settings, context), plan.reactTo);
}

/** A bare command: the note in the thread's tracking comment, or a warning saying what to write. */
export async function answerBareCommandOf(settings: Settings, skip: Skip, context: Pick<RunContext, 'event' | 'github'>): Promise<void> {
  if (skip.reply !== undefined) await answerBareCommand(writesOf(settings, context), skip.reply.tracking);
}

/** The job's pull request says how to ask for changes there (`comment: true` only). */
export async function markAgentPullRequestOf(settings: Settings, result: JobResult | undefined, context: RunContext): Promise<void> {
  if (settings.comment !== undefined) await markPullRequestOf(writesOf(settings, context), result);
}
