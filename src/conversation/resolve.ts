/**
 * After the trigger check: what a conversation asks of the agent. The thread's job comes from the
 * action's own marked comment there; the instruction is the command's
 * text, or a review's body and inline comments. With a job, the instruction goes to it as a
 * follow-up; without one, a new job starts with the instruction and the thread quoted as data.
 * A bare command asks nothing: the run answers in the tracking comment and starts no job.
 * Only reads: the reaction, the reply and the comments are written by the run (action.ts).
 */
import * as log from '../log.js';
import { githubCommentsApi } from '../comment/github-api.js';
import { ConversationError } from '../errors.js';
import type { RunEvent, Repository } from '../event/run-event.js';
import type { GitHubClient } from '../github/client.js';
import type { JobRequest } from '../job/settings.js';
import { NOTHING_REMOVED, removedNotice, type Removed } from '../text/hidden.js';
import { withoutInvisible } from '../text/invisible.js';
import { counted } from '../text/plural.js';
import { refuseSecrets, type NamedSecret } from '../text/redact.js';
import type { CommandComment } from '../event/conversation.js';
import type { Thread } from '../event/payload.js';
import { conversationReadError } from './read-failure.js';
import { readReviewComments, reviewFollowUp } from './review.js';
import type { Conversation } from './screen.js';
import { findThreadJob, type ThreadJob } from './thread-job.js';
import { descriptionName, labelInstruction, threadName, threadPrompt } from './thread-prompt.js';

export interface ConversationContext {
  readonly event: RunEvent;
  readonly github: GitHubClient;
  readonly command: string;
  /** The run's API key and token: a prompt that carries one is not sent. */
  readonly secrets: readonly NamedSecret[];
  /** The thread's job, when it was looked up before the trigger check (reviews). */
  readonly threadJob?: ThreadJob;
  /** `comment: true`: the run writes the comment that names the thread's job for the next command. */
  readonly writesComment: boolean;
}

export type ConversationRequest =
  /**
   * `reactTo`: the command comment, which gets an `eyes` reaction; `threadJob`: the thread's job and
   * the action's comment naming it, when the thread has one (the run updates that comment).
   */
  | { readonly kind: 'request'; readonly request: JobRequest; readonly reactTo?: CommandComment; readonly threadJob?: ThreadJob }
  /** A command or review without any text: `tracking` is the comment to answer in, when the thread has one. */
  | { readonly kind: 'bare'; readonly reason: string; readonly tracking?: ThreadJob };

/** The run's repository; a conversation cannot be read without one. */
function requireRepository(event: RunEvent): Repository {
  if (event.repository === undefined) {
    throw new ConversationError(
      `GITHUB_REPOSITORY is '${event.repositoryText}', not 'owner/repo', so the conversation cannot be read; nothing was sent to the agent.`,
    );
  }
  return event.repository;
}

/** The thread's own job, or undefined; reads the thread's comments. */
async function lookUpThreadJob(github: GitHubClient, repository: Repository, thread: Thread): Promise<ThreadJob | undefined> {
  try {
    return await findThreadJob(githubCommentsApi(github, { ...repository, number: thread.number }));
  } catch (error) {
    throw conversationReadError(
      error,
      `the comments of ${threadName(thread, `${repository.owner}/${repository.repo}`)} to find its agent job`,
      thread.kind,
    );
  }
}

/** Before the trigger check, for reviews: whether the pull request carries the action's marker. */
export async function reviewedThreadJob(github: GitHubClient, event: RunEvent, thread: Thread): Promise<ThreadJob | undefined> {
  return lookUpThreadJob(github, requireRepository(event), thread);
}

interface Instruction {
  readonly text: string;
  /** What GitHub does not show, removed from the review's inline comments. */
  readonly inlineHidden: Removed;
}

/**
 * The command's text, or the review's follow-up. Invisible characters are removed from the
 * instruction as from the workflow's prompt: they carry no meaning in it, and text pasted into a
 * comment can hide words the commenter never saw. The thread and inline comments are quoted data.
 */
async function instructionOf(conversation: Conversation, context: ConversationContext, repository: Repository): Promise<Instruction> {
  const { event } = conversation;
  const instruction = withoutInvisible(conversation.instruction).trim();
  if (event.kind !== 'review') return { text: instruction, inlineHidden: NOTHING_REMOVED };
  const name = threadName(event.thread, `${repository.owner}/${repository.repo}`);
  const comments = await readReviewComments(context.github, repository, event.thread.number, event.review.id).catch((error: unknown) => {
    throw conversationReadError(error, `the inline comments of the review on ${name}`, 'pull-request');
  });
  const followUp = reviewFollowUp(instruction, comments, name);
  if (followUp.text !== '') {
    const leftOut = followUp.leftOut > 0 ? `; ${counted(followUp.leftOut, 'was', 'were')} left out to stay within the bound` : '';
    const unread = comments.more ? '; the review has more that were not read' : '';
    log.info(`The review becomes one follow-up with ${counted(followUp.included, 'inline comment')}${leftOut}${unread}.`);
  }
  return { text: followUp.text, inlineHidden: followUp.hidden };
}

/** One log line for what was removed from the Markdown of the conversation, when anything was. */
function logRemoved(parts: ReadonlyArray<readonly [string, Removed | undefined]>): void {
  const notice = removedNotice(parts.flatMap(([where, removed]) => (removed === undefined ? [] : [[where, removed] as const])));
  if (notice !== undefined) log.info(notice);
}

/** A prompt made from a comment or review, refused when it carries a secret of the run. */
function withoutSecrets(prompt: string, secrets: readonly NamedSecret[]): string {
  return refuseSecrets(prompt, secrets, {
    what: 'The instruction',
    fix: 'Ask again without it.',
    error: (message) => new ConversationError(message),
  });
}

export async function resolveConversation(conversation: Conversation, context: ConversationContext): Promise<ConversationRequest> {
  const repository = requireRepository(context.event);
  const repositoryText = `${repository.owner}/${repository.repo}`;
  const { event } = conversation;
  const { thread } = event;
  const { serverUrl } = context.event;
  if (event.kind === 'issue') {
    // A label asks for the issue itself: the issue is the request, so the job is new (a thread's job follows commands).
    const prompt = threadPrompt(labelInstruction(thread, repositoryText), thread, serverUrl, repositoryText);
    logRemoved([[descriptionName(thread), prompt.hidden]]);
    return { kind: 'request', request: { kind: 'create', prompt: withoutSecrets(prompt.text, context.secrets) } };
  }
  const { text: instruction, inlineHidden } = await instructionOf(conversation, context, repository);
  const written: ReadonlyArray<readonly [string, Removed | undefined]> = [
    [event.kind === 'review' ? 'the review' : 'the comment', conversation.hidden],
    ["the review's inline comments", inlineHidden],
  ];
  if (instruction === '') {
    logRemoved(written);
    const tracking = context.threadJob ?? (await lookUpThreadJob(context.github, repository, thread));
    const what =
      event.kind === 'review'
        ? 'the review has no text and no inline comments'
        : `the command '${context.command}' has no instruction after it`;
    return { kind: 'bare', reason: `${what}, so no job was started or followed`, ...(tracking && { tracking }) };
  }
  const threadJob = context.threadJob ?? (await lookUpThreadJob(context.github, repository, thread));
  const jobId = threadJob?.jobId;
  log.info(
    jobId === undefined
      ? `${threadName(thread, repositoryText)} has no agent job yet: ` +
          `starting one with the instruction and the ${thread.kind === 'issue' ? 'issue' : 'pull request'} as context.`
      : `Following up agent job ${jobId}, named by the action's comment on ${threadName(thread, repositoryText)}.`,
  );
  // The thread's job is found only through the action's comment, which 'comment: false' never writes.
  if (jobId === undefined && !context.writesComment) {
    log.info(
      "With 'comment: false' no comment names this job on the thread, so the next command there starts a new job too; set 'comment: true' to follow it up.",
    );
  }
  const requested = (request: JobRequest): ConversationRequest => ({
    kind: 'request',
    request,
    ...(event.kind === 'comment' && { reactTo: event.comment }),
    ...(threadJob && { threadJob }),
  });
  if (jobId !== undefined) {
    logRemoved(written);
    return requested({ kind: 'message', jobId, prompt: withoutSecrets(instruction, context.secrets) });
  }
  // A new job's prompt quotes the thread's description too.
  const prompt = threadPrompt(instruction, thread, serverUrl, repositoryText);
  logRemoved([...written, [descriptionName(thread), prompt.hidden]]);
  return requested({ kind: 'create', prompt: withoutSecrets(prompt.text, context.secrets) });
}
