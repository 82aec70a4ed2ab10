/**
 * A docs reader may type an e-mail address, their own or someone else's: addresses are personal data and never leave the
 * process, so they are replaced as reader text arrives. The text is normalised first (NFKC, invisible characters removed),
 * so an address written with a full-width `＠` or a zero-width space inside is found. Local parts and domains may be
 * internationalised (`josé@bücher.de`, `用户@例子.广告`).
 */
import { withoutInvisible } from './invisible.js';

/** One character of a local part: letters and digits of any script, and `. _ % + -`. */
const LOCAL_PART_CHAR = /^[\p{L}\p{M}\p{N}._%+-]$/u;
/** Labels of letters, digits and hyphens of any script, ending in a top-level domain of letters or its ASCII form (`xn--…`). */
const DOMAIN = /[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)*\.(?:xn--[A-Za-z0-9-]+|\p{L}[\p{L}\p{M}]+)/uy;

export const EMAIL_PLACEHOLDER = '[e-mail removed]';

/** NFKC (full-width and compatibility forms to their plain letters: `＠` → `@`), invisible characters removed. */
export function normaliseText(text: string): string {
  return withoutInvisible(text.normalize('NFKC'));
}

/**
 * Text without an `@` once normalised is returned as it was, other text normalised. Scans from each `@`: a pattern starting
 * with the local part retries from every character, quadratic on a long run of them (a 4,000-character path took seconds),
 * and the service's text is up to 4 MiB.
 */
export function withoutEmails(raw: string): string {
  const text = normaliseText(raw);
  let at = text.indexOf('@');
  if (at === -1) return raw;
  let result = '';
  let copied = 0;
  while (at !== -1) {
    let start = at;
    while (start > copied && LOCAL_PART_CHAR.test(text.charAt(start - 1))) start--;
    DOMAIN.lastIndex = at + 1;
    const domain = start < at ? DOMAIN.exec(text) : null;
    if (domain === null) {
      at = text.indexOf('@', at + 1);
      continue;
    }
    result += text.slice(copied, start) + EMAIL_PLACEHOLDER;
    copied = at + 1 + domain[0].length;
    at = text.indexOf('@', copied);
  }
  return result + text.slice(copied);
}
