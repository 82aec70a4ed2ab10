/** A skip: a bare command answered and the commit's status first, when GitHub was opened. */
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
  await reportSkip(skip.reason, settings.run.summary, skip.heading);
}
