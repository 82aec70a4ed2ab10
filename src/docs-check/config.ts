/**
 * What the check reads from `docs.json` (or the older `mint.json`): the OpenAPI files the navigation
 * generates endpoint pages from (an `openapi` field anywhere in the navigation: a path, a list of
 * paths, or `{ source, directory }`; `mint.json` also at its top level), and the endpoints a `pages`
 * list names (`GET /users`, or `openapi.json GET /users`, with the spec inherited from the nearest
 * `openapi` above). Hosted specs (URLs) are not read: the check makes no request.
 */
import { isRecord } from '../is-record.js';
import { parseOperationReference } from './openapi.js';
import { type Route } from './types.js';

export interface NavigationEndpoint {
  /** The spec's path under the docs folder; undefined when the entry names none and inherits none. */
  readonly spec?: string;
  readonly route: Route;
}

export interface SiteConfig {
  /** The specs under the docs folder that generate endpoint pages. */
  readonly specs: readonly string[];
  readonly endpoints: readonly NavigationEndpoint[];
}

/** A path of the config as a path under the docs folder: no leading `/` or `./`. */
export function folderPath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(?:\.?\/)+/, '');
}

function specsOf(value: unknown): string[] {
  const sources = typeof value === 'string' ? [value] : Array.isArray(value) ? value : isRecord(value) ? [value['source']] : [];
  return sources.flatMap((source) =>
    typeof source === 'string' && source !== '' && !/^[a-z]+:\/\//i.test(source) ? [folderPath(source)] : [],
  );
}

interface Found {
  readonly specs: Set<string>;
  readonly endpoints: NavigationEndpoint[];
}

/** An entry of a `pages` list that names an endpoint (`GET /users`, `openapi.json GET /users`), recorded. */
function readEndpoint(entry: string, spec: string | undefined, found: Found): boolean {
  const reference = parseOperationReference(entry);
  if (reference === undefined) return false;
  const from = reference.spec === undefined ? spec : folderPath(reference.spec);
  found.endpoints.push(from === undefined ? { route: reference.route } : { spec: from, route: reference.route });
  if (reference.spec !== undefined) found.specs.add(folderPath(reference.spec));
  return true;
}

interface Visit {
  readonly node: unknown;
  readonly inherited: string | undefined;
  /** An entry of a `pages` list, which may name an endpoint. */
  readonly page: boolean;
}

/**
 * Every node of the config in document order, with the spec it inherits. A loop over a stack, not
 * recursion: a config nested thousands deep (its 16 MiB allow millions) would overflow the call stack.
 */
function walk(root: unknown, found: Found): void {
  const stack: Visit[] = [{ node: root, inherited: undefined, page: false }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const { node, inherited } = visit;
    if (visit.page && typeof node === 'string' && readEndpoint(node, inherited, found)) continue;
    const children: Visit[] = [];
    if (Array.isArray(node)) for (const child of Array.from<unknown>(node)) children.push({ node: child, inherited, page: false });
    else if (isRecord(node)) {
      const own = specsOf(node['openapi']);
      own.forEach((path) => found.specs.add(path));
      const spec = own[0] ?? inherited;
      for (const [field, value] of Object.entries(node)) {
        if (field === 'openapi') continue;
        const page = field === 'pages' && Array.isArray(value);
        if (page) for (const entry of Array.from<unknown>(value)) children.push({ node: entry, inherited: spec, page });
        else children.push({ node: value, inherited: spec, page });
      }
    }
    // One by one: spread, a list of hundreds of thousands of entries would overflow the call stack after all.
    for (const child of children.reverse()) stack.push(child);
  }
}

/** The config's OpenAPI specs and endpoints; an unreadable config gives none (the pages are still read). */
export function readSiteConfig(text: string): SiteConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { specs: [], endpoints: [] };
  }
  const found: Found = { specs: new Set<string>(), endpoints: [] };
  walk(parsed, found);
  return { specs: [...found.specs], endpoints: found.endpoints };
}
