/**
 * The one place that reads inputs: each feature's reader in order, behind one reader of the runner's
 * inputs. Everything is validated here, before the first request; each error names the input.
 */
import * as core from '@actions/core';
import { IMPACT_INPUTS, readDocsRoot } from './analytics/impact-settings.js';
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
import { DOCS_CHECK_INPUTS, readDocsCheckSettings, type DocsCheckSettings } from './docs-check/settings.js';
import { EVIDENCE_INPUTS, readAnalyticsInPrompt } from './evidence/settings.js';
import { GATE_INPUTS, readTriggerSettings, type TriggerSettings } from './gate/settings.js';
import { inputReader } from './inputs/reader.js';
import { RUN_INPUTS, readRunSettings, secretsOf, type RunSettings } from './inputs/run.js';
import { JOB_INPUTS, readJobSettings, type JobSettings } from './job/settings.js';
import { STREAM_INPUTS, readStreamSettings, type StreamSettings } from './stream/settings.js';

/** Equal to action.yml's defaults (a test compares them), so the bundle outside a runner behaves like the runner. */
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
  ...DOCS_CHECK_INPUTS,
} as const;

export type InputName = keyof typeof INPUT_DEFAULTS;

export interface Settings {
  readonly run: RunSettings;
  readonly job: JobSettings;
  /** Undefined when `analytics` is false. */
  readonly analytics?: AnalyticsSettings;
  /** analytics-in-prompt. */
  readonly analyticsInPrompt: boolean;
  readonly comment?: JobCommentSettings;
  readonly reportIssue?: ReportIssueSettings;
  readonly conversation: ConversationSettings;
  readonly trigger: TriggerSettings;
  readonly change: ChangeSettings;
  readonly stream: StreamSettings;
  /** Undefined when `docs-check` is false. */
  readonly docsCheck?: DocsCheckSettings;
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
  const docsCheck = readDocsCheckSettings(inputs, job.request, readDocsRoot(inputs));
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
    ...(docsCheck && { docsCheck }),
  };
}
