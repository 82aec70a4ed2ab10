/**
 * Each feature declares its inputs with their defaults (action.yml's) and reads them in its settings module, through the one
 * reader src/settings.ts builds. Every method turns a bad value into one `InputError` naming the input and the accepted form.
 */
import { InputError } from '../errors.js';
import { DURATION_FORM, formatDuration, parseDuration } from './duration.js';

/** Input names with the value the code assumes when one is empty (action.yml's default). */
export type InputDefaults = Readonly<Record<string, string>>;

export interface InputReader<Name extends string = string> {
  /** The value as given, untrimmed; '' when empty. */
  raw(name: Name): string;
  /** Trimmed; the default when empty. */
  text(name: Name): string;
  /** Trimmed; an error when empty or only whitespace. */
  required(name: Name): string;
  /** Trimmed and masked in the log (raw and trimmed forms) before anything can print it. */
  secret(name: Name): string;
  /** `true` or `false` in any case. */
  bool(name: Name): boolean;
  /** A duration in the action's format (`90s`, `5m`, `1h30m`, `250ms`), as milliseconds within [min, max]. */
  duration(name: Name, min: number, max: number): number;
  integer(name: Name, min: number, max: number): number;
  /** Whether the input differs from its default (for warnings about inputs that have no effect). */
  isSet(name: Name): boolean;
}

export interface InputSource {
  /** The input as the runner passes it, untrimmed; '' when absent. */
  readonly get: (name: string) => string;
  readonly mask: (value: string) => void;
}

export function inputReader<Name extends string>(defaults: Readonly<Record<Name, string>>, source: InputSource): InputReader<Name> {
  const raw = (name: Name): string => source.get(name);
  const text = (name: Name): string => {
    const value = raw(name).trim();
    return value === '' ? defaults[name] : value;
  };
  return {
    raw,
    text,
    required(name) {
      const value = raw(name).trim();
      if (value === '') throw new InputError(name, 'is required and must not be empty or only whitespace.');
      return value;
    },
    secret(name) {
      const value = raw(name);
      if (value.trim() !== '') {
        source.mask(value);
        if (value.trim() !== value) source.mask(value.trim());
      }
      return value.trim();
    },
    bool(name) {
      const value = text(name).toLowerCase();
      if (value === 'true') return true;
      if (value === 'false') return false;
      throw new InputError(name, `must be 'true' or 'false' (any case), got '${text(name)}'.`);
    },
    duration(name, min, max) {
      const value = text(name);
      const ms = parseDuration(value);
      if (ms === undefined) throw new InputError(name, `must be ${DURATION_FORM}, got '${value}'.`);
      if (ms < min || ms > max) {
        throw new InputError(name, `must be between ${formatDuration(min)} and ${formatDuration(max)}, got '${value}'.`);
      }
      return ms;
    },
    integer(name, min, max) {
      const value = text(name);
      if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
        throw new InputError(name, `must be a whole number from ${min} to ${max}, got '${value}'.`);
      }
      return Number(value);
    },
    isSet(name) {
      return text(name) !== defaults[name];
    },
  };
}
