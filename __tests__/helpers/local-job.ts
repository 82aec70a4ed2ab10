/**
 * Runs the steps of a workflow job here, the way a runner would, for the kinds of steps the CI
 * self-test uses: `uses: ./` (the built action, through scripts/lib/runner-step.js), `run: node
 * scripts/…` commands, `continue-on-error`, and the expressions `steps.<id>.outputs.<name>`,
 * `toJSON(steps.<id>)` and `runner.temp`. Steps under `if: failure()` only gather diagnostics on a
 * runner; here they are listed in the log, not run. Anything else fails the job with a message, so
 * a workflow that outgrows this imitation fails its test instead of being half run.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { parseOutputFile, runStep } from '../../scripts/lib/runner-step.js';
import { record, type Yaml } from './workflow-yaml.js';

export interface StepResult {
  readonly outcome: 'success' | 'failure';
  /** `success` when continue-on-error covered a failure. */
  readonly conclusion: 'success' | 'failure';
  readonly outputs: Record<string, string>;
  /** stdout and stderr, for diagnostics. */
  readonly log: string;
}

export interface JobRun {
  /** Results by step id (steps without an id are run but not kept). */
  readonly steps: Map<string, StepResult>;
  /** The name or id of the step that failed the job, if one did. */
  readonly failedAt: string | undefined;
  readonly log: string;
}

export interface JobOptions {
  /** RUNNER_TEMP of the job. */
  readonly runnerTemp: string;
  /** The Node binary that runs the action's bundle. */
  readonly node: string;
  /** `uses:` of other repositories (checkout, setup-node) that need not run here. */
  readonly skipUses: (uses: string) => boolean;
  /** The event the job runs for (GITHUB_EVENT_NAME and the payload at GITHUB_EVENT_PATH); default: workflow_dispatch without a payload. */
  readonly event?: { readonly name: string; readonly payload: unknown };
  /** Inputs the runner fills from action.yml's expression defaults (`github-token: ${{ github.token }}`); a step's `with:` wins. */
  readonly runnerInputs?: Readonly<Record<string, string>>;
  /** Variables the runner sets for every action step (GITHUB_API_URL, ...). */
  readonly runnerEnv?: Readonly<Record<string, string>>;
}

/** Replaces each `${{ … }}` the self-test uses; throws on any other expression. */
function evaluate(text: string, results: ReadonlyMap<string, StepResult>, runnerTemp: string): string {
  return text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, expression: string) => {
    if (expression === 'runner.temp') return runnerTemp;
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
    if (output) return results.get(output[1] ?? '')?.outputs[output[2] ?? ''] ?? '';
    const whole = /^toJSON\(steps\.([\w-]+)\)$/.exec(expression);
    if (whole) {
      const result = results.get(whole[1] ?? '');
      return JSON.stringify(result ? { outputs: result.outputs, outcome: result.outcome, conclusion: result.conclusion } : {});
    }
    throw new Error(`local-job: the expression '${expression}' is not imitated`);
  });
}

/** A shell command line split into words ("…" and '…' quote; nothing else is interpreted). */
function words(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

function evaluated(map: unknown, what: string, results: ReadonlyMap<string, StepResult>, runnerTemp: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(record(map ?? {}, what))) values[name] = evaluate(String(value), results, runnerTemp);
  return values;
}

async function runNode(args: string[], env: Record<string, string>): Promise<{ code: number | null; log: string }> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  return { code, log };
}

interface Context extends JobOptions {
  /** The runner's file-command directory: each step's GITHUB_OUTPUT and GITHUB_STEP_SUMMARY. */
  readonly fileCommands: string;
  readonly results: ReadonlyMap<string, StepResult>;
}

/** `uses: ./`: the built action as a runner step; its summary is kept as the runner keeps it. */
async function runAction(step: Yaml, label: string, context: Context): Promise<StepResult> {
  const inputs = evaluated(step['with'], `${label} with`, context.results, context.runnerTemp);
  const env = evaluated(step['env'], `${label} env`, context.results, context.runnerTemp);
  const run = await runStep({
    inputs: { ...context.runnerInputs, ...inputs },
    node: context.node,
    env: { ...context.runnerEnv, ...env },
    ...(context.event && { eventName: context.event.name, event: context.event.payload }),
  });
  const summary = join(run.workDir, 'step_summary.md');
  if (statSync(summary).size > 0) copyFileSync(summary, join(context.fileCommands, `step_summary_${randomUUID()}-scrubbed`));
  return result(step, run.exitCode === 0, run.outputs, run.stdout + run.stderr);
}

/** `run: node scripts/…`, with its own GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files. */
async function runCommand(step: Yaml, label: string, context: Context): Promise<StepResult> {
  const command = evaluate(String(step['run']), context.results, context.runnerTemp);
  const [program, script, ...args] = words(command);
  if (program !== 'node' || script === undefined || !script.startsWith('scripts/')) {
    throw new Error(`local-job: only 'node scripts/…' commands are imitated, got '${command}'`);
  }
  const id = randomUUID();
  const outputFile = join(context.fileCommands, `set_output_${id}`);
  const summaryFile = join(context.fileCommands, `step_summary_${id}`);
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const run = await runNode([script, ...args], {
    PATH: process.env['PATH'] ?? '',
    RUNNER_TEMP: context.runnerTemp,
    GITHUB_ACTIONS: 'true',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    ...evaluated(step['env'], `${label} env`, context.results, context.runnerTemp),
  });
  return result(step, run.code === 0, parseOutputFile(readFileSync(outputFile, 'utf8')), run.log);
}

function result(step: Yaml, succeeded: boolean, outputs: Record<string, string>, log: string): StepResult {
  return {
    outcome: succeeded ? 'success' : 'failure',
    conclusion: succeeded || step['continue-on-error'] === true ? 'success' : 'failure',
    outputs,
    log,
  };
}

/** One step; undefined for another repository's action that need not run here. */
async function runOne(step: Yaml, label: string, context: Context): Promise<StepResult | undefined> {
  if (step['if'] !== undefined) throw new Error(`local-job: the condition ${JSON.stringify(step['if'])} is not imitated`);
  const uses = step['uses'];
  if (uses === './') return runAction(step, label, context);
  if (typeof uses === 'string') {
    if (!context.skipUses(uses)) throw new Error(`local-job: the action ${uses} is not imitated`);
    return undefined;
  }
  return runCommand(step, label, context);
}

export async function runJobLocally(steps: readonly Yaml[], options: JobOptions): Promise<JobRun> {
  // As on a runner: each step's GITHUB_OUTPUT and GITHUB_STEP_SUMMARY are files in one directory, and
  // a finished step's summary stays there as step_summary_<id>-scrubbed.
  const fileCommands = join(options.runnerTemp, '_runner_file_commands');
  mkdirSync(fileCommands, { recursive: true });
  const results = new Map<string, StepResult>();
  const context: Context = { ...options, fileCommands, results };
  let failedAt: string | undefined;
  let log = '';

  for (const step of steps) {
    const label = String(step['name'] ?? step['id'] ?? step['uses'] ?? step['run']);
    if (step['if'] === 'failure()') {
      if (failedAt !== undefined) log += `== ${label}: not run here (diagnostics after a failure)\n`;
      continue;
    }
    if (failedAt !== undefined) continue;
    try {
      const stepResult = await runOne(step, label, context);
      if (stepResult === undefined) continue;
      if (typeof step['id'] === 'string') results.set(step['id'], stepResult);
      log += `== ${label}: ${stepResult.outcome}\n${stepResult.log}\n`;
      if (stepResult.conclusion === 'failure') failedAt = label;
    } catch (error) {
      log += `== ${label}: ${error instanceof Error ? error.message : String(error)}\n`;
      failedAt = label;
    }
  }
  return { steps: results, failedAt, log };
}
