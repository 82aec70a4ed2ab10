/** The change context's inputs: `change-context`, `change-since` and `change-paths`. */
import { InputError } from '../errors.js';
import { DURATION_FORM, parseDuration } from '../inputs/duration.js';
import type { InputReader } from '../inputs/reader.js';
import type { JobRequest } from '../job/settings.js';
import * as log from '../log.js';
import { MAX_PATTERNS, type PathFilter, type PathPattern } from './glob.js';
import { otherFormsWarning, readPattern } from './pattern-forms.js';

export const CHANGE_INPUTS = {
  'change-context': 'auto',
  'change-since': '',
  'change-paths': '',
} as const;

export type ChangeInput = keyof typeof CHANGE_INPUTS;

export interface ChangeSettings {
  /** 'none' sends the prompt exactly as given, and skips nothing for the change's sake. */
  readonly context: 'auto' | 'none';
  /** With `last-success`, the window of a run that finds no earlier successful run. */
  readonly sinceMs?: number;
  readonly sinceLastSuccess?: boolean;
  readonly paths?: PathFilter;
}

const MIN_SINCE_MS = 60_000;
/** 90 days: a digest of more is no digest (and its commits are listed 1,000 at most). */
const MAX_SINCE_MS = 90 * 24 * 3_600_000;
/** `change-since: last-success` falls back to this window: the first run, or GitHub cannot say. */
export const LAST_SUCCESS_FALLBACK_MS = 24 * 3_600_000;
const LAST_SUCCESS = 'last-success';
const PATHS_FORM = "globs, one a line or comma-separated, such as 'src/**, !**/*.test.ts'";

function readContext(inputs: InputReader<ChangeInput>): 'auto' | 'none' {
  const value = inputs.text('change-context').toLowerCase();
  if (value === 'auto' || value === 'none') return value;
  throw new InputError('change-context', `must be 'auto' or 'none', got '${inputs.text('change-context')}'.`);
}

/**
 * The patterns of `change-paths`: one a line, or several on a line separated by commas. A comma
 * inside braces does not separate, so that a pattern with `{ts,tsx}` reaches the pattern check whole and is
 * refused with the two patterns to write instead, rather than split into two that match nothing.
 */
function splitPatterns(value: string): string[] {
  const items: string[] = [];
  for (const line of value.split('\n')) {
    let depth = 0;
    let start = 0;
    for (let i = 0; i < line.length; i++) {
      const char = line.charAt(i);
      if (char === '{') depth++;
      else if (char === '}' && depth > 0) depth--;
      else if (char === ',' && depth === 0) {
        items.push(line.slice(start, i));
        start = i + 1;
      }
    }
    items.push(line.slice(start));
  }
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

function readPaths(inputs: InputReader<ChangeInput>): PathFilter | undefined {
  const items = splitPatterns(inputs.text('change-paths'));
  if (items.length === 0) return undefined;
  if (items.length > MAX_PATTERNS) {
    throw new InputError('change-paths', `has ${items.length} patterns; give at most ${MAX_PATTERNS} (${PATHS_FORM}).`);
  }
  const patterns: PathPattern[] = [];
  for (const item of items) {
    const pattern = readPattern(item);
    if ('problem' in pattern) throw new InputError('change-paths', `${pattern.problem}; give ${PATHS_FORM}.`);
    patterns.push(pattern);
  }
  const warning = otherFormsWarning(patterns);
  if (warning !== undefined) log.warning(warning);
  return { patterns };
}

/** `change-since`: unset, `last-success`, or a duration (whose errors name both forms). */
function readSince(inputs: InputReader<ChangeInput>): Pick<ChangeSettings, 'sinceMs' | 'sinceLastSuccess'> {
  const value = inputs.text('change-since');
  if (value === '') return {};
  if (value.toLowerCase() === LAST_SUCCESS) return { sinceMs: LAST_SUCCESS_FALLBACK_MS, sinceLastSuccess: true };
  if (parseDuration(value) === undefined) {
    throw new InputError(
      'change-since',
      `must be ${DURATION_FORM} (a window of time, such as '24h'), ` +
        `or '${LAST_SUCCESS}' (every commit since this workflow's last successful run), got '${value}'.`,
    );
  }
  return { sinceMs: inputs.duration('change-since', MIN_SINCE_MS, MAX_SINCE_MS) };
}

export function readChangeSettings(inputs: InputReader<ChangeInput>, job: JobRequest | undefined): ChangeSettings {
  const context = readContext(inputs);
  const since = readSince(inputs);
  const { sinceMs } = since;
  const paths = readPaths(inputs);
  for (const [name, set] of [
    ['change-since', sinceMs !== undefined],
    ['change-paths', paths !== undefined],
  ] as const) {
    if (!set) continue;
    if (context === 'none') {
      throw new InputError(name, "needs 'change-context: auto' (the change is not read with 'none'); remove one of the two.");
    }
    if (job?.kind === 'message' || job?.kind === 'wait') {
      throw new InputError(name, "describes the change a new job is started for; it does not apply with 'job-id'. Remove one of the two.");
    }
  }
  return { context, ...since, ...(paths && { paths }) };
}
