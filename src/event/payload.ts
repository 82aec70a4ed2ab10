/** Readers of the untrusted payload: a missing or ill-typed field is left out rather than guessed. */
import { isRecord, positiveInteger } from '../is-record.js';

export type PayloadRecord = Readonly<Record<string, unknown>>;

/** A text field; '' when absent (GitHub sends `null` for an empty body). */
export function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}

export function recordAt(record: PayloadRecord, name: string): PayloadRecord {
  const value = record[name];
  return isRecord(value) ? value : {};
}

export const ZERO_SHA = '0000000000000000000000000000000000000000';

export function isSha(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{40}$/.test(value);
}

export interface Thread {
  readonly number: number;
  readonly kind: 'issue' | 'pull-request';
  /** As its author wrote them; '' when absent. Untrusted. */
  readonly title: string;
  readonly body: string;
}

/** What the thread is called in a prompt or a comment: `issue acme/docs#7`. */
export function threadName(thread: Pick<Thread, 'kind' | 'number'>, repository: string): string {
  return `${thread.kind === 'issue' ? 'issue' : 'pull request'} ${repository}#${thread.number}`;
}

export function threadUrl(thread: Pick<Thread, 'kind' | 'number'>, serverUrl: string, repository: string): string {
  return `${serverUrl}/${repository}/${thread.kind === 'issue' ? 'issues' : 'pull'}/${thread.number}`;
}

/** Events whose payload names one issue or pull request. */
export const THREAD_EVENTS = [
  'issues',
  'issue_comment',
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment',
] as const;

/** The pull request's own number, else the payload's top-level `number`. */
export function pullNumberOf(payload: PayloadRecord): number | undefined {
  return positiveInteger(recordAt(payload, 'pull_request')['number']) ?? positiveInteger(payload['number']);
}

/** A comment on a pull request arrives as `issue_comment` with `issue.pull_request` set. */
export function threadOf(name: string, payload: PayloadRecord): Thread | undefined {
  const describe = (number: number | undefined, kind: Thread['kind'], record: PayloadRecord): Thread | undefined =>
    number === undefined ? undefined : { number, kind, title: text(record['title']), body: text(record['body']) };
  switch (name) {
    case 'issues':
    case 'issue_comment': {
      const issue = recordAt(payload, 'issue');
      return describe(positiveInteger(issue['number']), isRecord(issue['pull_request']) ? 'pull-request' : 'issue', issue);
    }
    case 'pull_request':
    case 'pull_request_target':
    case 'pull_request_review':
    case 'pull_request_review_comment':
      return describe(pullNumberOf(payload), 'pull-request', recordAt(payload, 'pull_request'));
    default:
      return undefined;
  }
}

export interface Sender {
  readonly login: string;
  /** A GitHub App or other bot account (`type: Bot`, or a login ending in `[bot]`). */
  readonly isBot: boolean;
}

/** Letters, digits and hyphens (`_` and `.` for enterprise-managed users); app bots add `[bot]`. */
const LOGIN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}(?:\[bot\])?$/i;

export function isLogin(login: string): boolean {
  return LOGIN.test(login);
}

export function senderOf(payload: PayloadRecord): Sender | undefined {
  const { login, type } = recordAt(payload, 'sender');
  if (typeof login !== 'string' || !isLogin(login)) return undefined;
  return { login, isBot: type === 'Bot' || login.toLowerCase().endsWith('[bot]') };
}

export function defaultBranchOf(payload: PayloadRecord): string | undefined {
  const branch = recordAt(payload, 'repository')['default_branch'];
  return typeof branch === 'string' && branch !== '' ? branch : undefined;
}
