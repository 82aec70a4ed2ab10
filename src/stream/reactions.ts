/**
 * The command comment's reactions as the record of a follow-up: 👀 says the run heard the command,
 * 🚀 that the service accepted the follow-up it asked for. A run that finds the token's own 🚀 does
 * not send the follow-up again (a re-run); anyone may react, so a 🚀 by another account is not taken.
 * Issue and pull-request comments keep reactions under `issues/comments`, review comments under
 * `pulls/comments` (conversation/reaction.ts), each with its own permission.
 */
import { addReaction, type ReactionContent } from '../conversation/reaction.js';
import type { CommandComment, CommentPlace } from '../event/conversation.js';
import type { Repository } from '../event/run-event.js';
import type { GitHubClient } from '../github/client.js';
import { isRecord } from '../is-record.js';
import { failureOf, learnLogin, repoPath, unread, type Refused, type Unavailable } from './result.js';

export const REACTIONS_PER_PAGE = 100;
/** 3 requests cover 300 reactions of one kind on one comment. */
export const MAX_REACTION_PAGES = 3;

const permissionTo = (verb: 'read' | 'write', place: CommentPlace) =>
  place === 'issue' ? (`issues: ${verb}` as const) : (`pull-requests: ${verb}` as const);

/** The login of a reaction of `content`; undefined for any other item. */
function reactorOf(value: unknown, content: ReactionContent): string | undefined {
  if (!isRecord(value) || value['content'] !== content || !isRecord(value['user'])) return undefined;
  const login = value['user']['login'];
  return typeof login === 'string' && login !== '' ? login : undefined;
}

export type ReactionRead = { readonly kind: 'found' } | { readonly kind: 'none' } | Refused | Unavailable;

/**
 * Whether the token's own account (`ownLogin`, asked only once a reaction of `content` turns up)
 * reacted with `content` to the comment: `GET …/comments/{id}/reactions?content=…`, at most
 * MAX_REACTION_PAGES pages; a comment with more is unavailable rather than `none`.
 */
export async function hasOwnReaction(
  github: GitHubClient,
  repository: Repository,
  comment: CommandComment,
  content: ReactionContent,
  ownLogin: () => Promise<string>,
): Promise<ReactionRead> {
  const path = `${repoPath(repository)}/${comment.place === 'issue' ? 'issues' : 'pulls'}/comments/${comment.id}/reactions`;
  const params = { ...repository, comment_id: comment.id, content, per_page: REACTIONS_PER_PAGE };
  let login: string | undefined;
  let more = false;
  try {
    const pages =
      comment.place === 'issue'
        ? github.pages((rest) => rest.reactions.listForIssueComment, params, MAX_REACTION_PAGES)
        : github.pages((rest) => rest.reactions.listForPullRequestReviewComment, params, MAX_REACTION_PAGES);
    for await (const page of pages) {
      const reactors = page.items.flatMap((item) => reactorOf(item, content) ?? []);
      if (reactors.length > 0 && login === undefined) {
        const learnt = await learnLogin(ownLogin);
        if (typeof learnt !== 'string') return learnt;
        login = learnt;
      }
      if (login !== undefined && reactors.includes(login)) return { kind: 'found' };
      more = page.more;
    }
  } catch (error) {
    return failureOf(error, permissionTo('read', comment.place));
  }
  return more ? unread(`GET ${path}`, MAX_REACTION_PAGES * REACTIONS_PER_PAGE) : { kind: 'none' };
}

export type ReactionWrite = { readonly kind: 'added' } | Refused | Unavailable;

/** 🚀 on the command comment once the service accepted the follow-up. Never throws for GitHub's failures. */
export async function addRocketReaction(github: GitHubClient, repository: Repository, comment: CommandComment): Promise<ReactionWrite> {
  try {
    await addReaction(github, repository, comment, 'rocket');
  } catch (error) {
    return failureOf(error, permissionTo('write', comment.place));
  }
  return { kind: 'added' };
}
