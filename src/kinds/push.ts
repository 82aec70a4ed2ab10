/**
 * A push to a branch or a tag. A branch's change starts at the last documented commit when earlier
 * runs did not finish; a new branch is compared with the default branch, a tag with the previous tag.
 */
import { documentedPushLine, type PushSource } from '../change/documented-base.js';
import { firstLine } from '../change/guards.js';
import { pushReader, type PushSubject } from '../change/read-push.js';
import { BRANCH_CHARS, type SubjectPlace } from '../change/section.js';
import { skipMarkerIn } from '../change/skips.js';
import { changeKind } from '../plan/change.js';
import { pushStart } from '../stream/change-base.js';
import { stalePending } from '../stream/stale-status.js';
import { counted } from '../text/plural.js';
import { quote } from '../text/quote.js';
import { encodeSegment } from '../text/uri.js';

function forcedLine(dropped: number): string {
  return `The push was forced: it dropped ${counted(dropped, 'commit')} that ${dropped === 1 ? 'was' : 'were'} on the branch.`;
}

function pushLines(subject: PushSubject, { at, link }: SubjectPlace): string[] {
  const event = `Event: a push to the ${subject.refKind} ${quote(subject.ref, BRANCH_CHARS)} of ${at}.`;
  const head = link(`commit/${subject.after}`);
  if (subject.headOnly === 'new branch') return [event, `The branch is new: only its head commit ${subject.after} is described.${head}`];
  if (subject.headOnly === 'tag') return [event, `Only the tagged commit ${subject.after} is described.${head}`];
  if (subject.comparedWith !== undefined) {
    const { kind, ref } = subject.comparedWith;
    const compare = link(`compare/${encodeSegment(ref)}...${subject.after}`);
    const whence = kind === 'default branch' ? 'The branch is new: compared with the default branch' : 'Compared with the previous tag';
    return [event, `${whence} ${quote(ref, BRANCH_CHARS)}, from the commit both share.${compare}`];
  }
  const before = subject.before ?? '';
  const compare = link(`compare/${subject.documented?.sha ?? before}...${subject.after}`);
  const documented = subject.documented === undefined ? [] : [documentedPushLine(subject.documented, subject.after)];
  const forced = subject.dropped === undefined ? [] : [forcedLine(subject.dropped)];
  return [
    event,
    `Before: ${before}. After: ${subject.after}.`,
    ...documented,
    ...forced,
    ...(compare === '' ? [] : [`Compare:${compare}`]),
  ];
}

export const push = changeKind<PushSource, PushSubject>({
  source: (_settings, event) => (event.change?.kind === 'push' ? event.change : undefined),
  skip(source) {
    if (source.deleted)
      return { reason: `the push deleted the ${source.refKind} ${quote(source.ref)}: there is nothing to document.`, marks: false };
    // The subject line only: a squash merge copies every squashed commit's message into the body,
    // so one contributor's marker there would skip the docs for the whole merge.
    const said = skipMarkerIn(firstLine(source.headCommit?.message ?? ''));
    return said === undefined ? undefined : { reason: `the head commit's subject line says ${quote(said)}.`, marks: true };
  },
  start: (source, context) => pushStart(source, context.event, context.github),
  ...pushReader,
  describe: (subject, place) => ({ lines: pushLines(subject, place) }),
  statusCommit: (source) => source.after,
  lastDocumented: (source) => Promise.resolve(source.documented?.sha ?? source.before),
  // Only when the change starts before `before`: the runs after the last documented commit did not finish.
  stale: (source, reads) =>
    source.documented === undefined || source.before === undefined ? Promise.resolve(undefined) : stalePending(reads, source.before),
});
