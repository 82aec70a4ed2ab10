/** Link syntax as cmark-gfm scans it: each function takes where the part would start and returns where it ends, or -1. */
import { isEscapable, isSpaceChar, isSpaceOrTab, type Scan } from './scan.js';

/** A label may be at most this many UTF-8 bytes. */
const MAX_LABEL_BYTES = 1000;
/** cmark-gfm gives up on a destination with more unclosed parentheses than this. */
const MAX_PARENTHESES = 32;

function utf8Bytes(char: string): number {
  const code = char.charCodeAt(0);
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  return code >= 0xd800 && code < 0xdc00 ? 2 : 3; // a surrogate pair counts 2 + 2
}

/** After `position`: spaces, tabs and line breaks (CommonMark's spacechars). */
export function skipSpaceChars(text: string, position: number, scan: Scan): number {
  let index = position;
  while (isSpaceChar(text[index])) index++;
  scan.work += index - position;
  return index;
}

/** Spaces and tabs, at most one line ending, spaces and tabs. */
function skipSpacesAndOneLineEnd(text: string, position: number): number {
  let index = position;
  while (isSpaceOrTab(text[index])) index++;
  if (text[index] === '\r') index++;
  if (text[index] === '\n') index++;
  while (isSpaceOrTab(text[index])) index++;
  return index;
}

function scanBracketedDestination(text: string, position: number, scan: Scan): number {
  let index = position + 1;
  while (index < text.length) {
    const char = text[index];
    if (char === '>') return ((scan.work += index + 1 - position), index + 1);
    if (char === '\n' || char === '<') break;
    index += char === '\\' ? 2 : 1;
  }
  scan.work += index - position;
  return -1;
}

/** A link destination: `<…>` on one line, or characters up to a space with balanced parentheses. */
export function scanDestination(text: string, position: number, scan: Scan): number {
  if (text[position] === '<') return scanBracketedDestination(text, position, scan);
  let index = position;
  let open = 0;
  while (index < text.length) {
    const char = text[index];
    if (char === '\\' && isEscapable(text[index + 1])) index += 2;
    else if (char === '(') {
      if (++open > MAX_PARENTHESES) return ((scan.work += index - position), -1);
      index++;
    } else if (char === ')') {
      if (open === 0) break;
      open--;
      index++;
    } else if (isSpaceChar(char)) {
      if (index === position) return -1;
      break;
    } else index++;
  }
  scan.work += index - position + 1;
  return index >= text.length ? -1 : index;
}

/**
 * Matched longest-first, as cmark-gfm does: a quote after a backslash may end the title or be part of it, so the title ends
 * at the first quote without a backslash before it, or else at the last quote with one.
 */
export function scanTitle(text: string, position: number, scan: Scan): number {
  const open = text[position];
  const close = open === '(' ? ')' : open;
  if (open !== '"' && open !== "'" && open !== '(') return -1;
  let last = -1;
  let index = position + 1;
  for (; index < text.length; index++) {
    const char = text[index];
    if (char === '\0') break;
    if (char !== close && !(open === '(' && char === '(')) continue;
    const escaped = text[index - 1] === '\\' && index - 1 > position;
    if (escaped) {
      if (char === close) last = index + 1;
      continue;
    }
    if (char === close) last = index + 1;
    break;
  }
  scan.work += index - position + 1;
  return last;
}

/** `[label]`: at most 1000 bytes, no unescaped bracket inside. Returns the end after `]`, or -1. */
export function scanLabel(text: string, position: number, scan: Scan): number {
  if (text[position] !== '[') return -1;
  let bytes = 0;
  let index = position + 1;
  while (index < text.length && bytes <= MAX_LABEL_BYTES) {
    const char = text[index] ?? '';
    if (char === '[') break;
    if (char === ']') return ((scan.work += index - position), index + 1);
    const step = char === '\\' && isEscapable(text[index + 1]) ? 2 : 1;
    for (let part = 0; part < step; part++) bytes += utf8Bytes(text[index + part] ?? '');
    index += step;
  }
  scan.work += index - position;
  return -1;
}

/** A label as references are matched: case folded, whitespace collapsed; undefined when empty or too long. */
export function normalizeLabel(label: string): string | undefined {
  let bytes = 0;
  for (const char of label) bytes += char.length === 2 ? 4 : utf8Bytes(char);
  if (bytes < 1 || bytes > MAX_LABEL_BYTES) return undefined;
  const folded = label
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .replace(/[ \t\n\v\f\r]+/g, ' ')
    .trim();
  return folded === '' ? undefined : folded;
}

export interface Definition {
  /** Where the definition ends: after its line ending. */
  readonly end: number;
  readonly label: string;
  /** The destination as written (`<…>` or bare). */
  readonly destination: string;
}

/** The end of the line at `position` when only spaces and tabs are left on it, else -1. */
function lineEnd(text: string, position: number): number {
  let index = position;
  while (isSpaceOrTab(text[index])) index++;
  if (index >= text.length) return index;
  if (text[index] === '\r') return text[index + 1] === '\n' ? index + 2 : index + 1;
  return text[index] === '\n' ? index + 1 : -1;
}

/** The link reference definition at `position` of a paragraph's text, or undefined. */
export function parseDefinition(text: string, position: number, scan: Scan): Definition | undefined {
  const labelEnd = scanLabel(text, position, scan);
  if (labelEnd < 0 || text[labelEnd] !== ':') return undefined;
  const label = text.slice(position + 1, labelEnd - 1);
  if (label.trim() === '') return undefined;
  const destinationStart = skipSpacesAndOneLineEnd(text, labelEnd + 1);
  const destinationEnd = scanDestination(text, destinationStart, scan);
  if (destinationEnd <= destinationStart) return undefined;
  const destination = text.slice(destinationStart, destinationEnd);
  const titleStart = skipSpacesAndOneLineEnd(text, destinationEnd);
  const titleEnd = titleStart === destinationEnd ? -1 : scanTitle(text, titleStart, scan);
  const end = titleEnd < 0 ? -1 : lineEnd(text, titleEnd);
  if (end >= 0) return { end, label, destination };
  const withoutTitle = lineEnd(text, destinationEnd);
  return withoutTitle < 0 ? undefined : { end: withoutTitle, label, destination };
}
