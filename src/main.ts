/** `run()` is the only place that fails the step: everything below throws. */
import * as log from './log.js';
import { runAction } from './action.js';
import { handleCancellation, type Progress } from './cancel.js';
import { messageOf } from './errors.js';
import { readRunEvent, type RunEvent } from './event/run-event.js';
import { DocsRepository } from './github/docs-repository.js';
import { madeOnce, openClient, openRepository } from './github/repository.js';
import { secretsOf } from './inputs/run.js';
import { setOutput } from './outputs.js';
import type { RunContext } from './plan/plan.js';
import { resolveRun } from './kinds/resolve.js';
import { screenRun } from './kinds/screen.js';
import { redactSecrets } from './text/redact.js';
import { createDispatcher } from './net/transport.js';
import type { Environment, Runtime } from './runtime.js';
import { readSettings, type Settings } from './settings.js';
import { endSkipped } from './steps/skip.js';

function defaultRuntime(requestTimeoutMs: number): Runtime {
  return {
    dispatcher: createDispatcher({ requestTimeoutMs }),
    clock: Date.now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    random: Math.random,
  };
}

interface OpenRunOptions {
  readonly makeRuntime: (requestTimeoutMs: number) => Runtime;
  readonly environment: Environment;
  readonly githubSignal: AbortSignal;
}

function openRun(settings: Settings, event: RunEvent, options: OpenRunOptions): RunContext {
  const runtime = options.makeRuntime(settings.run.requestTimeoutMs);
  const started = runtime.clock();
  // One deadline for every phase, the trigger check included: `timeout` bounds the whole run.
  const deadline = started + settings.run.timeoutMs;
  const clients = {
    secrets: secretsOf(settings.run).map((secret) => secret.value),
    env: options.environment,
    runtime,
    deadline,
    requestTimeoutMs: settings.run.requestTimeoutMs,
    signal: options.githubSignal,
    debug: (message: string) => log.debug(message),
  };
  const { repository, repositoryText } = event;
  const github = madeOnce(() => openRepository({ ...clients, token: settings.run.githubToken, repository, repositoryText }));
  const docs = new DocsRepository({
    workflow: github,
    githubToken: settings.run.githubToken,
    docsToken: settings.run.docsToken,
    open: (token, scope) => openClient(clients, token, scope),
  });
  return {
    runtime,
    event,
    get github() {
      return github();
    },
    docs,
    started,
    deadline,
  };
}

export async function run(
  makeRuntime: (requestTimeoutMs: number) => Runtime = defaultRuntime,
  environment: Environment = process.env,
): Promise<void> {
  const secrets: string[] = [];
  const progress: Progress = {};
  // Cancelling aborts every GitHub call in flight: the run stops waiting for GitHub at once.
  const githubCalls = new AbortController();
  const removeCancelHandler = handleCancellation(progress, {
    signals: process,
    exit: (code) => process.exit(code),
    abortGitHub: () => githubCalls.abort(),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    clock: Date.now,
  });
  try {
    const settings = readSettings();
    secrets.push(...secretsOf(settings.run).map((secret) => secret.value));
    // Every run that got past its inputs says whether it was skipped; a skip sets it to 'true'.
    setOutput('skipped', 'false');
    const event = readRunEvent(environment);
    // Events that are not for the agent end here, green, before anyone's permission is looked up.
    const screened = screenRun(settings, event);
    const openOptions = { makeRuntime, environment, githubSignal: githubCalls.signal };
    // A skip that marks the change's commit opens GitHub for its status alone.
    if (screened.kind === 'skip') return await endSkipped(settings, screened, screened.skipStatus && openRun(settings, event, openOptions));
    const context = openRun(settings, event, openOptions);
    const plan = await resolveRun(settings, screened, context);
    if (plan.kind === 'skip') return await endSkipped(settings, plan, context);
    if (plan.kind === 'own') return await plan.perform();
    await runAction(settings, plan, context, progress);
  } catch (error) {
    // The last line of defence: no trace of a secret in the message that fails the step.
    log.fail(redactSecrets(messageOf(error), secrets));
  } finally {
    removeCancelHandler();
  }
}
