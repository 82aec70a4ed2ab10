/** A job field wherever Markdown shows it: cut to its cap (limits.ts), then escaped once for the place it goes. */
import { truncate } from '../text/truncate.js';
import { FIELD_CHARS } from './limits.js';
import { escapeCode, escapeText, markdownLink } from './markdown.js';

type CappedField = Exclude<keyof typeof FIELD_CHARS, 'link' | 'linkLabel'>;

/** A field as code when a code span can show it exactly (ids, statuses, refs), else as text. */
export function fieldCode(field: CappedField, value: string): string {
  return escapeCode(truncate(value, FIELD_CHARS[field]));
}

export function fieldText(field: CappedField, value: string): string {
  return escapeText(truncate(value, FIELD_CHARS[field]));
}

/** The pull request as a link labelled `label` (the URL itself by default); as text when the URL is too long to link whole. */
export function pullRequestLink(prLink: string, label = prLink): string {
  const shown = truncate(label, FIELD_CHARS.linkLabel);
  return prLink.length > FIELD_CHARS.link ? escapeText(shown) : markdownLink(shown, prLink);
}
