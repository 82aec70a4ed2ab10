/**
 * The 🚀 on a command comment once the service accepted the follow-up it asked for: it tells the
 * commenter the agent has it. It is no record: a reaction cannot say which workflow or project left
 * it, and every workflow of a repository reacts with the same account, so a re-run finds what it
 * sent in the thread's tracking comment (comment/review-record.ts) instead. Issue and pull-request
 * comments keep reactions under `issues/comments`, review comments under `pulls/comments`
 * (conversation/reaction.ts), each with its own permission.
 */
import { addReaction } from '../conversation/reaction.js';
import type { CommandComment, CommentPlace } from '../event/conversation.js';
import type { Repository } from '../event/run-event.js';
import type { GitHubClient } from '../github/client.js';
import { failureOf, type Refused, type Unavailable } from '../github/failure.js';

const permissionTo = (place: CommentPlace) => (place === 'issue' ? ('issues: write' as const) : ('pull-requests: write' as const));

export type ReactionWrite = { readonly kind: 'added' } | Refused | Unavailable;

/** 🚀 on the command comment once the service accepted the follow-up. Never throws for GitHub's failures. */
export async function addRocketReaction(github: GitHubClient, repository: Repository, comment: CommandComment): Promise<ReactionWrite> {
  try {
    await addReaction(github, repository, comment, 'rocket');
  } catch (error) {
    return failureOf(error, permissionTo(comment.place));
  }
  return { kind: 'added' };
}
