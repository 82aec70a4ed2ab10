/**
 * A review submitted on the agent's pull request that requests changes, or starts with the command:
 * its body and inline comments as one follow-up to the pull request's job.
 */
import * as log from '../log.js';
import type { ConversationEvent } from '../event/conversation.js';
import { parseCommand } from '../conversation/command.js';
import { conversationReadError } from '../conversation/read-failure.js';
import { followUpRequest, instructionText, lookUpThreadJob, type FollowUp } from '../conversation/resolve.js';
import { readReviewComments, reviewFollowUp } from '../conversation/review.js';
import { eventText, instructionOf, quoteName, unreadableReason, type Conversation } from '../conversation/screen.js';
import type { ThreadJob } from '../conversation/thread-job.js';
import { threadName } from '../event/payload.js';
import type { ConversationSettings } from '../conversation/settings.js';
import type { UsableRepository } from '../github/repository.js';
import { secretsOf } from '../inputs/run.js';
import type { Settings } from '../settings.js';
import { conversationGitHub, planFollowUp, readsConversation } from '../plan/conversation.js';
import { taken, type Skip, type TriggerKind } from '../plan/plan.js';
import type { Removed } from '../text/hidden.js';
import { counted } from '../text/plural.js';

type ReviewEvent = Extract<ConversationEvent, { kind: 'review' }>;

interface Reviewed extends Conversation<ReviewEvent> {
  /** The reviewed pull request's job, found before the trigger check. */
  readonly threadJob?: ThreadJob;
}

function screenState(event: ReviewEvent, word: string, happened: string): Conversation<ReviewEvent> | Skip {
  const { state, body } = event.review;
  const parsed = parseCommand(body, word);
  if (state === 'changes_requested') return { event, ...instructionOf(body, word, parsed.kind === 'command') };
  if (state === 'commented' && parsed.kind === 'command') return { event, ...instructionOf(body, word, true) };
  if (state === 'commented')
    return { kind: 'skip', reason: `the review neither requests changes nor starts with ${quoteName(word)} (${happened})` };
  const what = state === 'approved' ? 'approves the pull request' : state === 'dismissed' ? 'was dismissed' : 'asks nothing of the agent';
  return { kind: 'skip', reason: `the review ${what} (${happened})` };
}

async function reviewInstruction(github: UsableRepository, reviewed: Reviewed): Promise<{ text: string; inlineHidden: Removed }> {
  const { thread, review } = reviewed.event;
  const name = threadName(thread, `${github.repository.owner}/${github.repository.repo}`);
  const comments = await readReviewComments(github.client, github.repository, thread.number, review.id).catch((error: unknown) => {
    throw conversationReadError(error, `the inline comments of the review on ${name}`, 'pull-request');
  });
  const followUp = reviewFollowUp(instructionText(reviewed.instruction), comments, name);
  if (followUp.text !== '') {
    const leftOut = followUp.leftOut > 0 ? `; ${counted(followUp.leftOut, 'was', 'were')} left out to stay within the bound` : '';
    const unread = comments.more ? '; the review has more that were not read' : '';
    log.info(`The review becomes one follow-up with ${counted(followUp.included, 'inline comment')}${leftOut}${unread}.`);
  }
  return { text: followUp.text, inlineHidden: followUp.hidden };
}

export function screenReview(
  settings: ConversationSettings,
  name: string,
  submitted: ConversationEvent | 'unreadable',
): Reviewed | Skip | undefined {
  if (name !== 'pull_request_review') return undefined;
  if (submitted === 'unreadable') return { kind: 'skip', reason: unreadableReason(name) };
  if (submitted.kind !== 'review') return undefined;
  const happened = eventText(name, submitted.action);
  if (submitted.action !== 'submitted')
    return { kind: 'skip', reason: `only submitted reviews are read, and this one was not (${happened})` };
  return screenState(submitted, settings.command, happened);
}

export const review: TriggerKind<Reviewed> = {
  screen(settings, event) {
    if (!readsConversation(settings) || event.conversation === undefined) return undefined;
    const screened = screenReview(settings.conversation, event.name, event.conversation);
    return screened === undefined || 'kind' in screened ? screened : taken(this, screened);
  },
  /**
   * Only on a pull request with the action's marker: a stranger's review of any other is skipped
   * green instead of failing the trigger check. Without GitHub, the check says what is missing.
   */
  async admit(reviewed, context) {
    if (!context.github.ok) return { kind: 'admitted', subject: reviewed };
    const threadJob = await lookUpThreadJob(context.github, reviewed.event.thread);
    if (threadJob !== undefined) return { kind: 'admitted', subject: { ...reviewed, threadJob } };
    return {
      kind: 'skip',
      reason: `the reviewed pull request has no comment of an agent job, so the review is not for the agent ('pull_request_review' ${reviewed.event.action})`,
    };
  },
  async resolve(settings, reviewed, _request, context) {
    const resolved = await followUpRequest(
      await reviewFollowUpOf(settings, reviewed, conversationGitHub(context), context.event.serverUrl),
    );
    return planFollowUp(settings, resolved, { kind: 'review', id: reviewed.event.review.id }, context);
  },
};

/** Its body and inline comments as one follow-up. */
export async function reviewFollowUpOf(
  settings: Settings,
  reviewed: Reviewed,
  github: UsableRepository,
  serverUrl: string,
): Promise<FollowUp> {
  const { text, inlineHidden } = await reviewInstruction(github, reviewed);
  return {
    github,
    thread: reviewed.event.thread,
    serverUrl,
    instruction: text,
    written: [
      ['the review', reviewed.hidden],
      ["the review's inline comments", inlineHidden],
    ],
    bare: 'the review has no text and no inline comments',
    ...(reviewed.threadJob && { threadJob: reviewed.threadJob }),
    secrets: secretsOf(settings.run),
    writesComment: settings.comment !== undefined,
  };
}
