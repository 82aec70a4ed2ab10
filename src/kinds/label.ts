/** `trigger-label` added to an issue: a new job on the issue, whose text is the request. */
import type { ConversationEvent } from '../event/conversation.js';
import { labelRequest } from '../conversation/resolve.js';
import { eventText, type Conversation } from '../conversation/screen.js';
import type { ConversationSettings } from '../conversation/settings.js';
import { secretsOf } from '../inputs/run.js';
import { conversationGitHub, readsConversation } from '../plan/conversation.js';
import { taken, type Skip, type TriggerKind } from '../plan/plan.js';
import { quote } from '../text/quote.js';

type Labelled = Conversation<Extract<ConversationEvent, { kind: 'issue' }>>;

/** An `issues` event other than a label added follows its inputs, as before; any label but `trigger-label` was added for people. */
export function screenLabel(
  settings: ConversationSettings,
  name: string,
  issue: ConversationEvent | 'unreadable',
): Labelled | Skip | undefined {
  if (name !== 'issues' || issue === 'unreadable' || issue.kind !== 'issue' || issue.action !== 'labeled') return undefined;
  const { triggerLabel } = settings;
  if (issue.label?.toLowerCase() === triggerLabel.toLowerCase()) return { event: issue, instruction: '' };
  const added = issue.label === undefined ? 'the event names no label, so not' : `the label ${quote(issue.label)} is not`;
  return { kind: 'skip', reason: `${added} the 'trigger-label' '${triggerLabel}' (${eventText(name, issue.action)})` };
}

export const label: TriggerKind<Labelled> = {
  screen(settings, event) {
    if (!readsConversation(settings) || event.conversation === undefined) return undefined;
    const screened = screenLabel(settings.conversation, event.name, event.conversation);
    return screened === undefined || 'kind' in screened ? screened : taken(this, screened);
  },
  async resolve(settings, { event }, _request, context) {
    const request = labelRequest(conversationGitHub(context), event.thread, context.event.serverUrl, secretsOf(settings.run));
    return { kind: 'run', request };
  },
};
