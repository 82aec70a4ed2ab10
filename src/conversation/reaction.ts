/**
 * The `eyes` reaction on the command comment once the run takes it up, so the commenter sees it
 * was heard before the job's comment appears. A courtesy: a refusal is one warning, never a
 * failed step. GitHub answers 201 for a new reaction and 200 when it already exists (a re-run).
 */
import * as log from '../log.js';
import type { CommentTarget } from '../comment/event.js';
import { describeCommentFailure } from '../comment/failure.js';
import type { Repository } from '../event/run-event.js';
import type { GitHubClient } from '../github/client.js';
import type { CommandComment } from '../event/conversation.js';
import { encodeSegment } from '../text/uri.js';

/** Issue and pull-request comments react under `issues/comments`, review (diff) comments under `pulls/comments`. */
export function reactionPath(repository: Repository, comment: CommandComment): string {
  const repo = `/repos/${encodeSegment(repository.owner)}/${encodeSegment(repository.repo)}`;
  return `${repo}/${comment.place === 'issue' ? 'issues' : 'pulls'}/comments/${comment.id}/reactions`;
}

export interface ReactionOptions {
  readonly github: GitHubClient;
  readonly repository: Repository;
  readonly comment: CommandComment;
  readonly target: CommentTarget;
  readonly token: string;
}

/** Never throws. */
export async function reactToCommand(options: ReactionOptions): Promise<void> {
  try {
    await options.github.post(reactionPath(options.repository, options.comment), { content: 'eyes' });
    log.info(`Reacted with 'eyes' to the command comment ${options.comment.id}.`);
  } catch (error) {
    log.warning(describeCommentFailure(error, "add the 'eyes' reaction to the command comment", options.target, options.token).message);
  }
}
