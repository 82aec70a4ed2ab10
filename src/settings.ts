/**
 * The one place that reads workflow inputs. Every input is validated here, before the first request,
 * into a typed `Settings` object; each error names the input and the form it accepts.
 */
import * as core from '@actions/core';
import * as log from './log.js';
import { InputError } from './errors.js';
import { PERMISSION_LEVELS, isPermissionLevel, type PermissionLevel } from './gate/permission.js';
import { botName, isLogin } from './gate/trigger.js';
import { BASE_URL_FORM, parseBaseUrl } from './inputs/base-url.js';
import { DATE_FORM, DAY_MS, dateFromEpoch, parseAnalyticsDate, startOfUtcDay, type AnalyticsDate } from './inputs/dates.js';
import { DURATION_FORM, formatDuration, parseDuration } from './inputs/duration.js';
import { nonHeaderCharacter } from './inputs/header-value.js';
import { ID_FORM, idProblem } from './inputs/identifier.js';
import { readPromptFile } from './inputs/prompt-file.js';
import { REPORTS_FORM, isVisitorsOnly, parseReports, type ReportName } from './inputs/reports.js';
import { MAX_ANALYTICS_REQUESTS } from './analytics/budget.js';
import { reservedParts } from './analytics/parts.js';
import { EVIDENCE_SEPARATOR, MAX_EVIDENCE_BYTES } from './evidence/limits.js';

/**
 * Defaults the code assumes when an input is empty. They must equal the defaults in action.yml
 * (a test compares them), so running the bundle outside a runner behaves like the runner.
 */
export const INPUT_DEFAULTS = {
  'api-key': '',
  'project-id': '',
  prompt: '',
  'prompt-file': '',
  'job-id': '',
  wait: 'true',
  'poll-interval': '5s',
  'max-poll-interval': '30s',
  timeout: '60m',
  'request-timeout': '30s',
  'fail-on': 'failed,timeout',
  'base-url': 'https://api.mintlify.com',
  summary: 'true',
  analytics: 'false',
  'analytics-from': '',
  'analytics-to': '',
  'analytics-days': '',
  'analytics-top': '10',
  'analytics-page-size': '250',
  'analytics-file': '',
  'analytics-compare': 'false',
  'analytics-reports': 'visitors',
  'analytics-max-requests': '100',
  'analytics-in-prompt': 'false',
  'report-issue': '',
  comment: 'false',
  'github-token': '${{ github.token }}',
  'trigger-permission': 'triage',
  'allowed-bots': '',
} as const;

export type InputName = keyof typeof INPUT_DEFAULTS;

/** Outcomes of a job that `fail-on` can turn into a failed step. */
export const FAIL_OUTCOMES = ['failed', 'archived', 'no-pr', 'timeout'] as const;
export type FailOutcome = (typeof FAIL_OUTCOMES)[number];

/** What to do with the agent: start a job, send a follow-up to one, or only wait for one. */
export type JobRequest =
  | { readonly kind: 'create'; readonly prompt: string }
  | { readonly kind: 'message'; readonly jobId: string; readonly prompt: string }
  | { readonly kind: 'wait'; readonly jobId: string };

/** A half-open window `[from, to)`; either end may be left to the service. */
export interface AnalyticsWindow {
  readonly from?: AnalyticsDate;
  readonly to?: AnalyticsDate;
}

export interface AnalyticsSettings {
  readonly window: AnalyticsWindow;
  /** The window of equal length just before `window`, when `analytics-compare` is on. */
  readonly previousWindow?: { readonly from: AnalyticsDate; readonly to: AnalyticsDate };
  /** Rows shown in each summary table. */
  readonly top: number;
  /** `limit` per request, 1..250 (searches and feedback take at most 100). */
  readonly pageSize: number;
  /** Export of every row, streamed while paginating (JSON only with more than the visitors report). */
  readonly file?: { readonly path: string; readonly format: 'csv' | 'json' };
  /** The reports to fetch, in REPORT_NAMES order; `visitors` alone is the plain visitors report. */
  readonly reports: ReadonlySet<ReportName>;
  /** Analytics requests this run may make, every report and the compare request together. */
  readonly maxRequests: number;
  /** Fetch before the job and append an evidence section to its prompt. */
  readonly inPrompt: boolean;
}

/** `report-issue`: the issue that gets the report as a comment. */
export interface ReportIssueSettings {
  readonly number: number;
  readonly token: string;
}

export interface CommentSettings {
  readonly token: string;
}

/** Who may start the agent when an issue, comment, pull request or discussion triggers the run (src/gate/). */
export interface TriggerSettings {
  /** The sender's lowest repository permission; 'none' checks no permission (bots are still checked). */
  readonly minimumPermission: PermissionLevel;
  /** Bots that may trigger the run, by login in lower case without `[bot]`; 'any' for `*`. */
  readonly allowedBots: ReadonlySet<string> | 'any';
}

export interface Settings {
  readonly apiKey: string;
  readonly projectId: string;
  /** Service root without trailing slash. */
  readonly baseUrl: URL;
  /** Undefined for an analytics-only run. */
  readonly job?: JobRequest;
  /** Poll until the job ends; false returns right after the create/message call. */
  readonly wait: boolean;
  readonly pollIntervalMs: number;
  readonly maxPollIntervalMs: number;
  /** Budget for the whole run: requests, retries and waiting. */
  readonly timeoutMs: number;
  /** Budget for one HTTP request, so that a hung connection cannot hold the step. */
  readonly requestTimeoutMs: number;
  readonly failOn: ReadonlySet<FailOutcome>;
  readonly summary: boolean;
  readonly analytics?: AnalyticsSettings;
  readonly comment?: CommentSettings;
  readonly reportIssue?: ReportIssueSettings;
  /** `github-token`, when one was given (on a runner it defaults to the workflow's token). */
  readonly githubToken?: string;
  readonly trigger: TriggerSettings;
}

/** Prompt files larger than this are almost certainly a mistake (a log or a binary). */
export const MAX_PROMPT_BYTES = 256 * 1024;
const MAX_DURATION_MS = 24 * 3_600_000;
const MIN_POLL_INTERVAL_MS = 100;
const MAX_ANALYTICS_DAYS = 3660;

/** Injected so that tests can fix "today". */
export interface SettingsContext {
  readonly now: () => number;
}

function raw(name: InputName): string {
  return core.getInput(name, { trimWhitespace: false });
}

function text(name: InputName): string {
  const value = raw(name).trim();
  return value === '' ? INPUT_DEFAULTS[name] : value;
}

function required(name: InputName): string {
  const value = raw(name).trim();
  if (value === '') throw new InputError(name, 'is required and must not be empty or only whitespace.');
  return value;
}

function bool(name: InputName): boolean {
  const value = text(name).toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new InputError(name, `must be 'true' or 'false' (any case), got '${text(name)}'.`);
}

function duration(name: InputName, min: number, max: number): number {
  const value = text(name);
  const ms = parseDuration(value);
  if (ms === undefined) throw new InputError(name, `must be ${DURATION_FORM}, got '${value}'.`);
  if (ms < min || ms > max) {
    throw new InputError(name, `must be between ${formatDuration(min)} and ${formatDuration(max)}, got '${value}'.`);
  }
  return ms;
}

function integer(name: InputName, min: number, max: number): number {
  const value = text(name);
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new InputError(name, `must be a whole number from ${min} to ${max}, got '${value}'.`);
  }
  return Number(value);
}

/**
 * Keys and tokens go into the Authorization header: checked here, so that a bad character is an
 * input error and not a request that failed on its way out. The value is never quoted.
 */
function requireHeaderValue(name: 'api-key' | 'github-token', value: string, fix: string): void {
  if (/[ \t\r\n\v\f]/.test(value)) throw new InputError(name, `contains whitespace or a line break inside; ${fix}.`);
  const invisible = nonHeaderCharacter(value);
  if (invisible !== undefined) {
    throw new InputError(
      name,
      `contains ${invisible}, which an HTTP header cannot carry (visible ASCII only); an invisible character was probably pasted with it. Copy it again and ${fix}.`,
    );
  }
}

function readApiKey(): string {
  const value = raw('api-key');
  // Mask before anything else can print it, in raw and trimmed form.
  if (value.trim() !== '') {
    core.setSecret(value);
    if (value.trim() !== value) core.setSecret(value.trim());
  }
  const key = required('api-key');
  requireHeaderValue('api-key', key, 'paste the key alone (an admin key looks like mint_…)');
  if (!key.startsWith('mint_')) {
    log.warning("Input 'api-key' does not start with 'mint_', the prefix of Mintlify admin keys; the service decides whether it is valid.");
  }
  return key;
}

/**
 * `github-token`, masked at once like the key. Undefined when empty, or when it is action.yml's
 * default expression itself (outside a runner nothing expands it).
 */
function readGithubToken(): string | undefined {
  const value = raw('github-token');
  const token = value.trim();
  if (token === '' || token === INPUT_DEFAULTS['github-token']) return undefined;
  core.setSecret(value);
  if (token !== value) core.setSecret(token);
  requireHeaderValue('github-token', token, 'paste the token alone, such as ${{ github.token }}');
  return token;
}

function readId(name: 'project-id' | 'job-id', value: string): string {
  const problem = idProblem(value);
  if (problem === undefined) return value;
  const example = name === 'job-id' ? 'job_123' : 'proj_123';
  throw new InputError(name, `${problem}; it must be ${ID_FORM}, such as '${example}', got '${value}'.`);
}

/** A secret the prompt must not carry: the agent, its pull request and the service would all see it. */
interface NamedSecret {
  readonly input: 'api-key' | 'github-token';
  readonly value: string;
}

/**
 * Refuses a prompt that contains a secret. The secrets are compared in their trimmed form, which
 * every raw form contains, so a raw value in the prompt is caught as well.
 */
function refuseSecrets(prompt: string, input: 'prompt' | 'prompt-file', secrets: readonly NamedSecret[]): string {
  const found = secrets.find((secret) => secret.value !== '' && prompt.includes(secret.value));
  if (found === undefined) return prompt;
  const fix =
    input === 'prompt-file'
      ? "Remove it from the file (is the path a log, or an environment dump such as '/proc/self/environ'?)."
      : 'Remove it from the prompt.';
  throw new InputError(
    input,
    `the prompt contains the value of '${found.input}', so it was not sent: the agent, its pull request and the service would see the secret. ${fix}`,
  );
}

function readPrompt(secrets: readonly NamedSecret[]): string | undefined {
  const inline = raw('prompt');
  const file = text('prompt-file');
  if (inline.trim() !== '' && file !== '') {
    throw new InputError('prompt', "give either 'prompt' or 'prompt-file', not both.");
  }
  if (file !== '') return refuseSecrets(readPromptFile(file, MAX_PROMPT_BYTES), 'prompt-file', secrets);
  if (inline !== '' && inline.trim() === '') {
    throw new InputError('prompt', 'is only whitespace; give the instruction text (an empty issue body, perhaps?).');
  }
  return inline.trim() === '' ? undefined : refuseSecrets(inline.trim(), 'prompt', secrets);
}

function readJob(secrets: readonly NamedSecret[]): JobRequest | undefined {
  const prompt = readPrompt(secrets);
  const jobIdText = text('job-id');
  const jobId = jobIdText === '' ? '' : readId('job-id', jobIdText);
  if (jobId !== '' && prompt !== undefined) return { kind: 'message', jobId, prompt };
  if (jobId !== '') return { kind: 'wait', jobId };
  if (prompt !== undefined) return { kind: 'create', prompt };
  return undefined;
}

function readFailOn(): ReadonlySet<FailOutcome> {
  const value = text('fail-on').toLowerCase();
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

function readDate(name: 'analytics-from' | 'analytics-to'): AnalyticsDate | undefined {
  const value = text(name);
  if (value === '') return undefined;
  const date = parseAnalyticsDate(value);
  if (date === undefined) throw new InputError(name, `must be ${DATE_FORM}, got '${value}'.`);
  return date;
}

function readWindow(context: SettingsContext): AnalyticsWindow {
  const from = readDate('analytics-from');
  const to = readDate('analytics-to');
  const daysText = text('analytics-days');
  if (daysText !== '') {
    if (from !== undefined || to !== undefined) {
      throw new InputError('analytics-days', "give either 'analytics-days' or 'analytics-from'/'analytics-to', not both.");
    }
    const days = integer('analytics-days', 1, MAX_ANALYTICS_DAYS);
    const today = startOfUtcDay(context.now());
    return { from: dateFromEpoch(today - days * DAY_MS, true), to: dateFromEpoch(today, true) };
  }
  if (from !== undefined && to !== undefined && from.epochMs >= to.epochMs) {
    throw new InputError('analytics-to', `must be after 'analytics-from' (${from.text}); it is exclusive, got '${to.text}'.`);
  }
  return { ...(from && { from }), ...(to && { to }) };
}

function readAnalyticsFile(reports: ReadonlySet<ReportName>): AnalyticsSettings['file'] {
  const path = text('analytics-file');
  if (path === '') return undefined;
  const extension = /\.(csv|json)$/i.exec(path)?.[1]?.toLowerCase();
  if (extension !== 'csv' && extension !== 'json') {
    throw new InputError('analytics-file', `must be a path ending in .csv or .json, got '${path}'.`);
  }
  if (extension === 'csv' && !isVisitorsOnly(reports)) {
    throw new InputError(
      'analytics-file',
      `with analytics-reports other than visitors the export is one JSON document with one key per report; give a path ending in .json, got '${path}'.`,
    );
  }
  return { path, format: extension };
}

function readReports(): ReadonlySet<ReportName> {
  const value = text('analytics-reports');
  const parsed = parseReports(value);
  if ('reason' in parsed) throw new InputError('analytics-reports', `${parsed.reason}; use ${REPORTS_FORM}, got '${value}'.`);
  return parsed.reports;
}

/** With analytics-in-prompt the prompt and its evidence together stay within the prompt limit. */
function checkRoomForEvidence(job: JobRequest | undefined): void {
  if (job?.kind !== 'create' && job?.kind !== 'message') {
    throw new InputError(
      'analytics-in-prompt',
      "needs 'prompt' or 'prompt-file': the evidence is appended to the prompt of the job or follow-up.",
    );
  }
  const room = MAX_PROMPT_BYTES - MAX_EVIDENCE_BYTES - Buffer.byteLength(EVIDENCE_SEPARATOR);
  const size = Buffer.byteLength(job.prompt);
  if (size > room) {
    throw new InputError(
      'analytics-in-prompt',
      `the prompt is ${size} bytes; with its evidence (up to ${MAX_EVIDENCE_BYTES} bytes) it must stay within ${MAX_PROMPT_BYTES} bytes, so the prompt may be at most ${room} bytes.`,
    );
  }
}

/** The budget must cover the first request of every part of the chosen reports (RequestBudget). */
function readMaxRequests(reports: ReadonlySet<ReportName>, compare: boolean): number {
  const max = integer('analytics-max-requests', 1, MAX_ANALYTICS_REQUESTS);
  const needed = reservedParts(reports, compare);
  if (max < needed.length) {
    throw new InputError(
      'analytics-max-requests',
      `must be at least ${needed.length} for the reports chosen (one first request each: ${needed.join(', ')}), got '${text('analytics-max-requests')}'.`,
    );
  }
  return max;
}

function readAnalytics(context: SettingsContext, job: JobRequest | undefined): AnalyticsSettings | undefined {
  const enabled = bool('analytics');
  const window = readWindow(context);
  const top = integer('analytics-top', 1, 1000);
  const pageSize = integer('analytics-page-size', 1, 250);
  const reports = readReports();
  const file = readAnalyticsFile(reports);
  const compare = bool('analytics-compare');
  const maxRequests = readMaxRequests(reports, compare);
  const inPrompt = bool('analytics-in-prompt');
  if (!enabled) {
    if (inPrompt) throw new InputError('analytics-in-prompt', "needs 'analytics: true': the evidence comes from the analytics reports.");
    const stray = (['analytics-from', 'analytics-to', 'analytics-days', 'analytics-file'] as const).filter((name) => text(name) !== '');
    const changed = (['analytics-reports', 'analytics-max-requests'] as const).filter((name) => text(name) !== INPUT_DEFAULTS[name]);
    const ignored = [...stray, ...(compare ? ['analytics-compare'] : []), ...changed];
    if (ignored.length > 0) {
      log.warning(`${ignored.join(', ')} set but 'analytics' is false: no report is fetched.`);
    }
    return undefined;
  }
  if (inPrompt) checkRoomForEvidence(job);
  let previousWindow: AnalyticsSettings['previousWindow'];
  if (compare) {
    if (!reports.has('visitors')) {
      throw new InputError(
        'analytics-compare',
        "compares unique visitors: add 'visitors' to analytics-reports, or drop analytics-compare.",
      );
    }
    const { from, to } = window;
    if (from === undefined || to === undefined) {
      throw new InputError('analytics-compare', "needs a whole window: set 'analytics-days', or both 'analytics-from' and 'analytics-to'.");
    }
    const length = to.epochMs - from.epochMs;
    const dateOnly = from.dateOnly && to.dateOnly;
    previousWindow = { from: dateFromEpoch(from.epochMs - length, dateOnly), to: dateFromEpoch(from.epochMs, dateOnly) };
  }
  return { window, top, pageSize, reports, maxRequests, inPrompt, ...(file && { file }), ...(previousWindow && { previousWindow }) };
}

function readReportIssue(analytics: AnalyticsSettings | undefined, githubToken: string | undefined): ReportIssueSettings | undefined {
  const value = text('report-issue');
  if (value === '') return undefined;
  const number = /^#?(\d{1,9})$/.exec(value)?.[1];
  if (number === undefined || Number(number) < 1) {
    throw new InputError('report-issue', `must be an issue number such as '42', got '${value}'.`);
  }
  if (analytics === undefined) throw new InputError('report-issue', "needs 'analytics: true': the comment holds the analytics report.");
  if (githubToken === undefined) {
    throw new InputError(
      'github-token',
      "is empty but 'report-issue' is set; pass a token with issues: write, such as ${{ github.token }}.",
    );
  }
  return { number: Number(number), token: githubToken };
}

function readComment(githubToken: string | undefined): CommentSettings | undefined {
  if (!bool('comment')) return undefined;
  if (githubToken === undefined) {
    throw new InputError('github-token', "is empty but 'comment' is true; pass a token with issues: write, such as ${{ github.token }}.");
  }
  return { token: githubToken };
}

const PERMISSION_FORM = `one of ${PERMISSION_LEVELS.join(', ')}`;

function readTrigger(): TriggerSettings {
  const level = text('trigger-permission').toLowerCase();
  if (!isPermissionLevel(level)) {
    throw new InputError(
      'trigger-permission',
      `must be ${PERMISSION_FORM} (the lowest repository role that may start the agent), got '${text('trigger-permission')}'.`,
    );
  }
  const entries = text('allowed-bots')
    .split(/[\s,]+/)
    .filter((entry) => entry !== '');
  if (entries.includes('*')) {
    if (entries.length > 1) {
      throw new InputError('allowed-bots', "'*' allows every bot and stands alone; remove the other names or the '*'.");
    }
    return { minimumPermission: level, allowedBots: 'any' };
  }
  for (const entry of entries) {
    if (!isLogin(entry)) {
      throw new InputError(
        'allowed-bots',
        `'${entry}' is not a bot login; give a comma list of logins such as 'dependabot' or 'renovate[bot]', or '*'.`,
      );
    }
  }
  return { minimumPermission: level, allowedBots: new Set(entries.map(botName)) };
}

export function readSettings(context: SettingsContext = { now: Date.now }): Settings {
  const apiKey = readApiKey();
  const githubToken = readGithubToken();
  const projectId = readId('project-id', required('project-id'));
  const baseUrlText = text('base-url');
  const baseUrl = parseBaseUrl(baseUrlText);
  if ('reason' in baseUrl) throw new InputError('base-url', `${baseUrl.reason}; it must be ${BASE_URL_FORM}, got '${baseUrlText}'.`);
  const secrets: NamedSecret[] = [{ input: 'api-key', value: apiKey }];
  if (githubToken !== undefined) secrets.push({ input: 'github-token', value: githubToken });
  const job = readJob(secrets);
  const wait = bool('wait');
  const pollIntervalMs = duration('poll-interval', MIN_POLL_INTERVAL_MS, 3_600_000);
  const maxPollIntervalMs = duration('max-poll-interval', MIN_POLL_INTERVAL_MS, 3_600_000);
  if (maxPollIntervalMs < pollIntervalMs) {
    throw new InputError(
      'max-poll-interval',
      `must not be shorter than 'poll-interval' (${text('poll-interval')}), got '${text('max-poll-interval')}'.`,
    );
  }
  const timeoutMs = duration('timeout', 1000, MAX_DURATION_MS);
  const requestTimeoutMs = duration('request-timeout', 1000, 600_000);
  const failOn = readFailOn();
  const summary = bool('summary');
  const analytics = readAnalytics(context, job);
  const comment = readComment(githubToken);
  const reportIssue = readReportIssue(analytics, githubToken);
  const trigger = readTrigger();
  if (job === undefined && analytics === undefined) {
    throw new InputError(
      'prompt',
      "nothing to do: set 'prompt' or 'prompt-file' to start a job, 'job-id' to follow one, or 'analytics: true' for a report.",
    );
  }
  return {
    apiKey,
    projectId,
    baseUrl: baseUrl.url,
    ...(job && { job }),
    wait,
    pollIntervalMs,
    maxPollIntervalMs,
    timeoutMs,
    requestTimeoutMs,
    failOn,
    summary,
    ...(analytics && { analytics }),
    ...(comment && { comment }),
    ...(reportIssue && { reportIssue }),
    ...(githubToken !== undefined && { githubToken }),
    trigger,
  };
}
