// @ts-check
// A review's inline comments: `GET /repos/{o}/{r}/pulls/{n}/reviews/{id}/comments`, paged with
// GitHub's Link header (30 by default, at most 100 a page), oldest first; 404 for a review the
// fake does not know on that pull request.
import { githubError, page } from './answers.js';
import { needs } from './token.js';

/**
 * @typedef {import('./server.js').GitHubState} GitHubState
 * @typedef {import('./server.js').FakeReviewComment} FakeReviewComment
 * @typedef {import('./server.js').Route} Route
 */

/**
 * @typedef {object} ReviewCommentInput
 * @property {string} path
 * @property {number | null} [line] null: a comment on the whole file, or an outdated one
 * @property {number | null} [startLine]
 * @property {number | null} [originalLine]
 * @property {string} body
 * @property {string} [login] default: 'reviewer'
 */

/**
 * @param {GitHubState} state
 * @returns {{ routes: Route[], add: (pull: number, review: number, comment: ReviewCommentInput) => FakeReviewComment, addReview: (pull: number, review: number) => void }}
 */
export function reviewRoutes(state) {
  /** @type {(pull: number, review: number) => void} */
  const addReview = (pull, review) => {
    state.reviews.add(`${pull}/${review}`);
  };
  /** @type {(pull: number, review: number, comment: ReviewCommentInput) => FakeReviewComment} */
  const add = (pull, review, comment) => {
    const id = state.nextId();
    const login = comment.login ?? 'reviewer';
    /** @type {FakeReviewComment} */
    const created = {
      id,
      pull,
      pull_request_review_id: review,
      path: comment.path,
      line: comment.line ?? null,
      start_line: comment.startLine ?? null,
      original_line: comment.originalLine ?? comment.line ?? null,
      side: 'RIGHT',
      subject_type: comment.line === null ? 'file' : 'line',
      body: comment.body,
      user: { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' },
      html_url: `https://github.com/${state.owner}/${state.repo}/pull/${pull}#discussion_r${id}`,
      created_at: state.now(),
    };
    state.reviewComments.push(created);
    addReview(pull, review);
    return created;
  };
  /** @type {Route[]} */
  const routes = [
    {
      method: 'GET',
      pattern: new RegExp(`^/repos/${state.owner}/${state.repo}/pulls/(\\d+)/reviews/(\\d+)/comments$`),
      needs: needs('read', 'pull-requests'),
      handle: (match, request) => {
        const [pull, review] = [Number(match[1]), Number(match[2])];
        if (!state.reviews.has(`${pull}/${review}`)) return githubError(404, 'Not Found');
        return page(
          state.reviewComments.filter((comment) => comment.pull === pull && comment.pull_request_review_id === review),
          request,
        );
      },
    },
  ];
  return { routes, add, addReview };
}
