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

/** The reactions the action adds: 👀 once a command is heard, 🚀 once the service accepted what it asked. */
export type ReactionContent = 'eyes' | 'rocket';

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

/** Adds `content` to the comment; throws GitHub's failure. GitHub answers 200 for a reaction that already exists. */
export async function addReaction(
  github: GitHubClient,
  repository: Repository,
  comment: CommandComment,
  content: ReactionContent,
): Promise<void> {
  await github.post(reactionPath(repository, comment), { content });
}

/** Never throws. */
export async function reactToCommand(options: ReactionOptions): Promise<void> {
  try {
    await addReaction(options.github, options.repository, options.comment, 'eyes');
    log.info(`Reacted with 'eyes' to the command comment ${options.comment.id}.`);
  } catch (error) {
    log.warning(describeCommentFailure(error, "add the 'eyes' reaction to the command comment", options.target, options.token).message);
  }
}
