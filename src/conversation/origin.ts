/**
 * Where a run's request came from, for the link back on the agent's pull request: the issue or
 * pull request of the event, the commit a push brought, or else the workflow run itself.
 */
import { commentTargetOf } from '../comment/event.js';
import type { RunEvent } from '../event/run-event.js';
import { threadName, threadUrl } from './thread-prompt.js';

export interface Origin {
  /** `issue acme/docs#7`, `commit 1a2b3c4`, `workflow run`. */
  readonly label: string;
  readonly url: string;
}

export function originOf(event: RunEvent): Origin | undefined {
  const repository = event.repositoryText;
  const target = event.repository === undefined ? undefined : commentTargetOf(event.name, event.payload);
  if (target !== undefined) return { label: threadName(target, repository), url: threadUrl(target, event.serverUrl, repository) };
  const sha = event.env['GITHUB_SHA'];
  if (event.name === 'push' && event.repository !== undefined && sha !== undefined && /^[0-9a-f]{40}$/.test(sha)) {
    return { label: `commit ${sha.slice(0, 7)}`, url: `${event.serverUrl}/${repository}/commit/${sha}` };
  }
  return event.runUrl === undefined ? undefined : { label: 'workflow run', url: event.runUrl };
}
