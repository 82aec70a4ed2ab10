/**
 * Where the docs mention a changed name: the documents, found through the index's tokens, and the
 * lines, found by reading those documents. A plain word (`connect`, `Agent`) counts only where it
 * stands in code; a name only code has (`max_retries`, `getUser`, `--dry-run`, `OPENAI_API_KEY`,
 * a route) counts anywhere. A route matches whatever its parameters are called (`{id}`, `:id`) and
 * with a prefix before it (`/v1/users` mentions `/users`).
 */
import { occursIn } from './names.js';
import { documentsWith, type DocsIndex } from './docs-index.js';
import { isCodeShaped } from './tokens.js';
import { type ChangedName, type DocsDocument, type Route } from './types.js';

export interface Mention {
  readonly doc: number;
  readonly inCode: boolean;
}

const PARAMETER = /^(?:\{[^}]*\}|:\w+|<[^>]*>|\*)$/;

function routeSegments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const isWordChar = (char: string): boolean => /\w/.test(char);
const isSegmentChar = (char: string): boolean => isWordChar(char) || '.{}:<>~-'.includes(char);

/**
 * Whether `body` (sticky, from a `/`) matches at a `/` a route may start from: the text's start, a
 * character that is neither a word character nor `/`, or the end of whole segments (`/v1`) that
 * start from one. What `(?:^|[^\w/])(?:/[\w.{}:<>~-]+)*` before the body says, in one pass: as a
 * pattern it read a long path's segments again from each of its characters (time growing with the
 * cube of the text).
 */
function routeIn(text: string, body: RegExp): boolean {
  let chained = false;
  for (let at = 0; at < text.length; at++) {
    const char = text.charAt(at);
    if (char !== '/') {
      chained &&= isSegmentChar(char);
      continue;
    }
    const before = text.charAt(at - 1);
    chained = at === 0 || (!isWordChar(before) && before !== '/') || (chained && isSegmentChar(before));
    body.lastIndex = at;
    if (chained && body.test(text)) return true;
  }
  return false;
}

export interface RoutePattern {
  /** Whether the text mentions the route. */
  test(text: string): boolean;
}

/** A pattern for a route's path as the docs may write it: any parameter names, any prefix. */
export function routePattern(path: string): RoutePattern | undefined {
  const segments = routeSegments(path);
  if (!segments.some((segment) => !PARAMETER.test(segment))) return undefined;
  const body = segments
    .map((segment) => (PARAMETER.test(segment) ? String.raw`(?:\{[^}/\s]*\}|:\w+|<[^>/\s]*>|[\w.~-]+)` : escape(segment)))
    .join('/');
  // Not followed by a path going on: `(?!\/*[\w-])`, which `(?![\w/-]*[\w-])` says too, read to the path's end each time.
  const pattern = new RegExp(String.raw`/${body}(?!\/*[\w-])`, 'y');
  return { test: (text) => routeIn(text, pattern) };
}

function sameRoute(route: Route, method: string | undefined, pattern: RoutePattern): boolean {
  return (method === undefined || route.method === method || route.method === 'ANY') && pattern.test(` ${route.path}`);
}

/** Whether a line of `document` mentions the name (for a route: its path, in any parameter spelling). */
export function lineMentions(line: string, name: ChangedName): boolean {
  if (name.kind === 'http-route') {
    const pattern = routePattern(name.name.replace(/^[A-Z]+ /, ''));
    return pattern !== undefined && pattern.test(line);
  }
  return occursIn(line, name.name);
}

function routeMentions(index: DocsIndex, name: ChangedName): Mention[] {
  const method = /^([A-Z]+) \//.exec(name.name)?.[1];
  const path = name.name.replace(/^[A-Z]+ /, '');
  const pattern = routePattern(path);
  const literal = routeSegments(path).filter((segment) => !PARAMETER.test(segment));
  const last = literal.at(-1);
  if (pattern === undefined || last === undefined) return [];
  const found = new Map<number, boolean>();
  for (const entry of documentsWith(index, last)) {
    const doc = index.documents[entry >> 1];
    if (doc === undefined) continue;
    if (doc.routes.some((route) => sameRoute(route, method, pattern)) || pattern.test(doc.text)) found.set(entry >> 1, true);
  }
  return [...found].map(([doc, inCode]) => ({ doc, inCode }));
}

/** The documents that mention `name`, each once. */
export function mentionsOf(index: DocsIndex, name: ChangedName): Mention[] {
  if (name.kind === 'http-route') return routeMentions(index, name);
  const spellings = [name.name];
  const dotted = name.name.includes('.');
  const codeShaped = isCodeShaped(name.name);
  const found = new Map<number, boolean>();
  for (const spelling of spellings) {
    const key = dotted ? (spelling.split('.').at(-1) ?? spelling) : spelling;
    for (const entry of documentsWith(index, key)) {
      const doc = entry >> 1;
      const inCode = (entry & 1) === 1;
      if (!codeShaped && !inCode) continue;
      const document: DocsDocument | undefined = index.documents[doc];
      if (dotted && (document === undefined || !occursIn(document.text, spelling))) continue;
      found.set(doc, (found.get(doc) ?? false) || inCode);
    }
  }
  return [...found].map(([doc, inCode]) => ({ doc, inCode }));
}

/** The line numbers of `document`'s file where it mentions `name`. */
export function linesMentioning(document: DocsDocument, name: ChangedName): number[] {
  if (document.kind === 'endpoint') return [];
  return document.text.split('\n').flatMap((line, i) => (lineMentions(line, name) ? [document.firstLine + i] : []));
}
