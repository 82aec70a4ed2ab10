/**
 * A failed read of the conversation (the thread's comments, a review's inline comments) as the
 * error that fails the run: nothing was sent to the agent, and the message says what to change.
 */
import { ConversationError, messageOf } from '../errors.js';
import { GitHubError } from '../github/errors.js';

export function conversationReadError(error: unknown, what: string, kind: 'issue' | 'pull-request'): ConversationError {
  const lead = `Could not read ${what}, so nothing was sent to the agent`;
  const permission = kind === 'issue' ? 'issues: read' : 'pull-requests: read';
  if (!(error instanceof GitHubError)) return new ConversationError(`${lead}: ${messageOf(error)}`, { cause: error });
  const status = error.kind === 'status' ? error.status : undefined;
  const reason =
    status === 401
      ? "GitHub rejected 'github-token' (401)"
      : error.rateLimited
        ? `GitHub's API rate limit was reached (${status}); run the workflow again later`
        : status === 403 || status === 404
          ? `GitHub answered ${status} (${error.detail}); the token needs '${permission}' (the example workflow's permissions grant it)`
          : error.detail || error.message;
  return new ConversationError(`${lead}: ${reason}.`, { cause: error });
}
