/**
 * The `eyes` reaction: the commenter sees the command was heard before the job's comment appears. A
 * refusal is one warning. GitHub answers 200 for a reaction that already exists (a re-run).
 */
import * as log from '../log.js';
import type { CommentTarget } from '../comment/event.js';
import { describeCommentFailure } from '../comment/failure.js';
import type { Repository } from '../event/run-event.js';
import type { GitHubClient } from '../github/client.js';
import type { UsableRepository } from '../github/repository.js';
import type { CommandComment } from '../event/conversation.js';

export type ReactionContent = 'eyes' | 'rocket';

/** Throws GitHub's failure. Review (diff) comments react under `pulls/comments`, each with its own permission. */
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
