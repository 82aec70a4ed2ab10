/**
 * What a conversation asks of the agent: a follow-up to the thread's job (named by the action's own
 * marked comment), or a new job with the thread quoted as data. A bare command asks nothing. Only reads.
 */
import * as log from '../log.js';
import { githubCommentsApi } from '../comment/github-api.js';
import { ConversationError } from '../errors.js';
import type { CommandComment } from '../event/conversation.js';
import type { UsableRepository } from '../github/repository.js';
import type { JobRequest } from '../job/settings.js';
import { removedNotice, type Removed } from '../text/hidden.js';
import { withoutInvisible } from '../text/invisible.js';
import { refuseSecrets, type NamedSecret } from '../text/redact.js';
import { conversationReadError } from './read-failure.js';
import { findThreadComments, type ThreadComments, type ThreadJob } from './thread-job.js';
import { threadName, type Thread } from '../event/payload.js';
import { checkedPagesLines, descriptionName, labelInstruction, threadPrompt } from './thread-prompt.js';

export type ConversationRequest =
  /** `threadJob`: when the thread has one, the run updates its comment. */
  | {
      readonly kind: 'request';
      readonly request: JobRequest;
      readonly reactTo?: CommandComment;
      readonly threadJob?: ThreadJob;
      /** The new job's prompt carries what the docs check named on the pull request: its change goes with it. */
      readonly checked?: true;
    }
  /** `tracking`: the comment to answer in. */
  | { readonly kind: 'bare'; readonly reason: string; readonly tracking?: ThreadJob };

const nameOf = (github: UsableRepository): string => `${github.repository.owner}/${github.repository.repo}`;

async function lookUpThread(github: UsableRepository, thread: Thread): Promise<ThreadComments> {
  try {
    return await findThreadComments(githubCommentsApi(github.client, { ...github.repository, number: thread.number }));
  } catch (error) {
    throw conversationReadError(error, `the comments of ${threadName(thread, nameOf(github))} to find its agent job`, thread.kind);
  }
}

export async function lookUpThreadJob(github: UsableRepository, thread: Thread): Promise<ThreadJob | undefined> {
  return (await lookUpThread(github, thread)).job;
}

function logRemoved(parts: ReadonlyArray<readonly [string, Removed | undefined]>): void {
  const notice = removedNotice(parts.flatMap(([where, removed]) => (removed === undefined ? [] : [[where, removed] as const])));
  if (notice !== undefined) log.info(notice);
}

function withoutSecrets(prompt: string, secrets: readonly NamedSecret[]): string {
  return refuseSecrets(prompt, secrets, {
    what: 'The instruction',
    fix: 'Ask again without it.',
    error: (message) => new ConversationError(message),
  });
}

/** The issue is the request, so the job is new: a thread's job follows commands. */
export function labelRequest(github: UsableRepository, thread: Thread, serverUrl: string, secrets: readonly NamedSecret[]): JobRequest {
  const repository = nameOf(github);
  const prompt = threadPrompt(labelInstruction(thread, repository), thread, serverUrl, repository);
  logRemoved([[descriptionName(thread), prompt.hidden]]);
  return { kind: 'create', prompt: withoutSecrets(prompt.text, secrets) };
}

export interface FollowUp {
  readonly github: UsableRepository;
  readonly thread: Thread;
  readonly serverUrl: string;
  /** instructionText; '' for nothing. */
  readonly instruction: string;
  /** What GitHub does not show, removed from each source of the instruction. */
  readonly written: ReadonlyArray<readonly [string, Removed | undefined]>;
  /** Completes "…, so no job was started or followed" when there is no instruction. */
  readonly bare: string;
  readonly reactTo?: CommandComment;
  /** Looked up before the trigger check (reviews). */
  readonly threadJob?: ThreadJob;
  /** A prompt that carries one is not sent. */
  readonly secrets: readonly NamedSecret[];
  readonly writesComment: boolean;
}

function logFollowing(followUp: FollowUp, jobId: string | undefined): void {
  const { thread } = followUp;
  const name = threadName(thread, nameOf(followUp.github));
  log.info(
    jobId === undefined
      ? `${name} has no agent job yet: ` +
          `starting one with the instruction and the ${thread.kind === 'issue' ? 'issue' : 'pull request'} as context.`
      : `Following up agent job ${jobId}, named by the action's comment on ${name}.`,
  );
  // The thread's job is found only through the action's comment, which 'comment: false' never writes.
  if (jobId === undefined && !followUp.writesComment) {
    log.info(
      "With 'comment: false' no comment names this job on the thread, so the next command there starts a new job too; set 'comment: true' to follow it up.",
    );
  }
}

/**
 * A command's or review's own words as an instruction. Invisible characters are removed as from the
 * workflow's prompt: they carry no meaning in it, and text pasted into a comment can hide words the
 * commenter never saw.
 */
export function instructionText(words: string): string {
  return withoutInvisible(words).trim();
}

export async function followUpRequest(followUp: FollowUp): Promise<ConversationRequest> {
  const { github, thread, written, secrets, instruction } = followUp;
  if (instruction === '') {
    logRemoved(written);
    const tracking = followUp.threadJob ?? (await lookUpThreadJob(github, thread));
    return { kind: 'bare', reason: `${followUp.bare}, so no job was started or followed`, ...(tracking && { tracking }) };
  }
  const found = followUp.threadJob === undefined ? await lookUpThread(github, thread) : { job: followUp.threadJob };
  const threadJob = found.job;
  const jobId = threadJob?.jobId;
  logFollowing(followUp, jobId);
  const requested = (request: JobRequest, checked?: true): ConversationRequest => ({
    kind: 'request',
    request,
    ...(followUp.reactTo && { reactTo: followUp.reactTo }),
    ...(threadJob && { threadJob }),
    ...(checked && { checked }),
  });
  if (jobId !== undefined) {
    logRemoved(written);
    return requested({ kind: 'message', jobId, prompt: withoutSecrets(instruction, secrets) });
  }
  // A new job's prompt quotes the thread's description too.
  const repository = nameOf(github);
  const prompt = threadPrompt(instruction, thread, followUp.serverUrl, repository);
  logRemoved([...written, [descriptionName(thread), prompt.hidden]]);
  // The docs check's own comment on the pull request: the pages it named go with the request.
  const checked = found.check === undefined ? [] : checkedPagesLines(found.check);
  if (checked.length > 0) log.info(`The prompt carries what the docs check named on ${threadName(thread, repository)}, and why.`);
  if (checked.length === 0) return requested({ kind: 'create', prompt: withoutSecrets(prompt.text, secrets) });
  return requested({ kind: 'create', prompt: withoutSecrets([prompt.text, '', ...checked].join('\n'), secrets) }, true);
}
