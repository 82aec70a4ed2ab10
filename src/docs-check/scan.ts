/**
 * One pass over a page's Markdown/MDX that yields its name-shaped tokens (`max_retries`,
 * `getUser`, `--dry-run`, `REDIS_HOST`, `well-known`), each marked when it stands in code: inside a
 * fenced block, inline backticks, or a quoted attribute of a component (`<ParamField path="…">`).
 * Hand-written rather than regular expressions: it reads every page of the site on each run.
 */

const TAB = 9;
const NEWLINE = 10;
const SPACE = 32;
const QUOTE = 34;
const DOLLAR = 36;
const APOSTROPHE = 39;
const DASH = 45;
const ZERO = 48;
const NINE = 57;
const LESS = 60;
const GREATER = 62;
const UPPER_A = 65;
const UPPER_Z = 90;
const UNDERSCORE = 95;
const BACKTICK = 96;
const LOWER_A = 97;
const LOWER_Z = 122;
const TILDE = 126;

const isLetter = (code: number): boolean => (code >= LOWER_A && code <= LOWER_Z) || (code >= UPPER_A && code <= UPPER_Z);
const isDigit = (code: number): boolean => code >= ZERO && code <= NINE;
const isWord = (code: number): boolean => isLetter(code) || isDigit(code) || code === UNDERSCORE;

/** The FNV-1a hash of the token `tokenEnd` read last: a table of known tokens is looked up without slicing. */
let lastHash = 0;

/** Where a name-shaped token whose first characters end before `start` ends; hashes it from `from`. */
function tokenEnd(text: string, from: number, start: number): number {
  let hash = 0x811c9dc5;
  for (let at = from; at < start; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 16777619);
  let at = start;
  for (;;) {
    const code = text.charCodeAt(at);
    if (isWord(code) || code === DOLLAR) {
      hash = Math.imul(hash ^ code, 16777619);
      at++;
    } else if (code === DASH && isWord(text.charCodeAt(at + 1))) {
      hash = Math.imul(Math.imul(hash ^ code, 16777619) ^ text.charCodeAt(at + 1), 16777619);
      at += 2;
    } else {
      lastHash = hash >>> 0;
      return at;
    }
  }
}

/** The FNV-1a hash of a whole token, equal to what the scan computes for it. */
export function tokenHash(token: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < token.length; at++) hash = Math.imul(hash ^ token.charCodeAt(at), 16777619);
  return hash >>> 0;
}

/** The fence that opens or closes at a line start (``` or ~~~, three or more), as `char × 1000 + length`; 0 for none. */
function fenceAt(text: string, lineStart: number): number {
  let at = lineStart;
  while (text.charCodeAt(at) === SPACE || text.charCodeAt(at) === TAB) at++;
  const char = text.charCodeAt(at);
  if (char !== BACKTICK && char !== TILDE) return 0;
  let length = 0;
  while (text.charCodeAt(at + length) === char) length++;
  return length >= 3 ? char * 1000 + length : 0;
}

const lineEnd = (text: string, from: number): number => {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
};

/** Calls `emit` with where each token of `text` starts and ends, its hash, and whether it stands in code. */
export function scanSpans(text: string, emit: (start: number, end: number, hash: number, inCode: boolean) => void): void {
  let fence = 0;
  let inline = false;
  let inTag = false;
  let quote = 0;
  let lineStart = true;
  for (let at = 0; at < text.length;) {
    if (lineStart) {
      lineStart = false;
      inline = false;
      const found = fenceAt(text, at);
      if (found !== 0 && (fence === 0 || (Math.floor(found / 1000) === Math.floor(fence / 1000) && found % 1000 >= fence % 1000))) {
        fence = fence === 0 ? found : 0;
        at = lineEnd(text, at);
        continue;
      }
    }
    const code = text.charCodeAt(at);
    if (code === NEWLINE) {
      lineStart = true;
      at++;
    } else if (isLetter(code) || code === UNDERSCORE) {
      const end = tokenEnd(text, at, at + 1);
      emit(at, end, lastHash, fence !== 0 || inline || quote !== 0);
      at = end;
    } else if (code === DASH && !isWord(text.charCodeAt(at - 1)) && text.charCodeAt(at - 1) !== DASH) {
      const second = text.charCodeAt(at + 1) === DASH ? at + 2 : at + 1;
      if (isLetter(text.charCodeAt(second)) || isDigit(text.charCodeAt(second))) {
        const end = tokenEnd(text, at, second + 1);
        emit(at, end, lastHash, fence !== 0 || inline || quote !== 0);
        at = end;
      } else at = second;
    } else {
      if (fence === 0) {
        if (code === BACKTICK) inline = !inline;
        else if (code === LESS && isLetter(text.charCodeAt(at + 1)) && text.charCodeAt(at + 1) <= UPPER_Z) inTag = true;
        else if (code === GREATER && quote === 0) inTag = false;
        else if (inTag && (code === QUOTE || code === APOSTROPHE) && (quote === 0 || quote === code)) quote = quote === 0 ? code : 0;
      }
      at++;
    }
  }
}

/** Calls `emit` for each token of `text`, in order, with whether it stands in code. */
export function scanTokens(text: string, emit: (token: string, inCode: boolean) => void): void {
  scanSpans(text, (start, end, _hash, inCode) => emit(text.slice(start, end), inCode));
}

/**
 * Tokens numbered as first seen, found by their hash in an open-addressing table and compared in
 * place (`startsWith` at the token's offset), so a token already known costs no new string.
 */
export class TokenTable {
  readonly tokens: string[] = [];
  private slots = new Int32Array(1 << 16).fill(-1);
  private readonly hashes: number[] = [];

  get size(): number {
    return this.tokens.length;
  }

  /** The token's number, `onNew` called with it when it is new. */
  idOf(text: string, start: number, end: number, hash: number, onNew: (token: string) => void): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot] ?? -1;
      if (id < 0) break;
      const known = this.tokens[id] ?? '';
      if (this.hashes[id] === hash && known.length === end - start && text.startsWith(known, start)) return id;
    }
    const id = this.tokens.length;
    const token = text.slice(start, end);
    this.tokens.push(token);
    this.hashes.push(hash);
    if (this.tokens.length * 2 > this.slots.length) this.grow();
    else this.place(id);
    onNew(token);
    return id;
  }

  /** The number of a known token, or undefined. */
  find(token: string): number | undefined {
    const hash = tokenHash(token);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot] ?? -1;
      if (id < 0) return undefined;
      if (this.tokens[id] === token) return id;
    }
  }

  private place(id: number): void {
    const mask = this.slots.length - 1;
    let slot = (this.hashes[id] ?? 0) & mask;
    while ((this.slots[slot] ?? -1) >= 0) slot = (slot + 1) & mask;
    this.slots[slot] = id;
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2).fill(-1);
    for (let id = 0; id < this.tokens.length; id++) this.place(id);
  }
}
