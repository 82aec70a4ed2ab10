/** The job's card in the job summary: a pure function from the result to Markdown. */
import { formatDuration } from '../inputs/duration.js';
import type { JobResult } from '../job/outcome.js';
import { counted } from '../text/plural.js';
import { fieldCode, fieldText, pullRequestLink } from './job-fields.js';

const OUTCOME_LABEL: Record<JobResult['outcome'], string> = {
  completed: '✅ completed',
  'no-pr': '☑️ completed without a pull request',
  failed: '❌ failed',
  archived: '🗄️ archived',
  timeout: '⏱️ still running when the timeout ran out',
  started: '🚀 started (not waited for)',
};

/** The outcome as the card names it: a timeout the service's Retry-After caused says so. */
function outcomeLabel(result: JobResult): string {
  if (result.outcome === 'timeout' && result.retryAfterMs !== undefined) {
    return `⏱️ still running: the service asked to wait ${formatDuration(result.retryAfterMs)} (Retry-After), past the timeout`;
  }
  return OUTCOME_LABEL[result.outcome];
}

export function renderJobCard(result: JobResult, failed: boolean): string {
  const job = result.job;
  const ref = job?.sourceRef ? ` @ ${fieldCode('ref', job.sourceRef)}` : '';
  const rows: Array<[string, string]> = [
    ['Job', fieldCode('jobId', result.jobId)],
    ['Status', `${outcomeLabel(result)} (${fieldCode('status', result.status)})${failed ? ' — fails the step' : ''}`],
    ['Pull request', job?.prLink ? pullRequestLink(job.prLink) : '—'],
    ['Model', job?.model ? fieldText('model', job.model) : '—'],
    ['Repository', job?.sourceRepository ? fieldText('repository', job.sourceRepository) + ref : '—'],
    ['Elapsed', `${formatDuration(result.elapsedMs)}, ${counted(result.polls, 'poll')}`],
  ];
  const lines = ['## Mintlify agent job', '', '| | |', '|---|---|', ...rows.map(([name, value]) => `| ${name} | ${value} |`)];
  if (result.outcome === 'timeout') {
    lines.push('', `To keep waiting, run the action again with ${fieldCode('jobId', `job-id: ${result.jobId}`)} and no prompt.`);
  }
  return lines.join('\n') + '\n';
}
