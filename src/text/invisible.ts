/**
 * Characters that show nothing: Unicode's Default_Ignorable_Code_Point (zero-width spaces and
 * joiners, the soft hyphen, variation selectors, the Hangul fillers, the combining grapheme joiner,
 * tag characters U+E0000–E0FFF, and the code points reserved as ignorable) and every format
 * character (`\p{Cf}`: bidirectional marks, embeddings, overrides and isolates, the Arabic letter
 * mark, the byte-order mark, invisible operators). GitHub shows a reader nothing of them, but a
 * model reads them: tag characters spell ASCII one for one, so a hidden "ignore all previous
 * instructions" would reach the agent as text nobody reviewing the issue or the commit saw.
 *
 * They are removed, not turned into spaces, so that the agent reads what a person sees: `foo\u200bbar`
 * shows as `foobar`. Scripts lose nothing they need to be read: a zero-width joiner inside an emoji
 * sequence leaves its parts side by side (👩‍💻 becomes 👩💻), a flag spelled with tag characters
 * becomes the plain black flag, and a Persian zero-width non-joiner only changes how two letters join.
 *
 * withoutInvisible is the one function that does this: quoting for prompts (quote.ts), the
 * normalisation before e-mail addresses and secrets are searched (emails.ts), escaping for the
 * summary and comments (summary/markdown.ts), and the workflow's own prompt all call it. One
 * character class, one pass: linear in the text's length.
 */

const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/** `text` without any default-ignorable or format code point. */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** withoutInvisible, with how many code points it removed (for a log line about text the workflow gave). */
export function countedWithoutInvisible(text: string): { readonly text: string; readonly removed: number } {
  let removed = 0;
  const clean = text.replace(INVISIBLE, () => {
    removed++;
    return '';
  });
  return { text: clean, removed };
}

const ONE_INVISIBLE = new RegExp(`^${INVISIBLE.source}$`, 'u');

/** Whether withoutInvisible removes `codePoint` (an HTML entity that spells it shows nothing either). */
export function isInvisibleCodePoint(codePoint: number): boolean {
  return codePoint >= 0 && codePoint <= 0x10ffff && ONE_INVISIBLE.test(String.fromCodePoint(codePoint));
}
