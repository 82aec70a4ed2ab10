/** The analytics outputs, from the service's totals as reported (never recomputed). */
import { setOutput } from '../outputs.js';
import type { AnalyticsReport } from './report.js';

export function writeAnalyticsOutputs(report: AnalyticsReport): void {
  setOutput('visitors-total', report.totals.total);
  setOutput('visitors-human', report.totals.human);
  setOutput('visitors-ai', report.totals.ai);
  setOutput('analytics-pages', report.pages);
  setOutput('analytics-file', report.file?.path);
  setOutput('visitors-total-previous', report.previous?.totals.total);
}
