/**
 * Runs the built bundle as the runner does: a separate `node dist/index.js` process with INPUT_*
 * variables and files for GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and GITHUB_EVENT_PATH.
 */
import { expect } from '@jest/globals';
import { runStep, type StepRun } from '../../scripts/lib/runner-step.js';

export { BUNDLE, inputEnv, parseOutputFile } from '../../scripts/lib/runner-step.js';

export type ActionRun = StepRun;

export interface RunOptions {
  /** Inputs by their action.yml names, e.g. `{ 'api-key': 'mint_x', prompt: 'hi' }`. */
  readonly inputs: Readonly<Record<string, string>>;
  /** Extra environment (GITHUB_API_URL, proxies...). */
  readonly env?: Readonly<Record<string, string>>;
  /** Written to a file named by GITHUB_EVENT_PATH. */
  readonly event?: unknown;
  readonly eventName?: string;
  /** Node binary; defaults to E2E_NODE (CI sets it to Node 24), else the one running the tests. */
  readonly node?: string;
  /** Kill the process after this long (ms). */
  readonly killAfterMs?: number;
  /** Called once the process started, e.g. to send it a signal. */
  readonly onSpawn?: (pid: number) => void;
  readonly workDir?: string;
}

export function runAction(options: RunOptions): Promise<ActionRun> {
  return runStep({ ...options, node: options.node ?? bundleNode() });
}

/** Lines of stdout that the runner shows as errors (`::error::`). */
export function errorLines(run: ActionRun): string[] {
  return run.stdout.split('\n').filter((line) => line.startsWith('::error'));
}

/** Lines of stdout that the runner shows as warnings (`::warning::`). */
export function warningLines(run: ActionRun): string[] {
  return run.stdout.split('\n').filter((line) => line.startsWith('::warning'));
}

/** Lines of stdout that the runner shows as notices (`::notice::`). */
export function noticeLines(run: ActionRun): string[] {
  return run.stdout.split('\n').filter((line) => line.startsWith('::notice'));
}

/** A run that ended green, without an error or a warning. */
export function expectGreen(run: ActionRun): void {
  expect(errorLines(run)).toEqual([]);
  expect(warningLines(run)).toEqual([]);
  expect(run.exitCode).toBe(0);
}

/**
 * Everything a reader of the run can see: stdout, stderr, the job summary and the outputs.
 * `::add-mask::` lines are consumed by the runner, never shown.
 */
export function visible(run: ActionRun): string {
  const stdout = run.stdout
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n');
  return [stdout, run.stderr, run.summary, JSON.stringify(run.outputs)].join('\n');
}

/** The Node that runs the bundle: E2E_NODE when set (CI runs the e2e suite again on Node 24). */
export function bundleNode(): string {
  return process.env['E2E_NODE'] || process.execPath;
}
