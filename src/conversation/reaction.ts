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
import type { UsableRepository } from '../github/repository.js';
import type { CommandComment } from '../event/conversation.js';

/** The reactions the action adds: 👀 once a command is heard, 🚀 once the service accepted what it asked. */
export type ReactionContent = 'eyes' | 'rocket';

/**
 * Adds `content` to the comment; throws GitHub's failure (200 for a reaction that already exists). Issue and
 * pull-request comments react under `issues/comments`, review (diff) comments under `pulls/comments`.
 */
export async function addReaction(
  github: GitHubClient,
  repository: Repository,
  comment: Pick<CommandComment, 'id' | 'place'>,
  content: ReactionContent,
): Promise<void> {
  const rest = await github.rest();
  const reaction = { owner: repository.owner, repo: repository.repo, comment_id: comment.id, content };
  if (comment.place === 'issue') await rest.reactions.createForIssueComment(reaction);
  else await rest.reactions.createForPullRequestReviewComment(reaction);
}

export interface ReactionOptions {
  readonly github: UsableRepository;
  readonly comment: CommandComment;
  readonly target: CommentTarget;
}

/** Never throws. */
export async function reactToCommand(options: ReactionOptions): Promise<void> {
  const { github, comment } = options;
  try {
    await addReaction(github.client, github.repository, comment, 'eyes');
    log.info(`Reacted with 'eyes' to the command comment ${comment.id}.`);
  } catch (error) {
    log.warning(describeCommentFailure(error, "add the 'eyes' reaction to the command comment", options.target, github.token).message);
  }
}
