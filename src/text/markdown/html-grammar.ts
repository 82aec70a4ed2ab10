/**
 * Where cmark-gfm (CommonMark 0.29) sees raw HTML, inline and as HTML blocks. Its grammar, not the browser's:
 * `<!-- a -- b -->` is not a comment to it, so GitHub shows it as text. What the browser hides of it is html-state.ts's job.
 */
import { Finder, isAsciiLetter, isSpaceChar, type Scan } from './scan.js';

const ACCEPT = -1;

/**
 * A grammar that cmark-gfm matches longest-first, run as a small automaton: a processing
 * instruction (ends at a `?>` whose `?` starts an element) or a CDATA section. Runs from later
 * starts fall into step with the previous run at the first character that resets every state, and
 * from there end where it ended: so each character is read about once, whatever the input.
 */
class LongestRun {
  private previousStart = -1;
  /** The index after the previous run's match, or -1 when it reached the end without one. */
  private previousEnd = -1;

  constructor(
    private readonly text: string,
    private readonly scan: Scan,
    private readonly step: (state: number, char: string) => number,
    private readonly resets: (char: string) => boolean,
  ) {}

  /** The end of the match whose body starts at `start`, or -1. */
  end(start: number): number {
    const covered = (index: number): boolean =>
      this.previousStart >= 0 && index >= this.previousStart && (this.previousEnd < 0 || index < this.previousEnd - 1);
    let state = 0;
    for (let index = start; index < this.text.length; index++) {
      this.scan.work++;
      const char = this.text[index] ?? '';
      if (covered(index) && this.resets(char)) return this.previousEnd;
      state = this.step(state, char);
      if (state === ACCEPT) return this.remember(start, index + 1);
    }
    return this.remember(start, -1);
  }

  private remember(start: number, end: number): number {
    this.previousStart = start;
    this.previousEnd = end;
    return end;
  }
}

const instructionStep = (state: number, char: string): number => (state === 1 ? (char === '>' ? ACCEPT : 0) : char === '?' ? 1 : 0);
const cdataStep = (state: number, char: string): number => {
  if (state === 2) return char === '>' ? ACCEPT : 0;
  return char === ']' ? state + 1 : 0;
};

function skipAttributeValue(text: string, position: number, scan: Scan): number {
  const quote = text[position];
  if (quote === '"' || quote === "'") {
    const close = text.indexOf(quote, position + 1);
    scan.work += (close < 0 ? text.length : close) - position;
    return close < 0 ? -1 : close + 1;
  }
  let index = position;
  while (index < text.length && !/[ \t\r\n\v\f"'=<>`\0]/.test(text[index] ?? '')) index++;
  scan.work += index - position;
  return index === position ? -1 : index;
}

/** After `<`: a start tag's end (after `>`), or -1. Attributes as cmark-gfm reads them. */
export function openTagEnd(text: string, position: number, scan: Scan): number {
  if (!isAsciiLetter(text[position])) return -1;
  let index = position + 1;
  while (/[A-Za-z0-9-]/.test(text[index] ?? '')) index++;
  for (;;) {
    const spaced = index;
    while (isSpaceChar(text[index])) index++;
    if (index > spaced && /[A-Za-z_:]/.test(text[index] ?? '')) {
      while (/[A-Za-z0-9:._-]/.test(text[index] ?? '')) index++;
      let value = index;
      while (isSpaceChar(text[value])) value++;
      if (text[value] !== '=') continue;
      value++;
      while (isSpaceChar(text[value])) value++;
      scan.work += value - spaced;
      index = skipAttributeValue(text, value, scan);
      if (index < 0) return -1;
      continue;
    }
    scan.work += index - spaced + 1;
    if (text[index] === '/') index++;
    return text[index] === '>' ? index + 1 : -1;
  }
}

/** After `</`: an end tag's end, or -1. */
export function closeTagEnd(text: string, position: number, scan: Scan): number {
  if (!isAsciiLetter(text[position])) return -1;
  let index = position + 1;
  while (/[A-Za-z0-9-]/.test(text[index] ?? '')) index++;
  while (isSpaceChar(text[index])) index++;
  scan.work += index - position + 1;
  return text[index] === '>' ? index + 1 : -1;
}

/** Inline raw HTML of one block's text, scanned left to right. */
export class RawHtml {
  private readonly dashes: Finder;
  private readonly closings: Finder;
  private readonly instruction: LongestRun;
  private readonly cdata: LongestRun;

  constructor(
    private readonly text: string,
    private readonly scan: Scan,
  ) {
    this.dashes = new Finder(text, '--', scan);
    this.closings = new Finder(text, '>', scan);
    this.instruction = new LongestRun(text, scan, instructionStep, (char) => char !== '?' && char !== '>');
    this.cdata = new LongestRun(text, scan, cdataStep, (char) => char !== ']' && char !== '>');
  }

  /** The end of the raw HTML starting with the `<` at `position`, or -1. */
  end(position: number): number {
    const { text } = this;
    const next = text[position + 1];
    if (next === '/') return closeTagEnd(text, position + 2, this.scan);
    if (next === '?') return this.instruction.end(position + 2);
    if (next !== '!') return openTagEnd(text, position + 1, this.scan);
    if (text.startsWith('--', position + 2)) return this.comment(position + 4);
    if (text.startsWith('[CDATA[', position + 2)) return this.cdata.end(position + 9);
    return this.declaration(position + 2);
  }

  /** CommonMark 0.29's comment: not starting with `>` or `->`, no `--` inside, not ending with `-`. */
  private comment(body: number): number {
    const { text } = this;
    if (text.startsWith('-->', body)) return body + 3;
    let index = text[body] === '-' ? body + 1 : body;
    if (index >= text.length || text[index] === '>' || text[index] === '-') return -1;
    index++;
    const dashes = this.dashes.next(index);
    return dashes >= 0 && text[dashes + 2] === '>' ? dashes + 3 : -1;
  }

  private declaration(name: number): number {
    const { text } = this;
    let index = name;
    while (/[A-Z]/.test(text[index] ?? '')) index++;
    if (index === name || !isSpaceChar(text[index])) return -1;
    const close = this.closings.next(index);
    return close < 0 ? -1 : close + 1;
  }
}

const BLOCK_TAGS = new Set(
  (
    'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt fieldset ' +
    'figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem ' +
    'nav noframes ol optgroup option p param section source title summary table tbody td tfoot th thead tr track ul'
  ).split(' '),
);

/** What ends an HTML block of each type (1 to 5); 6 and 7 end at a blank line. */
const BLOCK_ENDS: Readonly<Record<number, RegExp>> = { 1: /<\/(?:script|pre|style)>/i, 2: /-->/, 3: /\?>/, 4: />/, 5: /\]\]>/ };

/** The HTML block type `line` (from its first non-space, with its line ending) starts, or 0; type 7 cannot interrupt a paragraph. */
export function htmlBlockStart(line: string, afterParagraph: boolean, scan: Scan): number {
  if (line[0] !== '<') return 0;
  if (/^<(?:script|pre|style)(?:[ \t\v\f\r\n>]|$)/i.test(line)) return 1;
  if (line.startsWith('<!--')) return 2;
  if (line.startsWith('<?')) return 3;
  if (/^<![A-Z]/.test(line)) return 4;
  if (line.startsWith('<![CDATA[')) return 5;
  const name = /^<\/?([A-Za-z][A-Za-z0-9-]*)(?:[ \t\v\f\r\n>]|\/>|$)/.exec(line)?.[1];
  if (name !== undefined && BLOCK_TAGS.has(name.toLowerCase())) return 6;
  if (afterParagraph) return 0;
  const end = line[1] === '/' ? closeTagEnd(line, 2, scan) : openTagEnd(line, 1, scan);
  return end > 0 && /^[\t\n\f ]*[\r\n]/.test(line.slice(end)) ? 7 : 0;
}

/** Whether `line` (from its first non-space character) holds what ends an HTML block of `type`. */
export function endsHtmlBlock(type: number, line: string): boolean {
  const end = BLOCK_ENDS[type];
  return end !== undefined && end.test(line);
}
