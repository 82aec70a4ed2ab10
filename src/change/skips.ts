/**
 * When a change is not worth a job. Two moments: `eventSkip` from the event payload alone, before
 * the trigger check and without any request (a deleted branch, a pull request that was not merged,
 * `[skip docs]` in the head commit's subject line or the pull request's title, the `skip-docs`
 * label); `changeSkip` once the change is read (no commit in the `change-since` window, no changed
 * file matching `change-paths`). Each returns the reason that
 * completes "Skipped: …", in the action's own words around quoted facts of the event.
 */
import { formatDuration } from '../inputs/duration.js';
import { counted } from '../text/plural.js';
import { quote } from '../text/quote.js';
import type { Change } from './change.js';
import { documentedSinceText } from './documented-base.js';
import type { EventChange } from '../event/change.js';
import { describeFilter, filterKeepsFile, folderHint, type PathFilter } from './glob.js';
import { firstLine } from './guards.js';

/** `[skip docs]` or `[docs skip]`, in any case. */
const SKIP_MARKER = /\[(?:skip docs|docs skip)\]/i;
export const SKIP_LABEL = 'skip-docs';
const RUN_ANYWAY = "To start a job on other pull request events, set 'change-context: none'.";
const PROMPT_ANYWAY = "To start a job on other pull request events, give a 'prompt': the job then gets the pull request's change.";

/** GitHub's action names are lower-case words; anything else is not repeated. */
function actionName(action: string): string {
  return /^[a-z_]{1,40}$/.test(action) ? `'${action}'` : 'an unknown action';
}

function marker(text: string): string | undefined {
  return SKIP_MARKER.exec(text)?.[0];
}

export interface EventSkipOptions {
  /** The workflow gave a prompt: a pull request that is not merged yet is its job's change too (v1 ran on any action). */
  readonly prompted: boolean;
}

/** The reason to skip this event's change before anything is read, or undefined to go on. */
export function eventSkip(eventName: string, change: EventChange, options: EventSkipOptions): string | undefined {
  switch (change.kind) {
    case 'push': {
      if (change.deleted) return `the push deleted the ${change.refKind} ${quote(change.ref)}: there is nothing to document.`;
      // The subject line only: a squash merge copies every squashed commit's message into the body,
      // so one contributor's marker there would skip the docs for the whole merge.
      const said = marker(firstLine(change.headCommit?.message ?? ''));
      if (said !== undefined) return `the head commit's subject line says ${quote(said)}.`;
      return undefined;
    }
    case 'pull': {
      const pull = change.number === undefined ? 'the pull request' : `pull request #${change.number}`;
      // The default instruction documents a merged change; a prompt says itself what an open pull request's job is for.
      if (change.action !== 'closed' && !options.prompted) {
        return (
          `this '${eventName}' run is for ${actionName(change.action)}: ` +
          `without a prompt, only a merged pull request ('closed' and merged) starts a job. ${PROMPT_ANYWAY}`
        );
      }
      if (change.action === 'closed' && !change.merged)
        return `${pull} was closed without merging: only a merged pull request starts a job. ${RUN_ANYWAY}`;
      if (change.labels.some((label) => label.toLowerCase() === SKIP_LABEL)) return `${pull} has the label '${SKIP_LABEL}'.`;
      // Not the description: a marker in a pull request template (even inside an HTML comment) would skip every pull request.
      const inTitle = marker(change.title);
      if (inTitle !== undefined) return `the title of ${pull} says ${quote(inTitle)}.`;
      return undefined;
    }
    case 'release':
      if (change.action === 'deleted' || change.action === 'unpublished') {
        return `release ${quote(change.tag)} was ${change.action}: there is nothing to document.`;
      }
      return undefined;
  }
}

export interface ChangeSkipOptions {
  readonly paths?: PathFilter;
}

export type ChangeVerdict =
  | { readonly kind: 'skip'; readonly reason: string }
  | { readonly kind: 'go' }
  /** `change-paths` could not decide (the files are unknown or GitHub listed only some): go, and say so. */
  | { readonly kind: 'undecided'; readonly warning: string };

/** Whether the change, once read, is worth a job. */
export function changeSkip(change: Change, options: ChangeSkipOptions): ChangeVerdict {
  // Only a list GitHub gave counts: a window whose commits could not be listed starts the job (with the reader's warning).
  if (change.subject.kind === 'since' && change.totalCommits === 0 && change.commitsComplete) {
    const { documented, lastSuccess } = change.subject;
    const window = formatDuration(change.subject.windowMs);
    const input = `'change-since: ${lastSuccess === true ? 'last-success' : window}'`;
    const when = documented === undefined ? `in the last ${window}` : documentedSinceText(documented);
    return { kind: 'skip', reason: `no commit on the default branch ${when} (${input}).` };
  }
  const filter = options.paths;
  if (filter === undefined) return { kind: 'go' };
  const patterns = `'change-paths' (${describeFilter(filter)})`;
  const files = change.files;
  if (files === undefined) {
    return {
      kind: 'undecided',
      warning: `The changed files could not be read, so ${patterns} cannot decide: the job is started anyway.`,
    };
  }
  if (files.files.some((file) => filterKeepsFile(filter, file))) return { kind: 'go' };
  if (!files.complete) {
    return {
      kind: 'undecided',
      warning:
        `None of the ${counted(files.files.length, 'changed file')} GitHub listed matches ${patterns}, ` +
        `but GitHub listed only part of the change (at least ${files.total} files), so the job is started anyway.`,
    };
  }
  return {
    kind: 'skip',
    reason: `none of the ${counted(files.total, 'changed file')} matches ${patterns}.${folderHint(filter, files.files)}`,
  };
}
