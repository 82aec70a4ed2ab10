/**
 * When the reports fail the job is not started: a prompt such as "Improve the pages readers rated down this week" means
 * nothing without its evidence, and an agent would guess, spend one of the project's hourly agent runs and open a pull
 * request nobody asked for. When only some fail, the evidence says which data is missing and the job starts, with a
 * warning. The final prompt, like the input prompt, must not contain the API key or the GitHub token.
 */
import * as log from '../log.js';
import { EvidenceError, messageOf } from '../errors.js';
import { counted } from '../text/plural.js';
import { refuseSecrets, type NamedSecret } from '../text/redact.js';
import type { HealthReport } from '../analytics/health-report.js';
import type { JobRequest } from '../job/settings.js';
import { buildEvidence, type Evidence } from './build.js';
import { EVIDENCE_SEPARATOR } from './limits.js';

/** A prompt to start a job with, or to send to one. */
export type PromptRequest = Extract<JobRequest, { prompt: string }>;

export interface PromptWithEvidence {
  readonly request: PromptRequest;
  readonly evidence: Evidence;
}

export function hasPrompt(request: JobRequest): request is PromptRequest {
  return request.kind !== 'wait';
}

/** The warning when some of the reports failed: the evidence names them, and the job starts. */
function partlyFailed(failed: readonly string[]): string {
  const reports = `the ${failed.join(', ')} report${failed.length === 1 ? '' : 's'}`;
  return `analytics-in-prompt: ${reports} failed; the evidence says it is missing, and the job starts with the rest.`;
}

/** What the evidence section holds, and the size of the whole prompt. */
function evidenceCarried(evidence: Evidence, promptBytes: number): string {
  const contents = [
    counted(evidence.pages, 'page'),
    counted(evidence.comments, 'reader comment'),
    counted(evidence.searches, 'unclicked search', 'unclicked searches'),
  ].join(', ');
  return (
    `The prompt carries an evidence section of ${counted(evidence.bytes, 'byte')} from the analytics reports (${contents}); ` +
    `the whole prompt is ${counted(promptBytes, 'byte')}.`
  );
}

/** Waits for the analytics and appends their evidence to the request's prompt; throws EvidenceError when it cannot. */
export async function withEvidence(
  request: PromptRequest,
  analytics: Promise<HealthReport>,
  secrets: readonly NamedSecret[],
): Promise<PromptWithEvidence> {
  let report: HealthReport;
  try {
    report = await analytics;
  } catch (error) {
    throw new EvidenceError(
      `analytics-in-prompt: the analytics reports could not be fetched, so no job was started (its prompt relies on them): ${messageOf(error)}`,
    );
  }
  const failed = report.reports.filter((name) => report[name]?.ok === false);
  if (failed.length === report.reports.length) {
    throw new EvidenceError(
      `analytics-in-prompt: no analytics report could be fetched (${failed.join(', ')}), so no job was started (its prompt relies on them).`,
    );
  }
  if (failed.length > 0) {
    log.warning(partlyFailed(failed));
  }
  const evidence = buildEvidence(report);
  const prompt = `${request.prompt}${EVIDENCE_SEPARATOR}${evidence.text}`;
  refuseSecrets(prompt, secrets, {
    what: 'analytics-in-prompt: the prompt with its evidence',
    error: (message) => new EvidenceError(message),
  });
  log.info(evidenceCarried(evidence, Buffer.byteLength(prompt)));
  return { request: { ...request, prompt }, evidence };
}

export interface PreparedJob {
  /** The request to run; undefined when there is no job, or when its evidence could not be built. */
  readonly request?: JobRequest;
  readonly evidence?: Evidence;
  /** Why the job was not started (EvidenceError). */
  readonly failure?: Error;
}

/** As given, or, with analytics-in-prompt, with the evidence of `analytics` appended once they are in. */
export async function prepareJob(
  job: JobRequest | undefined,
  inPrompt: boolean,
  analytics: Promise<HealthReport> | undefined,
  secrets: readonly NamedSecret[],
): Promise<PreparedJob> {
  if (job === undefined) return {};
  if (!inPrompt || analytics === undefined || !hasPrompt(job)) return { request: job };
  try {
    return await withEvidence(job, analytics, secrets);
  } catch (error) {
    if (error instanceof EvidenceError) return { failure: error };
    throw error;
  }
}
