/**
 * Workflow files for tests: parsed YAML with checked access, and the `uses:` lines as written (the
 * `# v1.2.3` comment after a pinned SHA is lost in parsing).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { isRecord } from '../../src/is-record.js';

export type Yaml = Readonly<Record<string, unknown>>;

export function record(value: unknown, what: string): Yaml {
  if (!isRecord(value)) throw new Error(`${what} is not a mapping`);
  return value;
}

export function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${what} is not a list`);
  return value;
}

export interface WorkflowFile {
  /** e.g. `.github/workflows/ci.yml` */
  readonly path: string;
  readonly text: string;
  readonly yaml: Yaml;
}

/** Every `.yml` / `.yaml` file directly in `dir`, sorted by name. */
export function readWorkflows(dir: string): WorkflowFile[] {
  return readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => {
      const path = join(dir, name);
      const text = readFileSync(path, 'utf8');
      return { path, text, yaml: record(parse(text), path) };
    });
}

/** The jobs of a workflow by id. */
export function jobsOf(workflow: Yaml, what: string): Map<string, Yaml> {
  return new Map(Object.entries(record(workflow['jobs'], `${what} jobs`)).map(([id, job]) => [id, record(job, `${what} job ${id}`)]));
}

export function stepsOf(job: Yaml, what: string): Yaml[] {
  return list(job['steps'], `${what} steps`).map((step) => record(step, `${what} step`));
}

export interface UsesLine {
  readonly line: number;
  /** What follows `uses:`, e.g. `actions/checkout@<sha>` or `./`. */
  readonly ref: string;
  /** The comment after it, without `#`, if any. */
  readonly comment: string | undefined;
}

/** Every `uses:` line of a workflow's text. */
export function usesLines(text: string): UsesLine[] {
  return text.split('\n').flatMap((line, index) => {
    const match = /^\s*(?:-\s+)?uses:\s*(\S+)(?:\s+#\s*(.*\S))?\s*$/.exec(line);
    return match ? [{ line: index + 1, ref: match[1] ?? '', comment: match[2] }] : [];
  });
}

/** `owner/repo[/path]@<40 hex>`: another repository's action, pinned to a full commit SHA. */
export const PINNED_REF = /^[\w.-]+\/[\w.-]+(?:\/[\w./-]+)?@[0-9a-f]{40}$/;
/** The release the SHA belongs to, as Dependabot writes it: `v1.2.3`. */
export const VERSION_COMMENT = /^v\d+\.\d+\.\d+$/;
