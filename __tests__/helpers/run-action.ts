/**
 * Runs the built bundle as the runner does: a separate `node dist/index.js` process with INPUT_*
 * variables and files for GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and GITHUB_EVENT_PATH.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const BUNDLE = resolve('dist/index.js');

export interface ActionRun {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly outputs: Record<string, string>;
  readonly summary: string;
  readonly durationMs: number;
  readonly workDir: string;
}

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

/** Parses GITHUB_OUTPUT's `name<<DELIM\nvalue\nDELIM` blocks (and plain `name=value` lines). */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name = '', delimiter] = heredoc;
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '');
      outputs[name] = value.join('\n');
    } else if (line.includes('=')) {
      const at = line.indexOf('=');
      outputs[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return outputs;
}

export function inputEnv(inputs: Readonly<Record<string, string>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  return env;
}

/** A clean environment: nothing from the developer's shell (proxies, tokens) leaks into a run. */
function baseEnv(workDir: string): Record<string, string> {
  return {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: workDir,
    RUNNER_TEMP: workDir,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workDir,
    GITHUB_REPOSITORY: 'acme/docs',
    GITHUB_RUN_ID: '4242',
    GITHUB_SERVER_URL: 'https://github.com',
  };
}

export async function runAction(options: RunOptions): Promise<ActionRun> {
  const workDir = options.workDir ?? mkdtempSync(join(tmpdir(), 'action-run-'));
  const outputPath = join(workDir, 'github_output');
  const summaryPath = join(workDir, 'step_summary.md');
  writeFileSync(outputPath, '');
  writeFileSync(summaryPath, '');
  const env: Record<string, string> = {
    ...baseEnv(workDir),
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_EVENT_NAME: options.eventName ?? 'workflow_dispatch',
    ...inputEnv(options.inputs),
    ...options.env,
  };
  if (options.event !== undefined) {
    const eventPath = join(workDir, 'event.json');
    writeFileSync(eventPath, JSON.stringify(options.event));
    env['GITHUB_EVENT_PATH'] = eventPath;
  }
  const started = Date.now();
  const child = spawn(options.node ?? bundleNode(), [BUNDLE], { env, cwd: workDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  const timer = options.killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), options.killAfterMs);
  const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) => child.on('close', (code, sig) => done([code, sig])));
  if (timer !== undefined) clearTimeout(timer);
  return {
    exitCode,
    signal,
    stdout,
    stderr,
    outputs: parseOutputFile(readFileSync(outputPath, 'utf8')),
    summary: readFileSync(summaryPath, 'utf8'),
    durationMs: Date.now() - started,
    workDir,
  };
}

/** Lines of stdout that the runner shows as errors (`::error::`). */
export function errorLines(run: ActionRun): string[] {
  return run.stdout.split('\n').filter((line) => line.startsWith('::error'));
}

/** Lines of stdout that the runner shows as warnings (`::warning::`). */
export function warningLines(run: ActionRun): string[] {
  return run.stdout.split('\n').filter((line) => line.startsWith('::warning'));
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
