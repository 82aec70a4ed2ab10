/**
 * Whether the change context applies to this run, and to which change: the `change-since` window
 * when it is set (whatever the event), else the change of a push, pull request or release event.
 */
import type { RunEvent } from '../event/run-event.js';
import type { ChangeSource } from './read.js';
import type { ChangeSettings } from './settings.js';

/** Undefined with `change-context: none`, and for an event that carries no change without `change-since`. */
export function changeSourceOf(settings: ChangeSettings, event: RunEvent): ChangeSource | undefined {
  if (settings.context === 'none') return undefined;
  if (settings.sinceMs !== undefined) {
    const branch = event.defaultBranch;
    return {
      kind: 'since',
      windowMs: settings.sinceMs,
      ...(branch !== undefined && { branch }),
      ...(settings.sinceLastSuccess === true && { lastSuccess: true }),
    };
  }
  return event.change;
}
