/**
 * `docs-check: true` on a pull request being reviewed: the docs pages its code change may affect. It
 * starts no job (no trigger check, no API key), and neither checks out nor runs anything of the pull
 * request. On other events it is ignored; a closed pull request is left to the merged kind.
 */
import type { PullEvent } from '../event/change.js';
import type { RunEvent } from '../event/run-event.js';
import { actionName, SKIP_LABEL } from '../change/skips.js';
import * as log from '../log.js';
import type { Skip, TriggerKind } from '../plan/plan.js';
import { taken } from '../plan/plan.js';
import { optedOut, pullName } from './pull.js';

const ACTIONS = ['opened', 'synchronize', 'reopened', 'ready_for_review'];
/** A skipped check is no job: its summary says whose skip it is. */
const HEADING = 'Docs check';
const skipped = (reason: string): Skip => ({ kind: 'skip', heading: HEADING, reason });
const ACTIONS_TEXT = ACTIONS.map((action) => `'${action}'`).join(', ');

type NumberedPull = PullEvent & { readonly number: number };

function screenPull(pull: PullEvent, event: RunEvent): Skip | NumberedPull | undefined {
  if (pull.action === 'closed') return undefined;
  if (!ACTIONS.includes(pull.action)) {
    return skipped(`the docs check runs on ${ACTIONS_TEXT}; this '${event.name}' run is for ${actionName(pull.action)}.`);
  }
  if (pull.number === undefined) return skipped(`the '${event.name}' payload names no pull request number.`);
  if (pull.draft === true && pull.action !== 'ready_for_review') {
    return skipped(`${pullName(pull)} is a draft: the docs check waits for 'ready_for_review'.`);
  }
  const quiet = optedOut(pull);
  if (quiet !== undefined) return skipped(`${quiet.reason} The docs check is quiet.`);
  return { ...pull, number: pull.number };
}

export const docsCheck: TriggerKind<NumberedPull> = {
  screen(settings, event) {
    if (settings.docsCheck === undefined) return undefined;
    const change = event.change;
    if (change?.kind !== 'pull') {
      const name = event.name === '' ? 'an unknown event' : `'${event.name}'`;
      log.notice(`'docs-check' is ignored on ${name}: it runs on pull_request and pull_request_target.`);
      return undefined;
    }
    const screened = screenPull(change, event);
    if (screened === undefined || 'reason' in screened) return screened;
    const unrun = [settings.analytics && "'analytics'", settings.change.sinceMs !== undefined && "'change-since'"].filter(Boolean);
    if (unrun.length > 0) log.notice(`${unrun.join(' and ')} do not run in this step: on a pull request it is the docs check's.`);
    return taken(docsCheck, screened);
  },
  checked: false,
  resolve(settings, pull, _request, context) {
    const docs = settings.docsCheck;
    if (docs === undefined) return Promise.reject(new Error('a docs check is screened only with docs-check'));
    const run = {
      settings: docs,
      pull,
      changePaths: settings.change.paths,
      command: settings.conversation.command,
      skipLabel: SKIP_LABEL,
      // Under pull_request_target the token may write whatever the head's repository.
      readOnly: pull.fromFork === true && context.event.name === 'pull_request',
      summary: settings.run.summary,
    };
    // Loaded only by a docs check, so a job run does not parse the engine at start-up.
    const perform = async (): Promise<void> => (await import('../steps/docs-check.js')).performDocsCheck(run, context);
    return Promise.resolve({ kind: 'own', perform });
  },
};
