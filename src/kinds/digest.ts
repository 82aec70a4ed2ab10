/**
 * A digest (`change-since`), on any event: the commits on the default branch in a window of time,
 * or (`last-success`) every commit after the last documented one.
 */
import { documentedSinceText, type SinceSource } from '../change/documented-base.js';
import { sinceReader, type SinceSubject } from '../change/read-since.js';
import { BRANCH_CHARS, type SubjectPlace } from '../change/section.js';
import { formatDuration } from '../inputs/duration.js';
import { changeKind } from '../plan/change.js';
import { digestStart } from '../stream/change-base.js';
import { lastSuccessHead } from '../stream/continuation.js';
import { quote } from '../text/quote.js';

function sinceLines(subject: SinceSubject, { at }: SubjectPlace): string[] {
  const branch = subject.branch === undefined ? 'the default branch' : `the default branch ${quote(subject.branch, BRANCH_CHARS)}`;
  if (subject.documented !== undefined) {
    const run = subject.documented.runUrl === undefined ? '' : ` Its run: ${subject.documented.runUrl}`;
    return [`Event: a digest of the commits on ${branch} of ${at} ${documentedSinceText(subject.documented)}.${run}`];
  }
  return [`Event: a digest of the commits on ${branch} of ${at} in the last ${formatDuration(subject.windowMs)}, since ${subject.from}.`];
}

export const digest = changeKind<SinceSource, SinceSubject>({
  source({ change }, event) {
    if (change.sinceMs === undefined) return undefined;
    const branch = event.defaultBranch;
    return {
      kind: 'since',
      windowMs: change.sinceMs,
      ...(branch !== undefined && { branch }),
      ...(change.sinceLastSuccess === true && { lastSuccess: true }),
    };
  },
  withAnalytics: true,
  start: (source, context) => digestStart(source, context.event, context.github),
  ...sinceReader,
  // Only a list GitHub gave counts: a window whose commits could not be listed starts the job (with the reader's warning).
  skipRead({ subject, totalCommits, commitsComplete }) {
    if (totalCommits > 0 || !commitsComplete) return undefined;
    const window = formatDuration(subject.windowMs);
    const input = `'change-since: ${subject.lastSuccess === true ? 'last-success' : window}'`;
    const when = subject.documented === undefined ? `in the last ${window}` : documentedSinceText(subject.documented);
    return `no commit on the default branch ${when} (${input}).`;
  },
  describe: (subject, place) => ({ lines: sinceLines(subject, place) }),
  // GITHUB_SHA: the default branch's head for a schedule.
  statusCommit: (_source, event) => event.headSha,
  // Its head may record an earlier digest's job.
  pathsMark: false,
  lastDocumented: (source, reads) =>
    source.documented === undefined ? lastSuccessHead(reads) : Promise.resolve(source.documented.base.sha),
});
