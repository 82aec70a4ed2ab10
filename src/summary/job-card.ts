/** The job's card in the job summary: a pure function from the result to Markdown. */
import { formatDuration } from '../inputs/duration.js';
import type { JobResult } from '../job/outcome.js';
import { escapeCode, escapeText, markdownLink } from './markdown.js';

const OUTCOME_LABEL: Record<JobResult['outcome'], string> = {
  completed: '✅ completed',
  'no-pr': '☑️ completed without a pull request',
  failed: '❌ failed',
  archived: '🗄️ archived',
  timeout: '⏱️ still running when the timeout ran out',
  started: '🚀 started (not waited for)',
};

export function renderJobCard(result: JobResult, failed: boolean): string {
  const job = result.job;
  const rows: Array<[string, string]> = [
    ['Job', escapeCode(result.jobId)],
    ['Status', `${OUTCOME_LABEL[result.outcome]} (${escapeCode(result.status)})${failed ? ' — fails the step' : ''}`],
    ['Pull request', job?.prLink ? markdownLink(job.prLink, job.prLink) : '—'],
    ['Model', job?.model ? escapeText(job.model) : '—'],
    [
      'Repository',
      job?.sourceRepository ? escapeText(job.sourceRepository) + (job.sourceRef ? ` @ ${escapeCode(job.sourceRef)}` : '') : '—',
    ],
    ['Elapsed', `${formatDuration(result.elapsedMs)}, ${result.polls} poll${result.polls === 1 ? '' : 's'}`],
  ];
  const lines = ['## Mintlify agent job', '', '| | |', '|---|---|', ...rows.map(([name, value]) => `| ${name} | ${value} |`)];
  if (result.outcome === 'timeout') {
    lines.push('', `To keep waiting, run the action again with ${escapeCode(`job-id: ${result.jobId}`)} and no prompt.`);
  }
  return lines.join('\n') + '\n';
}
