/** A failed read of the conversation fails the run: nothing was sent, and the message says what to change. */
import { ConversationError } from '../errors.js';
import { adviseOnGitHubFailure, askFor } from '../github/failure.js';

export function conversationReadError(error: unknown, what: string, kind: 'issue' | 'pull-request'): ConversationError {
  const permission = kind === 'issue' ? 'issues: read' : 'pull-requests: read';
  const advice = adviseOnGitHubFailure(error, { fix: askFor(permission, 'needs') });
  return new ConversationError(`Could not read ${what}, so nothing was sent to the agent: ${advice.text}.`, { cause: error });
}
