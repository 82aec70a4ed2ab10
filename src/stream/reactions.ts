/**
 * The 🚀 once the service accepted a command: no record, as a reaction cannot say which workflow or
 * project left it (a re-run reads comment/review-record.ts instead).
 */
import { addReaction } from '../conversation/reaction.js';
import type { CommandComment, CommentPlace } from '../event/conversation.js';
import type { Repository } from '../event/run-event.js';
import type { GitHubClient } from '../github/client.js';
import { failureOf, type Refused, type Unavailable } from '../github/failure.js';

const permissionTo = (place: CommentPlace) => (place === 'issue' ? ('issues: write' as const) : ('pull-requests: write' as const));

export type ReactionWrite = { readonly kind: 'added' } | Refused | Unavailable;

/** Never throws for GitHub's failures. */
export async function addRocketReaction(github: GitHubClient, repository: Repository, comment: CommandComment): Promise<ReactionWrite> {
  try {
    await addReaction(github, repository, comment, 'rocket');
  } catch (error) {
    return failureOf(error, permissionTo(comment.place));
  }
  return { kind: 'added' };
}
