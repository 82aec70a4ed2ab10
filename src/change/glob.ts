/**
 * `change-paths`: which changed files a job is worth starting for. Globs as workflow authors know
 * them from GitHub's `paths` filters: `*` is any run of characters within one folder, `**` any run
 * across folders (and `**` followed by `/` also no folder at all), `?` one character other than `/`, and every other
 * character stands for itself. A leading `!` excludes. The last pattern that matches a path decides,
 * as in GitHub's filters; a list of exclusions only starts from "every file". A pattern that matches
 * a folder matches everything inside it (`docs` is `docs/**` too), and names starting with a dot are
 * ordinary names (`*` matches `.github`).
 *
 * Matching runs the pattern as a small automaton over the path, one step per character: no regular
 * expression, so no pattern can make a long path take long (a path is at most a few thousand
 * characters, a pattern's tokens at most MAX_PATTERN_CHARS).
 */

/** The most patterns, and characters per pattern, `change-paths` takes. */
export const MAX_PATTERNS = 100;
export const MAX_PATTERN_CHARS = 500;

type Token =
  | { readonly kind: 'char'; readonly char: string }
  /** `?`: one character other than `/`. */
  | { readonly kind: 'one' }
  /** `*`: any characters other than `/`, none included. */
  | { readonly kind: 'star' }
  /** `**` inside a name: any characters, `/` included. */
  | { readonly kind: 'globstar' }
  /** `**` then `/` at a folder boundary: zero or more whole folders. */
  | { readonly kind: 'folders' };

export interface PathPattern {
  /** As written, `!` included. */
  readonly text: string;
  readonly exclude: boolean;
  readonly tokens: readonly Token[];
}

export interface PathFilter {
  readonly patterns: readonly PathPattern[];
}

function tokenize(glob: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < glob.length;) {
    const char = glob.charAt(i);
    if (char === '*' && glob.charAt(i + 1) === '*') {
      let end = i + 2;
      while (glob.charAt(end) === '*') end++;
      const atBoundary = i === 0 || glob.charAt(i - 1) === '/';
      if (atBoundary && glob.charAt(end) === '/') {
        tokens.push({ kind: 'folders' });
        i = end + 1;
      } else {
        tokens.push({ kind: 'globstar' });
        i = end;
      }
    } else if (char === '*') {
      tokens.push({ kind: 'star' });
      i++;
    } else if (char === '?') {
      tokens.push({ kind: 'one' });
      i++;
    } else {
      tokens.push({ kind: 'char', char });
      i++;
    }
  }
  return tokens;
}

/** One pattern, or why it cannot be one. */
export function parsePattern(text: string): PathPattern | { readonly problem: string } {
  const exclude = text.startsWith('!');
  // `./src` and `/src` name the same folder as `src`: paths from GitHub never start with either.
  const glob = (exclude ? text.slice(1) : text).trim().replace(/^(?:\.?\/)+/, '');
  if (glob === '') return { problem: `'${text}' names no path` };
  if (glob.length > MAX_PATTERN_CHARS) return { problem: `a pattern is longer than ${MAX_PATTERN_CHARS} characters` };
  return { text, exclude, tokens: tokenize(glob) };
}

/**
 * The automaton's states: 2i is "before token i"; 2i + 1 is "inside the `folders` token i", after
 * some characters of it and before the `/` that ends it.
 */
function closure(tokens: readonly Token[], states: Set<number>): Set<number> {
  const pending = [...states];
  while (pending.length > 0) {
    const state = pending.pop() ?? 0;
    if (state % 2 === 1) continue;
    const token = tokens[state / 2];
    // Tokens that may match nothing can be stepped over.
    if (token !== undefined && token.kind !== 'char' && token.kind !== 'one' && !states.has(state + 2)) {
      states.add(state + 2);
      pending.push(state + 2);
    }
  }
  return states;
}

function step(tokens: readonly Token[], states: ReadonlySet<number>, char: string): Set<number> {
  const next = new Set<number>();
  for (const state of states) {
    const index = Math.floor(state / 2);
    const token = tokens[index];
    if (token === undefined) continue;
    const after = 2 * (index + 1);
    switch (token.kind) {
      case 'char':
        if (char === token.char) next.add(after);
        break;
      case 'one':
        if (char !== '/') next.add(after);
        break;
      case 'star':
        if (char !== '/') next.add(state);
        break;
      case 'globstar':
        next.add(state);
        break;
      case 'folders':
        next.add(2 * index + 1);
        if (char === '/') next.add(after);
        break;
    }
  }
  return closure(tokens, next);
}

/** Whether `pattern` matches `path`, or a folder that holds it. */
export function patternMatches(pattern: PathPattern, path: string): boolean {
  const { tokens } = pattern;
  const accept = 2 * tokens.length;
  let states = closure(tokens, new Set([0]));
  for (const char of path) {
    if (char === '/' && states.has(accept)) return true;
    states = step(tokens, states, char);
    if (states.size === 0) return false;
  }
  return states.has(accept);
}

/** Whether the filter keeps `path`: the last pattern that matches decides. */
export function filterKeeps(filter: PathFilter, path: string): boolean {
  let kept = filter.patterns.every((pattern) => pattern.exclude);
  for (const pattern of filter.patterns) {
    if (pattern.exclude === kept && patternMatches(pattern, path)) kept = !pattern.exclude;
  }
  return kept;
}

/** A renamed file is kept when either its old or its new path is. */
export function filterKeepsFile(filter: PathFilter, file: { readonly path: string; readonly previousPath?: string }): boolean {
  return filterKeeps(filter, file.path) || (file.previousPath !== undefined && filterKeeps(filter, file.previousPath));
}

/** The patterns as the input gave them, for messages. */
export function describeFilter(filter: PathFilter): string {
  return filter.patterns.map((pattern) => pattern.text).join(', ');
}
