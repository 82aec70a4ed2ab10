/**
 * Unicode's Default_Ignorable_Code_Point (zero-width spaces and joiners, the soft hyphen, variation selectors, Hangul fillers,
 * the combining grapheme joiner, tag characters U+E0000–E0FFF, reserved ignorables) and every format character (`\p{Cf}`:
 * bidi marks, embeddings, overrides and isolates, the byte-order mark, invisible operators). GitHub shows none of them, but a
 * model reads them: tag characters spell ASCII one for one, so a hidden "ignore all previous instructions" would reach the
 * agent unseen by anyone reviewing the issue or the commit.
 *
 * Removed, not turned into spaces, so the agent reads what a person sees (`foo\u200bbar` shows as `foobar`). Scripts lose
 * nothing they need: an emoji's zero-width joiner leaves its parts side by side (👩‍💻 becomes 👩💻), a tag-spelled flag
 * becomes the black flag, a Persian zero-width non-joiner only changes how two letters join. One pass, linear.
 */

const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

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
