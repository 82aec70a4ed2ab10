/** Where a run's request came from, for the link back on the agent's pull request. */
import type { RunEvent } from './run-event.js';
import { threadName, threadUrl } from './payload.js';

export interface Origin {
  /** `issue acme/docs#7`, `commit 1a2b3c4`, `workflow run`. */
  readonly label: string;
  readonly url: string;
}

export function originOf(event: RunEvent): Origin | undefined {
  const repository = event.repositoryText;
  const thread = event.repository === undefined ? undefined : event.thread;
  if (thread !== undefined) return { label: threadName(thread, repository), url: threadUrl(thread, event.serverUrl, repository) };
  const sha = event.headSha;
  if (event.name === 'push' && event.repository !== undefined && sha !== undefined) {
    return { label: `commit ${sha.slice(0, 7)}`, url: `${event.serverUrl}/${repository}/commit/${sha}` };
  }
  return event.runUrl === undefined ? undefined : { label: 'workflow run', url: event.runUrl };
}
