/**
 * The event that started the run, read once from the runner's variables and the payload into one
 * checked value: nothing else reads the payload.
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
  /** Undefined when GITHUB_REPOSITORY is not `owner/repo`. */
  readonly repository: Repository | undefined;
  readonly repositoryText: string;
  /** `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`, when the runner set them. */
  readonly runUrl: string | undefined;
  /** Without a trailing slash. */
  readonly serverUrl: string;
  /** GITHUB_SHA, when it is a full SHA. */
  readonly headSha: string | undefined;
  readonly sender: Sender | undefined;
  readonly thread: Thread | undefined;
  readonly conversation: ConversationEvent | 'unreadable' | undefined;
  readonly change: EventChange | undefined;
  readonly defaultBranch: string | undefined;
  /** The workflow's runs are looked up from it. */
  readonly runId: number | undefined;
  /** `docs.yml`, when GITHUB_WORKFLOW_REF names a workflow of this repository: its runs are listed by it. */
  readonly workflowFile: string | undefined;
  /** `.github/workflows/docs.yml`: the workflow the docs stream's records name as their writer. */
  readonly workflowPath: string | undefined;
  /** GITHUB_RUN_ATTEMPT: more than 1 on a re-run. */
  readonly runAttempt: number | undefined;
  readonly ref: string | undefined;
  /** GITHUB_WORKSPACE, where earlier steps checked repositories out; undefined outside a runner. */
  readonly workspace?: string;
}

function readPayload(path: string | undefined): unknown {
  if (path === undefined || path === '') return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

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

function positiveIntegerOf(text: string | undefined): number | undefined {
  const id = text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : undefined;
  return id !== undefined && id > 0 ? id : undefined;
}

/** `owner/repo/.github/workflows/<file>@<ref>`: a file directly in the workflows folder, as GitHub runs them. */
const WORKFLOW_REF = /^([\w.-]+\/[\w.-]+)\/\.github\/workflows\/([\w-][\w.-]{0,99}\.ya?ml)@refs\/[^\s\p{Cc}]+$/u;

/** Undefined for a workflow of another repository (its runs are not this repository's): GitHub is asked instead. */
export function workflowFileOf(workflowRef: string | undefined, repository: string): string | undefined {
  const match = workflowRef === undefined ? null : WORKFLOW_REF.exec(workflowRef);
  if (match === null || repository === '' || match[1]?.toLowerCase() !== repository.toLowerCase()) return undefined;
  return match[2];
}

/** `owner/repo/<path>.yml@<ref>` → `<path>.yml`: any workflow file (a reusable one's caller too), control characters refused. */
const WORKFLOW_PATH = /^[^/\s]+\/[^/\s]+\/([^@\p{Cc}]+?\.ya?ml)@[^\p{Cc}]+$/u;

export function workflowPathOf(workflowRef: string | undefined): string | undefined {
  return workflowRef === undefined ? undefined : WORKFLOW_PATH.exec(workflowRef)?.[1];
}

/** `payload`: any JSON, checked here. */
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
    ...(env['GITHUB_WORKSPACE'] && { workspace: env['GITHUB_WORKSPACE'] }),
  };
}

export function readRunEvent(env: Environment): RunEvent {
  return runEventOf(env, readPayload(env['GITHUB_EVENT_PATH']));
}
