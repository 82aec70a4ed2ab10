/**
 * A release: its tag, name and notes, and the change since the previous release (the newest earlier
 * one that is not a draft, nor a pre-release for a full release).
 */
import type { ReleaseEvent } from '../event/change.js';
import { releaseReader, type ReleaseSubject } from '../change/read-release.js';
import { BRANCH_CHARS, DESCRIPTION_CHARS, type SubjectPlace } from '../change/section.js';
import { changeKind } from '../plan/change.js';
import { withoutHidden } from '../text/hidden.js';
import { quote } from '../text/quote.js';
import { encodeSegment } from '../text/uri.js';

function releaseLines(subject: ReleaseSubject, { at, link }: SubjectPlace): string[] {
  const tag = encodeSegment(subject.tag);
  const lines = [`Event: release ${quote(subject.tag, BRANCH_CHARS)} of ${at}.${link(`releases/tag/${tag}`)}`];
  if (subject.name.trim() !== '') lines.push(`Name: ${quote(subject.name)}`);
  if (subject.body.trim() !== '') lines.push(`Notes (their start): ${quote(subject.body, DESCRIPTION_CHARS)}`);
  if (subject.previousTag !== undefined) {
    const compare = link(`compare/${encodeSegment(subject.previousTag)}...${tag}`);
    lines.push(`Compared with the previous release ${quote(subject.previousTag, BRANCH_CHARS)}.${compare}`);
  }
  return lines;
}

export const release = changeKind<ReleaseEvent, ReleaseSubject>({
  source: (_settings, event) => (event.change?.kind === 'release' ? event.change : undefined),
  skip: (source) =>
    source.action === 'deleted' || source.action === 'unpublished'
      ? { reason: `release ${quote(source.tag)} was ${source.action}: there is nothing to document.`, marks: false }
      : undefined,
  ...releaseReader,
  describe(subject, place) {
    const visible = withoutHidden(subject.body);
    return { lines: releaseLines({ ...subject, body: visible.text }, place), hidden: ["the release's notes", visible.removed] };
  },
  // GITHUB_SHA: the tagged commit.
  statusCommit: (_source, event) => event.headSha,
});
