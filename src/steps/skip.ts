/**
 * A run the plan skipped: a bare command is answered in the thread first (when GitHub was opened),
 * a skipped change run's commit gets its `docs-agent` status, then one log line, one summary line and `skipped=true`.
 */
import type { RunContext, Skip } from '../plan/plan.js';
import { reportSkip } from '../plan/skip.js';
import type { Settings } from '../settings.js';
import { answerBareCommandOf } from './conversation.js';
import { writeSkipStatus } from './status.js';

export async function endSkipped(settings: Settings, skip: Skip, context?: Pick<RunContext, 'event' | 'github'>): Promise<void> {
  if (context !== undefined) {
    await answerBareCommandOf(settings, skip, context);
    await writeSkipStatus(settings, skip.skipStatus, context);
  }
  await reportSkip(skip.reason, settings.run.summary);
}
