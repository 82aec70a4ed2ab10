/**
 * Text written by anonymous docs readers (feedback comments, search terms). A reader may type an
 * e-mail address into a comment, their own or someone else's: addresses are personal data and
 * never leave the process, so they are replaced as the text arrives, before anything can log,
 * render, export or send it on.
 */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

export const EMAIL_PLACEHOLDER = '[e-mail removed]';

export function withoutEmails(text: string): string {
  return text.replace(EMAIL, EMAIL_PLACEHOLDER);
}
