/** A merged pull request (`closed` and merged): the job documents its change. */
import type { PullEvent } from '../event/change.js';
import { pullReader, type PullSubject } from '../change/read-pull.js';
import { changeKind } from '../plan/change.js';
import { describePull, optedOut, pullName, pullStatusCommit } from './pull.js';

const RUN_ANYWAY = "To start a job on other pull request events, set 'change-context: none'.";

export const merged = changeKind<PullEvent, PullSubject>({
  source: (_settings, event) => (event.change?.kind === 'pull' && event.change.action === 'closed' ? event.change : undefined),
  skip: (source) =>
    source.merged
      ? optedOut(source)
      : { reason: `${pullName(source)} was closed without merging: only a merged pull request starts a job. ${RUN_ANYWAY}`, marks: false },
  ...pullReader,
  describe: describePull,
  statusCommit: pullStatusCommit,
});
