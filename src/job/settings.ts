/** The job's inputs: what to ask of the agent, whether and how to wait, which outcomes fail the step. */
import { InputError } from '../errors.js';
import { readPromptFile } from '../inputs/prompt-file.js';
import type { InputReader } from '../inputs/reader.js';
import { readId } from '../inputs/run.js';
import * as log from '../log.js';
import { countedWithoutInvisible } from '../text/invisible.js';
import { counted } from '../text/plural.js';
import { refuseSecrets, type NamedSecret } from '../text/redact.js';

export const JOB_INPUTS = {
  prompt: '',
  'prompt-file': '',
  'job-id': '',
  wait: 'true',
  'poll-interval': '5s',
  'max-poll-interval': '30s',
  'fail-on': 'failed,timeout',
} as const;

export type JobInput = keyof typeof JOB_INPUTS;

/** Outcomes of a job that `fail-on` can turn into a failed step. */
export const FAIL_OUTCOMES = ['failed', 'archived', 'no-pr', 'timeout'] as const;
export type FailOutcome = (typeof FAIL_OUTCOMES)[number];

/** What to do with the agent: start a job, send a follow-up to one, or only wait for one. */
export type JobRequest =
  | { readonly kind: 'create'; readonly prompt: string }
  | { readonly kind: 'message'; readonly jobId: string; readonly prompt: string }
  | { readonly kind: 'wait'; readonly jobId: string };

export interface JobSettings {
  /** Undefined when neither a prompt nor a job id was given (an analytics-only run). */
  readonly request?: JobRequest;
  /** Poll until the job ends; false returns right after the create/message call. */
  readonly wait: boolean;
  readonly pollIntervalMs: number;
  readonly maxPollIntervalMs: number;
  readonly failOn: ReadonlySet<FailOutcome>;
}

/** Prompt files larger than this are almost certainly a mistake (a log or a binary). */
export const MAX_PROMPT_BYTES = 256 * 1024;
const MIN_POLL_INTERVAL_MS = 100;
const MAX_POLL_INTERVAL_MS = 3_600_000;

/** Refuses a prompt that contains a secret: the agent, its pull request and the service would all see it. */
function withoutSecrets(prompt: string, input: 'prompt' | 'prompt-file', secrets: readonly NamedSecret[]): string {
  const fix =
    input === 'prompt-file'
      ? "Remove it from the file (is the path a log, or an environment dump such as '/proc/self/environ'?)."
      : 'Remove it from the prompt.';
  return refuseSecrets(prompt, secrets, { what: 'the prompt', fix, error: (message) => new InputError(input, message) });
}

/**
 * A script step may paste an issue's body into the prompt, and tag characters or zero-width text could carry words nobody
 * reviewing the issue saw; these code points mean nothing in an instruction.
 */
function visiblePrompt(prompt: string, input: 'prompt' | 'prompt-file'): string {
  const { text, removed } = countedWithoutInvisible(prompt);
  if (removed === 0) return prompt;
  const visible = text.trim();
  if (visible === '') throw new InputError(input, 'holds only invisible characters; give the instruction text.');
  log.info(
    `Removed ${counted(removed, 'invisible character')} ` +
      `(format characters such as zero-width spaces, bidirectional controls or tag characters) from '${input}': ` +
      'they carry no meaning in an instruction.',
  );
  return visible;
}

function readPrompt(inputs: InputReader<JobInput>, secrets: readonly NamedSecret[]): string | undefined {
  const inline = inputs.raw('prompt');
  const file = inputs.text('prompt-file');
  if (inline.trim() !== '' && file !== '') {
    throw new InputError('prompt', "give either 'prompt' or 'prompt-file', not both.");
  }
  if (file !== '') return withoutSecrets(visiblePrompt(readPromptFile(file, MAX_PROMPT_BYTES), 'prompt-file'), 'prompt-file', secrets);
  if (inline !== '' && inline.trim() === '') {
    throw new InputError('prompt', 'is only whitespace; give the instruction text (an empty issue body, perhaps?).');
  }
  return inline.trim() === '' ? undefined : withoutSecrets(visiblePrompt(inline.trim(), 'prompt'), 'prompt', secrets);
}

function readRequest(inputs: InputReader<JobInput>, secrets: readonly NamedSecret[]): JobRequest | undefined {
  const prompt = readPrompt(inputs, secrets);
  const jobIdText = inputs.text('job-id');
  const jobId = jobIdText === '' ? '' : readId('job-id', jobIdText);
  if (jobId !== '' && prompt !== undefined) return { kind: 'message', jobId, prompt };
  if (jobId !== '') return { kind: 'wait', jobId };
  if (prompt !== undefined) return { kind: 'create', prompt };
  return undefined;
}

function readFailOn(inputs: InputReader<JobInput>): ReadonlySet<FailOutcome> {
  const value = inputs.text('fail-on').toLowerCase();
  if (value === 'none') return new Set();
  const outcomes = new Set<FailOutcome>();
  for (const item of value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    const known = FAIL_OUTCOMES.find((outcome) => outcome === item);
    if (known === undefined) {
      throw new InputError('fail-on', `'${item}' is not an outcome; use a comma list of ${FAIL_OUTCOMES.join(', ')}, or 'none'.`);
    }
    outcomes.add(known);
  }
  return outcomes;
}

export function readJobSettings(inputs: InputReader<JobInput>, secrets: readonly NamedSecret[]): JobSettings {
  const request = readRequest(inputs, secrets);
  const wait = inputs.bool('wait');
  const pollIntervalMs = inputs.duration('poll-interval', MIN_POLL_INTERVAL_MS, MAX_POLL_INTERVAL_MS);
  const maxPollIntervalMs = inputs.duration('max-poll-interval', MIN_POLL_INTERVAL_MS, MAX_POLL_INTERVAL_MS);
  if (maxPollIntervalMs < pollIntervalMs) {
    throw new InputError(
      'max-poll-interval',
      `must not be shorter than 'poll-interval' (${inputs.text('poll-interval')}), got '${inputs.text('max-poll-interval')}'.`,
    );
  }
  return { ...(request && { request }), wait, pollIntervalMs, maxPollIntervalMs, failOn: readFailOn(inputs) };
}
