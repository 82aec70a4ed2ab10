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

function walk(node: unknown, inherited: string | undefined, found: { specs: Set<string>; endpoints: NavigationEndpoint[] }): void {
  if (Array.isArray(node)) {
    node.forEach((child) => walk(child, inherited, found));
    return;
  }
  if (!isRecord(node)) return;
  const own = specsOf(node['openapi']);
  own.forEach((spec) => found.specs.add(spec));
  const spec = own[0] ?? inherited;
  for (const [field, value] of Object.entries(node)) {
    if (field === 'openapi') continue;
    if (field === 'pages' && Array.isArray(value)) {
      for (const entry of value) {
        const reference = typeof entry === 'string' ? parseOperationReference(entry) : undefined;
        if (reference === undefined) walk(entry, spec, found);
        else {
          const from = reference.spec === undefined ? spec : folderPath(reference.spec);
          found.endpoints.push(from === undefined ? { route: reference.route } : { spec: from, route: reference.route });
          if (reference.spec !== undefined) found.specs.add(folderPath(reference.spec));
        }
      }
    } else walk(value, spec, found);
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
  const found = { specs: new Set<string>(), endpoints: [] as NavigationEndpoint[] };
  walk(parsed, undefined, found);
  return { specs: [...found.specs], endpoints: found.endpoints };
}
