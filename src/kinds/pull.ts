/**
 * A pull request that is still open, in a run with a prompt (v1 ran on any action): the job gets
 * the pull request's change. Without a prompt only a merged pull request starts a job (merged.ts).
 */
import type { PullEvent } from '../event/change.js';
import type { RunEvent } from '../event/run-event.js';
import { pullReader, type PullSubject } from '../change/read-pull.js';
import { BRANCH_CHARS, DESCRIPTION_CHARS, labelList, type SubjectPlace } from '../change/section.js';
import { actionName, SKIP_LABEL, skipMarkerIn, type EventSkip } from '../change/skips.js';
import { changeKind, type SubjectLines } from '../plan/change.js';
import { withoutHidden } from '../text/hidden.js';
import { quote } from '../text/quote.js';

const PROMPT_ANYWAY = "To start a job on other pull request events, give a 'prompt': the job then gets the pull request's change.";

export function pullName(pull: PullEvent): string {
  return pull.number === undefined ? 'the pull request' : `pull request #${pull.number}`;
}

/** The `skip-docs` label, or a marker in the title: not the description, where a template's marker would skip every pull request. */
export function optedOut(pull: PullEvent): EventSkip | undefined {
  if (pull.labels.some((label) => label.toLowerCase() === SKIP_LABEL))
    return { reason: `${pullName(pull)} has the label '${SKIP_LABEL}'.`, marks: true };
  const inTitle = skipMarkerIn(pull.title);
  return inTitle === undefined ? undefined : { reason: `the title of ${pullName(pull)} says ${quote(inTitle)}.`, marks: true };
}

function pullLines(subject: PullSubject, { at, link }: SubjectPlace): string[] {
  const state = subject.merged ? 'was merged' : 'is open, not merged yet';
  const lines = [
    `Event: pull request #${subject.number} of ${at} ${state}.${link(`pull/${subject.number}`)}`,
    `Title: ${quote(subject.title)}`,
    `Branches: ${quote(subject.base, BRANCH_CHARS)} ← ${quote(subject.head, BRANCH_CHARS)} (base ← head)`,
  ];
  if (subject.labels.length > 0) lines.push(`Labels: ${labelList(subject.labels)}`);
  if (subject.body.trim() !== '') lines.push(`Description (its start): ${quote(subject.body, DESCRIPTION_CHARS)}`);
  return lines;
}

export function describePull(subject: PullSubject, place: SubjectPlace): SubjectLines {
  const visible = withoutHidden(subject.body);
  return { lines: pullLines({ ...subject, body: visible.text }, place), hidden: ["the pull request's description", visible.removed] };
}

/** A merged pull request's change is its merge commit on the base branch; an open one's, its head. */
export function pullStatusCommit(pull: PullEvent): string | undefined {
  return (pull.merged ? pull.mergeCommitSha : undefined) ?? pull.headSha;
}

function notPrompted(pull: PullEvent, event: RunEvent): EventSkip {
  return {
    reason:
      `this '${event.name}' run is for ${actionName(pull.action)}: ` +
      `without a prompt, only a merged pull request ('closed' and merged) starts a job. ${PROMPT_ANYWAY}`,
    marks: false,
  };
}

export const pull = changeKind<PullEvent, PullSubject>({
  source: (_settings, event) => (event.change?.kind === 'pull' && event.change.action !== 'closed' ? event.change : undefined),
  // The default instruction documents a merged change; a prompt says itself what an open pull request's job is for.
  skip: (source, event, prompted) => (prompted ? optedOut(source) : notPrompted(source, event)),
  ...pullReader,
  describe: describePull,
  statusCommit: pullStatusCommit,
});
