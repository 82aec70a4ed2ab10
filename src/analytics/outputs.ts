/** The analytics outputs, from the service's numbers as reported (never recomputed). */
import { setOutput } from '../outputs.js';
import type { HealthReport } from './health-report.js';
import type { AnalyticsReport } from './report.js';

export function writeVisitorsOutputs(report: AnalyticsReport): void {
  setOutput('visitors-total', report.totals.total);
  setOutput('visitors-human', report.totals.human);
  setOutput('visitors-ai', report.totals.ai);
  setOutput('analytics-pages', report.pages);
  setOutput('analytics-file', report.file?.path);
  setOutput('visitors-total-previous', report.previous?.totals.total);
}

export function writeHealthOutputs(report: HealthReport): void {
  if (report.visitors?.ok === true) writeVisitorsOutputs(report.visitors.report);
  // The multi-report export replaces the visitors export of a visitors-only run.
  setOutput('analytics-file', report.file?.path);
  if (report.views?.ok === true) {
    const { totals } = report.views.report;
    setOutput('views-total', totals.total);
    setOutput('views-human', totals.human);
    setOutput('views-ai', totals.ai);
  }
  if (report.searches?.ok === true) setOutput('searches-total', report.searches.report.totalSearches);
  if (report.feedback?.ok === true) {
    setOutput('feedback-thumbs-up', report.feedback.report.thumbsUp);
    setOutput('feedback-thumbs-down', report.feedback.report.thumbsDown);
  }
  if (report.assistant?.ok === true) setOutput('assistant-queries', report.assistant.report.stats.total);
  if (report.impact?.ok === true) {
    const { totals } = report.impact.report;
    setOutput('impact-improved', totals.improved);
    setOutput('impact-worse', totals.worse);
    // Final verdicts that are neither: still measuring is not counted.
    setOutput('impact-unclear', totals['no clear change'] + totals['too little data']);
  }
}
