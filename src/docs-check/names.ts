/**
 * The names a pull request touches, from its patches: each marked `removed` (defined on a removed
 * line and gone from every added line of the change), `renamed` (removed, with a new definition of the
 * same kind in its place in the same hunk), `changed` (on both sides, or the function or class a hunk
 * changes inside) or `added` (defined on an added line, on no removed one).
 */
import { namesOnLine, type NameHit } from './identifiers.js';
import { familyOf, type Family } from './languages.js';
import { parsePatch, type Hunk } from './patch.js';
import { scanTokens } from './scan.js';
import { type ChangedFile, type ChangedName, type NameKind, type NameStatus, USER_FACING_KINDS } from './types.js';

interface Sighting {
  readonly hit: NameHit;
  readonly file: string;
  readonly side: 'added' | 'removed' | 'heading' | 'context';
  readonly hunk: number;
  readonly line: string;
}

const key = (hit: NameHit): string => `${hit.kind} ${hit.name}`;

const SCRIPT_FILE = /\.[cm]?[jt]sx?$/;
const ROUTE_FILE = /\/route\.[cm]?[jt]sx?$/;

/** A route a file's path declares (Next.js `app/**\/route.ts`, `pages/api/**`). */
export function routeOfPath(path: string): string | undefined {
  // The ending first: without it, each `app/` of a long path would read the rest again.
  if (!SCRIPT_FILE.test(path)) return undefined;
  const app = ROUTE_FILE.test(path) ? /(?:^|\/)app\/(.+)\/route\.[cm]?[jt]sx?$/.exec(path) : null;
  const pages = /(?:^|\/)pages\/(api\/.+)\.[cm]?[jt]sx?$/.exec(path);
  const inside = app?.[1] ?? pages?.[1];
  if (inside === undefined) return undefined;
  const segments = inside
    .split('/')
    .filter((segment) => !(segment.startsWith('(') && segment.endsWith(')')) && segment !== 'index')
    .map((segment) => (segment.startsWith('[') && segment.endsWith(']') ? segment.replace(/^\[+\.{0,3}([^\]]+)\]+$/, '{$1}') : segment));
  return `/${segments.join('/')}`;
}

function sightingsOf(file: ChangedFile, family: Family, hunks: readonly Hunk[]): Sighting[] {
  const sightings: Sighting[] = [];
  hunks.forEach((hunk, index) => {
    const add = (side: Sighting['side'], line: string): void => {
      for (const hit of namesOnLine(line, family)) sightings.push({ hit, file: file.path, side, hunk: index, line });
    };
    hunk.removed.forEach((line) => add('removed', line));
    hunk.added.forEach((line) => add('added', line));
    hunk.context.forEach((line) => add('context', line));
    if (hunk.heading !== '') {
      for (const hit of namesOnLine(hunk.heading, family)) {
        if (hit.kind !== 'field') sightings.push({ hit, file: file.path, side: 'heading', hunk: index, line: hunk.heading });
      }
    }
  });
  const route = routeOfPath(file.path);
  if (route !== undefined) {
    const side = file.status === 'added' ? 'added' : file.status === 'removed' ? 'removed' : 'heading';
    sightings.push({ hit: { name: route, kind: 'http-route' }, file: file.path, side, hunk: -1, line: '' });
  }
  return sightings;
}

/** Whether `name` occurs in `text` as a whole name (not inside a longer identifier). */
export function occursIn(text: string, name: string): boolean {
  const bare = name.replace(/^[A-Z]+ (?=\/)/, '');
  // A route goes on past a `/` or `{`; any other name past a letter, digit, `_` or `$`, or a `-` joining another part.
  const goesOn = bare.startsWith('/') ? /[\w$/{-]/ : /[\w$]/;
  for (let at = text.indexOf(bare); at >= 0; at = text.indexOf(bare, at + 1)) {
    const before = text.charAt(at - 1);
    const after = text.charAt(at + bare.length);
    if (!/[\w$-]/.test(before) && !goesOn.test(after) && !(after === '-' && /\w/.test(text.charAt(at + bare.length + 1)))) return true;
  }
  return false;
}

/** A definition's line with its name set aside: two with the same shape are a rename in place. */
const shapeOf = (sighting: Sighting): string => sighting.line.split(sighting.hit.name).join('\u0000').trim();

/**
 * The removed definitions that a definition of the same kind took the place of, old name → new name:
 * each takes the first added one of its shape not taken yet, found by the shape (a hunk of thousands
 * of definitions on each side is not compared pair by pair).
 */
function renames(removed: readonly Sighting[], added: readonly Sighting[]): Map<string, string> {
  const pairs = new Map<string, string>();
  const groups = new Map<string, { removed: Sighting[]; added: Sighting[] }>();
  const group = (sighting: Sighting) => {
    const id = `${sighting.file} ${sighting.hunk} ${sighting.hit.kind}`;
    const found = groups.get(id) ?? { removed: [], added: [] };
    groups.set(id, found);
    return found;
  };
  removed.forEach((sighting) => group(sighting).removed.push(sighting));
  added.forEach((sighting) => group(sighting).added.push(sighting));
  for (const { removed: gone, added: come } of groups.values()) {
    const [old, replacement] = [gone[0], come[0]];
    if (gone.length === 1 && come.length === 1 && old !== undefined && replacement !== undefined) {
      pairs.set(key(old.hit), replacement.hit.name);
      continue;
    }
    const byShape = new Map<string, { readonly sightings: Sighting[]; taken: number }>();
    for (const sighting of come) {
      const shape = shapeOf(sighting);
      const same = byShape.get(shape);
      if (same === undefined) byShape.set(shape, { sightings: [sighting], taken: 0 });
      else same.sightings.push(sighting);
    }
    for (const sighting of gone) {
      const same = byShape.get(shapeOf(sighting));
      const taken = same?.sightings[same.taken];
      if (same === undefined || taken === undefined) continue;
      same.taken++;
      pairs.set(key(sighting.hit), taken.hit.name);
    }
  }
  return pairs;
}

/**
 * What one side of the change (its added or its removed lines) writes: its tokens, looked up at
 * once, and its text for the names no token holds (routes, dotted keys), so that classifying the
 * names of a large change stays linear in its size.
 */
class Written {
  private readonly tokens = new Set<string>();

  constructor(private readonly text: string) {
    scanTokens(text, (token) => this.tokens.add(token));
  }

  has(name: string): boolean {
    const bare = name.replace(/^[A-Z]+ (?=\/)/, '');
    return /^-{0,2}[A-Za-z_][\w$]*(?:-[\w$]+)*$/.test(bare) ? this.tokens.has(bare) : occursIn(this.text, bare);
  }
}

interface Classified {
  readonly status: NameStatus;
  readonly renamedTo?: string;
}

function classify(sightings: readonly Sighting[], added: Written, removed: Written, renamed: ReadonlyMap<string, string>): Classified {
  const first = sightings[0];
  if (first === undefined) return { status: 'changed' };
  const sides = new Set(sightings.map((sighting) => sighting.side));
  if (sides.has('removed') && !added.has(first.hit.name)) {
    const to = renamed.get(key(first.hit));
    return to === undefined ? { status: 'removed' } : { status: 'renamed', renamedTo: to };
  }
  if (sides.has('added') && !sides.has('removed') && !sides.has('heading') && !removed.has(first.hit.name)) return { status: 'added' };
  return { status: 'changed' };
}

/**
 * The most names of a kind a hunk may hold for them to be each other's neighbours: one that adds more
 * (a new settings file, a generated list) says little about where one of them belongs, and pairing
 * them all would take time that grows with the square of the hunk.
 */
export const MAX_NEIGHBORS = 50;

/** For each new user-facing name, the names of its kind in the same hunks (its own left out). */
function neighborsOf(sightings: readonly Sighting[]): Map<string, string[]> {
  const neighbors = new Map<string, Set<string>>();
  const byHunk = new Map<string, Sighting[]>();
  for (const sighting of sightings) {
    if (!USER_FACING_KINDS.has(sighting.hit.kind) || sighting.hunk < 0) continue;
    const id = `${sighting.file} ${sighting.hunk} ${sighting.hit.kind}`;
    const group = byHunk.get(id);
    if (group === undefined) byHunk.set(id, [sighting]);
    else group.push(sighting);
  }
  for (const group of byHunk.values()) {
    if (new Set(group.map((sighting) => sighting.hit.name)).size > MAX_NEIGHBORS + 1) continue;
    for (const added of group.filter((sighting) => sighting.side === 'added')) {
      const found = neighbors.get(key(added.hit)) ?? new Set<string>();
      for (const other of group) if (other.hit.name !== added.hit.name) found.add(other.hit.name);
      neighbors.set(key(added.hit), found);
    }
  }
  return new Map([...neighbors].map(([name, found]) => [name, [...found]]));
}

/**
 * The names of the change's files (those `counts` keeps), each once. Files without a patch give only
 * what their path declares.
 */
/** `items` added to `target` one by one: spread as arguments, a patch of a few hundred thousand lines overflows the call stack. */
function append<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

export function changedNames(files: readonly ChangedFile[], counts: (file: ChangedFile) => boolean = () => true): ChangedName[] {
  const sightings: Sighting[] = [];
  const addedLines: string[] = [];
  const removedLines: string[] = [];
  for (const file of files) {
    const hunks = file.patch === undefined ? [] : parsePatch(file.patch);
    for (const hunk of hunks) {
      append(addedLines, hunk.added);
      append(removedLines, hunk.removed);
    }
    const family = familyOf(file.path);
    if (family !== undefined && counts(file)) append(sightings, sightingsOf(file, family, hunks));
  }
  const added = new Written(addedLines.join('\n'));
  const removed = new Written(removedLines.join('\n'));
  const candidates = (side: Sighting['side']) =>
    sightings.filter((sighting) => sighting.side === side && !(side === 'added' ? removed : added).has(sighting.hit.name));
  const renamed = renames(candidates('removed'), candidates('added'));
  const neighbors = neighborsOf(sightings);
  const byName = new Map<string, Sighting[]>();
  for (const sighting of sightings.filter((found) => found.side !== 'context')) {
    const group = byName.get(key(sighting.hit));
    if (group === undefined) byName.set(key(sighting.hit), [sighting]);
    else group.push(sighting);
  }
  return [...byName.values()].flatMap((group) => {
    const first = group[0];
    if (first === undefined) return [];
    const { status, renamedTo } = classify(group, added, removed, renamed);
    const files = [...new Set(group.map((sighting) => sighting.file))];
    const kind: NameKind = first.hit.kind;
    const beside = status === 'added' ? neighbors.get(key(first.hit)) : undefined;
    return [
      {
        name: first.hit.name,
        kind,
        status,
        ...(renamedTo !== undefined && { renamedTo }),
        files,
        ...(beside !== undefined && beside.length > 0 && { neighbors: beside }),
      },
    ];
  });
}

/** The most characters of changed and context lines the ranking reads: a huge change says no more. */
export const MAX_CHANGE_TEXT = 200_000;

/** The text of the counted files' changed lines and of their context lines, each cut at `MAX_CHANGE_TEXT`. */
export function changeText(files: readonly ChangedFile[], counts: (file: ChangedFile) => boolean): { lines: string; context: string } {
  const lines: string[] = [];
  const context: string[] = [];
  let size = 0;
  for (const file of files) {
    if (file.patch === undefined || familyOf(file.path) === undefined || !counts(file)) continue;
    for (const hunk of parsePatch(file.patch)) {
      append(lines, hunk.added);
      append(lines, hunk.removed);
      append(context, hunk.context);
      size += hunk.added.join('').length + hunk.removed.join('').length;
    }
    if (size > MAX_CHANGE_TEXT) break;
  }
  return { lines: lines.join('\n').slice(0, MAX_CHANGE_TEXT), context: context.join('\n').slice(0, MAX_CHANGE_TEXT) };
}
