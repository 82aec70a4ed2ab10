/**
 * Every line the action writes to the step's log goes through here, so each is made log-safe
 * exactly once: info and debug lines, annotations (notice, warning, error) and group titles alike.
 * Messages often quote the service (job ids, statuses, error bodies), and @actions/core only
 * percent-encodes line breaks in annotations, leaving ESC sequences, U+2028 and the legacy `##[`
 * command form through. Nothing else in src/ calls core's logging functions (a test checks it).
 */
import * as core from '@actions/core';
import { logSafe } from './text/log-safe.js';

export function debug(message: string): void {
  core.debug(logSafe(message));
}

export function info(message: string): void {
  core.info(logSafe(message));
}

export function notice(message: string): void {
  core.notice(logSafe(message));
}

export function warning(message: string): void {
  core.warning(logSafe(message));
}

export function group<T>(title: string, fn: () => Promise<T>): Promise<T> {
  return core.group(logSafe(title), fn);
}

/**
 * Closes the group the log is in, if any: a line written next shows even while that group is
 * collapsed (what a cancelled run says last must not hide in "Wait for job …").
 */
export function endGroup(): void {
  core.endGroup();
}

/** Only `run()` calls it. */
export function fail(message: string): void {
  core.setFailed(logSafe(message));
}
