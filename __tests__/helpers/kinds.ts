/**
 * The trigger kinds as tests of their parts reach them: the change kind that reads and describes a
 * subject (`push`, `pull` (open or merged), `release`, `since`), a change's section as its kind
 * opens it, a change read through its kind's reader, and a conversation's screen by its event's
 * name. src/ is imported on the first call (after a test's `mockCore()`); only types statically.
 */
import type { Change } from '../../src/change/change.js';
import type { PushSource, SinceSource } from '../../src/change/documented-base.js';
import type { PullEvent, ReleaseEvent } from '../../src/event/change.js';
import type { ChangeRead } from '../../src/change/read.js';
import type { PullSubject } from '../../src/change/read-pull.js';
import type { PushSubject } from '../../src/change/read-push.js';
import type { ReleaseSubject } from '../../src/change/read-release.js';
import type { SinceSubject } from '../../src/change/read-since.js';
import type { ChangeSection } from '../../src/change/section.js';
import type { FollowUp } from '../../src/conversation/resolve.js';
import type { Conversation } from '../../src/conversation/screen.js';
import type { ThreadJob } from '../../src/conversation/thread-job.js';
import type { ConversationSettings } from '../../src/conversation/settings.js';
import type { ConversationEvent } from '../../src/event/conversation.js';
import type { RunEvent } from '../../src/event/run-event.js';
import type { RepositoryHandle, UsableRepository } from '../../src/github/repository.js';
import type { Settings } from '../../src/settings.js';
import type { ChangeKind } from '../../src/plan/change.js';
import type { Skip } from '../../src/plan/plan.js';
import type { Removed } from '../../src/text/hidden.js';

/** What tells the kinds apart: a subject's or a source's `kind`, and whether a pull request was closed. */
export interface KindMark {
  readonly kind: string;
  readonly action?: string;
}

/** Every change kind's source. */
export type AnySource = PushSource | PullEvent | ReleaseEvent | SinceSource;

/** Every change kind's subject. */
export type AnySubject = PushSubject | PullSubject | ReleaseSubject | SinceSubject;

/** The section as it was built with its subject: the text, and what GitHub does not show removed from the subject. */
export type SectionWithHidden = ChangeSection & { readonly hidden: Removed };

export async function loadKinds() {
  const [{ push }, { pull }, { merged }, { release }, { digest }, label, command, review, section, read, hidden] = await Promise.all([
    import('../../src/kinds/push.js'),
    import('../../src/kinds/pull.js'),
    import('../../src/kinds/merged.js'),
    import('../../src/kinds/release.js'),
    import('../../src/kinds/digest.js'),
    import('../../src/kinds/label.js'),
    import('../../src/kinds/command.js'),
    import('../../src/kinds/review.js'),
    import('../../src/change/section.js'),
    import('../../src/change/read.js'),
    import('../../src/text/hidden.js'),
  ]);
  /** The change kind of `mark`; a pull request's subject (no action) is described alike open or merged. */
  const changeKindOf = (mark: KindMark): ChangeKind<never, never> => {
    switch (mark.kind) {
      case 'push':
        return push.change as ChangeKind<never, never>;
      case 'pull':
        return (mark.action === 'closed' ? merged : pull).change as ChangeKind<never, never>;
      case 'release':
        return release.change as ChangeKind<never, never>;
      case 'since':
        return digest.change as ChangeKind<never, never>;
      default:
        throw new Error(`no change kind for '${mark.kind}'`);
    }
  };
  return {
    changeKindOf,
    sectionOf: (
      change: Change<AnySubject>,
      event: Pick<RunEvent, 'repository' | 'repositoryText' | 'serverUrl'>,
      maxBytes?: number,
    ): SectionWithHidden => {
      const place = section.placeOf(event);
      const subject = changeKindOf(change.subject).describe(change.subject as never, place);
      return { ...section.buildSection(change, subject.lines, place, maxBytes), hidden: subject.hidden?.[1] ?? hidden.NOTHING_REMOVED };
    },
    readChangeOf: (source: AnySource, github: RepositoryHandle, now: number): Promise<ChangeRead<AnySubject>> =>
      read.readChange<AnySource, AnySubject>(changeKindOf(source), source, github, now),
    /** The screen of a conversation event, as the kinds of its event's name give it: `inputs` when none takes it. */
    screenConversation: (settings: ConversationSettings, name: string, event: ConversationEvent | 'unreadable') => {
      const screen = name === 'issues' ? label.screenLabel : name === 'pull_request_review' ? review.screenReview : command.screenCommand;
      const screened: Conversation | Skip | undefined = screen(settings, name, event);
      if (screened === undefined) return { kind: 'inputs' } as const;
      return 'kind' in screened ? screened : ({ kind: 'take', conversation: screened } as const);
    },
    /** What a command or a review asks, as its kind gives it to followUpRequest; `threadJob`: the thread's job, already found. */
    followUpOf: async (
      settings: Settings,
      conversation: Conversation,
      github: UsableRepository,
      serverUrl: string,
      threadJob?: ThreadJob,
    ): Promise<FollowUp> => {
      const { event } = conversation;
      switch (event.kind) {
        case 'review':
          return review.reviewFollowUpOf(settings, { ...conversation, event, ...(threadJob && { threadJob }) }, github, serverUrl);
        case 'comment':
          return { ...command.commandFollowUp(settings, { ...conversation, event }, github, serverUrl), ...(threadJob && { threadJob }) };
        case 'issue':
          throw new Error('a label asks no follow-up');
      }
    },
  };
}
