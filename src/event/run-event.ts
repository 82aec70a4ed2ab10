/**
 * The event that started the run, as the runner describes it: its name (GITHUB_EVENT_NAME), its
 * payload (the JSON file at GITHUB_EVENT_PATH), the repository and where the run can be seen. Read
 * once, at the start; every feature that looks at the event (the gate, the comment, the change, the
 * conversation) takes it from here. The payload is untrusted JSON: readers check every field.
 */
import { readFileSync } from 'node:fs';
import type { Environment } from '../runtime.js';

export interface Repository {
  readonly owner: string;
  readonly repo: string;
}

export interface RunEvent {
  /** GITHUB_EVENT_NAME; '' outside a runner. */
  readonly name: string;
  /** The parsed event payload; undefined when the file is missing or not JSON. */
  readonly payload: unknown;
  /** GITHUB_REPOSITORY as owner and name; undefined when it is not `owner/repo`. */
  readonly repository: Repository | undefined;
  /** GITHUB_REPOSITORY as the runner set it, for messages. */
  readonly repositoryText: string;
  /** `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`, when the runner set them. */
  readonly runUrl: string | undefined;
  /** GITHUB_SERVER_URL without a trailing slash: https://github.com, or the Enterprise Server. */
  readonly serverUrl: string;
  /** The runner's variables, for the GitHub endpoints. */
  readonly env: Environment;
}

function readPayload(path: string | undefined): unknown {
  if (path === undefined || path === '') return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function repositoryOf(text: string): Repository | undefined {
  const [owner, repo, ...rest] = text.split('/');
  return owner && repo && rest.length === 0 ? { owner, repo } : undefined;
}

/** `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`, when the runner set them. */
export function workflowRunUrl(env: Environment): string | undefined {
  const server = env['GITHUB_SERVER_URL']?.replace(/\/+$/, '');
  const repository = env['GITHUB_REPOSITORY'];
  const runId = env['GITHUB_RUN_ID'];
  if (!server || !repository || !runId || !/^\d+$/.test(runId)) return undefined;
  return `${server}/${repository}/actions/runs/${runId}`;
}

export function readRunEvent(env: Environment): RunEvent {
  const repositoryText = env['GITHUB_REPOSITORY'] ?? '';
  const serverUrl = (env['GITHUB_SERVER_URL'] ?? 'https://github.com').replace(/\/+$/, '');
  return {
    name: env['GITHUB_EVENT_NAME'] ?? '',
    payload: readPayload(env['GITHUB_EVENT_PATH']),
    repository: repositoryOf(repositoryText),
    repositoryText,
    runUrl: workflowRunUrl(env),
    serverUrl,
    env,
  };
}
