/**
 * The one fake of `@actions/core` for unit tests. Each function has the real one's type, so a test
 * cannot drift from the toolkit's API; the fake records what the code under test did.
 *
 *   const core = mockCore();                       // top level, before importing src/
 *   const { run } = await import('../../src/main.js');
 *
 * `mockCore` registers the module mock and a `beforeEach` that resets the record.
 */
import { beforeEach, jest } from '@jest/globals';
import type * as Core from '@actions/core';

export type LogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'group' | 'endgroup';

export interface LogLine {
  readonly level: LogLevel;
  readonly message: string;
}

/** The part of `core.summary` the action uses. */
export interface SummaryFake {
  addRaw(text: string): SummaryFake;
  write(): Promise<SummaryFake>;
}

export interface CoreFake {
  /** Input values by action.yml name; an absent name reads as ''. */
  inputs: Record<string, string>;
  readonly outputs: Map<string, string>;
  readonly secrets: string[];
  /** Messages given to `setFailed`. */
  readonly failures: string[];
  /** Every log call in order, groups included (by their title). */
  readonly log: LogLine[];
  /** Text added to the summary and written. */
  summaryText: string;
  /** When set, `summary.write()` rejects with it. */
  summaryWriteError: Error | undefined;
  /** The messages of one level, in order. */
  messages(level: LogLevel): string[];
  /** `level message` lines, in order: handy for `toContain`. */
  lines(): string[];
  reset(): void;
}

/** The functions of @actions/core the action calls, with the toolkit's own signatures. */
interface CoreModule {
  getInput: typeof Core.getInput;
  setSecret: typeof Core.setSecret;
  setOutput: typeof Core.setOutput;
  setFailed: typeof Core.setFailed;
  debug: typeof Core.debug;
  info: typeof Core.info;
  notice: typeof Core.notice;
  warning: typeof Core.warning;
  error: typeof Core.error;
  group: typeof Core.group;
  endGroup: typeof Core.endGroup;
  summary: SummaryFake;
}

function text(message: string | Error): string {
  return typeof message === 'string' ? message : message.message;
}

export function createCoreFake(): { fake: CoreFake; module: CoreModule } {
  const fake: CoreFake = {
    inputs: {},
    outputs: new Map(),
    secrets: [],
    failures: [],
    log: [],
    summaryText: '',
    summaryWriteError: undefined,
    messages: (level) => fake.log.filter((line) => line.level === level).map((line) => line.message),
    lines: () => fake.log.map((line) => `${line.level} ${line.message}`),
    reset: () => {
      fake.inputs = {};
      fake.outputs.clear();
      fake.secrets.length = 0;
      fake.failures.length = 0;
      fake.log.length = 0;
      fake.summaryText = '';
      fake.summaryWriteError = undefined;
    },
  };
  const record = (level: LogLevel, message: string): void => {
    fake.log.push({ level, message });
  };
  const summary: SummaryFake = {
    addRaw: (raw) => {
      fake.summaryText += raw;
      return summary;
    },
    write: async () => {
      if (fake.summaryWriteError !== undefined) throw fake.summaryWriteError;
      return summary;
    },
  };
  const module: CoreModule = {
    getInput: (name) => fake.inputs[name] ?? '',
    setSecret: (secret) => {
      fake.secrets.push(secret);
    },
    setOutput: (name, value) => {
      fake.outputs.set(name, String(value));
    },
    setFailed: (message) => {
      fake.failures.push(text(message));
    },
    debug: (message) => record('debug', message),
    info: (message) => record('info', message),
    notice: (message) => record('notice', text(message)),
    warning: (message) => record('warning', text(message)),
    error: (message) => record('error', text(message)),
    group: async (name, fn) => {
      record('group', name);
      return fn();
    },
    endGroup: () => record('endgroup', ''),
    summary,
  };
  return { fake, module };
}

/** Mocks `@actions/core` for the modules imported after this call; reset before each test. */
export function mockCore(): CoreFake {
  const { fake, module } = createCoreFake();
  jest.unstable_mockModule('@actions/core', () => module);
  beforeEach(() => fake.reset());
  return fake;
}
