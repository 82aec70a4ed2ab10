/**
 * Who triggered a run, from the event GitHub wrote for it. Pure: takes the event name and the
 * parsed payload.
 *
 * Deny by default: every event is checked except those only people with write access (or GitHub's
 * scheduler) can cause. Issues, comments, pull requests, reviews, discussions, `workflow_run` (which
 * a fork's pull request can set off) and any event added to GitHub later are checked.
 */
import { isRecord } from '../is-record.js';

export const UNCHECKED_EVENTS = [
  'push',
  'create',
  'delete',
  'release',
  'workflow_dispatch',
  'repository_dispatch',
  'schedule',
  'merge_group',
] as const;

export interface Sender {
  readonly login: string;
  /** A GitHub App or other bot account (`type: Bot`, or a login ending in `[bot]`). */
  readonly isBot: boolean;
}

/** Letters, digits and hyphens (`_` and `.` for enterprise-managed users); app bots add `[bot]`. */
const LOGIN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}(?:\[bot\])?$/i;

export function isLogin(text: string): boolean {
  return LOGIN.test(text);
}

/** False for no event (not on a runner) and for UNCHECKED_EVENTS. */
export function isChecked(event: string): boolean {
  return event !== '' && !UNCHECKED_EVENTS.some((unchecked) => unchecked === event);
}

/** The event's sender, or undefined when the payload does not name a usable one. */
export function senderOf(payload: unknown): Sender | undefined {
  const sender = isRecord(payload) ? payload['sender'] : undefined;
  if (!isRecord(sender)) return undefined;
  const { login, type } = sender;
  if (typeof login !== 'string' || !isLogin(login)) return undefined;
  return { login, isBot: type === 'Bot' || login.toLowerCase().endsWith('[bot]') };
}

/** `dependabot[bot]` and `Dependabot` → `dependabot`: how logins are compared with `allowed-bots`. */
export function botName(login: string): string {
  return login
    .trim()
    .toLowerCase()
    .replace(/\[bot\]$/, '');
}
