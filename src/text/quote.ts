/**
 * Text from outside (readers, contributors, the service) as data in a prompt: one JSON string on one line, so it cannot
 * close its quotes or start a line of its own; e-mail addresses (personal data, whoever wrote them), invisible characters
 * and anything shaped like a key or token removed, control characters and line separators replaced, whitespace flattened.
 */
import { withoutEmails } from './emails.js';
import { withoutInvisible } from './invisible.js';
import { redactSecrets } from './redact.js';
import { truncate } from './truncate.js';

export const MAX_ITEM_CHARS = 300;

/** Control characters and the line and paragraph separators: they break lines, so they become spaces. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this replaces
const BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Text longer than this is cut before it is cleaned: the quote keeps far less, and a 1 MB commit message costs no more than this. */
const RAW_CHARS = 20_000;

/** E-mail addresses go on the normalised text, so a zero-width character inside an address cannot split it first. */
function cleanOutsideText(text: string, breaking: RegExp): string {
  return withoutInvisible(withoutEmails(text.length > RAW_CHARS ? text.slice(0, RAW_CHARS) : text)).replace(breaking, ' ');
}

/** Text from outside, as one quoted, single-line JSON string of at most `max` characters (MAX_ITEM_CHARS). */
export function quote(text: string, max = MAX_ITEM_CHARS): string {
  const clean = redactSecrets(cleanOutsideText(text, BREAKING).replace(/\s+/g, ' ').trim(), []);
  return JSON.stringify(truncate(clean, max));
}

/** As BREAKING, but a line feed stays: JSON writes it as `\n`, inside the quotes. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this replaces
const BREAKING_BUT_LINE_FEED = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Like `quote`, with line breaks kept as `\n` escapes so lists and code stay readable to the agent: a line break inside a
 * JSON string cannot start a line of the prompt.
 */
export function quoteLines(text: string, max: number): string {
  const lines = cleanOutsideText(text.replace(/\r\n?/g, '\n'), BREAKING_BUT_LINE_FEED)
    .split('\n')
    .map((line) => line.trimEnd());
  const clean = redactSecrets(
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    [],
  );
  return JSON.stringify(truncate(clean, max));
}
