/**
 * Entry of the action. `run()` is the only place that fails the step: everything below throws.
 */
import * as log from './log.js';
import { runAction } from './action.js';
import { handleCancellation, type Progress } from './cancel.js';
import { messageOf } from './errors.js';
import { readRunEvent } from './event/run-event.js';
import { checkTrigger } from './gate/check.js';
import { openGitHub } from './github/open.js';
import { secretsOf } from './inputs/run.js';
import { setOutput } from './outputs.js';
import { screenRun, screenWithGitHub } from './plan/plan.js';
import { reportSkip } from './plan/skip.js';
import { redactSecrets } from './text/redact.js';
import { createDispatcher } from './net/transport.js';
import type { Environment, Runtime } from './runtime.js';
import { readSettings } from './settings.js';

function defaultRuntime(requestTimeoutMs: number): Runtime {
  return {
    dispatcher: createDispatcher({ requestTimeoutMs }),
    clock: Date.now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    random: Math.random,
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
    if (screened.kind === 'skip') return await reportSkip(screened.reason, settings.run.summary);
    const runtime = makeRuntime(settings.run.requestTimeoutMs);
    const started = runtime.clock();
    // One deadline for every phase, the trigger check included: `timeout` bounds the whole run.
    const deadline = started + settings.run.timeoutMs;
    const github = openGitHub({
      token: settings.run.githubToken,
      secrets: settings.run.apiKey === undefined ? [] : [settings.run.apiKey],
      env: environment,
      runtime,
      deadline,
      requestTimeoutMs: settings.run.requestTimeoutMs,
      signal: githubCalls.signal,
      debug: (message) => log.debug(message),
    });
    // Still before the trigger check, from GitHub's answers alone: a review of a pull request that
    // is not the agent's is not for it.
    const checked = await screenWithGitHub(screened, { event, github });
    if (checked.kind === 'skip') return await reportSkip(checked.reason, settings.run.summary);
    // Before any request to the service: who triggered the run may not be allowed to start the agent.
    await checkTrigger(settings.trigger, event, github);
    await runAction(settings, checked, { runtime, event, github, started, deadline }, progress);
  } catch (error) {
    // The last line of defence: no trace of a secret in the message that fails the step.
    log.fail(redactSecrets(messageOf(error), secrets));
  } finally {
    removeCancelHandler();
  }
}
