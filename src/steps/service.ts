/** Only here, with the run certain to call the service, may an empty key fail it: a run not for the agent needs none. */
import * as log from '../log.js';
import { secretsOf, serviceAccessOf } from '../inputs/run.js';
import { timingOf, type RunContext, type RunPlan } from '../plan/plan.js';
import type { Timing } from '../runtime.js';
import { ANALYTICS_WAIT_LIMIT_MS, MintlifyClient } from '../service/client.js';
import type { Settings } from '../settings.js';
import { userAgent } from '../version.js';

export interface Service {
  readonly client: MintlifyClient;
  readonly projectId: string;
  readonly timing: Timing;
}

export function openService(settings: Settings, plan: RunPlan, context: RunContext): Service {
  const { run, job } = settings;
  const { apiKey, projectId } = serviceAccessOf(run);
  const timing = timingOf(context);
  // A report waits for the service's Retry-After only while a job keeps the step open anyway.
  const jobKeepsStepOpen = plan.request !== undefined && job.wait && !settings.analyticsInPrompt;
  const client = new MintlifyClient({
    ...timing,
    baseUrl: run.baseUrl,
    apiKey,
    // Whatever the service sends loses the run's secrets on arrival: a reader can paste one into a search.
    secrets: secretsOf(run).map((secret) => secret.value),
    userAgent: userAgent(),
    dispatcher: context.runtime.dispatcher,
    requestTimeoutMs: run.requestTimeoutMs,
    retryBaseMs: Math.min(job.pollIntervalMs, 5000),
    retryMaxMs: job.maxPollIntervalMs,
    random: context.runtime.random,
    log: { debug: (message) => log.debug(message), warning: (message) => log.warning(message) },
    ...(!jobKeepsStepOpen && { analyticsWaitLimitMs: ANALYTICS_WAIT_LIMIT_MS }),
  });
  return { client, projectId, timing };
}
