/**
 * Entry of the action. `run()` is the only place that fails the step: everything below throws.
 */
import * as log from './log.js';
import { runAction, type Progress, type Runtime } from './action.js';
import { handleCancellation } from './cancel.js';
import { messageOf } from './errors.js';
import { createDispatcher } from './service/transport.js';
import { readSettings } from './settings.js';

/** Removes any trace of secrets from a message, as a last line of defence. */
export function redact(message: string, secrets: readonly string[]): string {
  let result = message;
  for (const secret of secrets) {
    if (secret.length >= 4) result = result.split(secret).join('***');
  }
  return result;
}

function defaultRuntime(requestTimeoutMs: number): Runtime {
  return {
    dispatcher: createDispatcher({ requestTimeoutMs }),
    clock: Date.now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    random: Math.random,
  };
}

export async function run(makeRuntime: (requestTimeoutMs: number) => Runtime = defaultRuntime): Promise<void> {
  const secrets: string[] = [];
  const progress: Progress = {};
  const removeCancelHandler = handleCancellation(progress, {
    signals: process,
    exit: (code) => process.exit(code),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    clock: Date.now,
  });
  try {
    const settings = readSettings();
    secrets.push(settings.apiKey);
    if (settings.comment) secrets.push(settings.comment.token);
    await runAction(settings, makeRuntime(settings.requestTimeoutMs), progress);
  } catch (error) {
    log.fail(redact(messageOf(error), secrets));
  } finally {
    removeCancelHandler();
  }
}
