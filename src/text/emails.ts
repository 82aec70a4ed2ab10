/**
 * Text written by anonymous docs readers (feedback comments, search terms). A reader may type an
 * e-mail address into a comment, their own or someone else's: addresses are personal data and
 * never leave the process, so they are replaced as the text arrives, before anything can log,
 * render, export or send it on.
 */
const LOCAL_PART_CHAR = /^[A-Za-z0-9._%+-]$/;
/** The domain after an `@`: labels separated by dots, ending in a top-level domain of letters. */
const DOMAIN = /[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/y;

export const EMAIL_PLACEHOLDER = '[e-mail removed]';

/**
 * Replaces every address `local@domain.tld`. Scans from each `@` instead of running one regular
 * expression over the text: a pattern that starts with the local part retries from every
 * character, which is quadratic on a long run of such characters (a 4,000-character path took
 * seconds), and the service's text is up to 4 MiB.
 */
export function withoutEmails(text: string): string {
  let at = text.indexOf('@');
  if (at === -1) return text;
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
