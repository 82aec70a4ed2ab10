/** A skipped run writes one log line, one summary line and `skipped=true`: no card, no comment, no request. */
import * as core from '@actions/core';
import * as log from '../log.js';
import { messageOf } from '../errors.js';
import { setOutput } from '../outputs.js';
import { escapeText } from '../summary/markdown.js';

const JOB_HEADING = 'Mintlify agent job';

/** `reason`: the action's own words around facts of the event; `heading`: the action's own. */
export function skippedSummary(reason: string, heading = JOB_HEADING): string {
  return `## ${heading}\n\nSkipped: ${escapeText(reason)}\n`;
}

export async function reportSkip(reason: string, summary: boolean, heading = JOB_HEADING): Promise<void> {
  log.info(`Skipped: ${reason}`);
  setOutput('skipped', 'true');
  if (!summary) return;
  try {
    await core.summary.addRaw(skippedSummary(reason, heading)).write();
  } catch (error) {
    log.warning(`The job summary could not be written: ${messageOf(error)}`);
  }
}
