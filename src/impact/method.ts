/** The impact report's method in two sentences, for the section, the comment and the docs. */
import type { ImpactSettings } from '../analytics/impact-report.js';
import { windowWeeks } from './windows.js';

export function methodSentences(settings: Pick<ImpactSettings, 'windowDays' | 'minVotes'>): string {
  const weeks = windowWeeks(settings.windowDays);
  const span = `${weeks} calendar week${weeks === 1 ? '' : 's'}`;
  return (
    `Each page's change in helpful share (👍 of the votes) from the ${span} that end a week before the pull request was opened ` +
    `(fewer for the report's oldest pull requests: it reads no week before its oldest merge's window) ` +
    `to the ${span} after the week of its merge is measured against the same change on the rated pages no docs pull request ` +
    `changed, and the pages are combined by their precision, with an interval that counts how much pages vary from week ` +
    `to week. Improved or worse only where the change holds at its weekly look (O'Brien–Fleming) and across the report's ` +
    `pull requests (Benjamini–Hochberg, 5 %) with at least ${settings.minVotes} votes in each window, otherwise inconclusive ` +
    `with its interval; views and searches are compared with the rest of the site and never decide.`
  );
}
