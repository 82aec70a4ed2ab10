/**
 * The one place that reads workflow inputs. Each feature declares its inputs and reads them into its
 * own typed settings (inputs/run.ts, job/, analytics/, evidence/, comment/, conversation/, gate/,
 * change/, stream/); this module puts
 * the runner's inputs behind one reader, calls the features' readers in order and checks what spans
 * features. Everything is validated here, before the first request; each error names the input and
 * the form it accepts. Whether the run has anything to do depends on the event too: plan/ decides.
 */
import * as core from '@actions/core';
import { IMPACT_INPUTS } from './analytics/impact-settings.js';
import { ANALYTICS_INPUTS, readAnalyticsSettings, type AnalyticsSettings, type SettingsContext } from './analytics/settings.js';
import {
  COMMENT_INPUTS,
  readJobCommentSettings,
  readReportIssueSettings,
  type JobCommentSettings,
  type ReportIssueSettings,
} from './comment/settings.js';
import { CHANGE_INPUTS, readChangeSettings, type ChangeSettings } from './change/settings.js';
import { CONVERSATION_INPUTS, readConversationSettings, type ConversationSettings } from './conversation/settings.js';
import { EVIDENCE_INPUTS, readAnalyticsInPrompt } from './evidence/settings.js';
import { GATE_INPUTS, readTriggerSettings, type TriggerSettings } from './gate/settings.js';
import { inputReader } from './inputs/reader.js';
import { RUN_INPUTS, readRunSettings, secretsOf, type RunSettings } from './inputs/run.js';
import { JOB_INPUTS, readJobSettings, type JobSettings } from './job/settings.js';
import { STREAM_INPUTS, readStreamSettings, type StreamSettings } from './stream/settings.js';

/**
 * Every input with the default the code assumes when it is empty. They must equal the defaults in
 * action.yml (a test compares them), so running the bundle outside a runner behaves like the runner.
 */
export const INPUT_DEFAULTS = {
  ...RUN_INPUTS,
  ...JOB_INPUTS,
  ...ANALYTICS_INPUTS,
  ...IMPACT_INPUTS,
  ...EVIDENCE_INPUTS,
  ...COMMENT_INPUTS,
  ...CONVERSATION_INPUTS,
  ...GATE_INPUTS,
  ...CHANGE_INPUTS,
  ...STREAM_INPUTS,
} as const;

export type InputName = keyof typeof INPUT_DEFAULTS;

export interface Settings {
  readonly run: RunSettings;
  readonly job: JobSettings;
  /** Undefined when `analytics` is false. */
  readonly analytics?: AnalyticsSettings;
  /** The job's prompt gets the analytics reports' evidence appended (analytics-in-prompt). */
  readonly analyticsInPrompt: boolean;
  readonly comment?: JobCommentSettings;
  readonly reportIssue?: ReportIssueSettings;
  /** The command that comments and reviews start with to talk to the agent. */
  readonly conversation: ConversationSettings;
  readonly trigger: TriggerSettings;
  /** The change context: what a push, merged pull request, release or `change-since` window adds to the job. */
  readonly change: ChangeSettings;
  /** The docs stream: the `docs-agent` commit status and `extend-open-pr`. */
  readonly stream: StreamSettings;
}

export type { SettingsContext };

export function readSettings(context: SettingsContext = { now: Date.now }): Settings {
  const inputs = inputReader(INPUT_DEFAULTS, {
    get: (name) => core.getInput(name, { trimWhitespace: false }),
    mask: (value) => core.setSecret(value),
  });
  const run = readRunSettings(inputs);
  const job = readJobSettings(inputs, secretsOf(run));
  const analytics = readAnalyticsSettings(inputs, context, run.githubToken !== undefined);
  const analyticsInPrompt = readAnalyticsInPrompt(inputs, analytics, job.request);
  const comment = readJobCommentSettings(inputs, run.githubToken);
  const reportIssue = readReportIssueSettings(inputs, analytics, run.githubToken);
  const conversation = readConversationSettings(inputs);
  const trigger = readTriggerSettings(inputs);
  const change = readChangeSettings(inputs, job.request);
  const stream = readStreamSettings(inputs, job.request);
  return {
    run,
    job,
    ...(analytics && { analytics }),
    analyticsInPrompt,
    ...(comment && { comment }),
    ...(reportIssue && { reportIssue }),
    conversation,
    trigger,
    change,
    stream,
  };
}
