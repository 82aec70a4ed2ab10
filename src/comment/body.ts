/**
 * The job's comment: a hidden marker naming the job, then what happened. Every string from the
 * service is escaped, so a job cannot inject HTML, links or @mentions into a comment that notifies
 * the people on the issue.
 */
import { formatDuration } from '../inputs/duration.js';
import { idProblem } from '../inputs/identifier.js';
import { prNumberOf, type JobOutcome, type JobResult } from '../job/outcome.js';
import type { JobRequest } from '../job/settings.js';
import { fieldCode, fieldText, pullRequestLink } from '../summary/job-fields.js';
import { markdownLink } from '../summary/markdown.js';
import type { CommentTarget } from './event.js';

const MARKER_PREFIX = '<!-- mintlify-docs-agent job=';
const MARKER_SUFFIX = ' -->';

/**
 * The id is percent-encoded down to `[A-Za-z0-9_.]`, so it can neither close the HTML comment (`-->`)
 * nor contain `--`, and one id is never a prefix match for another (the suffix follows at once).
 */
export function commentMarker(jobId: string): string {
  return `${MARKER_PREFIX}${markerValue(jobId)}${MARKER_SUFFIX}`;
}

export function markerValue(value: string): string {
  return Array.from(value, (char) =>
    /^[A-Za-z0-9_.]$/.test(char)
      ? char
      : Array.from(new TextEncoder().encode(char), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  ).join('');
}

/** The action always writes the marker first. */
export function hasMarker(body: string, marker: string): boolean {
  return body.startsWith(marker);
}

const PULL_REQUEST_MARKER_PREFIX = '<!-- mintlify-docs-agent pull-request job=';

/**
 * The comment on a job's own pull request: another marker than the job's comment (`job=` right after
 * the name), so the two never take each other's place, and a workflow that finds the job's comment
 * by its `job=` marker finds only that one.
 */
export function pullRequestMarker(jobId: string): string {
  return `${PULL_REQUEST_MARKER_PREFIX}${markerValue(jobId)}${MARKER_SUFFIX}`;
}

const JOB_MARKER = /^<!-- mintlify-docs-agent (?:pull-request )?job=([A-Za-z0-9_.%]+) -->/;

/** From either marker; undefined when the id does not decode to one the service's paths accept. */
export function markedJobId(body: string): string | undefined {
  const encoded = JOB_MARKER.exec(body)?.[1];
  if (encoded === undefined) return undefined;
  let jobId: string;
  try {
    jobId = decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
  return idProblem(jobId) === undefined ? jobId : undefined;
}

/** Capped, so a huge id cannot make the comment too long; GitHub makes no mentions inside code. */
function code(value: string): string {
  return fieldCode('jobId', value);
}

function resumeHint(jobId: string): string {
  return code(`job-id: ${jobId}`);
}

function runLink(runUrl: string | undefined, label: string): string {
  return runUrl === undefined ? '' : markdownLink(label, runUrl);
}

function place(target: CommentTarget): string {
  return target.kind === 'issue' ? 'this issue' : 'this pull request';
}

export interface StartedComment {
  readonly jobId: string;
  readonly request: JobRequest['kind'];
  readonly target: CommentTarget;
  /** The job was started for the change of this issue or pull request (a merged pull request), not at its request. */
  readonly forChange?: boolean;
  readonly wait: boolean;
  readonly runUrl: string | undefined;
}

export function startedBody(comment: StartedComment): string {
  const job = code(comment.jobId);
  const opening = {
    create:
      comment.forChange === true
        ? `Agent job ${job} started to update the docs for the change in ${place(comment.target)}.`
        : `Agent job ${job} started, following the request in ${place(comment.target)}.`,
    message: `Follow-up sent to agent job ${job}.`,
    wait: `Following agent job ${job}.`,
  }[comment.request];
  const next = comment.wait
    ? 'This comment is updated when the job ends.'
    : `This run does not wait for the job; a run with ${resumeHint(comment.jobId)} updates this comment when it ends.`;
  const run = runLink(comment.runUrl, 'Workflow run');
  return [
    commentMarker(comment.jobId),
    `### 🤖 Mintlify agent job ${job} is running`,
    '',
    `${opening} ${next}`,
    ...(run ? ['', run] : []),
    '',
  ].join('\n');
}

const HEADING: Record<JobOutcome, string> = {
  completed: '✅ completed',
  'no-pr': '☑️ completed without a pull request',
  failed: '❌ failed',
  archived: '🗄️ was archived',
  timeout: '⏱️ is still running',
  started: '🤖 is running',
};

export function finishedBody(result: JobResult, runUrl: string | undefined): string {
  const job = result.job;
  const prNumber = prNumberOf(job?.prLink);
  const rows: Array<[string, string]> = [
    ['Status', fieldText('status', result.status)],
    ['Pull request', job?.prLink ? pullRequestLink(job.prLink, prNumber === undefined ? 'pull request' : `#${prNumber}`) : '—'],
    ['Model', job?.model ? fieldText('model', job.model) : '—'],
    ['Elapsed', `${formatDuration(result.elapsedMs)} (this run)`],
  ];
  const lines = [
    commentMarker(result.jobId),
    `### Mintlify agent job ${code(result.jobId)} ${HEADING[result.outcome]}`,
    '',
    '| | |',
    '|---|---|',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
  ];
  if (result.outcome === 'timeout' || result.outcome === 'started') {
    lines.push('', `This run stopped waiting; a run with ${resumeHint(result.jobId)} picks the job up and updates this comment.`);
  }
  const run = runLink(runUrl, 'Workflow run');
  if (run) lines.push('', run);
  return lines.join('\n') + '\n';
}

/** Polling gave up on an error: said without the error's text. */
export function stoppedBody(jobId: string, runUrl: string | undefined): string {
  const run = runLink(runUrl, 'workflow run');
  return [
    commentMarker(jobId),
    `### ⚠️ Mintlify agent job ${code(jobId)}: no longer followed`,
    '',
    `This run stopped following the job because of an error${run ? ` (see the ${run})` : ''}. ` +
      `The job may still be running; a run with ${resumeHint(jobId)} picks it up and updates this comment.`,
    '',
  ].join('\n');
}

export interface CancelledComment {
  /** Undefined when a create was cancelled before the service named the job. */
  readonly jobId: string | undefined;
  /** A follow-up message got no clear answer: it may or may not have reached the job. */
  readonly messageUnclear: boolean;
  readonly runUrl: string | undefined;
}

/**
 * With a job id the comment keeps its marker, so a run with that job-id updates it again; without
 * one (a create with no answer yet) nothing can find it again, and it says where to look instead.
 */
export function cancelledBody(comment: CancelledComment): string {
  const run = runLink(comment.runUrl, 'workflow run');
  const cancelled = `This ${run || 'workflow run'} was cancelled`;
  if (comment.jobId === undefined) {
    return [
      '### ⏹️ Mintlify agent job: run cancelled',
      '',
      `${cancelled} while it was starting an agent job, before the service answered. ` +
        'A job may have started: check the Mintlify dashboard before running this again, ' +
        `and follow a job you find there with ${code('job-id')} instead of starting another.`,
      '',
    ].join('\n');
  }
  const message = comment.messageUnclear
    ? ' The follow-up message was sent but got no clear answer, so it may or may not have reached the job: ' +
      'check the job in the Mintlify dashboard before sending it again.'
    : '';
  return [
    commentMarker(comment.jobId),
    `### ⏹️ Mintlify agent job ${code(comment.jobId)}: run cancelled`,
    '',
    `${cancelled}; the job keeps running on the service.${message} A run with ${resumeHint(comment.jobId)} picks it up and updates this comment.`,
    '',
  ].join('\n');
}
