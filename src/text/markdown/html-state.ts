/**
 * What the browser shows of the raw HTML GitHub passes through, read in page order as an HTML tokenizer reads it. A comment
 * (closed by `-->` or `--!>`) and a bogus comment (`<!…>`, `<?…>`, `</ …>`) show nothing; one left open hides the rest of the
 * page, whatever Markdown follows, up to the next raw `-->`. Attributes are hidden text, all but `href` and `src` (kept as a
 * Markdown link's destination is). GitHub's tag filter shows some tags as text (`<script>`, `<title>`…), so they stay.
 */
import { isInvisibleCodePoint } from '../invisible.js';
import type { Joined } from './joined.js';
import { Finder, isAsciiLetter, type HiddenKind, type Scan } from './scan.js';

/** Any other tag (`<ignore-all>`) is an element no page shows: its name is hidden text like its attributes, so it goes whole. */
const KNOWN_ELEMENTS = new Set(
  (
    'a abbr address area article aside audio b bdi bdo blockquote br button caption center cite code col colgroup data dd del ' +
    'details dfn dialog div dl dt em embed fieldset figcaption figure font footer form h1 h2 h3 h4 h5 h6 header hr i img input ' +
    'ins kbd label legend li main mark meter nav ol optgroup option output p picture pre progress q rp rt ruby s samp section ' +
    'select small source span strike strong sub summary sup table tbody td template tfoot th thead time tr track tt u ul var video wbr'
  ).split(' '),
);

/** The tags GFM's tag filter escapes: GitHub shows them as text. */
const FILTERED_TAGS = new Set(['title', 'textarea', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'script', 'plaintext']);
const KEPT_ATTRIBUTES = new Set(['href', 'src']);
const isHtmlSpace = (char: string | undefined): boolean => char === ' ' || char === '\t' || char === '\n' || char === '\f' || char === '\r';
/** `&#…;` in raw HTML: the browser reads it without the semicolon too. */
const NUMERIC_ENTITY = /&#(?:[xX]([0-9a-fA-F]{1,8})|([0-9]{1,9}));?/y;

/** The end of `&#…;` at `position` when it spells a character that shows nothing, else -1. */
export function invisibleEntityEnd(text: string, position: number, pattern: RegExp = NUMERIC_ENTITY): number {
  pattern.lastIndex = position;
  const match = pattern.exec(text);
  if (match === null) return -1;
  const codePoint = match[1] === undefined ? Number.parseInt(match[2] ?? '', 10) : Number.parseInt(match[1], 16);
  return isInvisibleCodePoint(codePoint) ? position + match[0].length : -1;
}

function attributeKind(name: string): HiddenKind {
  return name === 'alt' ? 'alt' : name === 'title' ? 'title' : 'attribute';
}

type State = 'data' | 'comment' | 'bogus' | 'rest';

/** The searches over one block's text: the page is read forward, so each is one pass. */
interface Searches {
  readonly joined: Joined;
  readonly arrow: Finder;
  readonly bang: Finder;
  readonly greater: Finder;
  readonly less: Finder;
  readonly entity: Finder;
  readonly comment: Finder;
}

export class HtmlState {
  private state: State = 'data';
  /** Where in the source the hidden stretch that is open began. */
  private hiddenFrom = 0;
  private hiddenKind: HiddenKind = 'comment';
  /** A bogus comment open at a block's end may or may not be closed by the page's own tags (`</li>`): both readings are hidden. */
  private uncertain = false;
  private searches: Searches | undefined;

  constructor(private readonly scan: Scan) {}

  private searchesOf(joined: Joined): Searches {
    if (this.searches?.joined === joined) return this.searches;
    const { text } = joined;
    const finder = (needle: string): Finder => new Finder(text, needle, this.scan);
    this.searches = {
      joined,
      arrow: finder('-->'),
      bang: finder('--!>'),
      greater: finder('>'),
      less: finder('<'),
      entity: finder('&#'),
      comment: finder('<!--'),
    };
    return this.searches;
  }

  /** Whether the page is inside a comment (or the rest of it is hidden): Markdown text there shows nothing. */
  get hiding(): boolean {
    return this.state !== 'data';
  }

  /** The end of the source: a stretch still hidden is hidden to there. */
  finish(end: number): void {
    if (this.state !== 'data') this.scan.remove(this.hiddenFrom, end, this.hiddenKind);
  }

  /** Reads the raw HTML `joined.text[start, end)`, the next raw HTML of the page. */
  read(joined: Joined, start: number, end: number): void {
    let index = start;
    while (index < end && this.state !== 'rest') {
      index = this.state === 'data' ? this.data(joined, index, end) : this.hidden(joined, index, end);
    }
    this.uncertain = this.state === 'bogus';
  }

  private open(state: State, source: number, kind: HiddenKind): void {
    this.state = state;
    this.hiddenFrom = source;
    this.hiddenKind = kind;
  }

  /** Inside a comment or bogus comment: up to its end, or all of it. */
  private hidden(joined: Joined, index: number, end: number): number {
    const searches = this.searchesOf(joined);
    let close: number;
    let length = 1;
    if (this.state === 'comment') {
      const arrow = searches.arrow.next(index);
      const bang = searches.bang.next(index);
      close = arrow < 0 ? bang : bang < 0 ? arrow : Math.min(arrow, bang);
      length = close === arrow ? 3 : 4;
    } else {
      close = searches.greater.next(index);
      const comment = this.uncertain ? searches.comment.next(index) : -1;
      if (comment >= 0 && comment < end && (close < 0 || comment < close)) return this.comment(joined, comment, end, this.hiddenFrom);
    }
    if (close < 0 || close + length > end) return end;
    this.uncertain = false;
    this.scan.remove(this.hiddenFrom, joined.toSource(close + length), this.hiddenKind);
    this.state = 'data';
    return close + length;
  }

  /** `<!--` at `less`: a comment, hidden from `from` (its start, or where the hidden stretch it continues began). */
  private comment(joined: Joined, less: number, end: number, from: number): number {
    this.open('comment', from, 'comment');
    this.uncertain = false;
    // `<!-->` and `<!--->` close at once; the search for `--!>` starts after the opening.
    const { text } = joined;
    const abrupt = text.startsWith('>', less + 4) ? 5 : text.startsWith('->', less + 4) ? 6 : 0;
    if (abrupt === 0 || less + abrupt > end) return less + 4;
    this.scan.remove(from, joined.toSource(less + abrupt), 'comment');
    this.state = 'data';
    return less + abrupt;
  }

  /** Text up to the next `<`, then the markup it starts. */
  private data(joined: Joined, index: number, end: number): number {
    const less = this.searchesOf(joined).less.next(index);
    const stop = less < 0 || less >= end ? end : less;
    this.entities(joined, index, stop);
    if (stop === end) return end;
    return this.markup(joined, stop, end);
  }

  private entities(joined: Joined, start: number, end: number): void {
    const { text } = joined;
    const entity = this.searchesOf(joined).entity;
    for (let index = entity.next(start); index >= 0 && index < end; index = entity.next(index + 2)) {
      const entityEnd = invisibleEntityEnd(text, index);
      if (entityEnd > 0 && entityEnd <= end) this.scan.remove(joined.toSource(index), joined.toSource(entityEnd), 'entity');
    }
  }

  private markup(joined: Joined, less: number, end: number): number {
    const { text } = joined;
    const next = text[less + 1];
    const source = joined.toSource(less);
    if (text.startsWith('!--', less + 1)) return this.comment(joined, less, end, source);
    if (next === '!' || next === '?' || (next === '/' && !isAsciiLetter(text[less + 2]) && text[less + 2] !== '>' && less + 2 < end)) {
      this.open('bogus', source, 'comment');
      return less + 2;
    }
    const name = next === '/' ? less + 2 : less + 1;
    if (!isAsciiLetter(text[name])) return less + 1;
    let nameEnd = name;
    while (nameEnd < end && !isHtmlSpace(text[nameEnd]) && text[nameEnd] !== '/' && text[nameEnd] !== '>') nameEnd++;
    this.scan.work += nameEnd - name;
    const element = text.slice(name, nameEnd).toLowerCase();
    if (FILTERED_TAGS.has(element)) return less + 1;
    const known = KNOWN_ELEMENTS.has(element);
    const tagEnd = this.attributes(joined, nameEnd, end, next === '/' || !known, source);
    if (!known && this.state === 'data') this.scan.remove(source, joined.toSource(tagEnd), 'tag');
    return tagEnd;
  }

  /** A tag's attributes up to its `>`; each but `href` and `src` (none of `all`) is removed. */
  private attributes(joined: Joined, position: number, end: number, all: boolean, tagSource: number): number {
    const { text } = joined;
    let index = position;
    for (;;) {
      const before = index;
      while (index < end && (isHtmlSpace(text[index]) || text[index] === '/')) index++;
      if (index >= end) break;
      if (text[index] === '>') return index + 1;
      const name = index;
      index++;
      while (index < end && !isHtmlSpace(text[index]) && !'/>='.includes(text[index] ?? '')) index++;
      const attribute = text.slice(name, index).toLowerCase();
      const valueEnd = this.attributeValue(text, index, end);
      this.scan.work += (valueEnd < 0 ? end : valueEnd) - before;
      if (valueEnd < 0) break;
      index = valueEnd;
      if (all || !KEPT_ATTRIBUTES.has(attribute)) {
        this.scan.remove(joined.toSource(before), joined.toSource(index), attributeKind(attribute));
      }
    }
    // The raw HTML ends inside the tag: what the page shows next is unknowable here, so nothing more is.
    this.open('rest', tagSource, 'attribute');
    return end;
  }

  /** After an attribute's name: its value, if any. The end of it, or -1 when the raw HTML ends first. */
  private attributeValue(text: string, position: number, end: number): number {
    let index = position;
    while (index < end && isHtmlSpace(text[index])) index++;
    if (text[index] !== '=') return index >= end ? -1 : position;
    index++;
    while (index < end && isHtmlSpace(text[index])) index++;
    const quote = text[index];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, index + 1);
      return close < 0 || close >= end ? -1 : close + 1;
    }
    while (index < end && !isHtmlSpace(text[index]) && text[index] !== '>') index++;
    return index >= end ? -1 : index;
  }
}
