/**
 * Which events the gate checks, and how bots are named.
 *
 * Deny by default: every event is checked except those only people with write access (or GitHub's
 * scheduler) can cause. Issues, comments, pull requests, reviews, discussions, `workflow_run` (which
 * a fork's pull request can set off) and any event added to GitHub later are checked.
 */
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

/** False for no event (not on a runner) and for UNCHECKED_EVENTS. */
export function isChecked(event: string): boolean {
  return event !== '' && !UNCHECKED_EVENTS.some((unchecked) => unchecked === event);
}

/** `dependabot[bot]` and `Dependabot` → `dependabot`: how logins are compared with `allowed-bots`. */
export function botName(login: string): string {
  return login
    .trim()
    .toLowerCase()
    .replace(/\[bot\]$/, '');
}
