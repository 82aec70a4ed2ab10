/**
 * The docs site the check ranks: every page and snippet (`.md`/`.mdx`) by its path without the
 * extension, and the endpoint pages Mintlify generates from the OpenAPI specs the navigation names,
 * each by its route. A page with `openapi: GET /users` frontmatter documents that route itself, so
 * no generated page stands beside it.
 */
import { folderPath, readSiteConfig } from './config.js';
import { readFrontmatter } from './frontmatter.js';
import { operationsOf, parseOperationReference, type Operation } from './openapi.js';
import { mapSnippets } from './snippets.js';
import { type DocsDocument, type DocsFile, type DocsFolder, type DocsSite, type Route } from './types.js';

const PAGE = /\.mdx?$/i;

export const pageName = (path: string): string => path.replace(PAGE, '');

export const routeKey = (route: Route): string => `${route.method} ${route.path}`;

function headingOf(body: string): string | undefined {
  return /^#\s+(.+)$/m.exec(body)?.[1]?.trim();
}

const GENERATED_NOTE = /auto-?generated|generated (?:by|from|with|using)|do not edit/i;
/** A link's rest after `/blob/`: a file and a line (`main/src/flows.py#L2835`). */
const SOURCE_LINE = /^\/blob\/[^\s)"'#]{1,300}\.[a-z]{1,10}#L\d/;

/** Whether a page says a tool made it, or links three or more entries to lines of source files. */
export function isGenerated(body: string): boolean {
  if (GENERATED_NOTE.test(body.slice(0, 600))) return true;
  let links = 0;
  for (let at = body.indexOf('/blob/'); at >= 0; at = body.indexOf('/blob/', at + 6)) {
    if (SOURCE_LINE.test(body.slice(at, at + 320)) && ++links >= 3) return true;
  }
  return false;
}

function documentOf(file: DocsFile, shownOn: readonly string[] | undefined): DocsDocument {
  const { fields, body, lines } = readFrontmatter(file.text);
  const reference = fields.get('openapi');
  const operation = reference === undefined ? undefined : parseOperationReference(reference);
  const name = pageName(file.path);
  return {
    name,
    kind: shownOn === undefined ? 'page' : 'snippet',
    file: file.path,
    title: fields.get('title') ?? fields.get('sidebarTitle') ?? headingOf(body) ?? name.slice(name.lastIndexOf('/') + 1),
    description: fields.get('description') ?? '',
    text: body,
    firstLine: lines + 1,
    routes: operation === undefined ? [] : [operation.route],
    includedBy: (shownOn ?? []).map(pageName),
    generated: isGenerated(body),
  };
}

function endpointOf(spec: string, operation: Operation, named: (route: Route) => string): DocsDocument {
  return {
    name: named(operation),
    kind: 'endpoint',
    file: spec,
    title: operation.summary === '' ? routeKey(operation) : operation.summary,
    description: operation.summary,
    text: `${routeKey(operation)}\n${operation.words}`,
    firstLine: 0,
    routes: [{ method: operation.method, path: operation.path }],
    includedBy: [],
    generated: true,
  };
}

/** The endpoint pages the navigation generates, without those an MDX page already documents. */
function endpointsOf(folder: DocsFolder, pages: readonly DocsDocument[]): DocsDocument[] {
  const config = readSiteConfig(folder.config.text);
  const byPath = new Map(folder.files.map((file) => [file.path, file]));
  const documented = new Set(pages.flatMap((page) => page.routes.map(routeKey)));
  const listed = new Set(config.endpoints.map((endpoint) => `${endpoint.spec ?? ''} ${routeKey(endpoint.route)}`));
  const specs = [
    ...new Set([...config.specs, ...config.endpoints.flatMap((endpoint) => (endpoint.spec === undefined ? [] : [endpoint.spec]))]),
  ];
  const generated = specs.flatMap((spec) => {
    const source = byPath.get(folderPath(spec));
    if (source === undefined) return [];
    // A spec with only some endpoints listed generates those; one named as a section generates all.
    const all = config.specs.includes(spec);
    return operationsOf(source.text)
      .filter((operation) => all || listed.has(`${spec} ${routeKey(operation)}`))
      .map((operation) => ({ spec, operation }));
  });
  const several = new Set(generated.map(({ spec }) => spec)).size > 1;
  return generated
    .filter(({ operation }) => !documented.has(routeKey(operation)))
    .map(({ spec, operation }) => endpointOf(spec, operation, (route) => (several ? `${spec} ${routeKey(route)}` : routeKey(route))));
}

/** The site of a docs folder's files. */
export function buildSite(folder: DocsFolder): DocsSite {
  const pages = folder.files.filter((file) => PAGE.test(file.path));
  const { shownOn } = mapSnippets(pages);
  const documents = pages.map((file) => documentOf(file, shownOn.get(file.path)));
  return { documents: [...documents, ...endpointsOf(folder, documents)] };
}
