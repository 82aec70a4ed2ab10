/**
 * Deny by default: every event is checked but those only people with write access (or the scheduler)
 * can cause; `workflow_run` (a fork's pull request can set it off) and any later event are checked.
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

export function isChecked(event: string): boolean {
  return event !== '' && !UNCHECKED_EVENTS.some((unchecked) => unchecked === event);
}

/** `dependabot[bot]` and `Dependabot` → `dependabot`, as `allowed-bots` names them. */
export function botName(login: string): string {
  return login
    .trim()
    .toLowerCase()
    .replace(/\[bot\]$/, '');
}
