/**
 * Inline text read as cmark-gfm reads it, for what hides text. Alt text and titles are removed; a reference link gets its
 * destination written inline, since the definition that held it, and a full reference's label, show nothing.
 */
import { isEscapable, type Piece, type Scan } from './scan.js';
import type { Joined } from './joined.js';
import { invisibleEntityEnd } from './html-state.js';
import { RawHtml } from './html-grammar.js';
import { normalizeLabel, scanDestination, scanLabel, scanTitle, skipSpaceChars } from './links.js';
import type { Blocks } from './blocks.js';

const SPECIAL = /[\\`<![\]&]/g;
/** cmark-gfm's entity: the semicolon is required, and at most 6 hex or 7 decimal digits. */
const MARKDOWN_ENTITY = /&#(?:[xX]([0-9a-fA-F]{1,6})|([0-9]{1,7}));/y;
const EMAIL_LOCAL = /[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]/;
/** `[^label]` is a footnote reference when its text is one text node to cmark-gfm: none of the characters that start another. */
const FOOTNOTE_REFERENCE = /^\^[^\n\r!&*<[\\\]_`:w~]+$/;

interface Opener {
  readonly image: boolean;
  /** Where the link text starts: after `[` or `![`. */
  readonly text: number;
  active: boolean;
  /** A bracket was opened after this one: it cannot be a shortcut reference. */
  bracketAfter: boolean;
}

/** The runs of backticks of a text, by length: a code span ends at the next run of the same length. */
class Backticks {
  private readonly runs = new Map<number, number[]>();
  private readonly next = new Map<number, number>();

  constructor(text: string, scan: Scan) {
    for (let index = text.indexOf('`'); index >= 0;) {
      let end = index;
      while (text[end] === '`') end++;
      const list = this.runs.get(end - index) ?? [];
      list.push(index);
      this.runs.set(end - index, list);
      index = text.indexOf('`', end);
    }
    scan.work += text.length;
  }

  /** The first run of exactly `length` backticks starting at or after `from` (which never goes back), or -1. */
  closer(length: number, from: number): number {
    const list = this.runs.get(length);
    if (list === undefined) return -1;
    let index = this.next.get(length) ?? 0;
    while (index < list.length && (list[index] ?? 0) < from) index++;
    this.next.set(length, index);
    return list[index] ?? -1;
  }
}

/** After `<`: an autolink's end (`<https://…>` or `<name@host>`), or -1. */
function autolinkEnd(text: string, position: number, scan: Scan): number {
  const scheme = /^[A-Za-z][A-Za-z0-9.+-]{1,31}:/.exec(text.slice(position, position + 34));
  let index = position;
  if (scheme !== null) {
    index += scheme[0].length;
    while (index < text.length && text.charCodeAt(index) > 0x20 && text[index] !== '<' && text[index] !== '>') index++;
    scan.work += index - position;
    return text[index] === '>' ? index + 1 : -1;
  }
  while (EMAIL_LOCAL.test(text[index] ?? '')) index++;
  if (index === position || text[index] !== '@') return ((scan.work += index - position), -1);
  for (;;) {
    const label = ++index;
    while (/[a-zA-Z0-9-]/.test(text[index] ?? '')) index++;
    const length = index - label;
    if (length < 1 || length > 63 || text[label] === '-' || text[index - 1] === '-') break;
    if (text[index] === '>') return ((scan.work += index - position), index + 1);
    if (text[index] !== '.') break;
  }
  scan.work += index - position;
  return -1;
}

export class Inlines {
  private readonly openers: Opener[] = [];
  private readonly raws: Piece[] = [];
  private readonly alts: Piece[] = [];
  private readonly backticks: Backticks;
  private readonly html: RawHtml;

  constructor(
    private readonly joined: Joined,
    private readonly blocks: Blocks,
    /** Footnote label → its number, in the order the text first refers to each: shared by a text's blocks. */
    private readonly footnotes: Map<string, number>,
    private readonly scan: Scan,
  ) {
    this.backticks = new Backticks(joined.text, scan);
    this.html = new RawHtml(joined.text, scan);
  }

  /** Scans the text: edits go to the scan; returns the raw HTML, in order (not the raw HTML inside alt text, which no page shows). */
  run(): Piece[] {
    const { text } = this.joined;
    const special = SPECIAL;
    let index = 0;
    while (index < text.length) {
      special.lastIndex = index;
      const found = special.exec(text);
      this.scan.work += (found === null ? text.length : found.index) - index + 1;
      if (found === null) break;
      index = this.at(found.index);
    }
    return this.outsideAlts();
  }

  /** The raw HTML not inside an image's alt text (alt text is an attribute: the page has no raw HTML there). */
  private outsideAlts(): Piece[] {
    const alts = [...this.alts].sort((a, b) => a.start - b.start);
    let alt = 0;
    let covered = -1;
    return this.raws.filter((raw) => {
      while (alt < alts.length && (alts[alt]?.start ?? 0) <= raw.start) covered = Math.max(covered, alts[alt++]?.end ?? 0);
      return raw.end > covered;
    });
  }

  private at(index: number): number {
    const { text } = this.joined;
    switch (text[index]) {
      case '\\':
        return isEscapable(text[index + 1]) ? index + 2 : index + 1;
      case '`':
        return this.codeSpan(index);
      case '<':
        return this.angle(index);
      case '!':
        return text[index + 1] === '[' ? this.push(true, index + 2) : index + 1;
      case '[':
        return this.push(false, index + 1);
      case ']':
        return this.close(index);
      default:
        return this.entity(index);
    }
  }

  private codeSpan(index: number): number {
    const { text } = this.joined;
    let end = index;
    while (text[end] === '`') end++;
    this.scan.work += end - index;
    const closer = this.backticks.closer(end - index, end);
    return closer < 0 ? end : closer + end - index;
  }

  private angle(index: number): number {
    const autolink = autolinkEnd(this.joined.text, index + 1, this.scan);
    if (autolink > 0) return autolink;
    const raw = this.html.end(index);
    if (raw < 0) return index + 1;
    this.raws.push({ start: index, end: raw });
    return raw;
  }

  private entity(index: number): number {
    const end = invisibleEntityEnd(this.joined.text, index, MARKDOWN_ENTITY);
    if (end < 0) return index + 1;
    this.remove(index, end, 'entity');
    return end;
  }

  private push(image: boolean, text: number): number {
    const last = this.openers.at(-1);
    if (last !== undefined) last.bracketAfter = true;
    this.openers.push({ image, text, active: true, bracketAfter: false });
    return text;
  }

  private remove(start: number, end: number, kind?: Parameters<Scan['remove']>[2], insert?: string): void {
    const { joined } = this;
    this.scan.remove(joined.toSource(start), joined.toSource(end), kind, insert);
  }

  /** `]`: a link or image when an inline destination or a defined reference follows, else text. */
  private close(index: number): number {
    const opener = this.openers.at(-1);
    if (opener === undefined) return index + 1;
    if (!opener.active) {
      this.openers.pop();
      return index + 1;
    }
    const labelEnd = scanLabel(this.joined.text, index + 1, this.scan);
    const end = this.inlineLink(opener, index) ?? this.referenceLink(opener, index, labelEnd);
    if (end === undefined) {
      this.openers.pop();
      return (opener.image ? undefined : this.footnoteReference(opener, index, labelEnd)) ?? index + 1;
    }
    if (opener.image) {
      this.remove(opener.text, index, 'alt');
      this.alts.push({ start: opener.text, end: index });
    }
    this.openers.pop();
    // A link cannot hold a link: the brackets opened before it are text now.
    if (!opener.image) {
      for (let at = this.openers.length - 1; at >= 0; at--) {
        const earlier = this.openers[at];
        if (earlier === undefined || earlier.image) continue;
        if (!earlier.active) break;
        earlier.active = false;
      }
    }
    return end;
  }

  /** `](destination "title")`: the title is removed. The end, or undefined. */
  private inlineLink(_opener: Opener, index: number): number | undefined {
    const { text } = this.joined;
    if (text[index + 1] !== '(') return undefined;
    const destination = skipSpaceChars(text, index + 2, this.scan);
    const destinationEnd = scanDestination(text, destination, this.scan);
    if (destinationEnd < 0) return undefined;
    const titleStart = skipSpaceChars(text, destinationEnd, this.scan);
    const title = titleStart === destinationEnd ? -1 : scanTitle(text, titleStart, this.scan);
    const titleEnd = title < 0 ? titleStart : title;
    const end = skipSpaceChars(text, titleEnd, this.scan);
    if (text[end] !== ')') return undefined;
    if (title > 0) this.remove(destinationEnd, titleEnd, 'title');
    return end + 1;
  }

  /** `][label]`, `][]` or `]` with a definition: written `](destination)`. The end, or undefined. */
  private referenceLink(opener: Opener, index: number, labelEnd: number): number | undefined {
    const { text } = this.joined;
    const after = index + 1;
    const label = labelEnd < 0 ? '' : text.slice(after + 1, labelEnd - 1).trim();
    let destination: string | undefined;
    if (label !== '') destination = this.definition(label);
    else if (!opener.bracketAfter) destination = this.definition(text.slice(opener.text, index));
    if (destination === undefined) return undefined;
    const end = labelEnd < 0 ? after : labelEnd;
    this.remove(after, end, label === '' ? undefined : 'label', `(${destination})`);
    return end;
  }

  private definition(label: string): string | undefined {
    const normalized = label.length > 1000 ? undefined : normalizeLabel(label);
    return normalized === undefined ? undefined : this.blocks.definitions.get(normalized);
  }

  /**
   * GitHub shows a footnote's number, not its label, and the definitions are removed, so a defined one becomes `[^1]`, `[^2]`…
   * in the order of first use. cmark-gfm drops a `[label]` right after it, defined or not. The end, or undefined.
   */
  private footnoteReference(opener: Opener, index: number, labelEnd: number): number | undefined {
    const text = this.joined.text.slice(opener.text, index);
    if (text.length > 1000 || !FOOTNOTE_REFERENCE.test(text)) return undefined;
    if (labelEnd > 0) this.remove(index + 1, labelEnd, 'label');
    const label = normalizeLabel(text.slice(1));
    if (label !== undefined && this.blocks.footnotes.has(label)) {
      const number = this.footnotes.get(label) ?? this.footnotes.size + 1;
      this.footnotes.set(label, number);
      if (text !== `^${number}`) this.remove(opener.text - 1, index + 1, 'label', `[^${number}]`);
    }
    return labelEnd > 0 ? labelEnd : index + 1;
  }
}
