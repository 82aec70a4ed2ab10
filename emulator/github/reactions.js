// @ts-check
// Reactions on comments: `POST /repos/{o}/{r}/issues/comments/{id}/reactions` for issue and
// pull-request comments, `POST /repos/{o}/{r}/pulls/comments/{id}/reactions` for review (diff)
// comments. As GitHub: 201 with the reaction when it is new, 200 with the same one when the
// token's account already reacted so, 422 for a content GitHub does not know, 404 for no such comment.
import { githubError, jsonOf } from './answers.js';

/**
 * @typedef {import('./server.js').GitHubState} GitHubState
 * @typedef {import('./server.js').FakeReaction} FakeReaction
 * @typedef {import('./server.js').Route} Route
 */

const CONTENTS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'];

/**
 * @param {GitHubState} state
 * @returns {Route[]}
 */
export function reactionRoutes(state) {
  /**
   * @param {'issue' | 'review'} place
   * @returns {Route['handle']}
   */
  const react = (place) => (match, request) => {
    const commentId = Number(match[1]);
    const exists =
      place === 'issue'
        ? state.comments.some((comment) => comment.id === commentId)
        : state.reviewComments.some((comment) => comment.id === commentId);
    if (!exists) return githubError(404, 'Not Found');
    const parsed = jsonOf(request.body);
    const content = parsed !== null && typeof parsed === 'object' && 'content' in parsed ? parsed.content : undefined;
    if (typeof content !== 'string' || !CONTENTS.includes(content)) return githubError(422, 'Validation Failed');
    const login = state.viewerLogin;
    const known = state.reactions.find(
      (reaction) =>
        reaction.place === place && reaction.commentId === commentId && reaction.content === content && reaction.user.login === login,
    );
    if (known !== undefined) return { status: 200, body: known };
    /** @type {FakeReaction} */
    const reaction = { id: state.nextId(), place, commentId, content, user: { login }, created_at: state.now() };
    state.reactions.push(reaction);
    return { status: 201, body: reaction };
  };
  const repo = `/repos/${state.owner}/${state.repo}`;
  return [
    { method: 'POST', pattern: new RegExp(`^${repo}/issues/comments/(\\d+)/reactions$`), handle: react('issue') },
    { method: 'POST', pattern: new RegExp(`^${repo}/pulls/comments/(\\d+)/reactions$`), handle: react('review') },
  ];
}
