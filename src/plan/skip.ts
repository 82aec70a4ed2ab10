/** A skipped run writes one log line, one summary line and `skipped=true`: no card, no comment, no request. */
import * as core from '@actions/core';
import * as log from '../log.js';
import { messageOf } from '../errors.js';
import { setOutput } from '../outputs.js';
import { escapeText } from '../summary/markdown.js';

/** `reason`: the action's own words around facts of the event. */
export function skippedSummary(reason: string): string {
  return `## Mintlify agent job\n\nSkipped: ${escapeText(reason)}\n`;
}

export async function reportSkip(reason: string, summary: boolean): Promise<void> {
  log.info(`Skipped: ${reason}`);
  setOutput('skipped', 'true');
  if (!summary) return;
  try {
    await core.summary.addRaw(skippedSummary(reason)).write();
  } catch (error) {
    log.warning(`The job summary could not be written: ${messageOf(error)}`);
  }
}
