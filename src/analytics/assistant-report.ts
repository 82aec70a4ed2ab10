/** The assistant report: one request to assistant/caller-stats (web, API, other, total). */
import { counted } from '../text/plural.js';
import type { AssistantReport } from './health-report.js';
import { PARTS } from './parts.js';
import type { ReportContext } from './report-context.js';
import { windowQuery } from './window.js';

export async function fetchAssistantReport(context: ReportContext): Promise<AssistantReport> {
  if (!context.budget.take(PARTS.assistant)) throw new RangeError('Assistant report: no request left');
  const stats = await context.client.getAssistantCallerStats(context.projectId, windowQuery(context.settings.window));
  context.log.info(
    `Assistant report: ${counted(stats.total, 'query', 'queries')} in 1 request (web ${stats.web}, API ${stats.api}, other ${stats.other}).`,
  );
  await context.export?.end('assistant', { ...stats, requests: 1, complete: true });
  return { stats, requests: 1, complete: true, warnings: [] };
}
