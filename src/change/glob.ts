/**
 * `change-paths` in the pattern language of GitHub's path filters, so that a list copied from
 * `on.push.paths` means the same here: `*` any characters but `/`, `**` any, `**` + `/` zero or more
 * folders; `?` zero or one and `+` one or more of what precedes them; `[]` a letter, digit or `_`;
 * a leading `!` excludes, the last match decides; `\` makes a special character literal. What the
 * filters do not have (braces, extglobs, `[!…]`, `\` before another character) is refused, naming
 * what to write: read literally it would match nothing, and every change would be skipped silently.
 *
 * No regular expression: a pattern is a bit-parallel automaton (one bit per position), so matching
 * costs the pattern's length times the path's, whatever the pattern.
 */

/** The most patterns, and characters per pattern, `change-paths` takes. */
export const MAX_PATTERNS = 100;
export const MAX_PATTERN_CHARS = 500;

/** How often a character or `[]` is taken: once, zero or one time (`?`), one or more times (`+`). */
type Repeat = 'one' | 'optional' | 'more';

type Position =
  | { readonly kind: 'char'; readonly char: string; readonly repeat: Repeat }
  | { readonly kind: 'class'; readonly members: ReadonlySet<string>; readonly repeat: Repeat }
  /** `*`: any characters other than `/`, none included. */
  | { readonly kind: 'star' }
  /** `**`: any characters, `/` included. */
  | { readonly kind: 'globstar' }
  /** `**` + `/` at a folder boundary: any characters ending in `/`, or nothing. */
  | { readonly kind: 'folders' };

/** For one character: the positions it moves past (to the next) and those it stays at. */
interface CharMasks {
  readonly advance: Uint32Array;
  readonly stay: Uint32Array;
}

/**
 * Stepping over the positions that may match nothing, in one pass: `starts` holds the first bit of
 * each run of such positions, `ends` the bit just past it, `blocks` both and everything between.
 */
interface Skips {
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
  readonly blocks: Uint32Array;
}

interface Automaton {
  /** Bit `accept` set after the last character: the path matches. */
  readonly accept: number;
  readonly words: number;
  /** The masks of every character the pattern names; `other` for any character it does not. */
  readonly table: ReadonlyMap<string, CharMasks>;
  readonly other: CharMasks;
  /** At the start of a path and after a `/`, where `folders` may also match nothing. */
  readonly atBoundary: Skips;
  readonly inName: Skips;
}

export interface PathPattern {
  /** As written, `!` included. */
  readonly text: string;
  readonly exclude: boolean;
  readonly automaton: Automaton;
  /** The pattern that means the same in GitHub's filters, when they match nothing with `text` (pattern-forms.ts). */
  readonly instead?: string;
}

export interface PathFilter {
  readonly patterns: readonly PathPattern[];
}

/** The words of matching one pattern against paths: counted by tests and the benchmark. */
export interface MatchWork {
  words: number;
}

type Problem = { readonly problem: string };

/** What a `[]` may list: letters, digits and `_` (GitHub takes `[a-zA-Z_]`); ranges stay within a-z, A-Z or 0-9. */
const CLASS_MEMBER = /^[a-zA-Z0-9_]$/;
/** The characters a backslash makes literal. */
const ESCAPABLE = new Set(['*', '?', '+', '[', '!', '\\']);
const RANGE_GROUPS: readonly (readonly [string, string])[] = [
  ['a', 'z'],
  ['A', 'Z'],
  ['0', '9'],
];

function isClassMember(char: string | undefined): char is string {
  return char !== undefined && CLASS_MEMBER.test(char);
}

/** The patterns a brace group stands for, when it is a single flat `{a,b}`. */
function braceAlternatives(glob: string): string[] | undefined {
  const open = glob.indexOf('{');
  const close = glob.indexOf('}', open);
  if (open < 0 || close < 0 || glob.indexOf('{', open + 1) >= 0 || glob.indexOf('}', close + 1) >= 0) return undefined;
  const choices = glob.slice(open + 1, close).split(',');
  if (choices.length < 2 || choices.some((choice) => choice.includes('..'))) return undefined;
  return choices.map((choice) => `${glob.slice(0, open)}${choice}${glob.slice(close + 1)}`);
}

/** Braces with a comma or `..` inside (`{a,b}`, `{1..3}`); a lone `{name}` is a name. */
function hasBraces(glob: string): boolean {
  for (let open = glob.indexOf('{'); open >= 0; open = glob.indexOf('{', open + 1)) {
    const close = glob.indexOf('}', open);
    const inside = glob.slice(open + 1, close < 0 ? undefined : close);
    if (inside.includes(',') || inside.includes('..')) return true;
  }
  return false;
}

/** `?(…)`, `*(…)`, `+(…)`, `@(…)`, `!(…)`, or a `(a|b)` group. */
function hasExtglob(glob: string): boolean {
  for (let open = glob.indexOf('('); open >= 0; open = glob.indexOf('(', open + 1)) {
    if (open > 0 && '?*+@!'.includes(glob.charAt(open - 1))) return true;
    const close = glob.indexOf(')', open);
    if (glob.slice(open + 1, close < 0 ? undefined : close).includes('|')) return true;
  }
  return false;
}

/** What GitHub's filters do not have, found before the pattern is read character by character. */
function unsupported(glob: string, text: string): Problem | undefined {
  const instead = 'write one pattern per alternative instead';
  if (hasBraces(glob)) {
    const alternatives = braceAlternatives(glob);
    const example = alternatives === undefined ? '' : ` (${alternatives.map((alternative) => `'${alternative}'`).join(', ')})`;
    return { problem: `'${text}' has braces, which GitHub's path filters do not have: ${instead}${example}` };
  }
  if (hasExtglob(glob)) {
    return { problem: `'${text}' has an extglob such as '+(a|b)', which GitHub's path filters do not have: ${instead}` };
  }
  return undefined;
}

/** The letters and digits of a `[]`'s inside, or undefined when it holds anything else. */
function classMembers(inside: readonly string[]): Set<string> | undefined {
  const members = new Set<string>();
  for (let i = 0; i < inside.length; i++) {
    const low = inside[i];
    if (!isClassMember(low)) return undefined;
    if (inside[i + 1] !== '-') {
      members.add(low);
      continue;
    }
    const high = inside[i + 2];
    if (!isClassMember(high)) return undefined;
    const group = RANGE_GROUPS.find(([first, last]) => first <= low && high <= last && low <= high);
    if (group === undefined) return undefined;
    for (let code = low.charCodeAt(0); code <= high.charCodeAt(0); code++) members.add(String.fromCharCode(code));
    i += 2;
  }
  return members.size === 0 ? undefined : members;
}

/** The `[]` that starts at `chars[open]`: its position and the index past its `]`, or why it is none. */
function readClass(chars: readonly string[], open: number, text: string): { position: Position; end: number } | Problem {
  const close = chars.indexOf(']', open + 1);
  if (close < 0) return { problem: `'${text}' has a '[' without its ']'` };
  const inside = chars.slice(open + 1, close);
  const members = classMembers(inside);
  if (members === undefined) {
    return {
      problem: `'${text}' has '[${inside.join('')}]': a [] takes letters, digits and '_', and ranges within a-z, A-Z or 0-9 (it cannot be empty or negated)`,
    };
  }
  return { position: { kind: 'class', members, repeat: 'one' }, end: close + 1 };
}

/** The star or stars at `chars[i]` (one, two, or two and a slash at a folder boundary), and the index past them. */
function readStars(chars: readonly string[], i: number): { position: Position; end: number } {
  let end = i + 1;
  while (chars[end] === '*') end++;
  if (end - i === 1) return { position: { kind: 'star' }, end };
  if ((i === 0 || chars[i - 1] === '/') && chars[end] === '/') return { position: { kind: 'folders' }, end: end + 1 };
  return { position: { kind: 'globstar' }, end };
}

/** `?` or `+` after the last position: that position repeated, or why it cannot be. */
function repeatLast(positions: Position[], char: '?' | '+', text: string): Problem | undefined {
  const last = positions.pop();
  if (last === undefined || (last.kind !== 'char' && last.kind !== 'class') || last.repeat !== 'one') {
    const times = char === '?' ? 'zero or one time' : 'one or more times';
    const repeats = `'${char}' repeats the character or [] just before it (${times}), and nothing repeatable comes before it`;
    return { problem: `'${text}': ${repeats}. In GitHub's path filters '?' is not "any one character" as in a shell: write '*' for that` };
  }
  positions.push({ ...last, repeat: char === '?' ? 'optional' : 'more' });
  return undefined;
}

/** `\` and the character after it, which it makes literal; only a special character may follow. */
function readEscape(chars: readonly string[], i: number, text: string): { position: Position; end: number } | Problem {
  const escaped = chars[i + 1];
  if (escaped === undefined || !ESCAPABLE.has(escaped)) {
    const pair = escaped === undefined ? 'a backslash at its end' : `'\\${escaped}'`;
    return {
      problem: `'${text}' has ${pair}: a backslash makes only * ? + [ ! and \\ literal; write other characters as they are, and '/' between folders`,
    };
  }
  return { position: { kind: 'char', char: escaped, repeat: 'one' }, end: i + 2 };
}

/** The position that starts at `chars[i]` (anything but `?` and `+`), and the index past it. */
function readPosition(chars: readonly string[], i: number, text: string): { position: Position; end: number } | Problem {
  const char = chars[i] ?? '';
  if (char === '*') return readStars(chars, i);
  if (char === '[') return readClass(chars, i, text);
  if (char === '\\') return readEscape(chars, i, text);
  return { position: { kind: 'char', char, repeat: 'one' }, end: i + 1 };
}

function readPositions(glob: string, text: string): Position[] | Problem {
  const chars = Array.from(glob);
  const positions: Position[] = [];
  for (let i = 0; i < chars.length;) {
    const char = chars[i] ?? '';
    if (char === '?' || char === '+') {
      const problem = repeatLast(positions, char, text);
      if (problem !== undefined) return problem;
      i++;
      continue;
    }
    const read = readPosition(chars, i, text);
    if ('problem' in read) return read;
    positions.push(read.position);
    i = read.end;
  }
  return positions;
}

function setBit(words: Uint32Array, bit: number): void {
  words[bit >>> 5] = (words[bit >>> 5] ?? 0) | (1 << (bit & 31));
}

function shiftLeftOne(words: Uint32Array): Uint32Array {
  const shifted = new Uint32Array(words.length);
  let carry = 0;
  for (let w = 0; w < words.length; w++) {
    const word = words[w] ?? 0;
    shifted[w] = (word << 1) | carry;
    carry = word >>> 31;
  }
  return shifted;
}

/** The masks of `char`; undefined stands for any character the pattern does not name (never `/`). */
function charMasks(positions: readonly Position[], words: number, char: string | undefined): CharMasks {
  const advance = new Uint32Array(words);
  const stay = new Uint32Array(words);
  positions.forEach((position, bit) => {
    switch (position.kind) {
      case 'char':
      case 'class': {
        const takes = char !== undefined && (position.kind === 'char' ? position.char === char : position.members.has(char));
        if (takes) setBit(advance, bit);
        if (takes && position.repeat === 'more') setBit(stay, bit);
        break;
      }
      case 'star':
        if (char !== '/') setBit(stay, bit);
        break;
      case 'globstar':
      case 'folders':
        setBit(stay, bit);
        break;
    }
  });
  return { advance, stay };
}

function skips(positions: readonly Position[], words: number, atBoundary: boolean): Skips {
  const skippable = new Uint32Array(words);
  positions.forEach((position, bit) => {
    const mayBeEmpty =
      position.kind === 'star' ||
      position.kind === 'globstar' ||
      (position.kind === 'folders' && atBoundary) ||
      ((position.kind === 'char' || position.kind === 'class') && position.repeat === 'optional');
    if (mayBeEmpty) setBit(skippable, bit);
  });
  const next = shiftLeftOne(skippable);
  return {
    starts: skippable.map((word, w) => word & ~(next[w] ?? 0)),
    ends: next.map((word, w) => word & ~(skippable[w] ?? 0)),
    blocks: next.map((word, w) => word | (skippable[w] ?? 0)),
  };
}

function compile(positions: readonly Position[]): Automaton {
  const words = (positions.length >>> 5) + 1;
  const alphabet = new Set<string>(['/']);
  for (const position of positions) {
    if (position.kind === 'char') alphabet.add(position.char);
    if (position.kind === 'class') for (const member of position.members) alphabet.add(member);
  }
  return {
    accept: positions.length,
    words,
    table: new Map([...alphabet].map((char) => [char, charMasks(positions, words, char)])),
    other: charMasks(positions, words, undefined),
    atBoundary: skips(positions, words, true),
    inName: skips(positions, words, false),
  };
}

/** One pattern in GitHub's form, or why it cannot be one; messages and `text` show it as `written`. */
export function parsePattern(pattern: string, written = pattern): PathPattern | Problem {
  const exclude = pattern.startsWith('!');
  const glob = (exclude ? pattern.slice(1) : pattern).trim();
  if (glob === '') return { problem: `'${written}' names no path` };
  if (glob.length > MAX_PATTERN_CHARS) return { problem: `a pattern is longer than ${MAX_PATTERN_CHARS} characters` };
  const problem = unsupported(glob, written);
  if (problem !== undefined) return problem;
  const positions = readPositions(glob, written);
  if ('problem' in positions) return positions;
  return { text: written, exclude, automaton: compile(positions) };
}

/**
 * Adds to `active` every position reachable from it over positions that may match nothing. Within a
 * run of such positions, subtracting the run's first bit from the active bits (with the bit past the
 * run set) borrows up to the lowest active bit of the run: the bits the subtraction leaves unchanged
 * are those from there to the end of the run, which are exactly the ones to add.
 */
function stepOverEmpty(skips: Skips, active: Uint32Array): void {
  let borrow = 0;
  for (let w = 0; w < active.length; w++) {
    const word = active[w] ?? 0;
    const withEnds = (word | (skips.ends[w] ?? 0)) >>> 0;
    const difference = withEnds - (skips.starts[w] ?? 0) - borrow;
    borrow = difference < 0 ? 1 : 0;
    active[w] = word | ((skips.blocks[w] ?? 0) & ~((difference >>> 0) ^ withEnds));
  }
}

/** Whether `pattern` matches the whole of `path`; `work` counts the words visited. */
export function patternMatches(pattern: PathPattern, path: string, work?: MatchWork): boolean {
  const { automaton } = pattern;
  const { words } = automaton;
  let active = new Uint32Array(words);
  let next = new Uint32Array(words);
  active[0] = 1;
  stepOverEmpty(automaton.atBoundary, active);
  let passes = 1;
  let alive = true;
  for (const char of path) {
    const masks = automaton.table.get(char) ?? automaton.other;
    let carry = 0;
    let any = 0;
    for (let w = 0; w < words; w++) {
      const word = active[w] ?? 0;
      const moved = word & (masks.advance[w] ?? 0);
      const value = (moved << 1) | carry | (word & (masks.stay[w] ?? 0));
      carry = moved >>> 31;
      next[w] = value;
      any |= value;
    }
    passes++;
    if (any === 0) {
      alive = false;
      break;
    }
    stepOverEmpty(char === '/' ? automaton.atBoundary : automaton.inName, next);
    passes++;
    [active, next] = [next, active];
  }
  if (work !== undefined) work.words += passes * words;
  return alive && ((active[automaton.accept >>> 5] ?? 0) & (1 << (automaton.accept & 31))) !== 0;
}

/** Whether the filter keeps `path`: the last pattern that matches decides. */
export function filterKeeps(filter: PathFilter, path: string, work?: MatchWork): boolean {
  let kept = filter.patterns.every((pattern) => pattern.exclude);
  for (const pattern of filter.patterns) {
    if (pattern.exclude === kept && patternMatches(pattern, path, work)) kept = !pattern.exclude;
  }
  return kept;
}

/** A renamed file is kept when either its old or its new path is. */
export function filterKeepsFile(filter: PathFilter, file: { readonly path: string; readonly previousPath?: string }): boolean {
  return filterKeeps(filter, file.path) || (file.previousPath !== undefined && filterKeeps(filter, file.previousPath));
}

/**
 * For a skip: the plain names among the patterns that hold a changed file as folders (`docs` when
 * `docs/guide.md` changed), with how to write them, since GitHub reads `docs` as that one path alone.
 */
export function folderHint(filter: PathFilter, files: readonly { readonly path: string; readonly previousPath?: string }[]): string {
  const folders = filter.patterns.flatMap((pattern) => {
    if (pattern.exclude || /[*?+[\\]|\/$/.test(pattern.text)) return [];
    const written = `${pattern.instead ?? pattern.text}/**`;
    const folder = parsePattern(written);
    return !('problem' in folder) && files.some((file) => filterKeepsFile({ patterns: [folder] }, file)) ? [{ pattern, written }] : [];
  });
  if (folders.length === 0) return '';
  const named = folders.map(({ pattern }) => `'${pattern.text}'`).join(', ');
  const written = folders.map((folder) => `'${folder.written}'`).join(', ');
  return folders.length === 1
    ? ` ${named} names a path alone, not what a folder holds: write ${written} for that.`
    : ` ${named} name paths alone, not what folders hold: write ${written} for those.`;
}

/** The patterns as the input gave them, for messages. */
export function describeFilter(filter: PathFilter): string {
  return filter.patterns.map((pattern) => pattern.text).join(', ');
}
