// @ts-check
// Reactions on comments: `/repos/{o}/{r}/issues/comments/{id}/reactions` for issue and pull-request
// comments, `/repos/{o}/{r}/pulls/comments/{id}/reactions` for review (diff) comments. As GitHub:
// POST answers 201 with the reaction when it is new, 200 with the same one when the token's account
// already reacted so; GET lists a comment's reactions oldest first, paged, each naming its user,
// filtered by `content`; 422 for a content GitHub does not know, 404 for no such comment.
import { githubError, jsonOf, page, userJson } from './answers.js';
import { needs } from './token.js';

/**
 * @typedef {import('./server.js').GitHubState} GitHubState
 * @typedef {import('./server.js').FakeReaction} FakeReaction
 * @typedef {import('./server.js').Route} Route
 */

const CONTENTS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'];

/** @param {FakeReaction} reaction */
const reactionJson = (reaction) => ({
  id: reaction.id,
  node_id: `REA_${reaction.id}`,
  user: userJson(reaction.user.login),
  content: reaction.content,
  created_at: reaction.created_at,
});

/**
 * @param {GitHubState} state
 * @returns {{ routes: Route[], add: (place: 'issue' | 'review', commentId: number, content: string, login: string) => FakeReaction }}
 */
export function reactionRoutes(state) {
  /**
   * @param {'issue' | 'review'} place
   * @param {number} commentId
   */
  const commentExists = (place, commentId) =>
    place === 'issue'
      ? state.comments.some((comment) => comment.id === commentId)
      : state.reviewComments.some((comment) => comment.id === commentId);

  /**
   * The reaction `login` made, new or the one it made before, and whether it is new.
   * @param {'issue' | 'review'} place
   * @param {number} commentId
   * @param {string} content
   * @param {string} login
   */
  const react = (place, commentId, content, login) => {
    const known = state.reactions.find(
      (reaction) =>
        reaction.place === place && reaction.commentId === commentId && reaction.content === content && reaction.user.login === login,
    );
    if (known !== undefined) return { reaction: known, created: false };
    /** @type {FakeReaction} */
    const reaction = { id: state.nextId(), place, commentId, content, user: { login }, created_at: state.now() };
    state.reactions.push(reaction);
    return { reaction, created: true };
  };

  /**
   * A reaction by any account, for tests; throws on what GitHub would refuse.
   * @type {(place: 'issue' | 'review', commentId: number, content: string, login: string) => FakeReaction}
   */
  const add = (place, commentId, content, login) => {
    if (!commentExists(place, commentId) || !CONTENTS.includes(content)) {
      throw new Error(`fake GitHub: GitHub would refuse the reaction ${content} on ${place} comment ${commentId}`);
    }
    return react(place, commentId, content, login).reaction;
  };

  /**
   * @param {'issue' | 'review'} place
   * @returns {Route['handle']}
   */
  const create = (place) => (match, request) => {
    const commentId = Number(match[1]);
    if (!commentExists(place, commentId)) return githubError(404, 'Not Found');
    const parsed = jsonOf(request.body);
    const content = parsed !== null && typeof parsed === 'object' && 'content' in parsed ? parsed.content : undefined;
    if (typeof content !== 'string' || !CONTENTS.includes(content)) return githubError(422, 'Validation Failed');
    const { reaction, created } = react(place, commentId, content, state.viewerLogin);
    return { status: created ? 201 : 200, body: reactionJson(reaction) };
  };

  /**
   * @param {'issue' | 'review'} place
   * @returns {Route['handle']}
   */
  const list = (place) => (match, request) => {
    const commentId = Number(match[1]);
    if (!commentExists(place, commentId)) return githubError(404, 'Not Found');
    const content = request.query['content'];
    if (content !== undefined && !CONTENTS.includes(content)) return githubError(422, 'Validation Failed');
    const reactions = state.reactions.filter(
      (reaction) => reaction.place === place && reaction.commentId === commentId && (content === undefined || reaction.content === content),
    );
    return page(reactions.map(reactionJson), request);
  };

  const repo = `/repos/${state.owner}/${state.repo}`;
  const issue = new RegExp(`^${repo}/issues/comments/(\\d+)/reactions$`);
  const review = new RegExp(`^${repo}/pulls/comments/(\\d+)/reactions$`);
  /** @type {Route[]} */
  const routes = [
    { method: 'POST', pattern: issue, needs: needs('write', 'issues', 'pull-requests'), handle: create('issue') },
    { method: 'POST', pattern: review, needs: needs('write', 'pull-requests'), handle: create('review') },
    { method: 'GET', pattern: issue, needs: needs('read', 'issues', 'pull-requests'), handle: list('issue') },
    { method: 'GET', pattern: review, needs: needs('read', 'pull-requests'), handle: list('review') },
  ];
  return { routes, add };
}
