/**
 * The event that started the run, as the runner describes it: its name (GITHUB_EVENT_NAME), the
 * repository, where the run can be seen, and what its payload (the JSON file at GITHUB_EVENT_PATH)
 * says: the issue or pull request, the sender, the comment, review or label, the change. Read once,
 * at the start, into one checked value; every feature that looks at the event (the gate, the
 * comment, the change, the conversation) takes what it needs from it and never reads the payload.
 */
import { readFileSync } from 'node:fs';
import { isRecord } from '../is-record.js';
import type { Environment } from '../runtime.js';
import { eventChangeOf, type EventChange } from './change.js';
import { conversationOf, type ConversationEvent } from './conversation.js';
import { defaultBranchOf, isSha, senderOf, threadOf, type Sender, type Thread } from './payload.js';

export interface Repository {
  readonly owner: string;
  readonly repo: string;
}

export interface RunEvent {
  /** GITHUB_EVENT_NAME; '' outside a runner. */
  readonly name: string;
  /** GITHUB_REPOSITORY as owner and name; undefined when it is not `owner/repo`. */
  readonly repository: Repository | undefined;
  /** GITHUB_REPOSITORY as the runner set it, for messages. */
  readonly repositoryText: string;
  /** `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`, when the runner set them. */
  readonly runUrl: string | undefined;
  /** GITHUB_SERVER_URL without a trailing slash: https://github.com, or the Enterprise Server. */
  readonly serverUrl: string;
  /** GITHUB_SHA, the commit the run is for, when it is a full SHA. */
  readonly headSha: string | undefined;
  /** Who caused the event, when the payload names a usable login. */
  readonly sender: Sender | undefined;
  /** The issue or pull request of an issue, comment, pull request or review event. */
  readonly thread: Thread | undefined;
  /** The comment, review or label of a conversation event; `unreadable` when its payload lacks them. */
  readonly conversation: ConversationEvent | 'unreadable' | undefined;
  /** The change of a push (its range of commits), pull request or release event. */
  readonly change: EventChange | undefined;
  /** The repository's default branch, when the payload names it. */
  readonly defaultBranch: string | undefined;
  /** GITHUB_RUN_ID, when it is a run id: the workflow's runs are looked up from it. */
  readonly runId: number | undefined;
  /**
   * The workflow's file name (`docs.yml`) from GITHUB_WORKFLOW_REF, when that names a workflow of this
   * repository: its runs are listed by it, without first asking which workflow the run belongs to.
   */
  readonly workflowFile: string | undefined;
  /**
   * The workflow's file path in its repository (`.github/workflows/docs.yml`), GITHUB_WORKFLOW_REF
   * without the repository and the ref: what the docs stream's records name as the workflow that
   * wrote them. Undefined when the variable has no such path.
   */
  readonly workflowPath: string | undefined;
  /** GITHUB_RUN_ATTEMPT: 1 on a run's first attempt, more on a re-run; undefined when it is not a positive number. */
  readonly runAttempt: number | undefined;
  /** GITHUB_REF (`refs/heads/main`), when the runner set it. */
  readonly ref: string | undefined;
}

function readPayload(path: string | undefined): unknown {
  if (path === undefined || path === '') return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** `acme/docs` → owner and repo; undefined for anything else. */
function parseRepositoryName(text: string): Repository | undefined {
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

/** GITHUB_RUN_ID or GITHUB_RUN_ATTEMPT as a number; undefined when it is not a positive integer. */
function positiveIntegerOf(text: string | undefined): number | undefined {
  const id = text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : undefined;
  return id !== undefined && id > 0 ? id : undefined;
}

/** `owner/repo/.github/workflows/<file>@<ref>`: a file directly in the workflows folder, as GitHub runs them. */
const WORKFLOW_REF = /^([\w.-]+\/[\w.-]+)\/\.github\/workflows\/([\w-][\w.-]{0,99}\.ya?ml)@refs\/[^\s\p{Cc}]+$/u;

/**
 * The workflow file GITHUB_WORKFLOW_REF names (`acme/code/.github/workflows/docs.yml@refs/heads/main`
 * → `docs.yml`). Undefined for anything else: a missing or odd value, or a workflow of another
 * repository than GITHUB_REPOSITORY (its runs are not this repository's). The caller then asks
 * GitHub which workflow the run belongs to, as without the variable.
 */
export function workflowFileOf(workflowRef: string | undefined, repository: string): string | undefined {
  const match = workflowRef === undefined ? null : WORKFLOW_REF.exec(workflowRef);
  if (match === null || repository === '' || match[1]?.toLowerCase() !== repository.toLowerCase()) return undefined;
  return match[2];
}

/** `owner/repo/<path>.yml@<ref>` → `<path>.yml`: any workflow file (a reusable one's caller too), control characters refused. */
const WORKFLOW_PATH = /^[^/\s]+\/[^/\s]+\/([^@\p{Cc}]+?\.ya?ml)@[^\p{Cc}]+$/u;

/** The workflow's file path GITHUB_WORKFLOW_REF names, without the repository and the ref. */
export function workflowPathOf(workflowRef: string | undefined): string | undefined {
  return workflowRef === undefined ? undefined : WORKFLOW_PATH.exec(workflowRef)?.[1];
}

/** The run's event from the runner's variables and the parsed payload (any JSON: it is checked here). */
export function runEventOf(env: Environment, payload: unknown): RunEvent {
  const name = env['GITHUB_EVENT_NAME'] ?? '';
  const repositoryText = env['GITHUB_REPOSITORY'] ?? '';
  const sha = env['GITHUB_SHA'];
  const record = isRecord(payload) ? payload : {};
  const thread = threadOf(name, record);
  return {
    name,
    repository: parseRepositoryName(repositoryText),
    repositoryText,
    runUrl: workflowRunUrl(env),
    serverUrl: (env['GITHUB_SERVER_URL'] ?? 'https://github.com').replace(/\/+$/, ''),
    headSha: isSha(sha) ? sha : undefined,
    sender: senderOf(record),
    thread,
    conversation: conversationOf(name, record, thread),
    change: eventChangeOf(name, record),
    defaultBranch: defaultBranchOf(record),
    runId: positiveIntegerOf(env['GITHUB_RUN_ID']),
    workflowFile: workflowFileOf(env['GITHUB_WORKFLOW_REF'], repositoryText),
    workflowPath: workflowPathOf(env['GITHUB_WORKFLOW_REF']),
    runAttempt: positiveIntegerOf(env['GITHUB_RUN_ATTEMPT']),
    ref: env['GITHUB_REF'] || undefined,
  };
}

export function readRunEvent(env: Environment): RunEvent {
  return runEventOf(env, readPayload(env['GITHUB_EVENT_PATH']));
}
