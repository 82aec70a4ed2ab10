/**
 * The operations of an OpenAPI document (JSON, or YAML read line by line for `paths`: the check
 * needs each operation's method, path and words, not the whole document): what Mintlify makes an
 * endpoint page of.
 */
import { isRecord } from '../is-record.js';
import { type Route } from './types.js';

export interface Operation extends Route {
  readonly summary: string;
  /** The words of its description, operation id, tags and parameter names. */
  readonly words: string;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function parameterNames(operation: Readonly<Record<string, unknown>>): string[] {
  const parameters = Array.isArray(operation['parameters']) ? operation['parameters'] : [];
  return parameters.flatMap((parameter) => (isRecord(parameter) && typeof parameter['name'] === 'string' ? [parameter['name']] : []));
}

function fromJson(document: unknown): Operation[] {
  if (!isRecord(document) || !isRecord(document['paths'])) return [];
  return Object.entries(document['paths']).flatMap(([path, item]) => {
    if (!path.startsWith('/') || !isRecord(item)) return [];
    return Object.entries(item).flatMap(([method, operation]) => {
      if (!METHODS.has(method) || !isRecord(operation)) return [];
      const tags = Array.isArray(operation['tags']) ? operation['tags'].filter((tag) => typeof tag === 'string') : [];
      const words = [text(operation['description']), text(operation['operationId']), ...tags, ...parameterNames(operation)]
        .filter((word) => word !== '')
        .join(' ');
      return [{ method: method.toUpperCase(), path, summary: text(operation['summary']), words }];
    });
  });
}

const MAX_YAML_LINE = 1000;
const indentOf = (line: string): number => line.length - line.trimStart().length;
const yamlKey = (line: string): string | undefined => /^\s*(?:-\s+)?["']?([^"':#]+?)["']?\s*:(?:\s|$)/.exec(line)?.[1];
const yamlValue = (line: string): string =>
  line
    .replace(/^[^:]*:\s*/, '')
    .replace(/^["']|["']$/g, '')
    .trim();

interface YamlOperation {
  method: string;
  path: string;
  summary: string;
  words: string[];
}

/** The operations under the top-level `paths:` of a YAML document. */
function fromYaml(source: string): Operation[] {
  const lines = source.split(/\r?\n/);
  const start = lines.findIndex((line) => /^paths\s*:\s*$/.test(line));
  if (start < 0) return [];
  const operations: YamlOperation[] = [];
  let pathIndent = -1;
  let methodIndent = -1;
  let path = '';
  let current: YamlOperation | undefined;
  for (const line of lines.slice(start + 1)) {
    // A key line is short; a longer one (a long description) is skipped rather than matched slowly.
    if (line.trim() === '' || line.trimStart().startsWith('#') || line.length > MAX_YAML_LINE) continue;
    const indent = indentOf(line);
    if (indent === 0) break;
    const key = yamlKey(line);
    if (pathIndent < 0) pathIndent = indent;
    if (indent <= pathIndent) {
      path = key?.startsWith('/') === true ? key : '';
      methodIndent = -1;
      current = undefined;
      continue;
    }
    if (methodIndent < 0) methodIndent = indent;
    if (indent === methodIndent) {
      current =
        path !== '' && key !== undefined && METHODS.has(key) ? { method: key.toUpperCase(), path, summary: '', words: [] } : undefined;
      if (current !== undefined) operations.push(current);
    } else if (current !== undefined && key !== undefined) {
      if (key === 'summary') current.summary = yamlValue(line);
      else if (key === 'description' || key === 'operationId' || key === 'name') current.words.push(yamlValue(line));
    }
  }
  return operations.map(({ method, path: route, summary, words }) => ({ method, path: route, summary, words: words.join(' ') }));
}

/** The operations of a spec file's text; none when it is not an OpenAPI document. */
export function operationsOf(source: string): Operation[] {
  const trimmed = source.trimStart();
  if (trimmed.startsWith('{')) {
    try {
      return fromJson(JSON.parse(trimmed));
    } catch {
      return [];
    }
  }
  return /^(?:openapi|swagger)\s*:/m.test(source) ? fromYaml(source) : [];
}

/** `openapi:` frontmatter or a navigation entry: `GET /users`, or `spec.json GET /users`. */
export function parseOperationReference(reference: string): { readonly spec?: string; readonly route: Route } | undefined {
  const match =
    /^(?:(\S+)\s+)?(GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE|get|put|post|delete|options|head|patch|trace)\s+(\/\S*)\s*$/.exec(
      reference.trim(),
    );
  if (match?.[2] === undefined || match[3] === undefined) return undefined;
  const route = { method: match[2].toUpperCase(), path: match[3] };
  return match[1] === undefined ? { route } : { spec: match[1], route };
}
